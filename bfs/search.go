package bfs

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/rank"
)

// The search keeps one byte a slot (see pairBit) and a bit a slot in
// front for the frontier; front lives in the memory that becomes the
// reachable set at the end.
//
// Moves change the colour of the blank's cell on a checkerboard, so the
// boards at one depth all have their blank on one colour, and the boards
// found from them the other: front holds the boards to expand, of one
// colour, and the boards found, of the other, at once. A level reads and
// clears the bits of its colour, 64 slots a word.
//
// The slots are cut into regions of 2^shift, each owned by one worker,
// which alone reads and writes its slots during a level, without atomic
// operations; a bit a region says whether it holds boards of the depth
// being expanded, so sparse levels skip most of the table. A worker
// expands the frontier of its own regions. A neighbour in the region being
// expanded and close to its board is claimed at once; any other goes into a
// batch for its region, which, when full, its owner applies in a tight loop
// whose independent memory accesses the processor overlaps: a vertical
// move can land anywhere in the table. The rules that make this safe are
// stated at worker.
const (
	minShift  = 12      // regions of at least 4096 slots
	maxShift  = 22      // and at most 4 Mi: 4 MiB of depths, 512 KiB of front
	perOwner  = 4       // regions a worker, at least, where the table allows
	batchLen  = 256     // neighbours a batch
	nearSlots = 1 << 16 // neighbours this close to their board are claimed at once
	inboxLen  = 64      // batches waiting for a worker before senders block
)

// search is the state of one Run.
type search struct {
	goal    board.Board
	w, n    int
	slots   uint64
	bytes   []uint8       // a slot a byte
	reach   []uint64      // the reachable set, at the end; front before
	front   []uint64      // a bit a slot: boards to expand, and boards found
	period  uint64        // words of front after which the colour pattern repeats
	colour  [2][12]uint64 // colour[c][j%period]: the bits of front word j whose blank has colour c
	mv      *mover
	shift   uint // regions of 2^shift slots
	regions uint64
	owners  divisor  // region r belongs to worker r % workers
	active  []uint64 // a bit a region: it holds boards of the depth being expanded
	goalCol int      // colour of the goal's blank cell
	workers []*worker
	inbox   []chan []uint64 // inbox[i]: batches for the regions of worker i
	free    chan []uint64   // applied batches, for reuse
	failed  atomic.Bool     // a worker reached both boards of a slot

	producing atomic.Int32  // workers still expanding in this level
	done      chan struct{} // closed when producing reaches 0
}

func cellColour(z, w int) int { return (z/w + z%w) & 1 }

// regionShift returns the size of regions, as a power of two: large, so
// that most neighbours fall in the region being expanded and are claimed at
// once (measured: 25% less time for 2x5 than with 64 regions a worker), but
// enough of them that each worker gets several.
func regionShift(slots uint64, workers int) uint {
	shift := uint(minShift)
	for shift < maxShift && slots>>(shift+1) >= uint64(perOwner*workers) {
		shift++
	}
	return shift
}

// bufferMemory returns the most bytes of batches a search holds: each
// worker's open batches, one a region at most, and the batches waiting in
// inboxes.
func bufferMemory(slots uint64, workers int) uint64 {
	regions := slots>>regionShift(slots, workers) + 1
	open := uint64(workers) * min(regions, 1<<20) * (batchLen*8 + 24)
	waiting := uint64(workers) * (inboxLen + 2) * batchLen * 8
	return open + waiting
}

func newSearch(goal board.Board, workers int) *search {
	size := goal.Size()
	n := size.Cells()
	slots := rank.Factorial(n) / 2
	shift := regionShift(slots, workers)
	regions := (slots + 1<<shift - 1) >> shift
	workers = max(1, min(workers, int(regions)))
	s := &search{
		goal:    goal,
		w:       size.W,
		n:       n,
		slots:   slots,
		bytes:   mem.Bytes(slots),
		reach:   mem.Words((2*slots + 63) / 64),
		period:  uint64(n / gcd(n, 64)),
		shift:   shift,
		regions: regions,
		owners:  newDivisor(uint64(workers)),
		active:  make([]uint64, (regions+63)/64),
		goalCol: cellColour(goal.Blank(), size.W),
		inbox:   make([]chan []uint64, workers),
		free:    make(chan []uint64, uint64(workers)*(regions+inboxLen+2)),
		mv:      moverFor(size),
	}
	s.front = s.reach[:(slots+63)/64]
	for p := range s.period {
		for b := range uint64(64) {
			z := int((p*64 + b) % uint64(n))
			s.colour[cellColour(z, s.w)][p] |= 1 << b
		}
	}
	for i := range workers {
		s.inbox[i] = make(chan []uint64, inboxLen)
		s.workers = append(s.workers, newWorker(s, i))
	}
	t, z := rank.Split(goal.CellString())
	slot := t>>1*uint64(n) + uint64(z)
	claim(s.bytes, s.front, slot, 1, t&1)
	r := slot >> shift
	s.active[r/64] |= 1 << (r % 64)
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func (s *search) owner(r uint64) int { return int(r - s.owners.div(r)*s.owners.d) }

// level expands every board at depth d and returns how many boards it found
// at depth d+1.
func (s *search) level(ctx context.Context, d int) (uint64, error) {
	c := s.goalCol ^ d&1
	s.producing.Store(int32(len(s.workers)))
	s.done = make(chan struct{})
	var wg sync.WaitGroup
	for _, w := range s.workers {
		w.start(uint8(d + 2))
		wg.Go(func() { w.level(ctx, c) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.failed.Load() {
		return 0, pairReached(d + 1)
	}
	clear(s.active)
	var found uint64
	for _, w := range s.workers {
		found += w.found
		for i, f := range w.next {
			s.active[i] |= f
		}
	}
	return found, nil
}

// worker is one goroutine of the search. During a level it expands the
// frontier of its own regions and applies the neighbours that land in them.
//
// A level keeps these rules, on which its correctness rests:
//
//   - Only the owner of a region (worker r % workers) reads or writes the
//     slot bytes and front bits of region r, so slots need no atomic
//     operations. Other workers send it their neighbours in that region as
//     batches through its inbox.
//   - A level reads and clears the front bits of one colour and sets only
//     those of the other (see cellColour), so the boards it finds are not
//     expanded until the next level.
//   - First a worker produces: it expands its active regions, applying its
//     inbox between regions and whenever a send to a full inbox would
//     block, so that two workers sending to each other cannot deadlock.
//     Then it delivers its unfinished batches and decrements producing; the
//     last to do so closes done, after which no batch is sent.
//   - Then it drains: it applies its inbox until done is closed, and once
//     more without blocking, for batches sent just before. When every
//     worker has returned, every batch of the level has been applied.
//   - An applied batch goes back to free, which has room for every batch
//     the search makes, so that returning one never blocks.
type worker struct {
	s     *search
	mv    *mover
	bytes []uint8
	front []uint64
	n     uint64
	width uint64
	shift uint
	id    int
	mark  uint8      // the slot byte of the boards found in this level: their depth+1
	found uint64     // boards claimed in this level
	bad   uint8      // pairBit set: both boards of a slot were reached
	next  []uint64   // a bit a region: boards claimed in it in this level
	out   [][]uint64 // out[r]: the open batch of region r, or nil
	pf    prefix
	_     [128]byte // keeps workers off each other's cache lines
}

func newWorker(s *search, id int) *worker {
	// The bits of next get cache lines of their own: workers set them all
	// the time.
	next := make([]uint64, len(s.active)+32)[16 : 16+len(s.active)]
	return &worker{s: s, mv: s.mv, bytes: s.bytes, front: s.front, n: uint64(s.n), width: uint64(s.w), shift: s.shift,
		id: id, next: next, out: make([][]uint64, s.regions)}
}

// start prepares w for a level whose boards found get slot byte mark.
func (w *worker) start(mark uint8) {
	w.mark, w.found, w.bad = mark, 0, 0
	clear(w.next)
	w.pf.valid = false
}

// level runs one level on w, expanding the boards of colour c: it produces,
// then drains (see worker).
func (w *worker) level(ctx context.Context, c int) {
	s := w.s
	for i, word := range s.active {
		for word != 0 {
			r := uint64(i*64 + bits.TrailingZeros64(word))
			word &= word - 1
			if s.owner(r) != w.id {
				continue
			}
			if ctx.Err() != nil || s.failed.Load() {
				break
			}
			found := w.found
			w.region(r, c)
			if w.found != found {
				w.next[r/64] |= 1 << (r % 64)
			}
			w.poll()
		}
	}
	for r, b := range w.out {
		if len(b) > 0 {
			w.out[r] = nil
			w.deliver(uint64(r), b)
		}
	}
	if w.bad&pairBit != 0 {
		s.failed.Store(true)
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
			w.poll()
			return
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

// deliver hands a batch for region r to its owner, applying w's own
// waiting batches while the owner's inbox is full.
func (w *worker) deliver(r uint64, b []uint64) {
	o := w.s.owner(r)
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
// shifted left by one and the low bit of the board's tile rank. The slots
// of a batch are all in one region.
func (w *worker) apply(b []uint64) {
	if len(b) == 0 {
		return
	}
	s := w.s
	bytes, front, mark := s.bytes, s.front, w.mark
	var found uint64
	var bad uint8
	for _, e := range b {
		isNew, b := claim(bytes, front, e>>1, mark, e&1)
		found += isNew
		bad |= b
	}
	if found > 0 {
		r := b[0] >> 1 >> s.shift
		w.next[r/64] |= 1 << (r % 64)
	}
	w.found += found
	if bad&pairBit != 0 {
		s.failed.Store(true)
	}
	s.free <- b[:0] // never blocks: free has room for every batch
}

// expansion is a board being expanded and what its neighbours claimed at
// once found.
type expansion struct {
	slot   uint64 // the board's slot
	region uint64 // the region being expanded, the slot's
	found  uint64 // new boards claimed at once
	bad    uint8  // pairBit set: a slot claimed at once held the other board
}

// add records a neighbour of the board x: the board with tile rank t and
// its blank in cell z. A neighbour in the region being expanded and within
// nearSlots of x, so most likely in the cache, is claimed at once and
// counted in x; any other goes into a batch, whose slots the processor
// fetches together when it is applied.
func (w *worker) add(x *expansion, t, z uint64) {
	slot := t>>1*w.n + z
	if slot>>w.shift == x.region && slot-x.slot+nearSlots < 2*nearSlots {
		isNew, bad := claim(w.bytes, w.front, slot, w.mark, t&1)
		x.found += isNew
		x.bad |= bad
		return
	}
	w.batch(slot<<1 | t&1)
}

// batch adds a neighbour, a slot shifted left by one and the low bit of the
// tile rank of its board, to the batch of its region, and delivers the
// batch when full.
func (w *worker) batch(e uint64) {
	s := w.s
	r := e >> 1 >> w.shift
	b := w.out[r]
	if b == nil {
		select {
		case b = <-s.free:
		default:
			b = make([]uint64, 0, batchLen)
		}
	}
	b = append(b, e)
	if len(b) == batchLen {
		w.out[r] = nil
		w.deliver(r, b)
		return
	}
	w.out[r] = b
}

// region expands the boards of colour c at the frontier in region r.
func (w *worker) region(r uint64, c int) {
	s := w.s
	from := r << w.shift / 64
	to := min(from+1<<w.shift/64, uint64(len(s.front)))
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
		for ; f != 0; f &= f - 1 {
			w.expand(j*64+uint64(bits.TrailingZeros64(f)), r)
		}
	}
}

// expand sends the neighbours of the board in a slot at the frontier.
func (w *worker) expand(slot, region uint64) {
	mv := w.mv
	k := mv.cells.div(slot)
	z := slot - k*w.n
	odd := uint64(w.bytes[slot] >> 7) // the low bit of the board's tile rank
	hi := mv.sharing.div(k)
	lo := 2*k - hi*mv.sufOrders
	if hi != w.pf.hi || !w.pf.valid {
		w.pf.set(mv, hi)
	}
	// The order of the group whose parity, the tile rank's low bit, is odd.
	p := odd ^ uint64(w.pf.par^mv.par[lo])
	b := located{lex: 2*k + p, lo: lo + p, odd: odd}
	c := &mv.cellMoves[z]
	x := expansion{slot: slot, region: region}
	// Horizontal moves keep the tile rank: the neighbours are the slots
	// next to this one.
	if c.left {
		w.add(&x, 2*k|odd, z-1)
	}
	if c.right {
		w.add(&x, 2*k|odd, z+1)
	}
	if c.up {
		var t uint64
		if c.upNear >= 0 {
			t = mv.nearRank(b, c.upNear)
		} else {
			t = w.pf.far(mv, b, c.upAt, up)
		}
		w.add(&x, t, z-w.width)
	}
	if c.down {
		var t uint64
		if c.downNear >= 0 {
			t = mv.nearRank(b, c.downNear)
		} else {
			t = w.pf.far(mv, b, c.downAt, down)
		}
		w.add(&x, t, z+w.width)
	}
	w.found += x.found
	w.bad |= x.bad
}

// finish turns the slot bytes into the depth table and the reachable set.
func (s *search) finish() ([]uint8, []uint64) {
	n := uint64(s.n)
	reach := s.reach
	clear(reach)
	depth := s.bytes
	// Group k has its boards at indices 2k*n to 2k*n+2n-1 of the reachable
	// set, so 32 groups cover n whole words: chunks of a multiple of 32
	// groups never share a word.
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
						depth[k*n+z] = settle(depth[k*n+z], k, z, n, reach)
					}
				}
			}
		})
	}
	wg.Wait()
	return depth, reach
}
