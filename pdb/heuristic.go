package pdb

import (
	"math"
	"math/bits"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/rank"
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
	rk      rank.Partial
	entries []byte
	enc     uint8
	blank   bool   // an entry for each free cell of the blank
	free    uint64 // cells the group leaves free
	blocks  *blocks
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
	if g.blocks != nil {
		return g.blocks.entry(g.enc, r)
	}
	return entryAt(g.entries, g.enc, r)
}

// Bound returns the database's heuristic as the lower bound of a search
// (ida.Heuristic): Heuristic, for a caller that takes any kind of file
// whose entries bound distances.
func (db *DB) Bound() ida.Heuristic { return db.Heuristic() }

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
	h.md = db.goal.Manhattan()
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
		h.groups = append(h.groups, hgroup{rk: g.rk, entries: g.entries, enc: g.enc, blank: g.blank, free: g.free, blocks: g.blocks})
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

// Estimate returns the heuristic's bound for b, a board of the database's
// size, which is not checked.
func (h *Heuristic) Estimate(b board.Board) int { return h.Start(b).H() }

// Start returns an evaluator set on b, a board of the goal's size.
func (h *Heuristic) Start(b board.Board) ida.Evaluator {
	e := &Evaluator{h: h}
	board := b.Cells()
	for c, t := range board {
		if t != 0 {
			e.md += int32(h.md[t][c])
		}
	}
	e.v.start(h, board)
	if h.reflect {
		mboard := make([]uint8, h.n)
		for c, t := range board {
			mboard[h.mirror[c]] = h.rename[t]
		}
		e.m.start(h, mboard)
	}
	return e
}

// Evaluator is the Heuristic kept up to date along a search path. A move
// changes only the rank of the moved tile's group, and of the group its
// mirror falls in, and changes it by an amount found from the few tiles of
// the group between the move's two cells. It is not safe for concurrent
// use.
type Evaluator struct {
	h     *Heuristic
	md    int32 // Manhattan distance of the board (and of its mirror)
	v, m  view  // the board and its mirror
	stack []undo
}

// view is the groups' state on the board or on its mirror.
type view struct {
	rank []uint64 // of each group's placement
	mask []uint64 // the cells each group's tiles take
	ex   []int32  // each group's entry
	sum  int32
	// at holds for each cell with a tile the tile's index in its group.
	at [MaxCells]int8
}

// start sets the view on board, the tile in each cell.
func (v *view) start(h *Heuristic, board []uint8) {
	ng := len(h.db.groups)
	v.rank, v.mask, v.ex = make([]uint64, ng), make([]uint64, ng), make([]int32, ng)
	for c, t := range board {
		v.at[c] = int8(h.indexOf[t])
	}
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

// move moves tile t of the view from cell a to cell b and returns what
// undo needs.
func (v *view) move(h *Heuristic, t uint8, a, b int) (gi uint8, r uint64, ex int32) {
	gi = h.groupOf[t]
	gr := &h.groups[gi]
	r, ex = v.rank[gi], v.ex[gi]
	nr := uint64(int64(r) + gr.rk.MoveDelta(int(h.indexOf[t]), a, b, v.mask[gi], &v.at))
	v.rank[gi] = nr
	v.mask[gi] ^= 1<<a | 1<<b
	v.at[b] = v.at[a]
	// The blank is now in cell a. A move of another group's tile keeps
	// the blank in the region of this group's free cells it was in, and
	// so this group's entry, which is the same for every cell of a region.
	// The lookup of a database held in memory, written out so that it
	// inlines here: the search's hottest line.
	var nex int32
	if i := gr.index(nr, v.mask[gi], h.all, a); gr.blocks == nil {
		nex = int32(entryAt(gr.entries, gr.enc, i))
	} else {
		nex = int32(gr.blocks.entry(gr.enc, i))
	}
	v.ex[gi] = nex
	v.sum += nex - ex
	return gi, r, ex
}

// undo takes back the move of a tile of group gi from cell a to cell b,
// which found rank r and entry ex before it.
func (v *view) undo(gi uint8, r uint64, ex int32, a, b int) {
	v.rank[gi] = r
	v.mask[gi] ^= 1<<a | 1<<b
	v.at[a] = v.at[b]
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
	e.md += int32(h.md[t][to]) - int32(h.md[t][from])
	var u undo
	u.g, u.r, u.ex = e.v.move(h, t, from, to)
	if v := int(e.md + 2*e.v.sum); h.reflect && v > limit {
		u.cut = true
		e.stack = append(e.stack, u)
		return v
	}
	if h.reflect {
		mf, mt := int(h.mirror[from]), int(h.mirror[to])
		u.mg, u.mr, u.mex = e.m.move(h, h.rename[t], mf, mt)
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
	e.md -= int32(h.md[t][to]) - int32(h.md[t][from])
	e.v.undo(u.g, u.r, u.ex, from, to)
	if h.reflect && !u.cut {
		mf, mt := int(h.mirror[from]), int(h.mirror[to])
		e.m.undo(u.mg, u.mr, u.mex, mf, mt)
	}
}

// Strength returns how far beyond the bound boards lie (ida.Strength),
// as measured with the built-in 4x4 database on uniform random boards:
// ratios of distance to bound of 1.15, 1.24 and 1.32 at the 10th, 50th
// and 90th percentiles, 1.44 at most. A database of larger patterns is
// stronger, one of smaller patterns for a larger board weaker.
func (h *Heuristic) Strength() ida.Strength {
	return ida.Strength{Q10: 1.15, Q50: 1.24, Q90: 1.33, Max: 1.5}
}
