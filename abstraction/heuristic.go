package abstraction

import (
	"slices"
	"unsafe"

	"golang.org/x/sys/cpu"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/container"
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
	// loaded is views without their caches, for the evaluators started
	// once every block is in memory (see Cache.Complete); nil for a
	// database decoded whole.
	loaded []view
	mv     *moves
	n      int
}

// view is one lookup of the heuristic: a classing, on the board or on its
// mirror.
//
// Its tables are indexed by the board's cells and tiles, so that a move
// needs no translation: for board cell c, chunk[c] is the chunk of the
// view's cell (see indexer), row[c] its row and shift[c] the place of its
// entry in its group's word; part[t][c] is what tile t in cell c adds to
// its chunk's code.
type view struct {
	p     *part
	x     *indexer
	words []uint32         // p.words
	cache *container.Cache // p.blocks.Cache, for a database read in place
	bsh   uint             // p.blocks.shift
	cell  [maxCells]uint8
	label [maxCells]uint8 // the class of each tile in the view
	chunk [maxCells]uint8
	row   [maxCells]uint8
	shift [maxCells]uint8
	part  [maxCells][maxCells]uint32
}

// set fills the tables of v from its cells and labels, on a board of
// width w.
func (v *view) set(n, w int) {
	for c := range n {
		vc := v.cell[c]
		v.chunk[c], v.row[c], v.shift[c] = vc>>2, vc/uint8(w), 2*vc
		for t := range n {
			v.part[t][c] = uint32(v.label[t]) * v.x.weight[vc]
		}
	}
}

// Bound returns the database's heuristic as the lower bound of a search
// (ida.Heuristic): Heuristic, for a caller that takes any kind of file
// whose entries bound distances.
func (db *DB) Bound() ida.Heuristic { return db.Heuristic() }

// Heuristic returns the database's heuristic.
func (db *DB) Heuristic() *Heuristic {
	size := db.goal.Size()
	h := &Heuristic{db: db, mv: movesOf(size), n: size.Cells()}
	for _, p := range db.parts {
		v := view{p: p, x: p.x, words: p.words}
		if p.blocks != nil {
			v.cache, v.bsh = &p.blocks.Cache, p.blocks.shift
		}
		for c := range h.n {
			v.cell[c] = uint8(c)
			v.label[c] = p.cl.ofTile[c]
		}
		v.set(h.n, size.W)
		h.views = append(h.views, v)
		if db.reflex {
			m := v
			for c := range h.n {
				m.cell[c] = db.mirror.cell[c]
				m.label[c] = p.cl.ofTile[db.mirror.tile[c]]
			}
			m.set(h.n, size.W)
			h.views = append(h.views, m)
		}
	}
	h.loaded = slices.Clone(h.views)
	for i := range h.loaded {
		if h.loaded[i].cache == nil { // a part decoded whole: nothing to skip
			h.loaded = nil
			break
		}
		h.loaded[i].cache = nil
	}
	return h
}

// viewsNow returns the views for an evaluator started now: without their
// caches once every block of the database is in memory.
func (h *Heuristic) viewsNow() []view {
	if h.loaded == nil {
		return h.views
	}
	for i := range h.views {
		if !h.views[i].cache.Complete() {
			return h.views
		}
	}
	return h.loaded
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
	views := h.viewsNow()
	e := &Evaluator{views: views, vs: statesApart(len(views)), stack: make([]vstate, 0, 64*len(views))}
	a := make([]uint8, h.n)
	for i := range views {
		v := &views[i]
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
//
// An evaluator is written at every move, and the workers of a search
// running on several goroutines start theirs one after another: the
// padding keeps each off the others' cache lines (sharing them, the
// workers took 1.4 times as long).
type Evaluator struct {
	_     cpu.CacheLinePad
	lead  int // the view Taps asks first: the last that cut a move off
	views []view
	vs    []vstate // apart from other objects (statesApart)
	stack []vstate // the views before each move, for Undo
	_     cpu.CacheLinePad
}

// statesApart returns n vstates that share no cache line with another
// object (see Evaluator).
func statesApart(n int) []vstate {
	line, size := unsafe.Sizeof(cpu.CacheLinePad{}), unsafe.Sizeof(vstate{})
	pad := int((line + size - 1) / size)
	buf := make([]vstate, pad+n+pad)
	return buf[pad : pad+n : pad+n]
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
	// Cells and tiles are below 16 (maxCells): the masks tell the compiler
	// so, and spare the bounds checks.
	f, c, t := from&15, to&15, t&15
	for i := range e.views {
		v, s := &e.views[i], &e.vs[i]
		s.codes[v.chunk[c]&3] += v.part[t][c]
		s.codes[v.chunk[f]&3] -= v.part[t][f]
		if v.row[f] != v.row[c] {
			// A move across the view's rows changes its sequence.
			s.g = v.x.rank(&s.codes)
			s.word = v.word(s.g)
		}
		m := s.word >> v.shift[f] & 3
		s.d += step[s.r][m]
		s.r = rest[m]
		best = max(best, s.d)
	}
	return int(best)
}

// word is part.word for the view's part, its check written out (part.word
// does not inline).
func (v *view) word(g uint32) uint32 {
	if v.cache != nil && !v.cache.Ready(uint64(g>>v.bsh)) {
		v.cache.Load(uint64(g >> v.bsh)) // a block that fails reads as unknown
	}
	return v.words[g]
}

// Undo takes back the last Move, which slid tile t from cell from to cell
// to.
func (e *Evaluator) Undo(t uint8, from, to int) { e.pop() }

// pop restores the views as they were before the last Move or Tap.
func (e *Evaluator) pop() {
	k := len(e.stack) - len(e.vs)
	copy(e.vs, e.stack[k:])
	e.stack = e.stack[:k]
}

var _ ida.TapEvaluator = (*Evaluator)(nil)

// Taps bounds each move of the blank from cell z along ray, the tiles of
// ray sliding one more a move. Each move is one move from the board as it
// stands, so its distance in a view is the view's distance now, give or
// take one, as the entry's remainder says; a view stops looking up a move
// once an earlier view put it above limit, and the views stop once every
// move is. The first view asked is the last that cut a move off, which
// cuts off the next most often (a tenth fewer lookups than a fixed order,
// on the built-in tier).
func (e *Evaluator) Taps(z int, ray []int, tiles []uint8, limit int, bounds []int) {
	tiles, bounds = tiles[:len(ray)], bounds[:len(ray)]
	clear(bounds)
	open := len(ray)
	n := len(e.views)
	lead := e.lead // this call's order, whichever view cuts off during it
	for j := range n {
		i := j + lead
		if i >= n {
			i -= n
		}
		v, s := &e.views[i], &e.vs[i]
		cur, b, zr := s.codes, z&15, v.row[z&15]
		word, d, dr := s.word, s.d, &step[s.r%3]
		for k, c := range ray {
			c, t := c&15, tiles[k]&15
			cur[v.chunk[b]&3] += v.part[t][b]
			cur[v.chunk[c]&3] -= v.part[t][c]
			b = c
			if bounds[k] > limit {
				continue
			}
			w := word
			if v.row[c] != zr {
				w = v.word(v.x.rank(&cur))
			}
			if nd := int(d + dr[w>>v.shift[c]&3]); nd > bounds[k] {
				bounds[k] = nd
				if nd > limit {
					open--
					e.lead = i
				}
			}
		}
		if open == 0 {
			return
		}
	}
}

// Tap moves the blank from cell z to ray[len(tiles)-1], the tiles of
// tiles sliding, and returns the new lower bound.
func (e *Evaluator) Tap(z int, ray []int, tiles []uint8) int {
	best := int32(0)
	e.stack = append(e.stack, e.vs...)
	c := ray[len(tiles)-1] & 15
	for i := range e.views {
		v, s := &e.views[i], &e.vs[i]
		b, zr := z&15, v.row[z&15]
		for k, t := range tiles {
			x, t := ray[k]&15, t&15
			s.codes[v.chunk[b]&3] += v.part[t][b]
			s.codes[v.chunk[x]&3] -= v.part[t][x]
			b = x
		}
		if v.row[c] != zr {
			s.g = v.x.rank(&s.codes)
			s.word = v.word(s.g)
		}
		m := s.word >> v.shift[c] & 3
		s.d += step[s.r][m]
		s.r = rest[m]
		best = max(best, s.d)
	}
	return int(best)
}

// UndoTap takes back the last Tap.
func (e *Evaluator) UndoTap() { e.pop() }

// Strength returns how far beyond the bound boards lie (ida.Strength),
// as measured with the built-in tier on uniform random 4x4 boards: ratios
// of distance to bound of 1.21, 1.29 and 1.47 at the 10th, 50th and 90th
// percentiles, 1.57 at most. The large tier is stronger.
func (h *Heuristic) Strength() ida.Strength {
	return ida.Strength{Q10: 1.2, Q50: 1.3, Q90: 1.47, Max: 1.6}
}
