package bfs

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/rotation"
	"github.com/slidetable/slidetable/rank"
)

// The packed search keeps a word a group of slots (see shape) and the
// depths of the rows' first slots, about 5 bits a board for 12 cells.
//
// A level expands the open slots of one colour (the blank's cell on a
// checkerboard): the boards at the level's depth. The boards it finds have
// the other colour, so they are not expanded until the next level although
// they are open too. Expanding a group marks its frontier slots done, and
// opens their neighbours along the rows within the word: a shift and two
// masks for the whole group. A vertical move changes the tile sequence: its
// group comes from a change of rank read from a table (see shape), and the
// neighbour is claimed in that group's word.
//
// The groups are cut into blocks of 2^shift, each owned by one worker,
// which alone reads and writes the words of its blocks during a level,
// without atomic operations. A vertical neighbour in the block being
// expanded is claimed at once; one in another block of the same worker
// goes into a batch the worker applies when it is full, in a loop of
// independent memory accesses that the processor overlaps; one in another
// worker's block goes into a batch for that worker. The rules that make
// this safe are stated at pworker.
const (
	pBlockShift = 16   // blocks of at most 2^16 groups: 256 KiB of words
	pBatchLen   = 4096 // claims a batch
	pInboxLen   = 16   // batches waiting for a worker before senders block
)

// Masks the hot loops apply to values that are in range already, so that
// the compiler knows it and drops a bounds check, or the code a shift by
// a word's width or more would need: each leaves its value as it is.
const (
	// cellMask keeps a cell or a row of a board of at most MaxCells (12)
	// cells, as a claim's 4-bit cell field: below 16, the length of the
	// arrays they index (shape.slot, rowOf, rowBits, pworker.upAt, ...).
	cellMask = 15
	// ownerMask keeps a worker's index, below MaxWorkers, the length of
	// pworker.out and pworker.n.
	ownerMask = MaxWorkers - 1
	// shift32Mask and shift64Mask keep a shift of a 32-bit and of a
	// 64-bit word.
	shift32Mask = 31
	shift64Mask = 63
)

// ownerMask keeps a worker's index only if MaxWorkers is a power of two:
// this fails to compile otherwise ([0] is not [1]).
var _ [1]struct{} = [1 - MaxWorkers&ownerMask]struct{}{}

// psearch is the state of one packed search.
type psearch struct {
	goal    board.Board
	sh      *shape
	words   []uint32 // a group a word: 2 bits a slot, and member bits (see shape)
	firsts  []uint64 // firstBits a row: depth>>2 of its first slot, once expanded
	rowBits uint64   // firstBits*h: the bits of a group in firsts
	shift   uint     // blocks of 2^shift groups
	blocks  uint64
	owners  []uint8 // owners[b]: the worker that owns block b, b % workers
	// marks[d%3][i*blocks+b] is set when worker i sends claims to block b,
	// or opens slots in it, in level d: the blocks level d+1 expands (and,
	// in the multi-tile metric, level d+2).
	marks   [3][]uint8
	multi   *multiState // the multi-tile metric's state, or nil
	goalCol int         // colour of the goal's blank cell
	workers []*pworker
	inbox   []chan []uint32
	free    chan []uint32
	failed  atomic.Bool

	producing atomic.Int32
	done      chan struct{}
}

// packedShift returns the size of the blocks, as a power of two: large,
// but enough of them that each worker gets several. Blocks of fewer than 64
// groups would share words of firsts between workers, so a table that
// small gets one worker.
func packedShift(groups uint64, workers int) (uint, int) {
	shift := uint(pBlockShift)
	for shift > 0 && groups>>shift < uint64(4*workers) {
		shift--
	}
	if shift < 6 {
		workers = 1
	}
	return shift, workers
}

// packedMemory returns the most bytes a packed search holds: the words,
// the first depths, the batches and the tables.
func packedMemory(size board.Size, workers int, metric board.Metric) uint64 {
	n := size.Cells()
	groups := rank.Factorial(n-1) / 2
	shift, workers := packedShift(groups, workers)
	words := groups*4 + (groups*uint64(firstBits*size.H)+63)/64*8 + 8
	if metric == board.MultiTile {
		words = multiMemory(groups)
	}
	batches := uint64(workers) * uint64(workers+pInboxLen+2) * pBatchLen * 4
	marks := uint64(workers) * 3 * (groups>>shift + 1)
	return words + batches + marks + windowTableMemory(size)
}

// windowTableMemory bounds the bytes of a shape's tables without building
// them.
func windowTableMemory(size board.Size) uint64 {
	n := size.Cells()
	m, w := n-1, size.W
	return rotation.Memory(m, w)
}

func newPacked(goal board.Board, workers int, metric board.Metric) *psearch {
	size := goal.Size()
	sh := shapeFor(size)
	shift, workers := packedShift(sh.groups, workers)
	blocks := (sh.groups + 1<<shift - 1) >> shift
	workers = max(1, min(workers, int(blocks)))
	s := &psearch{
		goal:    goal,
		sh:      sh,
		rowBits: uint64(firstBits * sh.h),
		shift:   shift,
		blocks:  blocks,
		goalCol: cellColour(goal.Blank(), size.W),
		inbox:   make([]chan []uint32, workers),
		free:    make(chan []uint32, workers*(workers+pInboxLen+2)),
	}
	s.owners = make([]uint8, blocks)
	for g := range s.marks {
		s.marks[g] = make([]uint8, uint64(workers)*blocks)
	}
	for b := range s.owners {
		s.owners[b] = uint8(b % workers)
	}
	t, z := rank.Split(goal.CellString())
	k := t >> 1
	if metric == board.MultiTile {
		s.multi = newMultiState(s, k, z, t&1)
	} else {
		s.words = mem.Words32(sh.groups)
		s.firsts = mem.Words((sh.groups*s.rowBits+63)/64 + 1)
		s.words[k] = open<<(2*z) | uint32(t&1)<<(sh.memberShift+uint(sh.rowOf[z]))
	}
	for i := range workers {
		s.inbox[i] = make(chan []uint32, pInboxLen)
		s.workers = append(s.workers, newPworker(s, i))
	}
	b := k >> shift
	// Level 0 reads the marks of level -1.
	s.marks[2][uint64(s.owner(b))*blocks+b] = 1
	return s
}

func (s *psearch) owner(b uint64) int { return int(s.owners[b]) }

// level expands every board at depth d and returns how many boards it found
// at depth d+1.
func (s *psearch) level(ctx context.Context, d int) (uint64, error) {
	c := s.goalCol ^ d&1
	s.producing.Store(int32(len(s.workers)))
	s.done = make(chan struct{})
	var wg sync.WaitGroup
	for _, w := range s.workers {
		w.start(d)
		wg.Go(func() { w.level(ctx, c) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.failed.Load() {
		return 0, pairReached(d + 1)
	}
	var found uint64
	for _, w := range s.workers {
		found += w.found
	}
	if s.multi != nil {
		return s.multi.found(s), nil
	}
	return found, nil
}

// pworker is one goroutine of the packed search. During a level it
// expands the frontier of its own blocks and applies the claims that land
// in them.
//
// A level keeps these rules, on which its correctness rests:
//
//   - Only the owner of a block (worker b % workers) reads or writes the
//     words and first depths of its groups, so they need no atomic
//     operations. Other workers send it their claims in its blocks as
//     batches through its inbox.
//   - A level expands the open slots of one colour and opens only slots of
//     the other (see cellColour), so the boards it finds are not expanded
//     until the next level; claims may land in any group, expanded in this
//     level or not, in any order.
//   - First a worker produces: it expands its active blocks, applying its
//     inbox between blocks and whenever a send to a full inbox would block,
//     so that two workers sending to each other cannot deadlock. Then it
//     applies its own batch, delivers its others and decrements producing;
//     the last to do so closes done, after which no batch is sent.
//   - Then it drains: it applies its inbox until done is closed, and once
//     more without blocking, for batches sent just before. When every
//     worker has returned, every claim of the level has been applied.
//   - An applied batch goes back to free, which has room for every batch
//     the search makes, so that returning one never blocks.
type pworker struct {
	s        *psearch
	sh       *shape
	words    []uint32
	id       int
	d        int                            // the level
	c        int                            // the colour being expanded
	first    uint64                         // depth>>2 of the boards expanded: what a row's first slot records
	clearLow uint32                         // all ones if the depth's bit 1 is 0: expanded slots get done0
	found    uint64                         // boards claimed in this level
	tent     uint64                         // multi-tile metric: boards made m+1 of a row reached in this level
	bad      uint32                         // both sequences of a row reached
	marked   []uint8                        // this worker's marks of this level (see psearch.marks)
	owners   []uint8                        // psearch.owners
	shift    uint                           // psearch.shift
	out      [MaxWorkers]*[pBatchLen]uint32 // out[i]: the open batch of claims for worker i < workers, this one's own included
	n        [MaxWorkers]uint32             // n[i]: the claims in out[i]
	pf       rotation.Prefix
	// prefixEnd is the first group after those whose tile sequences share
	// the prefix pf.
	prefixEnd uint64
	// upAt[z] and downAt[z]: for the blank in cell z, the offset in
	// rotation.Table.Delta of the window of its move up and down, plus the part of
	// the window's digit index that pf decides.
	upAt, downAt [cellMask + 1]uint32
	// leftAt[a] and rightAt[a]: the same for window a itself, for the
	// multi-tile metric.
	leftAt, rightAt [16]uint32
	_               [128]byte // keeps workers off each other's cache lines
}

func newPworker(s *psearch, id int) *pworker {
	w := &pworker{s: s, sh: s.sh, words: s.words, id: id, owners: s.owners, shift: s.shift}
	for i := range s.inbox {
		w.out[i] = new([pBatchLen]uint32)
	}
	return w
}

// start prepares w for level d.
func (w *pworker) start(d int) {
	w.found, w.tent, w.bad = 0, 0, 0
	blocks := w.s.blocks
	w.marked = w.s.marks[d%3][uint64(w.id)*blocks : uint64(w.id+1)*blocks]
	w.d = d
	w.c = w.s.goalCol ^ d&1
	w.first = uint64(d >> 2)
	w.clearLow = 0
	if d>>1&1 == 0 {
		w.clearLow = ^uint32(0)
	}
}

// level runs one level on w, expanding the boards of colour c: it
// produces, then drains (see pworker).
func (w *pworker) level(ctx context.Context, c int) {
	s := w.s
	// The blocks marked in the level before (and, in the multi-tile
	// metric, the one before that, whose marks are cleared here: level
	// d+1 writes them).
	prev, older := s.marks[(w.d+2)%3], s.marks[(w.d+1)%3]
	workers := uint64(len(s.workers))
	for b := uint64(w.id); b < s.blocks; b += workers {
		active := uint8(0)
		for i := b; i < uint64(len(prev)); i += s.blocks {
			active |= prev[i]
			if s.multi != nil {
				active |= older[i]
			} else {
				prev[i] = 0 // level d+2 writes them
			}
			older[i] = 0
		}
		if active == 0 {
			continue
		}
		if ctx.Err() != nil || s.failed.Load() {
			break
		}
		if s.multi != nil {
			w.blockMulti(b)
		} else {
			w.block(b, c)
		}
		w.poll()
	}
	for o := range s.workers {
		if w.n[o] > 0 {
			w.flush(o)
		}
	}
	if w.bad != 0 {
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
			w.poll()
			if w.bad != 0 {
				s.failed.Store(true)
			}
			return
		}
	}
}

// poll applies the batches waiting for w, without blocking.
func (w *pworker) poll() {
	for {
		select {
		case b := <-w.s.inbox[w.id]:
			w.apply(b)
		default:
			return
		}
	}
}

// deliver hands a batch to worker o, applying w's own waiting batches
// while o's inbox is full.
func (w *pworker) deliver(o int, b []uint32) {
	for {
		select {
		case w.s.inbox[o] <- b:
			return
		case in := <-w.s.inbox[w.id]:
			w.apply(in)
		}
	}
}

// apply claims a batch of another worker and returns it to free.
func (w *pworker) apply(b []uint32) {
	w.claimAll(b)
	w.s.free <- b[:0] // never blocks: free has room for every batch
}

// fresh returns an empty batch.
func (w *pworker) fresh() []uint32 {
	select {
	case b := <-w.s.free:
		return b[:pBatchLen]
	default:
		return make([]uint32, pBatchLen)
	}
}

// A claim is a board found: its group k, its blank's cell z and the low
// bit m of its tile rank, as k<<5 | z<<1 | m.
func claimOf(k uint64, z int, m uint64) uint32 { return uint32(k<<5 | uint64(z)<<1 | m) }

// claimAll claims the boards of a batch, all in w's blocks: it opens each
// slot that was unseen, and records the board's sequence for its row, or
// checks it against the row's. It has no branches, which the processor
// could not predict, so that the loads of a batch overlap.
func (w *pworker) claimAll(b []uint32) {
	if w.s.multi != nil {
		w.claimAllMulti(b)
		return
	}
	slots := &w.sh.slot
	words := w.words
	var found uint64
	var bad uint32
	for _, e := range b {
		k := e >> 5
		sb := &slots[e>>1&cellMask]
		x := words[k]
		isNew := b2u32(x&sb.both == 0)
		seen := b2u32(x&sb.row != 0)
		bad |= seen & (b2u32(x&sb.member != 0) ^ e) // bit 0: the row holds the other sequence
		words[k] = x | isNew*sb.open | (e&^seen&1)*sb.member
		found += uint64(isNew)
	}
	w.found += found
	w.bad |= bad & 1
}

// file files a claim with the batch of its block's owner o, marks the
// block (in w.marked: the blocks that may have open slots at the next
// level), and reports whether the batch is full, for the caller to flush
// it. It is small enough to be inlined in the loops of block and
// blockMulti.
func (w *pworker) file(e uint32) (o int, full bool) {
	b := e >> 5 >> (w.shift & shift32Mask)
	o = int(w.owners[b])
	w.marked[b] = 1
	j := w.n[o&ownerMask] + 1
	w.out[o&ownerMask][(j-1)%pBatchLen] = e
	w.n[o&ownerMask] = j
	return o, j == pBatchLen
}

// flush applies w's own full batch, or delivers a full batch to another
// worker.
func (w *pworker) flush(o int) {
	b := w.out[o][:w.n[o]]
	w.n[o] = 0
	if o == w.id {
		w.claimAll(b)
		return
	}
	w.out[o] = (*[pBatchLen]uint32)(w.fresh())
	w.deliver(o, b)
}

// block expands the open slots of colour c in block b: for each group, it
// marks them done and opens their unseen neighbours along the rows, within
// the group's word; records the depth of the first slots of rows; and
// gathers the claims of their vertical neighbours, which it routes a few
// thousand at a time.
func (w *pworker) block(b uint64, c int) {
	s, sh := w.s, w.sh
	from := b << s.shift
	to := min(from+1<<s.shift, sh.groups)
	mask, rowFirst, vertical := sh.colour[c], sh.rowFirst, sh.vertical
	firsts, rowBits, first := s.firsts, s.rowBits, w.first
	w.prefixAt(from)
	ws := w.words[from:to:to]
	wide := uint64(mask)<<32 | uint64(mask)
	var fresh uint32
	for i := 0; i < len(ws); i++ {
		// Four groups at a time where no group has a frontier slot.
		if i%4 == 0 {
			for i+4 <= len(ws) && quad(ws[i:i+4])&wide == 0 {
				i += 4
			}
			if i == len(ws) {
				break
			}
		}
		x := ws[i]
		f := x &^ (x >> 1) & mask
		if f == 0 {
			continue
		}
		k := from + uint64(i)
		y, nb := w.openRows(x, f)
		ws[i] = y
		fresh |= nb
		// Record the depth>>2 of the rows' first slots.
		for ff := f & rowFirst; ff != 0; ff &= ff - 1 {
			off := k*rowBits + uint64(sh.rowOf[bits.TrailingZeros32(ff)/2&cellMask])*firstBits
			j, bit := off/64, off%64
			firsts[j] |= first << bit
			if bit > 64-firstBits {
				firsts[j+1] |= first >> (64 - bit)
			}
		}
		if v := f & vertical; v != 0 {
			w.claimVertical(k, x, v)
		}
	}
	if fresh != 0 {
		w.marked[b] = 1
	}
}

// openRows returns word x of a group with its frontier f done and their
// neighbours along the rows opened if they were unseen, and those
// neighbours.
func (w *pworker) openRows(x, f uint32) (y, nb uint32) {
	sh := w.sh
	y = x | f<<1
	y &^= f & w.clearLow
	nb = (f>>2)&sh.leftOK | (f<<2)&sh.rightOK
	nb &= sh.low &^ (x | x>>1)
	w.found += uint64(bits.OnesCount32(nb))
	return y | nb, nb
}

// prefixAt decodes the prefix of the tile sequences of group k and of the
// groups after it that share it, up to w.prefixEnd.
func (w *pworker) prefixAt(k uint64) {
	share := w.sh.rot.Sharing
	hi := share.Div(k)
	w.prefixEnd = (hi + 1) * share.D
	w.setPrefix(hi)
}

// claimVertical files the claims of the vertical neighbours of the slots v
// of word x of group k, expanded at this level: a tile above or below the
// blank moves into it, which changes the tile sequence by a rotation of one
// window of it.
func (w *pworker) claimVertical(k uint64, x, v uint32) {
	sh := w.sh
	rot := sh.rot
	if k >= w.prefixEnd {
		w.prefixAt(k)
	}
	memberShift, windows := sh.memberShift, uint64(rot.Windows)
	loEven := 2 * (k - (w.prefixEnd - rot.Sharing.D))
	p0 := uint64(w.pf.Par ^ rot.Par[loEven]) // parity of sequence 2k
	for v != 0 {
		r := uint(sh.rowOf[bits.TrailingZeros32(v)/2&cellMask])
		vr := v & sh.rowBits[r&cellMask]
		v &^= vr
		// The row's boards have sequence 2k+p, whose suffix has relative
		// order lo.
		m := uint64(x>>((memberShift+r)&shift32Mask)) & 1
		p := m ^ p0
		lo := loEven + p
		lex := int64(2*k + p)
		sidx := rot.SuffixIdx[lo*windows:]
		if r > 0 {
			for u := vr; u != 0; u &= u - 1 {
				z := bits.TrailingZeros32(u) / 2
				a := z - sh.w // the window of the tile above, and the blank's new cell
				e := rot.Delta[w.upAt[z&cellMask]+sidx[a]]
				t := uint64(lex + int64(e>>1))
				if o, full := w.file(claimOf(t>>1, a, m^uint64(e&1))); full {
					w.flush(o)
				}
			}
		}
		if int(r) < sh.h-1 {
			for u := vr; u != 0; u &= u - 1 {
				z := bits.TrailingZeros32(u) / 2
				e := rot.Delta[w.downAt[z&cellMask]+sidx[z]]
				t := uint64(lex + int64(e>>1))
				if o, full := w.file(claimOf(t>>1, z+sh.w, m^uint64(e&1))); full {
					w.flush(o)
				}
			}
		}
	}
}

// quad returns the open slots of the four words of q, two in each half of
// the result (the bits a shift by one moves across the halves fall outside
// the colour masks).
func quad(q []uint32) uint64 {
	a := uint64(q[0]) | uint64(q[1])<<32
	b := uint64(q[2]) | uint64(q[3])<<32
	return a&^(a>>1) | b&^(b>>1)
}

// setPrefix decodes prefix hi into w.pf and the offsets of the windows.
func (w *pworker) setPrefix(hi uint64) {
	sh := w.sh
	sh.rot.Set(&w.pf, hi)
	for z := range sh.n {
		if a := z - sh.w; a >= 0 {
			w.upAt[z] = sh.rot.DeltaAt[a][rotation.Left] + sh.rot.PrefixIndex(&w.pf, a)
		}
		if z+sh.w < sh.n {
			w.downAt[z] = sh.rot.DeltaAt[z][rotation.Right] + sh.rot.PrefixIndex(&w.pf, z)
		}
	}
}

// finish puts the packed result into r.
func (s *psearch) finish(r *Result) {
	if s.multi != nil {
		r.multi = &multiResult{sh: s.sh, words: s.multi.words}
		return
	}
	r.packed = &packedResult{sh: s.sh, words: s.words, firsts: s.firsts, rowBits: s.rowBits, goalCol: s.goalCol}
}

func b2u32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
