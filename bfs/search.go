package bfs

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// The search keeps one byte a slot in lanes: 0 for a slot not reached yet,
// else depth+1 in the low seven bits and, in the high bit, the low bit of
// the tile rank of the board reached (which of the two boards of the slot it
// is).
//
// Moves change the colour of the blank's cell on a checkerboard, so the
// boards at one depth all have their blank on one colour: a level scans only
// the slots of that colour, eight slots a word. The slots are cut into
// regions of regionSlots; a bit a region says whether it holds boards of the
// depth being expanded, so sparse levels skip most of the table.
//
// Each region belongs to one worker, which alone reads and writes its slots
// during a level, without atomic operations. A worker expands the frontier
// of its own regions and sends each neighbour to the owner of its slot in
// batches; a batch is applied in a tight loop whose independent memory
// accesses the processor overlaps, which matters because a vertical move
// can land anywhere in the table.
const (
	regionShift = 14
	regionSlots = 1 << regionShift
	lo7         = 0x7F7F7F7F7F7F7F7F
	hi1         = 0x8080808080808080
	ones        = 0x0101010101010101

	batchLen   = 1 << 11 // neighbours a batch
	inboxBatch = 4       // batches waiting for a worker before senders block
)

var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// byteShift returns the shift of byte b (0..7, in memory order) within a
// word.
func byteShift(b uint64) uint64 {
	if littleEndian {
		return b * 8
	}
	return (7 - b) * 8
}

// search is the state of one Run.
type search struct {
	w, n    int
	slots   uint64
	lanes   []uint64 // eight slots a word
	bytes   []uint8  // the same memory, a slot a byte
	period  uint64   // words after which the colour pattern repeats
	colour  [2][12]uint64
	fact    [MaxCells]uint64 // fact[i] = (n-2-i)!, the weight of Lehmer digit i of a tile sequence
	cur     []uint64         // a bit a region: it holds boards of the depth being expanded
	goalC   int              // colour of the goal's blank cell
	workers []*worker
	owner   []uint8 // owner[r]: the worker that owns region r
	inbox   []chan []uint64
	free    chan []uint64
	failed  atomic.Bool

	producing atomic.Int32
	done      chan struct{}
}

func cellColour(z, w int) int { return (z/w + z%w) & 1 }

func regionCount(slots uint64) uint64 { return (slots + regionSlots - 1) / regionSlots }

// bufferMemory returns the bytes of the batches workers may hold at once.
func bufferMemory(workers int) uint64 {
	return uint64(workers*(workers+1+inboxBatch+1)) * batchLen * 8
}

func newSearch(goal board.Board, workers int) *search {
	size := goal.Size()
	n := size.Cells()
	slots := rank.Factorial(n) / 2
	regions := regionCount(slots)
	workers = max(1, min(workers, int(regions), 255))
	s := &search{
		w:      size.W,
		n:      n,
		slots:  slots,
		lanes:  make([]uint64, (slots+7)/8),
		period: uint64(n / gcd(n, 8)),
		cur:    make([]uint64, (regions+63)/64),
		goalC:  cellColour(goal.Blank(), size.W),
		owner:  make([]uint8, regions),
		inbox:  make([]chan []uint64, workers),
		free:   make(chan []uint64, workers*(workers+2+inboxBatch)),
	}
	s.bytes = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s.lanes))), len(s.lanes)*8)
	for i := range n - 1 {
		s.fact[i] = rank.Factorial(n - 2 - i)
	}
	for p := range s.period {
		for b := range uint64(8) {
			z := int((p*8 + b) % uint64(n))
			s.colour[cellColour(z, s.w)][p] |= 0x80 << byteShift(b)
		}
	}
	for r := range s.owner {
		s.owner[r] = uint8(r % workers)
	}
	for i := range workers {
		s.inbox[i] = make(chan []uint64, inboxBatch)
		s.workers = append(s.workers, newWorker(s, i))
	}
	t, z := rank.Split(goal.CellString())
	slot := t>>1*uint64(n) + uint64(z)
	s.bytes[slot] = 1 | uint8(t&1)<<7
	r := slot >> regionShift
	s.cur[r/64] |= 1 << (r % 64)
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// level expands every board at depth d and returns how many boards it found
// at depth d+1.
func (s *search) level(ctx context.Context, d int) (uint64, error) {
	c := s.goalC ^ d&1
	s.producing.Store(int32(len(s.workers)))
	s.done = make(chan struct{})
	var wg sync.WaitGroup
	for _, w := range s.workers {
		w.start(uint8(d + 1))
		wg.Go(func() { w.level(ctx, c) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.failed.Load() {
		return 0, fmt.Errorf("%w at depth %d", ErrPairReached, d+1)
	}
	clear(s.cur)
	var found uint64
	for _, w := range s.workers {
		found += w.found
		for i, f := range w.flags {
			s.cur[i] |= f
		}
	}
	return found, nil
}

// worker is one goroutine of the search. During a level it expands the
// frontier of its own regions and applies the neighbours that land in them.
type worker struct {
	s     *search
	id    int
	cur   uint8    // lane value of the frontier: depth+1
	found uint64   // boards claimed in this level
	flags []uint64 // a bit a region: boards claimed in this level
	out   [][]uint64
	cursor
	_ [128]byte // keeps workers off each other's cache lines
}

func newWorker(s *search, id int) *worker {
	// The flags get cache lines of their own: workers set them all the time.
	flags := make([]uint64, len(s.cur)+32)[16 : 16+len(s.cur)]
	w := &worker{s: s, id: id, flags: flags, out: make([][]uint64, len(s.inbox))}
	w.cursor.init(s)
	return w
}

func (w *worker) start(cur uint8) {
	w.cur, w.found = cur, 0
	clear(w.flags)
	w.valid = false
}

func (w *worker) level(ctx context.Context, c int) {
	s := w.s
	for i, word := range s.cur {
		for word != 0 {
			r := uint64(i*64 + bits.TrailingZeros64(word))
			word &= word - 1
			if int(s.owner[r]) != w.id {
				continue
			}
			if ctx.Err() != nil || s.failed.Load() {
				break
			}
			w.region(r, c)
			w.poll()
		}
	}
	for o, b := range w.out {
		if len(b) > 0 {
			w.send(o, b)
			w.out[o] = nil
		}
	}
	if s.producing.Add(-1) == 0 {
		close(s.done)
	}
	for {
		select {
		case b := <-s.inbox[w.id]:
			w.apply(b)
		case <-s.done:
			// Every producer has sent its last batch.
			for {
				select {
				case b := <-s.inbox[w.id]:
					w.apply(b)
				default:
					return
				}
			}
		}
	}
}

// poll applies the batches waiting for w, without blocking.
func (w *worker) poll() {
	for {
		select {
		case b := <-w.s.inbox[w.id]:
			w.apply(b)
		default:
			return
		}
	}
}

// send hands a full batch to worker o, applying w's own waiting batches
// while o's inbox is full.
func (w *worker) send(o int, b []uint64) {
	if o == w.id {
		w.apply(b)
		return
	}
	for {
		select {
		case w.s.inbox[o] <- b:
			return
		case in := <-w.s.inbox[w.id]:
			w.apply(in)
		}
	}
}

// apply claims the slots of a batch of neighbours found, each entry a slot
// shifted left by one and the low bit of the board's tile rank.
func (w *worker) apply(b []uint64) {
	s := w.s
	bytes := s.bytes
	v := w.cur + 1
	for _, e := range b {
		slot := e >> 1
		q := uint8(e&1) << 7
		switch c := bytes[slot]; {
		case c == 0:
			bytes[slot] = v | q
			w.found++
			r := slot >> regionShift
			w.flags[r/64] |= 1 << (r % 64)
		case c&0x80 != q:
			s.failed.Store(true) // the other board of the slot was reached
		}
	}
	select {
	case s.free <- b[:0]:
	default:
	}
}

// claim claims a slot in w's own region for a board whose tile rank has
// low bit q (0 or 0x80 here).
func (w *worker) claim(slot uint64, q uint8) {
	switch c := w.s.bytes[slot]; {
	case c == 0:
		w.s.bytes[slot] = w.cur + 1 | q
		w.found++
		r := slot >> regionShift
		w.flags[r/64] |= 1 << (r % 64)
	case c&0x80 != q:
		w.s.failed.Store(true) // the other board of the slot was reached
	}
}

// add records a neighbour of the frontier: the board with tile rank t and
// its blank in cell z.
func (w *worker) add(t, z uint64, region uint64) {
	s := w.s
	slot := t>>1*uint64(s.n) + z
	r := slot >> regionShift
	if r == region {
		w.claim(slot, uint8(t&1)<<7)
		return
	}
	o := s.owner[r]
	b := w.out[o]
	if b == nil {
		select {
		case b = <-s.free:
		default:
			b = make([]uint64, 0, batchLen)
		}
	}
	b = append(b, slot<<1|t&1)
	if len(b) == batchLen {
		w.out[o] = nil
		w.send(int(o), b)
		return
	}
	w.out[o] = b
}

// region expands the boards of colour c at the frontier in region r.
func (w *worker) region(r uint64, c int) {
	s := w.s
	from := r * regionSlots / 8
	to := min(from+regionSlots/8, uint64(len(s.lanes)))
	want := uint64(w.cur) * ones
	phase := from % s.period
	mask := &s.colour[c]
	for j := from; j < to; j++ {
		x := s.lanes[j]&lo7 ^ want
		// A byte of x is zero iff its slot holds the depth being
		// expanded; the sum sets the high bit of every other byte
		// without carrying out of it.
		m := ^((x + lo7) | x) & hi1 & mask[phase]
		if phase++; phase == s.period {
			phase = 0
		}
		for m != 0 {
			b := uint64(bits.TrailingZeros64(m) >> 3)
			if !littleEndian {
				b = 7 - b
			}
			m &= m - 1
			if slot := j*8 + b; slot < s.slots {
				w.expand(slot, r)
			}
		}
	}
}

// expand sends the neighbours of the board in a slot at the frontier.
func (w *worker) expand(slot, region uint64) {
	s := w.s
	n := uint64(s.n)
	k, z := w.locate(slot)
	q := uint64(s.bytes[slot] >> 7)
	p := int(q ^ w.parity) // the variant whose tile rank has low bit q
	if p == 1 && !w.have1 {
		w.variant1()
	}
	width := uint64(s.w)
	// Horizontal moves keep the tile rank: the neighbours are in the same
	// group, next to the slot.
	col := z % width
	if col > 0 {
		if (slot-1)>>regionShift == region {
			w.claim(slot-1, uint8(q)<<7)
		} else {
			w.add(2*k|q, z-1, region)
		}
	}
	if col < width-1 {
		if (slot+1)>>regionShift == region {
			w.claim(slot+1, uint8(q)<<7)
		} else {
			w.add(2*k|q, z+1, region)
		}
	}
	if z >= width {
		w.add(w.up(p, int(z-width)), z-width, region)
	}
	if z+width < n {
		w.add(w.down(p, int(z)), z+width, region)
	}
}

// finish turns the lanes into the depth table and the reachable set.
func (s *search) finish() ([]uint8, []uint64) {
	n := uint64(s.n)
	states := s.slots * 2
	reach := make([]uint64, (states+63)/64)
	depth := s.bytes[:s.slots]
	// Chunks of 32 groups cover whole words of the reachable set: group k
	// has its boards at indices 2k*n to 2k*n+2n-1.
	groups := s.slots / n
	const chunk = 32 << 10
	var next atomic.Uint64
	var wg sync.WaitGroup
	for range len(s.workers) {
		wg.Go(func() {
			for {
				k0 := next.Add(chunk) - chunk
				if k0 >= groups {
					return
				}
				for k := k0; k < min(k0+chunk, groups); k++ {
					for z := range n {
						v := depth[k*n+z]
						if v == 0 {
							depth[k*n+z] = Unreached
							continue
						}
						i := (2*k+uint64(v>>7))*n + z
						reach[i/64] |= 1 << (i % 64)
						depth[k*n+z] = v&0x7F - 1
					}
				}
			}
		})
	}
	wg.Wait()
	return depth, reach
}
