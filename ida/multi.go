package ida

import (
	"sync"

	"github.com/slidetable/slidetable/board"
)

// The multi-tile metric (board.MultiTile): a move taps a tile in the
// blank's row or column, and it and the tiles between slide one cell
// towards the blank. Two moves along one line in a row make one move along
// it (or none), so a shortest solution alternates moves along a row and
// along a column: the search tries only moves across the line of the move
// before, w-1 or h-1 of them. A move of k tiles reaches the Evaluator as
// the k single-tile moves it is made of, the tile next to the blank first,
// so an Evaluator serves either metric; the bound must be admissible in
// the metric searched (Lines is, Manhattan is not).

// linesOf returns, for each cell z of a board of size, the cells of z's
// column (index 0) and row (index 1): the cell after z's first in each,
// then on away from z, then the cells on the other side likewise, the
// order of board.Board.Taps.
func linesOf(size board.Size) [][2][]int {
	if l, ok := tapTables.Load(size); ok {
		return l.([][2][]int)
	}
	out := make([][2][]int, size.Cells())
	for z := range out {
		var col, row []int
		for _, c := range size.Line(z) {
			if c%size.W == z%size.W {
				col = append(col, c)
			} else {
				row = append(row, c)
			}
		}
		out[z] = [2][]int{col, row}
	}
	l, _ := tapTables.LoadOrStore(size, out)
	return l.([][2][]int)
}

var tapTables sync.Map // board.Size -> [][2][]int

// tap moves the blank from cell z to cell c of its row or column, the tiles
// between sliding one cell towards z, telling the evaluator each single
// move, and returns the bound after the last.
func (st *search) tap(z, c int) int {
	step := st.step(z, c)
	h := 0
	for ; z != c; z += step {
		t := st.cells[z+step]
		h = st.ev.Move(t, z+step, z)
		st.cells[z], st.cells[z+step] = t, 0
	}
	return h
}

// untap takes back tap(z, c): the blank is at c and goes back to z.
func (st *search) untap(z, c int) {
	step := st.step(c, z)
	for ; c != z; c += step {
		t := st.cells[c+step]
		st.cells[c], st.cells[c+step] = t, 0
		st.ev.Undo(t, c, c+step)
	}
}

// step returns the step from cell z towards cell c of its row or column.
func (st *search) step(z, c int) int {
	s := 1
	if c%st.w == z%st.w {
		s = st.w
	}
	if c < z {
		s = -s
	}
	return s
}

// raysOf returns, for each cell z of a board of size and each of its
// lines (0 its column, 1 its row), the two rays of the line from z: the
// cells on one side of z in order away from it, then those on the other.
// Moving the blank to the k-th cell of a ray slides the k tiles between one
// cell, so the moves along a ray are each one more tile slid than the one
// before.
func raysOf(size board.Size) [][2][2][]int {
	if r, ok := rayTables.Load(size); ok {
		return r.([][2][2][]int)
	}
	w, n := size.W, size.Cells()
	out := make([][2][2][]int, n)
	for z := range out {
		for line, step := range [2]int{w, 1} {
			for side, s := range [2]int{-step, step} {
				for c := z + s; c >= 0 && c < n && (line == 0 || c/w == z/w); c += s {
					out[z][line][side] = append(out[z][line][side], c)
				}
			}
		}
	}
	r, _ := rayTables.LoadOrStore(size, out)
	return r.([][2][2][]int)
}

var rayTables sync.Map // board.Size -> [][2][2][]int

// dfsMulti is dfs in the multi-tile metric: it searches below the board
// st.cells, whose blank is in cell z, g moves from the start, moving the
// blank along its column (line 0) or its row (line 1). It returns the
// smallest f = g+h above the bound that it saw, or sets st.found with the
// path, or st.err. Along each ray of the line it slides one tile more for
// each move, so that a move costs the evaluator one tile, whatever its
// length; a TapEvaluator bounds a ray's moves at once, in dfsTaps.
func (st *search) dfsMulti(g, z, line int) int {
	if st.taps != nil {
		return st.dfsTaps(g, z, line)
	}
	next := int(^uint(0) >> 1)
	for _, ray := range st.rays[z][line] {
		b := z // the blank's cell
		for k, c := range ray {
			t := st.cells[c]
			h := st.ev.Move(t, c, b)
			st.cells[b], st.cells[c] = t, 0
			b = c
			st.nodes++
			if f := g + 1 + h; f > st.bound {
				next = min(next, f)
				continue
			}
			if h == 0 && string(st.cells) == st.goal {
				st.unslide(z, ray[:k+1])
				st.path = append(st.path, t)
				st.found = true
				return 0
			}
			if st.check--; st.check <= 0 {
				st.check = ctxEvery
				if err := st.interrupted(); err != nil {
					st.unslide(z, ray[:k+1])
					st.err = err
					return 0
				}
			}
			n := st.dfsMulti(g+1, c, 1-line)
			if st.found || st.err != nil {
				st.unslide(z, ray[:k+1])
				if st.found {
					st.path = append(st.path, t)
				}
				return 0
			}
			next = min(next, n)
		}
		st.unslide(z, ray)
	}
	return next
}

// dfsTaps is dfsMulti with a TapEvaluator: for each ray of the line it
// asks the bounds of the ray's moves at once, and plays only those within
// the bound, a whole tap at a time.
func (st *search) dfsTaps(g, z, line int) int {
	next := int(^uint(0) >> 1)
	tiles, hs := st.rayBuffers(g)
	for _, ray := range st.rays[z][line] {
		if len(ray) == 0 {
			continue
		}
		for k, c := range ray {
			tiles[k] = st.cells[c]
		}
		st.taps.Taps(z, ray, tiles[:len(ray)], st.bound-g-1, hs[:len(ray)])
		for k, c := range ray {
			st.nodes++
			if f := g + 1 + hs[k]; f > st.bound {
				next = min(next, f)
				continue
			}
			h := st.taps.Tap(z, ray, tiles[:k+1])
			board.SlideCells(st.cells, st.w, z, c)
			if h == 0 && string(st.cells) == st.goal {
				st.untaps(z, c)
				st.path = append(st.path, tiles[k])
				st.found = true
				return 0
			}
			if st.check--; st.check <= 0 {
				st.check = ctxEvery
				if err := st.interrupted(); err != nil {
					st.untaps(z, c)
					st.err = err
					return 0
				}
			}
			n := st.dfsTaps(g+1, c, 1-line)
			st.untaps(z, c)
			if st.found || st.err != nil {
				if st.found {
					st.path = append(st.path, tiles[k])
				}
				return 0
			}
			next = min(next, n)
		}
	}
	return next
}

// rayBuffers returns the buffers of dfsTaps at depth g: for the tiles of
// a ray and the bounds of its moves, each as long as the longest ray.
func (st *search) rayBuffers(g int) ([]uint8, []int) {
	for len(st.rayTiles) <= g {
		n := max(st.w, len(st.cells)/st.w)
		st.rayTiles = append(st.rayTiles, make([]uint8, n))
		st.rayBounds = append(st.rayBounds, make([]int, n))
	}
	return st.rayTiles[g], st.rayBounds[g]
}

// untaps takes back a Tap of dfsTaps from cell z to cell c.
func (st *search) untaps(z, c int) {
	board.SlideCells(st.cells, st.w, c, z)
	st.taps.UndoTap()
}

// unslide takes back the slides of dfsMulti along ray from cell z, the
// blank now in the ray's last cell: the tiles go back one cell each, the
// last slid first.
func (st *search) unslide(z int, ray []int) {
	for i := len(ray) - 1; i >= 0; i-- {
		prev := z
		if i > 0 {
			prev = ray[i-1]
		}
		t := st.cells[prev]
		st.cells[ray[i]], st.cells[prev] = t, 0
		st.ev.Undo(t, ray[i], prev)
	}
}

// Lines returns a heuristic admissible in the multi-tile metric: a move
// along a row slides at most w-1 tiles one column each, and a move along a
// column at most h-1 tiles one row each, so at least S_col/(w-1) moves
// along rows and S_row/(h-1) along columns remain, S_col and S_row the sums
// over the tiles of their distances from their goal columns and rows.
func Lines(goal board.Board) Heuristic {
	size := goal.Size()
	l := &lines{goal: goal, w: size.W, hw: size.W - 1, hh: size.H - 1, col: make([]int, size.Cells()), row: make([]int, size.Cells())}
	for c, t := range goal.Cells() {
		l.col[t], l.row[t] = c%size.W, c/size.W
	}
	return l
}

// lines is the heuristic of Lines.
type lines struct {
	goal     board.Board
	w        int
	hw, hh   int   // w-1, h-1
	col, row []int // the goal column and row of each tile
}

func (l *lines) Goal() board.Board { return l.goal }

func (l *lines) Start(b board.Board) Evaluator {
	e := &linesEval{l: l}
	for c, t := range b.Cells() {
		if t != 0 {
			e.cols += abs(c%l.w - l.col[t])
			e.rows += abs(c/l.w - l.row[t])
		}
	}
	return e
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// linesEval keeps S_col and S_row.
type linesEval struct {
	l          *lines
	cols, rows int
}

func (e *linesEval) H() int {
	return (e.cols+e.l.hw-1)/e.l.hw + (e.rows+e.l.hh-1)/e.l.hh
}

func (e *linesEval) Move(t uint8, from, to int) int {
	e.shift(t, from, to)
	return e.H()
}

func (e *linesEval) Undo(t uint8, from, to int) { e.shift(t, to, from) }

// shift moves tile t from cell from to cell to in the sums.
func (e *linesEval) shift(t uint8, from, to int) {
	w := e.l.w
	e.cols += abs(to%w-e.l.col[t]) - abs(from%w-e.l.col[t])
	e.rows += abs(to/w-e.l.row[t]) - abs(from/w-e.l.row[t])
}
