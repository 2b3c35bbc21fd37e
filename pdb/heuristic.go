package pdb

import (
	"math"
	"math/bits"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
)

var _ ida.Heuristic = (*Heuristic)(nil)

// Heuristic is the lower bound of an additive pattern database: the sum
// over the groups of their entries for a board and, where it holds (square
// boards whose goal has the blank on the main diagonal), the larger of that
// and the same sum for the board mirrored in the main diagonal with its
// tiles renamed after the mirrored goal. It is safe for concurrent use.
type Heuristic struct {
	db      *DB
	n, w    int
	reflect bool
	groupOf []uint8   // group of each tile
	indexOf []uint8   // position of each tile in its group
	md      [][]uint8 // md[t][c]: Manhattan distance of tile t in cell c
	mirror  []uint8   // mirror[c]: the cell c mirrors to
	rename  []uint8   // rename[t]: the name of tile t on the mirrored board
	groups  []hgroup
	maxSize int    // tiles in the largest group
	all     uint64 // mask of the n cells
}

// hgroup is what a move needs of a group.
type hgroup struct {
	weight  []uint64 // of each tile's digit in the rank
	entries []byte
	enc     uint8
	blank   bool   // an entry for each free cell of the blank
	free    uint64 // cells the group leaves free
}

// index returns the index of the entry of placement r, whose tiles take the
// cells mask, with the blank in cell z.
func (g *hgroup) index(r, mask, all uint64, z int) uint64 {
	if !g.blank {
		return r
	}
	return r*g.free + uint64(bits.OnesCount64(all&^mask&(uint64(1)<<z-1)))
}

func (g *hgroup) entry(r uint64) int {
	if g.enc == encNibble {
		return int(g.entries[r>>1]>>(r&1*4)) & 15
	}
	return int(g.entries[r])
}

// Heuristic returns the database's heuristic.
func (db *DB) Heuristic() *Heuristic {
	size := db.size
	n, w := size.Cells(), size.W
	h := &Heuristic{db: db, n: n, w: w, groupOf: make([]uint8, n), indexOf: make([]uint8, n), all: ^uint64(0) >> (64 - n)}
	for gi, g := range db.groups {
		h.maxSize = max(h.maxSize, len(g.tiles))
		for i, t := range g.tiles {
			h.groupOf[t], h.indexOf[t] = uint8(gi), uint8(i)
		}
	}
	h.md = make([][]uint8, n)
	for t := 1; t < n; t++ {
		h.md[t] = make([]uint8, n)
		for c := range n {
			h.md[t][c] = uint8(manhattan(w, c, db.goal.Index(uint8(t))))
		}
	}
	h.md[0] = make([]uint8, n)
	z := db.goal.Blank()
	if size.W == size.H && z/w == z%w {
		h.reflect = true
		h.mirror = make([]uint8, n)
		for c := range n {
			h.mirror[c] = uint8(c%w*w + c/w)
		}
		// Tile t of the board, in cell c, is on the mirrored board in cell
		// mirror[c] and named rename(t), the goal's tile in the mirror of
		// t's goal cell; the mirrored goal is then the goal.
		h.rename = make([]uint8, n)
		for t := range n {
			h.rename[t] = db.goal.At(int(h.mirror[db.goal.Index(uint8(t))]))
		}
	}
	for _, g := range db.groups {
		k := len(g.tiles)
		hg := hgroup{weight: make([]uint64, k), entries: g.entries, enc: g.enc, blank: g.blank, free: g.free}
		w := uint64(1)
		for i := k - 1; i >= 0; i-- {
			hg.weight[i] = w
			w *= uint64(n - i)
		}
		h.groups = append(h.groups, hg)
	}
	return h
}

// Goal returns the goal whose distances the heuristic bounds.
func (h *Heuristic) Goal() board.Board { return h.db.goal }

// Consistent reports whether the bound is consistent, changing by at most
// one with each move, as it is when the database keeps the blank's cell
// (DB.KeepsBlank). IDA* needs only a bound that is admissible, never above
// the distance, which every Heuristic is.
func (h *Heuristic) Consistent() bool { return h.db.KeepsBlank() }

// Reflects reports whether the heuristic also looks at mirrored boards.
func (h *Heuristic) Reflects() bool { return h.reflect }

// Estimate returns the heuristic's bound for b, a board of the database's
// size, which is not checked.
func (h *Heuristic) Estimate(b board.Board) int { return h.Start(b).H() }

// Start returns an evaluator set on b, a board of the goal's size.
func (h *Heuristic) Start(b board.Board) ida.Evaluator {
	ng := len(h.db.groups)
	e := &Evaluator{h: h, board: b.Cells(),
		v:     view{rank: make([]uint64, ng), mask: make([]uint64, ng), ex: make([]int32, ng)},
		stack: make([]undo, 0, 128)}
	for c := range h.n {
		if t := b.At(c); t != 0 {
			e.md += int32(h.md[t][c])
		}
	}
	e.v.start(h, e.board)
	if h.reflect {
		e.mboard = make([]uint8, h.n)
		for c := range h.n {
			e.mboard[h.mirror[c]] = h.rename[b.At(c)]
		}
		e.m = view{rank: make([]uint64, ng), mask: make([]uint64, ng), ex: make([]int32, ng)}
		e.m.start(h, e.mboard)
	}
	return e
}

// Evaluator is the Heuristic kept up to date along a search path. A move
// changes only the rank of the moved tile's group, and of the group its
// mirror falls in, and changes it by an amount found from the few tiles of
// the group between the move's two cells. It is not safe for concurrent
// use.
type Evaluator struct {
	h             *Heuristic
	board, mboard []uint8 // the tile in each cell, on the board and mirrored
	md            int32   // Manhattan distance of the board (and of its mirror)
	v, m          view
	stack         []undo
}

// view is the groups' state on the board or on its mirror.
type view struct {
	rank []uint64 // of each group's placement
	mask []uint64 // the cells each group's tiles take
	ex   []int32  // each group's entry
	sum  int32
}

func (v *view) start(h *Heuristic, board []uint8) {
	z := slices.Index(board, 0)
	for gi := range h.db.groups {
		g := &h.db.groups[gi]
		cells := make([]uint8, len(g.tiles))
		for c, t := range board {
			if t != 0 && int(h.groupOf[t]) == gi {
				cells[h.indexOf[t]] = uint8(c)
				v.mask[gi] |= 1 << c
			}
		}
		v.rank[gi] = g.rk.Rank(cells)
		gr := &h.groups[gi]
		v.ex[gi] = int32(gr.entry(gr.index(v.rank[gi], v.mask[gi], h.all, z)))
		v.sum += v.ex[gi]
	}
}

// move moves tile t of the view, which is on board, from cell a to cell b
// and returns what undo needs.
func (v *view) move(h *Heuristic, board []uint8, t uint8, a, b int) (gi uint8, r uint64, ex int32) {
	gi = h.groupOf[t]
	i := h.indexOf[t]
	gr := &h.groups[gi]
	r, ex = v.rank[gi], v.ex[gi]
	w := gr.weight
	var delta int64
	if d := b - a; d == 1 || d == -1 {
		delta = int64(d) * int64(w[i])
	} else {
		// The digit of tile i changes by b-a less the earlier tiles
		// between a and b; the digits of the later tiles between them
		// change by one each.
		lo, hi := min(a, b), max(a, b)
		between := v.mask[gi] & (uint64(1)<<hi - 1) &^ (uint64(2)<<lo - 1)
		sign := int64(1)
		if b < a {
			sign = -1
		}
		dd := int64(d)
		for between != 0 {
			c := bits.TrailingZeros64(between)
			between &= between - 1
			if j := h.indexOf[board[c]]; j < i {
				dd -= sign
			} else {
				delta += sign * int64(w[j])
			}
		}
		delta += dd * int64(w[i])
	}
	nr := uint64(int64(r) + delta)
	v.rank[gi] = nr
	v.mask[gi] ^= 1<<a | 1<<b
	// The blank is now in cell a. A move of another group's tile keeps
	// the blank in the region of this group's free cells it was in, and
	// so this group's entry, which is the same for every cell of a region.
	nex := int32(gr.entry(gr.index(nr, v.mask[gi], h.all, a)))
	v.ex[gi] = nex
	v.sum += nex - ex
	return gi, r, ex
}

func (v *view) undo(gi uint8, r uint64, ex int32, a, b int) {
	v.rank[gi] = r
	v.mask[gi] ^= 1<<a | 1<<b
	v.sum += ex - v.ex[gi]
	v.ex[gi] = ex
}

type undo struct {
	r, mr   uint64
	ex, mex int32
	g, mg   uint8
	cut     bool // the mirror was left as it was
}

var _ ida.CutEvaluator = (*Evaluator)(nil)

// H returns the lower bound for the board as it stands.
func (e *Evaluator) H() int {
	return int(e.md + 2*max(e.v.sum, e.m.sum))
}

// Move slides tile t from cell from into the blank at cell to and returns
// the new lower bound.
func (e *Evaluator) Move(t uint8, from, to int) int { return e.MoveAbove(t, from, to, math.MaxInt) }

// MoveAbove is Move, except that when the bound of the board alone, not
// mirrored, is above limit it returns that and leaves the mirrored board
// as it was, saving a lookup of the mirrored board's entry where a search
// cuts the move off. Only Undo may follow it then.
func (e *Evaluator) MoveAbove(t uint8, from, to, limit int) int {
	h := e.h
	e.board[to], e.board[from] = t, 0
	e.md += int32(h.md[t][to]) - int32(h.md[t][from])
	var u undo
	u.g, u.r, u.ex = e.v.move(h, e.board, t, from, to)
	if v := int(e.md + 2*e.v.sum); h.reflect && v > limit {
		u.cut = true
		e.stack = append(e.stack, u)
		return v
	}
	if h.reflect {
		mf, mt := int(h.mirror[from]), int(h.mirror[to])
		tt := h.rename[t]
		e.mboard[mt], e.mboard[mf] = tt, 0
		u.mg, u.mr, u.mex = e.m.move(h, e.mboard, tt, mf, mt)
	}
	e.stack = append(e.stack, u)
	return int(e.md + 2*max(e.v.sum, e.m.sum))
}

// Undo takes back the last Move, which slid tile t from cell from to cell
// to.
func (e *Evaluator) Undo(t uint8, from, to int) {
	h := e.h
	u := e.stack[len(e.stack)-1]
	e.stack = e.stack[:len(e.stack)-1]
	e.board[from], e.board[to] = t, 0
	e.md -= int32(h.md[t][to]) - int32(h.md[t][from])
	e.v.undo(u.g, u.r, u.ex, from, to)
	if h.reflect && !u.cut {
		mf, mt := int(h.mirror[from]), int(h.mirror[to])
		e.mboard[mf], e.mboard[mt] = h.rename[t], 0
		e.m.undo(u.mg, u.mr, u.mex, mf, mt)
	}
}
