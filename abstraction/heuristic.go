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
	e := &Evaluator{h: h, vs: make([]vstate, len(h.views)), stack: make([]saved, 0, 64*len(h.views)), w: b.Size().W}
	a := make([]uint8, h.n)
	for i := range h.views {
		v := &h.views[i]
		for c := range h.n {
			a[v.cell[c]] = v.label[b.At(c)]
		}
		s := &e.vs[i]
		s.codes = v.x.codes(a)
		s.g = v.x.rank(&s.codes)
		s.z = v.cell[b.Blank()]
		s.d = int32(v.p.exact(h.mv, a))
	}
	return e
}

// Evaluator is the Heuristic kept up to date along a search path. It is
// not safe for concurrent use.
type Evaluator struct {
	h     *Heuristic
	vs    []vstate
	stack []saved
	sink  uint32 // keeps the loads of Prefetch
	w     int
}

// vstate is a view's arrangement as a search stands: its chunk codes, its
// group, its blank's cell and its distance (-1 if unknown).
type vstate struct {
	codes [4]uint32
	g     uint32
	z     uint8
	d     int32
}

// saved is what Undo needs of a view.
type saved struct {
	g uint32
	d int32
}

var _ ida.Prefetcher = (*Evaluator)(nil)

// Prefetch reads the words of the arrangements of every view after each
// move of the blank from cell z of the board cells to a cell of targets,
// so that the processor fetches them together; Move then finds them in
// its cache.
func (e *Evaluator) Prefetch(cells []uint8, z int, targets []int) {
	var sink uint32
	for i := range e.h.views {
		v, s := &e.h.views[i], &e.vs[i]
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
	for i := range e.h.views {
		v, s := &e.h.views[i], &e.vs[i]
		e.stack = append(e.stack, saved{s.g, s.d})
		vf, vt := v.cell[from], v.cell[to]
		l := uint32(v.label[t])
		s.codes[vt>>2] += l * v.x.weight[vt]
		s.codes[vf>>2] -= l * v.x.weight[vf]
		if v.row[vf] != v.row[vt] {
			s.g = v.x.rank(&s.codes)
		}
		s.z = vf
		s.d = decode(s.d, v.p.word(s.g)>>(2*vf)&3)
		best = max(best, s.d)
	}
	return int(best)
}

// Undo takes back the last Move, which slid tile t from cell from to cell
// to.
func (e *Evaluator) Undo(t uint8, from, to int) {
	k := len(e.stack) - len(e.vs)
	for i := range e.h.views {
		v, s := &e.h.views[i], &e.vs[i]
		vf, vt := v.cell[from], v.cell[to]
		l := uint32(v.label[t])
		s.codes[vt>>2] -= l * v.x.weight[vt]
		s.codes[vf>>2] += l * v.x.weight[vf]
		s.z = vt
		s.g, s.d = e.stack[k+i].g, e.stack[k+i].d
	}
	e.stack = e.stack[:k]
}

// decode returns the distance of an arrangement one move from one at
// distance d whose entry is m, its distance modulo 3: the one of d-1, d
// and d+1 with that remainder. It returns -1 (unknown) if d is unknown or
// m is 3, an entry of a block that could not be read.
func decode(d int32, m uint32) int32 {
	if d < 0 || m == 3 {
		return -1
	}
	switch (int32(m) - d%3 + 3) % 3 {
	case 1:
		return d + 1
	case 2:
		return d - 1
	}
	return d
}
