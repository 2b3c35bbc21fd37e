package bfs

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// MaxCells is the largest board, in cells, Run accepts before looking at
// memory: a 3x4 board has 12.
const MaxCells = 12

// Unreached is the depth recorded for a slot whose boards were not reached.
const Unreached = 0xFF

var (
	// ErrTooLarge reports a board with too many states to search in memory.
	ErrTooLarge = errors.New("bfs: board too large")
	// ErrMemory reports a search that needs more memory than allowed.
	ErrMemory = errors.New("bfs: not enough memory allowed")
	// ErrPairReached reports that both boards of a slot were reached, so the
	// halved depth table cannot hold the result.
	ErrPairReached = errors.New("bfs: both boards of a slot reached")
)

// Options configures Run. A nil *Options means the defaults.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// MaxMemory is the most bytes the search may allocate; 0 means no limit.
	MaxMemory uint64
	// Progress, if set, is called after each level from Run's goroutine.
	Progress func(Progress)
}

// Progress describes the search after a level.
type Progress struct {
	Depth   int    // the level just finished
	Found   uint64 // boards found at Depth
	Visited uint64 // boards found so far, at all depths
	Slots   uint64 // slots in the depth table, n!/2
}

// Result is the outcome of a search.
type Result struct {
	Goal board.Board
	// Depth[rank.Half(i, n)] is the distance to Goal of the reachable board
	// with index i; slots whose boards were not reached hold Unreached.
	// len(Depth) == n!/2.
	Depth []uint8
	// Reach has bit i (word i/64, bit i%64) set iff the board with index i
	// reaches Goal. len(Reach) == ceil(n!/64).
	Reach []uint64
	// Counts[d] is the number of boards at distance d; the last is non-zero.
	Counts []uint64
}

// Memory returns the bytes Run allocates for a board of the given size, or
// false if the size has more than MaxCells cells.
func Memory(size board.Size) (uint64, bool) {
	n := size.Cells()
	if n > MaxCells || n < 4 {
		return 0, false
	}
	states := rank.Factorial(n)
	return (states/2+3)&^3 + (states+63)/64*8, true
}

// Run searches from goal and returns the distance of every board that can
// reach it.
func Run(ctx context.Context, goal board.Board, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	size := goal.Size()
	if goal.IsZero() {
		return nil, fmt.Errorf("%w: no goal board", board.ErrSize)
	}
	need, ok := Memory(size)
	if !ok {
		return nil, tooLarge(size)
	}
	if opts.MaxMemory > 0 && need > opts.MaxMemory {
		return nil, fmt.Errorf("%w: %s needs %s, the limit is %s", ErrMemory, size, Bytes(need), Bytes(opts.MaxMemory))
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}

	n := size.Cells()
	states := rank.Factorial(n)
	slots := states / 2
	s := &search{
		w:      size.W,
		n:      n,
		groups: slots / uint64(n),
		lanes:  make([]uint32, (slots+3)/4),
		reach:  make([]uint64, (states+63)/64),
	}
	g := rank.Index(goal.Cells())
	s.reach[g/64] |= 1 << (g % 64)
	s.setLane(rank.Half(g, n), 1)

	counts := []uint64{1}
	visited := uint64(1)
	if opts.Progress != nil {
		opts.Progress(Progress{Depth: 0, Found: 1, Visited: 1, Slots: slots})
	}
	for d := 0; ; d++ {
		found, err := s.level(ctx, d, workers)
		if err != nil {
			return nil, err
		}
		if found == 0 {
			break
		}
		counts = append(counts, found)
		visited += found
		if opts.Progress != nil {
			opts.Progress(Progress{Depth: d + 1, Found: found, Visited: visited, Slots: slots})
		}
	}

	// Lanes hold depth+1 with 0 for unreached: subtract 1 from every byte,
	// which also turns 0 into Unreached.
	depth := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s.lanes))), len(s.lanes)*4)
	if !littleEndian {
		for i, v := range s.lanes {
			binary.LittleEndian.PutUint32(depth[4*i:], v)
		}
	}
	for i := range depth {
		depth[i]--
	}
	return &Result{Goal: goal, Depth: depth[:slots], Reach: s.reach, Counts: counts}, nil
}

func tooLarge(size board.Size) error {
	n := size.Cells()
	if n <= rank.MaxLen {
		return fmt.Errorf("%w: %s has %s boards, %s of them reachable, more than a table in memory can hold; boards above %d cells need an optimal solver (IDA* with a pattern database) instead", ErrTooLarge, size, group(rank.Factorial(n)), group(rank.Factorial(n)/2), MaxCells)
	}
	return fmt.Errorf("%w: %s has %d! boards, more than a table in memory can hold; boards above %d cells need an optimal solver (IDA* with a pattern database) instead", ErrTooLarge, size, n, MaxCells)
}

var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// search is the state of one Run.
type search struct {
	w, n   int
	groups uint64   // slots / n: each group is the n blank cells of tile ranks 2k and 2k+1
	lanes  []uint32 // four slots a word, one byte each: depth+1, or 0 if unreached
	reach  []uint64 // reachable bit per index
	next   atomic.Uint64
	failed atomic.Bool
}

func laneShift(slot uint64) uint32 {
	if littleEndian {
		return uint32(slot&3) * 8
	}
	return uint32(3-slot&3) * 8
}

func (s *search) lane(slot uint64) uint8 {
	return uint8(atomic.LoadUint32(&s.lanes[slot>>2]) >> laneShift(slot))
}

func (s *search) setLane(slot uint64, v uint8) {
	atomic.OrUint32(&s.lanes[slot>>2], uint32(v)<<laneShift(slot))
}

func (s *search) reached(i uint64) bool {
	return atomic.LoadUint64(&s.reach[i/64])&(1<<(i%64)) != 0
}

// level expands every board at depth d and returns how many boards it found
// at depth d+1.
func (s *search) level(ctx context.Context, d, workers int) (uint64, error) {
	const maxChunk = 1 << 12
	chunk := s.groups / uint64(workers*16)
	chunk = max(1, min(chunk, maxChunk))
	s.next.Store(0)
	var total atomic.Uint64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			e := newExpander(s, uint8(d+1))
			for ctx.Err() == nil && !s.failed.Load() {
				start := s.next.Add(chunk) - chunk
				if start >= s.groups {
					break
				}
				end := min(start+chunk, s.groups)
				for k := start; k < end; k++ {
					e.group(k)
				}
			}
			total.Add(e.found)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.failed.Load() {
		return 0, fmt.Errorf("%w at depth %d", ErrPairReached, d+1)
	}
	return total.Load(), nil
}

// expander holds one worker's scratch space.
type expander struct {
	s     *search
	cur   uint8 // lane value of the frontier: depth+1
	found uint64
	m     int                // tiles: n-1
	lex   [2]uint64          // lexicographic ranks of seq[0] and seq[1]
	seq   [2][MaxCells]uint8 // tile sequences of tile ranks 2k and 2k+1
	dig   [2][MaxCells]uint8 // their Lehmer digits
	after [2][MaxCells + 1]uint32
	have  [2]bool
	fact  [MaxCells]uint64
}

func newExpander(s *search, cur uint8) *expander {
	e := &expander{s: s, cur: cur, m: s.n - 1}
	for i := range e.m {
		e.fact[i] = rank.Factorial(e.m - 1 - i) // weight of digit i
	}
	return e
}

// prepare decodes tile rank 2k+p (parity p) into seq[p], its lexicographic
// rank, its digits and suffix masks.
func (e *expander) prepare(k uint64, p int) {
	m := e.m
	seq := e.seq[p][:m]
	rank.UnrankTiles(2*k+uint64(p), seq)
	e.lex[p] = rank.Rank(seq)
	e.after[p][m] = 0
	for i := m - 1; i >= 0; i-- {
		v := seq[i]
		e.dig[p][i] = uint8(bits.OnesCount32(e.after[p][i+1] & (1<<v - 1)))
		e.after[p][i] = e.after[p][i+1] | 1<<v
	}
	e.have[p] = true
}

func (e *expander) group(k uint64) {
	s := e.s
	n := uint64(s.n)
	e.have = [2]bool{}
	base := k * n
	for z := range s.n {
		if s.lane(base+uint64(z)) != e.cur {
			continue
		}
		p := 0
		if !s.reached(2*k*n + uint64(z)) {
			p = 1
		}
		if !e.have[p] {
			e.prepare(k, p)
		}
		e.expand(p, z)
	}
}

// expand visits the neighbours of the board with tile sequence seq[p] and
// the blank at cell z.
func (e *expander) expand(p, z int) {
	w, n := e.s.w, e.s.n
	t := e.lex[p]&^1 | uint64(p)
	if z%w > 0 {
		e.visit(t, z-1)
	}
	if z%w < w-1 {
		e.visit(t, z+1)
	}
	if z >= w {
		// The tile above, at sequence position z-w, moves down past the
		// w-1 tiles after it: rotate seq[z-w:z] left by one.
		e.visit(e.rotated(p, z-w, true), z-w)
	}
	if z+w < n {
		// The tile below, at sequence position z+w-1, moves up before the
		// w-1 tiles ahead of it: rotate seq[z:z+w] right by one.
		e.visit(e.rotated(p, z, false), z+w)
	}
}

// rotated returns the tile rank after rotating the window of w positions of
// seq[p] starting at a, left (the first element goes last) or right. Only the
// window's Lehmer digits change; the new parity is the old one plus the
// change in the digits' sum.
func (e *expander) rotated(p, a int, left bool) uint64 {
	w := e.s.w
	seq := &e.seq[p]
	var win [MaxCells]uint8
	if left {
		copy(win[:w-1], seq[a+1:a+w])
		win[w-1] = seq[a]
	} else {
		win[0] = seq[a+w-1]
		copy(win[1:w], seq[a:a+w-1])
	}
	acc := e.after[p][a+w]
	r := int64(e.lex[p])
	parity := p
	for i := w - 1; i >= 0; i-- {
		v := win[i]
		nd := bits.OnesCount32(acc & (1<<v - 1))
		acc |= 1 << v
		delta := nd - int(e.dig[p][a+i])
		r += int64(delta) * int64(e.fact[a+i])
		parity ^= delta & 1
	}
	return uint64(r)&^1 | uint64(parity)
}

// visit records the board with tile rank t and blank z if it is new.
func (e *expander) visit(t uint64, z int) {
	s := e.s
	n := uint64(s.n)
	i := t*n + uint64(z)
	word, bit := &s.reach[i/64], uint64(1)<<(i%64)
	if atomic.LoadUint64(word)&bit != 0 {
		return
	}
	if atomic.OrUint64(word, bit)&bit != 0 {
		return // another worker got there first
	}
	if s.reached((t^1)*n + uint64(z)) {
		s.failed.Store(true)
		return
	}
	s.setLane(t>>1*n+uint64(z), e.cur+1)
	e.found++
}
