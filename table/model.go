package table

import (
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/rank"
)

// Depth encoding 2 codes each depth from what the decoder already knows,
// with the range coder. Slots are coded in order. A move changes a board's
// distance by exactly one, so if a neighbour of the slot's board was coded
// before (the board with the blank one cell left, whose slot comes just
// before, or a vertical neighbour in an earlier slot of the same block),
// the depth is one of two values, and if two such neighbours are two apart,
// it is the one between them, with nothing to code. The one bit left is
// coded with a context made of what predicts it: how the Manhattan
// distance of the board compares with its neighbours', how far the depth
// is above it, the depth itself and the number of neighbours. A board
// without such a neighbour has its depth coded as (d - Manhattan)/2, a
// whole number since every move changes both by one, in unary with
// contexts.
//
// Which board a slot holds comes from the reachable set, which is read
// first. The model reads the tile sequences group by group and computes
// the vertical neighbours with rank.Index: cheap for boards of up to 10
// cells, too slow for 12 (see encoding 3).

// errModel reports a table the model cannot code: its depths are not those
// of a breadth-first search. The writer then falls back to encoding 1.
var errModel = errors.New("table: depths do not follow the moves")

// Contexts of the neighbour model: their number and how a slot picks one
// decide every bit the range coder writes. Part of the file format
// (encoding 2); do not change.
const (
	ctxVotes  = 7  // sum over the neighbours of the change of Manhattan distance, -3..3
	ctxSlacks = 5  // (x - Manhattan - 1)/2, capped
	ctxDepths = 21 // x/4, capped
	ctxCounts = 3  // neighbours known: 1..3
	ctxBits   = ctxVotes * ctxSlacks * ctxDepths * ctxCounts
	ctxFull   = 16 * 16 // Manhattan/2 capped, then the unary position capped
)

// model is the state of the neighbour model over one block.
type model struct {
	t          *Table
	start, end uint64 // the block's slots
	depths     int    // number of distances
	w, n       int
	dist       [][]uint8 // dist[tile][cell]: Manhattan distance of tile at cell from its goal cell (board.Board.Manhattan)
	bits, full []prob
	enc        *rcEncoder
	dec        *rcDecoder
}

func newModel(t *Table, start, end uint64, depths int) *model {
	n := int(t.n)
	w := t.size.W
	return &model{t: t, start: start, end: end, depths: depths, w: w, n: n,
		dist: t.goal.Manhattan(), bits: newProbs(ctxBits), full: newProbs(ctxFull)}
}

// code codes bit b (encoding) or returns the bit decoded.
func (m *model) code(p *prob, b uint) uint {
	if m.enc != nil {
		m.enc.bit(p, b)
		return b
	}
	return m.dec.bit(p)
}

// encodeModel codes the depths of slots [start, end) with encoding 2.
func encodeModel(t *Table, start, end uint64) ([]byte, error) {
	m := newModel(t, start, end, len(t.counts))
	m.enc = newRCEncoder(nil)
	if err := m.run(); err != nil {
		return nil, err
	}
	return m.enc.finish(), nil
}

// decodeModel decodes slots [start, end) of t.depth from a block of
// encoding 2. t.reach must hold the reachable set.
func decodeModel(t *Table, start, end uint64, depths int, in []byte) error {
	m := newModel(t, start, end, depths)
	m.dec = newRCDecoder(in)
	if err := m.run(); err != nil {
		return err
	}
	if !m.dec.ok() {
		return fmt.Errorf("%w: the block's stream does not end where its data does", ErrFormat)
	}
	return nil
}

// run codes every slot of the block in order, group by group: the two
// boards of a slot share their tile sequence but for the last two tiles.
func (m *model) run() error {
	n := uint64(m.n)
	var seq [2][MaxCells]uint8
	cells := make([]uint8, n)
	nb := make([]uint8, n)
	for k := m.start / n; k*n < m.end; k++ {
		// Variant p of group k has lexicographic rank 2k+p; its tile rank
		// has low bit p ^ parity0.
		s0, s1 := seq[0][:n-1], seq[1][:n-1]
		rank.Unrank(2*k, s0)
		copy(s1, s0)
		s1[n-2], s1[n-3] = s1[n-3], s1[n-2]
		parity0 := uint64(rank.Parity(s0))
		for z := range n {
			slot := k*n + z
			if slot < m.start || slot >= m.end {
				continue
			}
			r0, r1 := m.t.reached(2*k*n+z), m.t.reached((2*k+1)*n+z)
			if r0 == r1 {
				if err := m.unreached(slot, r0); err != nil {
					return err
				}
				continue
			}
			q := uint64(0)
			if r1 {
				q = 1
			}
			md := m.board(seq[q^parity0][:n-1], z, cells)
			var vals, votes [3]int
			known := m.neighbours(slot, z, cells, nb, &vals, &votes)
			d, err := m.depth(slot, md, vals[:known], votes[:known])
			if err != nil {
				return err
			}
			if err := m.settle(slot, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// unreached codes a slot neither or both of whose boards reach the goal
// (both says reached): nothing is coded, as the reachable set says it.
func (m *model) unreached(slot uint64, both bool) error {
	switch {
	case both:
		return fmt.Errorf("%w: both boards of slot %d reach the goal", ErrFormat, slot)
	case m.enc != nil && m.t.depth[slot] != Unreached:
		return errModel
	case m.dec != nil:
		m.t.depth[slot] = Unreached
	}
	return nil
}

// board writes into cells the board with tile sequence s and the blank at
// cell z, and returns its Manhattan distance.
func (m *model) board(s []uint8, z uint64, cells []uint8) int {
	md := 0
	for c := range uint64(len(cells)) {
		switch {
		case c < z:
			cells[c] = s[c] + 1
		case c == z:
			cells[c] = 0
			continue
		default:
			cells[c] = s[c-1] + 1
		}
		md += int(m.dist[cells[c]][c])
	}
	return md
}

// neighbours finds the neighbours of the board in cells (blank at z, in
// slot) that were coded before it: the board with the blank one cell
// left, whose slot comes just before, and the vertical ones in earlier
// slots of the block. It stores their depths in vals and the change of
// Manhattan distance from each to the board in votes, and returns how many
// there are. nb is scratch of the board's length.
func (m *model) neighbours(slot, z uint64, cells, nb []uint8, vals, votes *[3]int) int {
	n, w := uint64(m.n), uint64(m.w)
	known := 0
	add := func(cell, nslot uint64) {
		if nslot < m.start || nslot >= slot {
			return
		}
		v := m.t.depth[nslot]
		if v == Unreached {
			return
		}
		tile := cells[cell]
		// From the neighbour, where the tile is at z, to this board.
		vals[known] = int(v)
		votes[known] = int(m.dist[tile][cell]) - int(m.dist[tile][z])
		known++
	}
	if z%w > 0 {
		add(z-1, slot-1)
	}
	for _, c := range []uint64{z - w, z + w} {
		if c >= n { // also z < w, where z-w wraps
			continue
		}
		copy(nb, cells)
		nb[z], nb[c] = nb[c], 0
		add(c, rank.Half(rank.Index(nb), m.n))
	}
	return known
}

// settle stores the depth d of slot when decoding; when encoding it checks
// that the model decodes the table's own depth, or the table cannot be
// coded so. The encoder never writes to the table, which may be in use by
// lookups.
func (m *model) settle(slot uint64, d int) error {
	switch {
	case m.dec != nil:
		m.t.depth[slot] = uint8(d)
	case int(m.t.depth[slot]) != d:
		return errModel
	}
	return nil
}

// depth codes the depth of one slot whose board has Manhattan distance md,
// given the depths of the neighbours coded before and the change of
// Manhattan distance from each to the board. It returns the depth.
func (m *model) depth(slot uint64, md int, vals, votes []int) (int, error) {
	top := m.depths - 1
	d := -1
	if m.enc != nil {
		d = int(m.t.depth[slot])
		if d > top || d < md || (d-md)%2 != 0 {
			return 0, errModel
		}
	}
	if len(vals) == 0 {
		// (d - md)/2 in unary, as far as it can go.
		if md > top {
			return 0, fmt.Errorf("%w: slot %d: Manhattan distance %d beyond the largest distance", ErrFormat, slot, md)
		}
		r, most := (d-md)/2, (top-md)/2
		j := 0
		for ; j < most; j++ {
			more := uint(0)
			if r > j {
				more = 1
			}
			if m.code(&m.full[min(md/2, 15)*16+min(j, 15)], more) == 0 {
				break
			}
		}
		return md + 2*j, nil
	}
	lo, hi := vals[0], vals[0]
	for _, v := range vals[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	switch {
	case hi-lo == 2:
		if m.enc != nil && d != lo+1 {
			return 0, errModel
		}
		return lo + 1, nil
	case hi != lo:
		if m.enc != nil {
			return 0, errModel
		}
		return 0, fmt.Errorf("%w: slot %d: neighbours at distances %d and %d", ErrFormat, slot, lo, hi)
	}
	x := lo
	if m.enc != nil && d != x-1 && d != x+1 {
		return 0, errModel
	}
	canDown, canUp := x-1 >= md, x+1 <= top
	switch {
	case canDown && canUp:
	case canUp:
		return x + 1, nil
	case canDown:
		return x - 1, nil
	default:
		return 0, fmt.Errorf("%w: slot %d: no distance next to %d fits", ErrFormat, slot, x)
	}
	vote := 0
	for _, v := range votes {
		vote += v
	}
	ctx := ((vote+3)*ctxSlacks+min((x-md-1)/2, ctxSlacks-1))*ctxDepths*ctxCounts +
		min(x/4, ctxDepths-1)*ctxCounts + len(vals) - 1
	upBit := uint(0)
	if d == x+1 {
		upBit = 1
	}
	if m.code(&m.bits[ctx], upBit) == 1 {
		return x + 1, nil
	}
	return x - 1, nil
}
