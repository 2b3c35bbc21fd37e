package ida

import (
	"context"
	"fmt"

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

// MultiSearcher finds shortest solutions in the multi-tile metric to the
// goal of one heuristic, by IDA*. A path is a list of tapped tiles (see
// board.Board.Tap). It is safe for concurrent use.
type MultiSearcher struct {
	h    Heuristic
	goal board.Board
	// lines[z][0] and lines[z][1]: the cells of z's column and row, the
	// cell after z's first in each, then on away from z, then the cells
	// on the other side likewise.
	lines [][2][]int
}

// NewMulti returns a searcher in the multi-tile metric bounded by h, which
// must be admissible in that metric, towards h.Goal().
func NewMulti(h Heuristic) *MultiSearcher {
	goal := h.Goal()
	size := goal.Size()
	s := &MultiSearcher{h: h, goal: goal, lines: make([][2][]int, size.Cells())}
	for z := range s.lines {
		var col, row []int
		for _, c := range size.Line(z) {
			if c%size.W == z%size.W {
				col = append(col, c)
			} else {
				row = append(row, c)
			}
		}
		s.lines[z] = [2][]int{col, row}
	}
	return s
}

// Goal returns the goal the searcher solves towards.
func (s *MultiSearcher) Goal() board.Board { return s.goal }

// Search is Searcher.Search in the multi-tile metric.
func (s *MultiSearcher) Search(ctx context.Context, b board.Board, limit int) (Result, error) {
	st, err := s.start(ctx, b)
	if err != nil {
		return Result{}, err
	}
	for bound := st.ev.H(); limit < 0 || bound <= limit; {
		st.bound = bound
		next := st.root(false)
		if st.err != nil {
			return Result{Nodes: st.nodes}, st.err
		}
		if st.found {
			return Result{Path: st.solution(), Found: true, Nodes: st.nodes}, nil
		}
		bound = next
	}
	return Result{Nodes: st.nodes}, nil
}

// Solve returns a shortest solution of b in the multi-tile metric: the
// tiles to tap. Its errors are those of Search.
func (s *MultiSearcher) Solve(ctx context.Context, b board.Board) ([]uint8, error) {
	r, err := s.Search(ctx, b, -1)
	return r.Path, err
}

// Distance returns the fewest moves from b to the goal in the multi-tile
// metric.
func (s *MultiSearcher) Distance(ctx context.Context, b board.Board) (int, error) {
	r, err := s.Search(ctx, b, -1)
	if err != nil {
		return -1, err
	}
	return len(r.Path), nil
}

// Within returns a shortest solution of b and true if there is one of at
// most limit moves, and false otherwise.
func (s *MultiSearcher) Within(ctx context.Context, b board.Board, limit int) ([]uint8, bool, error) {
	r, err := s.Search(ctx, b, limit)
	return r.Path, r.Found, err
}

// Hints returns the distance of b and every tap that takes it one step
// closer to the goal, in the order of board.Board.Taps; see
// Searcher.Hints for the cost.
func (s *MultiSearcher) Hints(ctx context.Context, b board.Board) ([]uint8, int, error) {
	st, err := s.start(ctx, b)
	if err != nil {
		return nil, -1, err
	}
	for bound := st.ev.H(); ; {
		st.bound = bound
		next := st.root(true)
		if st.err != nil {
			return nil, -1, st.err
		}
		if st.found {
			return st.hints, bound, nil
		}
		bound = next
	}
}

// start validates b and sets up a search of it.
func (s *MultiSearcher) start(ctx context.Context, b board.Board) (*multiSearch, error) {
	ok, err := b.SolvableTo(s.goal)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnsolvable, b)
	}
	return &multiSearch{
		ev:    s.h.Start(b),
		cells: b.Cells(),
		blank: b.Blank(),
		goal:  s.goal.CellString(),
		lines: s.lines,
		w:     b.Size().W,
		ctx:   ctx,
	}, nil
}

// multiSearch is one IDA* run in the multi-tile metric.
type multiSearch struct {
	ev    Evaluator
	cells []uint8
	blank int
	goal  string
	lines [][2][]int
	w     int
	ctx   context.Context
	bound int
	nodes uint64
	check int
	found bool
	err   error
	path  []uint8 // the taps of the solution, deepest first, once found
	hints []uint8 // the first taps that start a solution, for Hints
}

// solution returns the path in order.
func (st *multiSearch) solution() []uint8 {
	p := make([]uint8, len(st.path))
	for i, m := range st.path {
		p[len(p)-1-i] = m
	}
	return p
}

// tap moves the blank from cell z to cell c of its row or column, the tiles
// between sliding one cell towards z, telling the evaluator each single
// move, and returns the bound after the last.
func (st *multiSearch) tap(z, c int) int {
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
func (st *multiSearch) untap(z, c int) {
	step := st.step(c, z)
	for ; c != z; c += step {
		t := st.cells[c+step]
		st.cells[c], st.cells[c+step] = t, 0
		st.ev.Undo(t, c, c+step)
	}
}

// step returns the step from cell z towards cell c of its row or column.
func (st *multiSearch) step(z, c int) int {
	s := 1
	if c%st.w == z%st.w {
		s = st.w
	}
	if c < z {
		s = -s
	}
	return s
}

// root runs one iteration from the start; see search.root.
func (st *multiSearch) root(all bool) int {
	z := st.blank
	if st.ev.H() == 0 && string(st.cells) == st.goal {
		st.found = true
		return 0
	}
	next := int(^uint(0) >> 1)
	any := false
	// In the order of board.Board.Taps: the column, then the row.
	for across := range 2 {
		for _, c := range st.lines[z][across] {
			t := st.cells[c]
			h := st.tap(z, c)
			st.nodes++
			if f := 1 + h; f > st.bound {
				st.untap(z, c)
				next = min(next, f)
				continue
			}
			st.found = h == 0 && string(st.cells) == st.goal
			n := 0
			if !st.found {
				n = st.dfs(1, c, 1-across)
			}
			st.untap(z, c)
			switch {
			case st.err != nil:
				return 0
			case st.found && !all:
				st.path = append(st.path, t)
				return 0
			case st.found:
				st.hints = append(st.hints, t)
				st.path = st.path[:0]
				any = true
			default:
				next = min(next, n)
			}
		}
	}
	st.found = any
	return next
}

// dfs searches below the board st.cells, whose blank is in cell z, g moves
// from the start, moving the blank along its column (line 0) or its row
// (line 1). It returns the smallest f = g+h above the bound that it saw,
// or sets st.found with the path, or st.err.
func (st *multiSearch) dfs(g, z, line int) int {
	next := int(^uint(0) >> 1)
	for _, c := range st.lines[z][line] {
		t := st.cells[c]
		h := st.tap(z, c)
		st.nodes++
		if f := g + 1 + h; f > st.bound {
			st.untap(z, c)
			next = min(next, f)
			continue
		}
		if h == 0 && string(st.cells) == st.goal {
			st.untap(z, c)
			st.path = append(st.path, t)
			st.found = true
			return 0
		}
		if st.check--; st.check <= 0 {
			st.check = ctxEvery
			if err := st.ctx.Err(); err != nil {
				st.untap(z, c)
				st.err = err
				return 0
			}
		}
		n := st.dfs(g+1, c, 1-line)
		st.untap(z, c)
		if st.found || st.err != nil {
			if st.found {
				st.path = append(st.path, t)
			}
			return 0
		}
		next = min(next, n)
	}
	return next
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
