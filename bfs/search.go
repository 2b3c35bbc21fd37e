package bfs

import (
	"context"
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
// is). A bit a slot in front marks the frontier; front lives in the memory
// that becomes the reachable set at the end.
//
// Moves change the colour of the blank's cell on a checkerboard, so the
// boards at one depth all have their blank on one colour, and the boards
// found from them the other: front holds the boards to expand, of one
// colour, and the boards found, of the other, at once. A level reads and
// clears the bits of its colour, 64 slots a word. The slots are cut into
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

	batchLen   = 1 << 11 // neighbours a batch
	inboxBatch = 4       // batches waiting for a worker before senders block
)

// search is the state of one Run.
type search struct {
	w, n    int
	slots   uint64
	bytes   []uint8       // a slot a byte
	reach   []uint64      // the reachable set, at the end; front before
	front   []uint64      // a bit a slot: boards to expand, and boards found
	period  uint64        // words of front after which the colour pattern repeats
	colour  [2][12]uint64 // colour[c][j%period]: the bits of front word j whose blank cell has colour c
	mv      *mover
	cur     []uint64 // a bit a region: it holds boards of the depth being expanded
	goalC   int      // colour of the goal's blank cell
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
		bytes:  make([]uint8, slots),
		reach:  make([]uint64, (2*slots+63)/64),
		period: uint64(n / gcd(n, 64)),
		cur:    make([]uint64, (regions+63)/64),
		goalC:  cellColour(goal.Blank(), size.W),
		owner:  make([]uint8, regions),
		inbox:  make([]chan []uint64, workers),
		free:   make(chan []uint64, workers*(workers+2+inboxBatch)),
	}
	s.front = s.reach[:(slots+63)/64]
	hugePages(unsafe.Pointer(unsafe.SliceData(s.bytes)), uintptr(len(s.bytes)))
	hugePages(unsafe.Pointer(unsafe.SliceData(s.reach)), uintptr(len(s.reach)*8))
	s.mv = moverFor(size)
	for p := range s.period {
		for b := range uint64(64) {
			z := int((p*64 + b) % uint64(n))
			s.colour[cellColour(z, s.w)][p] |= 1 << b
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
	s.front[slot/64] |= 1 << (slot % 64)
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
	bad   uint8    // high bit set: both boards of a slot were reached
	flags []uint64 // a bit a region: boards claimed in this level
	out   [][]uint64
	pf    prefix
	_     [128]byte // keeps workers off each other's cache lines
}

func newWorker(s *search, id int) *worker {
	// The flags get cache lines of their own: workers set them all the time.
	flags := make([]uint64, len(s.cur)+32)[16 : 16+len(s.cur)]
	w := &worker{s: s, id: id, flags: flags, out: make([][]uint64, len(s.inbox))}
	return w
}

func (w *worker) start(cur uint8) {
	w.cur, w.found, w.bad = cur, 0, 0
	clear(w.flags)
	w.pf.valid = false
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
			found := w.found
			w.region(r, c)
			if w.found != found {
				w.flags[r/64] |= 1 << (r % 64)
			}
			if w.bad&0x80 != 0 {
				s.failed.Store(true)
			}
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
	bytes, front, flags := s.bytes, s.front, w.flags
	v := w.cur + 1
	var found uint64
	var bad uint8
	for _, e := range b {
		slot := e >> 1
		q := uint8(e&1) << 7
		// Without branches, which the processor could not predict:
		// isNew is 1 for a slot not reached before, 0 otherwise.
		c := bytes[slot]
		isNew := b2u8(c == 0)
		bytes[slot] = c | (v|q)&-isNew
		front[slot/64] |= uint64(isNew) << (slot % 64)
		r := slot >> regionShift
		flags[r/64] |= uint64(isNew) << (r % 64)
		found += uint64(isNew)
		bad |= (c ^ q) & (isNew - 1) // the other board of the slot was reached
	}
	w.found += found
	if bad&0x80 != 0 {
		s.failed.Store(true)
	}
	select {
	case s.free <- b[:0]:
	default:
	}
}

// claim claims a slot in the region being expanded for a board whose tile
// rank has low bit q (0 or 0x80 here), as apply does.
func (w *worker) claim(slot uint64, q uint8) {
	s := w.s
	c := s.bytes[slot]
	isNew := b2u8(c == 0)
	s.bytes[slot] = c | (w.cur+1|q)&-isNew
	s.front[slot/64] |= uint64(isNew) << (slot % 64)
	w.found += uint64(isNew)
	w.bad |= (c ^ q) & (isNew - 1)
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
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
	from := r * regionSlots / 64
	to := min(from+regionSlots/64, uint64(len(s.front)))
	phase := from % s.period
	mask := &s.colour[c]
	for j := from; j < to; j++ {
		f := s.front[j] & mask[phase]
		if phase++; phase == s.period {
			phase = 0
		}
		if f == 0 {
			continue
		}
		s.front[j] &^= f
		for f != 0 {
			slot := j*64 + uint64(bits.TrailingZeros64(f))
			f &= f - 1
			w.expand(slot, r)
		}
	}
}

// expand sends the neighbours of the board in a slot at the frontier.
func (w *worker) expand(slot, region uint64) {
	s := w.s
	mv := s.mv
	n := uint64(s.n)
	k := mv.cells.div(slot)
	z := slot - k*n
	q := uint64(s.bytes[slot] >> 7)
	hi := mv.groupsQ.div(k)
	lo := 2 * (k - hi*(mv.lexQ/2))
	if hi != w.pf.hi || !w.pf.valid {
		w.pf.set(mv, hi)
	}
	// The variant of the group whose parity, the tile rank's low bit, is q.
	p := q ^ uint64(w.pf.par^mv.par[lo])
	b := located{lex: 2*k + p, lo: lo + p, q: q}
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
		w.add(w.pf.vertical(mv, b, int(z-width), up), z-width, region)
	}
	if z+width < n {
		w.add(w.pf.vertical(mv, b, int(z), down), z+width, region)
	}
}

// finish turns the lanes into the depth table and the reachable set.
func (s *search) finish() ([]uint8, []uint64) {
	n := uint64(s.n)
	reach := s.reach
	clear(reach)
	depth := s.bytes
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
