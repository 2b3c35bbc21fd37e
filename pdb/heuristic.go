package pdb

import (
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
	// mtiles[g][i]: the tile of the board whose mirrored cell holds the
	// i-th tile of group g on the mirrored board.
	mtiles  [][]uint8
	mgroup  []uint8 // mgroup[t]: the group the mirror of tile t falls in
	maxSize int     // tiles in the largest group
}

// Heuristic returns the database's heuristic.
func (db *DB) Heuristic() *Heuristic {
	size := db.size
	n, w := size.Cells(), size.W
	h := &Heuristic{db: db, n: n, w: w, groupOf: make([]uint8, n), indexOf: make([]uint8, n)}
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
		rename := make([]uint8, n)
		back := make([]uint8, n)
		for t := range n {
			rename[t] = db.goal.At(int(h.mirror[db.goal.Index(uint8(t))]))
			back[rename[t]] = uint8(t)
		}
		h.mtiles = make([][]uint8, len(db.groups))
		for gi, g := range db.groups {
			h.mtiles[gi] = make([]uint8, len(g.tiles))
			for i, t := range g.tiles {
				h.mtiles[gi][i] = back[t]
			}
		}
		h.mgroup = make([]uint8, n)
		for t := 1; t < n; t++ {
			h.mgroup[t] = h.groupOf[rename[t]]
		}
	}
	return h
}

// Goal returns the goal whose distances the heuristic bounds.
func (h *Heuristic) Goal() board.Board { return h.db.goal }

// Reflects reports whether the heuristic also looks at mirrored boards.
func (h *Heuristic) Reflects() bool { return h.reflect }

// Estimate returns the heuristic's bound for b, a board of the database's
// size, which is not checked.
func (h *Heuristic) Estimate(b board.Board) int { return h.Start(b).H() }

// Start returns an evaluator set on b, a board of the goal's size.
func (h *Heuristic) Start(b board.Board) ida.Evaluator {
	e := &Evaluator{h: h, pos: make([]uint8, h.n), ex: make([]int32, len(h.db.groups)),
		cells: make([]uint8, h.maxSize), stack: make([]undo, 0, 128)}
	for c := range h.n {
		t := b.At(c)
		e.pos[t] = uint8(c)
		if t != 0 {
			e.md += int32(h.md[t][c])
		}
	}
	for gi := range h.db.groups {
		e.ex[gi] = e.group(gi)
		e.sum += e.ex[gi]
	}
	if h.reflect {
		e.mex = make([]int32, len(h.db.groups))
		for gi := range h.db.groups {
			e.mex[gi] = e.mirrored(gi)
			e.msum += e.mex[gi]
		}
	}
	return e
}

// Evaluator is the Heuristic kept up to date along a search path; a move
// looks up only the moved tile's group and the group its mirror falls in.
// It is not safe for concurrent use.
type Evaluator struct {
	h         *Heuristic
	pos       []uint8 // cell of each tile
	md        int32   // Manhattan distance of the board
	ex, mex   []int32 // entry of each group, on the board and mirrored
	sum, msum int32
	cells     []uint8
	stack     []undo
}

type undo struct {
	ex, mex int32
}

var _ ida.Evaluator = (*Evaluator)(nil)

// group returns the entry of group gi on the board.
func (e *Evaluator) group(gi int) int32 {
	g := &e.h.db.groups[gi]
	cells := e.cells[:len(g.tiles)]
	for i, t := range g.tiles {
		cells[i] = e.pos[t]
	}
	return int32(g.entry(g.rk.Rank(cells)))
}

// mirrored returns the entry of group gi on the mirrored board.
func (e *Evaluator) mirrored(gi int) int32 {
	g := &e.h.db.groups[gi]
	mt := e.h.mtiles[gi]
	cells := e.cells[:len(mt)]
	for i, t := range mt {
		cells[i] = e.h.mirror[e.pos[t]]
	}
	return int32(g.entry(g.rk.Rank(cells)))
}

// H returns the lower bound for the board as it stands.
func (e *Evaluator) H() int {
	return int(e.md + 2*max(e.sum, e.msum))
}

// Move slides tile t from cell from into the blank at cell to and returns
// the new lower bound.
func (e *Evaluator) Move(t uint8, from, to int) int {
	h := e.h
	e.pos[t], e.pos[0] = uint8(to), uint8(from)
	e.md += int32(h.md[t][to]) - int32(h.md[t][from])
	gi := h.groupOf[t]
	u := undo{ex: e.ex[gi]}
	v := e.group(int(gi))
	e.ex[gi] = v
	e.sum += v - u.ex
	if h.reflect {
		mg := h.mgroup[t]
		u.mex = e.mex[mg]
		v := e.mirrored(int(mg))
		e.mex[mg] = v
		e.msum += v - u.mex
	}
	e.stack = append(e.stack, u)
	return int(e.md + 2*max(e.sum, e.msum))
}

// Undo takes back the last Move, which slid tile t from cell from to cell
// to.
func (e *Evaluator) Undo(t uint8, from, to int) {
	h := e.h
	u := e.stack[len(e.stack)-1]
	e.stack = e.stack[:len(e.stack)-1]
	e.pos[t], e.pos[0] = uint8(from), uint8(to)
	e.md -= int32(h.md[t][to]) - int32(h.md[t][from])
	gi := h.groupOf[t]
	e.sum += u.ex - e.ex[gi]
	e.ex[gi] = u.ex
	if h.reflect {
		mg := h.mgroup[t]
		e.msum += u.mex - e.mex[mg]
		e.mex[mg] = u.mex
	}
}
