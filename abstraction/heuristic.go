package abstraction

import (
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
)

var _ ida.Heuristic = (*Heuristic)(nil)

// Heuristic is the lower bound of an abstraction database: the largest
// distance of a board's arrangements, one for each classing, and, where
// the goal has a mirror (DB.Reflects), of its mirrored board's. It
// implements ida.Heuristic in the database's metric, and is admissible in
// the single-tile metric too when the database counts multi-tile moves
// (every single-tile move is a multi-tile one). It is safe for concurrent
// use.
type Heuristic struct {
	db    *DB
	views []view
	mv    *moves
	n     int
}

// view is one lookup of the heuristic: a classing, on the board or on its
// mirror.
type view struct {
	p     *part
	x     *indexer
	cell  [MaxCells]uint8 // the cell of the view that each board cell is
	label [MaxCells]uint8 // the class of each tile in the view
	row   [MaxCells]uint8 // the row of each cell
}

// Heuristic returns the database's heuristic.
func (db *DB) Heuristic() *Heuristic {
	size := db.goal.Size()
	h := &Heuristic{db: db, mv: movesOf(size), n: size.Cells()}
	for _, p := range db.parts {
		v := view{p: p, x: p.x}
		for c := range h.n {
			v.cell[c] = uint8(c)
			v.label[c] = p.cl.ofTile[c]
			v.row[c] = uint8(c / size.W)
		}
		h.views = append(h.views, v)
		if db.reflex {
			m := v
			for c := range h.n {
				m.cell[c] = db.mirror.cell[c]
				m.label[c] = p.cl.ofTile[db.mirror.tile[c]]
			}
			h.views = append(h.views, m)
		}
	}
	return h
}

// Goal returns the goal whose distances the heuristic bounds.
func (h *Heuristic) Goal() board.Board { return h.db.goal }

// Metric returns the metric the heuristic's database counts moves in.
func (h *Heuristic) Metric() board.Metric { return board.MultiTile }

// Estimate returns the heuristic's bound for b, a board of the database's
// size, which is not checked.
func (h *Heuristic) Estimate(b board.Board) int { return h.Start(b).H() }

// Start returns an evaluator set on b, a board of the goal's size. Its
// bounds are exact distances of arrangements, found for b by descending
// through the database (see part.exact) and then kept move by move from
// the entries' remainders modulo 3, as a move changes an exact distance by
// at most one.
func (h *Heuristic) Start(b board.Board) ida.Evaluator {
	e := &Evaluator{views: h.views, vs: make([]vstate, len(h.views)), stack: make([]vstate, 0, 64*len(h.views)), w: b.Size().W}
	a := make([]uint8, h.n)
	for i := range h.views {
		v := &h.views[i]
		for c := range h.n {
			a[v.cell[c]] = v.label[b.At(c)]
		}
		s := &e.vs[i]
		s.codes = v.x.codes(a)
		s.g = v.x.rank(&s.codes)
		s.word = v.p.word(s.g)
		if d := v.p.exact(h.mv, a); d >= 0 {
			s.d, s.r = int32(d), int32(d%3)
		} else {
			s.d = unknown
		}
	}
	return e
}

// Evaluator is the Heuristic kept up to date along a search path. It is
// not safe for concurrent use.
type Evaluator struct {
	views []view
	vs    []vstate
	stack []vstate // the views before each move, for Undo
	sink  uint32   // keeps the loads of Prefetch
	w     int
}

// vstate is a view's arrangement as a search stands: its chunk codes, its
// group and the group's word, its distance (negative if unknown) and the
// distance's remainder modulo 3.
type vstate struct {
	codes [4]uint32
	g     uint32
	word  uint32
	d, r  int32
}

// unknown is the distance of an arrangement whose entry could not be
// read: so far below 0 that the moves of a search never bring it up to 0.
const unknown = -1 << 20

// step[r][m] is the change of distance of a move to an arrangement whose
// entry is m from one whose distance is r modulo 3: the one of -1, 0 and
// +1 that gives the remainder m, or for m = 3 (unknown) a fall to unknown.
// rest[m] is the new distance's remainder.
var (
	step = [3][4]int32{{0, 1, -1, unknown}, {-1, 0, 1, unknown}, {1, -1, 0, unknown}}
	rest = [4]int32{0, 1, 2, 0}
)

var _ ida.Prefetcher = (*Evaluator)(nil)

// Prefetch reads the words of the arrangements of every view after each
// move of the blank from cell z of the board cells to a cell of targets,
// so that the processor fetches them together; Move then finds them in
// its cache.
func (e *Evaluator) Prefetch(cells []uint8, z int, targets []int) {
	var sink uint32
	for i := range e.views {
		v, s := &e.views[i], &e.vs[i]
		for _, c := range targets {
			step := 1
			if c%e.w == z%e.w {
				step = e.w
			}
			if c < z {
				step = -step
			}
			cur := s.codes
			for b := z; b != c; b += step {
				// The tile in cell b+step slides into b.
				vf, vt := v.cell[b+step], v.cell[b]
				l := uint32(v.label[cells[b+step]])
				cur[vt>>2] += l * v.x.weight[vt]
				cur[vf>>2] -= l * v.x.weight[vf]
			}
			g := s.g
			if v.row[v.cell[c]] != v.row[v.cell[z]] {
				g = v.x.rank(&cur)
			}
			sink ^= v.p.word(g)
		}
	}
	e.sink ^= sink
}

// H returns the lower bound for the board as it stands.
func (e *Evaluator) H() int {
	best := int32(0)
	for i := range e.vs {
		best = max(best, e.vs[i].d)
	}
	return int(best)
}

// Move slides tile t from cell from into the blank at cell to and returns
// the new lower bound.
func (e *Evaluator) Move(t uint8, from, to int) int {
	best := int32(0)
	e.stack = append(e.stack, e.vs...)
	for i := range e.views {
		v, s := &e.views[i], &e.vs[i]
		vf, vt := v.cell[from], v.cell[to]
		l := uint32(v.label[t])
		s.codes[vt>>2] += l * v.x.weight[vt]
		s.codes[vf>>2] -= l * v.x.weight[vf]
		if v.row[vf] != v.row[vt] {
			// A move across the view's rows changes its sequence.
			s.g = v.x.rank(&s.codes)
			s.word = v.p.word(s.g)
		}
		m := s.word >> (2 * vf) & 3
		s.d += step[s.r][m]
		s.r = rest[m]
		best = max(best, s.d)
	}
	return int(best)
}

// Undo takes back the last Move, which slid tile t from cell from to cell
// to.
func (e *Evaluator) Undo(t uint8, from, to int) {
	k := len(e.stack) - len(e.vs)
	copy(e.vs, e.stack[k:])
	e.stack = e.stack[:k]
}
