package ida

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/slidetable/slidetable/board"
)

// Searcher finds shortest solutions to the goal of one heuristic by IDA*,
// in one metric. The search loop knows nothing of the heuristic but its
// Evaluator, so any heuristic admissible in the metric gives shortest
// solutions. A Searcher is safe for concurrent use; each search starts an
// evaluator of its own.
type Searcher struct {
	h      Heuristic
	goal   board.Board
	metric board.Metric
	moves  *moveTable    // the single-tile moves
	lines  [][2][]int    // the multi-tile moves (see linesOf)
	rays   [][2][2][]int // and the same by ray (see raysOf)
	// workers is the number of goroutines that search one board (see
	// WithWorkers); 0 or 1 means one.
	workers int
	// busy, made by WithWorkers, counts the goroutines at work for the
	// searches of this searcher: one a search, and the extra workers of
	// its split iterations (see share).
	busy *atomic.Int64
}

// New returns a searcher in the single-tile metric that bounds the
// distances left with h and solves towards h.Goal(). h must be admissible:
// it never exceeds a distance.
func New(h Heuristic) *Searcher { return NewIn(h, board.SingleTile) }

// NewIn returns a searcher in metric m (board.SingleTile or
// board.MultiTile; any other value is taken for board.SingleTile) that
// bounds the distances left with h, which must be admissible in m, and
// solves towards h.Goal(). In the multi-tile metric a path lists the
// tiles tapped (see board.Board.Tap) and hints are in the order of
// board.Board.Taps.
func NewIn(h Heuristic, m board.Metric) *Searcher {
	goal := h.Goal()
	if m == board.MultiTile {
		return &Searcher{h: h, goal: goal, metric: m, lines: linesOf(goal.Size()), rays: raysOf(goal.Size())}
	}
	return &Searcher{h: h, goal: goal, metric: board.SingleTile, moves: movesOf(goal.Size())}
}

// Goal returns the goal the searcher solves towards.
func (s *Searcher) Goal() board.Board { return s.goal }

// Metric returns the metric the searcher counts moves in.
func (s *Searcher) Metric() board.Metric { return s.metric }

// Result is the outcome of one search.
type Result struct {
	// Path is a shortest solution, if Found: each move the tile that
	// slides into the blank, or in the multi-tile metric the tile tapped.
	Path []uint8
	// Found reports a solution within the limit.
	Found bool
	// Nodes counts the boards the search generated: every move it made,
	// in every iteration.
	Nodes uint64
}

// Search looks for a shortest solution of b of at most limit moves (a
// negative limit means none), raising the bound from the heuristic of b
// until it finds one or the bound passes limit. A search that finds no
// solution within limit costs no more than one that finds a solution of
// limit moves. It fails with ErrUnsolvable if b cannot reach the goal,
// with an error wrapping board.ErrMismatch if the sizes differ, and with
// ctx's error if ctx ends first.
func (s *Searcher) Search(ctx context.Context, b board.Board, limit int) (Result, error) {
	st, err := s.start(ctx, b)
	if err != nil {
		return Result{}, err
	}
	defer s.enter()()
	var it iterations
	hook := iterationHook(ctx)
	for bound := st.ev.H(); limit < 0 || bound <= limit; {
		st.bound = bound
		if hook != nil {
			hook(b, bound, st.nodes)
		}
		next, err := s.iterate(ctx, b, st, &it, false)
		if err != nil {
			return Result{Nodes: st.nodes}, err
		}
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

// Solve returns a shortest solution of b: the moves, each the tile that
// slides into the blank, that take b to the goal, as few as there can be.
// Its errors are those of Search.
func (s *Searcher) Solve(ctx context.Context, b board.Board) ([]uint8, error) {
	r, err := s.Search(ctx, b, -1)
	return r.Path, err
}

// Distance returns the fewest moves from b to the goal; see Solve.
func (s *Searcher) Distance(ctx context.Context, b board.Board) (int, error) {
	r, err := s.Search(ctx, b, -1)
	if err != nil {
		return -1, err
	}
	return len(r.Path), nil
}

// Within returns a shortest solution of b and true if there is one of at
// most limit moves, and false otherwise; see Search.
func (s *Searcher) Within(ctx context.Context, b board.Board, limit int) ([]uint8, bool, error) {
	r, err := s.Search(ctx, b, limit)
	return r.Path, r.Found, err
}

// Hints returns the distance of b and every move that takes it one step
// closer to the goal, in the order of board.Board.Moves (board.Board.Taps
// in the multi-tile metric). It costs one
// search whose last iteration goes on, after the first solution, through
// the other first moves, each until its own first solution: at most the
// whole last iteration, which a solve also mostly pays. Its errors are
// those of Search.
func (s *Searcher) Hints(ctx context.Context, b board.Board) ([]uint8, int, error) {
	st, err := s.start(ctx, b)
	if err != nil {
		return nil, -1, err
	}
	defer s.enter()()
	var it iterations
	hook := iterationHook(ctx)
	for bound := st.ev.H(); ; {
		st.bound = bound
		if hook != nil {
			hook(b, bound, st.nodes)
		}
		next, err := s.iterate(ctx, b, st, &it, true)
		if err != nil {
			return nil, -1, err
		}
		if st.err != nil {
			return nil, -1, st.err
		}
		if st.found {
			return st.hints, bound, nil
		}
		bound = next
	}
}

// iterations is what a search keeps between its iterations to decide how
// to run the next.
type iterations struct {
	nodes   uint64    // of the last iteration
	workers []*search // the workers' searches, once made
}

// iterate runs one iteration of st, with its bound set, on one goroutine
// or, once the last iteration was costly, on up to s.workers: as many as
// the other searches of s leave idle (see share).
func (s *Searcher) iterate(ctx context.Context, b board.Board, st *search, it *iterations, all bool) (int, error) {
	before := st.nodes
	defer func() { it.nodes = st.nodes - before }()
	if s.workers > 1 && it.nodes >= parallelNodes {
		if extra := s.share(); extra > 0 {
			defer s.busy.Add(-int64(extra))
			if it.workers == nil {
				var err error
				if it.workers, err = s.workersFor(ctx, b); err != nil {
					return 0, err
				}
			}
			if next, ok := s.parallelRoot(st, it.workers[:1+extra], all); ok {
				return next, nil
			}
		}
	}
	return st.root(all), nil
}

// start validates b and sets up a search of it.
func (s *Searcher) start(ctx context.Context, b board.Board) (*search, error) {
	ok, err := b.SolvableTo(s.goal)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnsolvable, b)
	}
	ev := s.h.Start(b)
	cut, _ := ev.(CutEvaluator)
	taps, _ := ev.(TapEvaluator)
	if s.metric != board.MultiTile {
		taps = nil
	}
	return &search{
		ev:    ev,
		cut:   cut,
		taps:  taps,
		cells: b.Cells(),
		blank: b.Blank(),
		goal:  s.goal.CellString(),
		moves: s.moves,
		lines: s.lines,
		rays:  s.rays,
		w:     b.Size().W,
		ctx:   ctx,
	}, nil
}

// moveTable lists, for each cell of the blank, the cells whose tiles can
// slide into it, in the order of board.Board.Moves (above, below, left,
// right).
type moveTable struct {
	next  [][4]uint8
	count []uint8
}

var moveTables sync.Map // board.Size -> *moveTable

func movesOf(size board.Size) *moveTable {
	if m, ok := moveTables.Load(size); ok {
		return m.(*moveTable)
	}
	n := size.Cells()
	m := &moveTable{next: make([][4]uint8, n), count: make([]uint8, n)}
	for z := range n {
		cells, k := size.Neighbours(z) // in the move order of board.Board.Moves
		for i, c := range cells[:k] {
			m.next[z][i] = uint8(c)
		}
		m.count[z] = uint8(k)
	}
	v, _ := moveTables.LoadOrStore(size, m)
	return v.(*moveTable)
}

// search is one IDA* run.
type search struct {
	ev    Evaluator
	cut   CutEvaluator // ev, if it is one
	taps  TapEvaluator // ev, if it is one, in the multi-tile metric
	cells []uint8
	blank int
	goal  string
	moves *moveTable    // single-tile moves, or nil
	lines [][2][]int    // multi-tile moves, if moves is nil
	rays  [][2][2][]int // the same by ray
	w     int
	ctx   context.Context
	bound int
	nodes uint64
	check int // boards to enter before the next look at ctx
	found bool
	err   error
	path  []uint8     // the moves of the solution, deepest first, once found
	hints []uint8     // the first moves that start a solution, for Hints
	first []firstMove // the moves from the start, kept between iterations
	// For a worker of a parallel search: the task it runs, the index from
	// which tasks are no longer needed, and for Hints whether its first
	// move has a solution already (see stopped).
	task      int
	stopAt    *atomic.Int64
	firstDone *atomic.Bool
	// The buffers of dfsTaps, one for each depth.
	rayTiles  [][]uint8
	rayBounds [][]int
}

// interrupted returns ctx's error, or errStopped if the iteration no
// longer needs the task this search runs.
func (st *search) interrupted() error {
	if err := st.ctx.Err(); err != nil {
		return err
	}
	if st.stopped() {
		return errStopped
	}
	return nil
}

// ctxEvery is how many boards a search enters between looks at its
// context.
const ctxEvery = 1 << 16

// solution returns the path in order.
func (st *search) solution() []uint8 {
	p := make([]uint8, len(st.path))
	for i, m := range st.path {
		p[len(p)-1-i] = m
	}
	return p
}

// root runs one iteration with st.bound from the start and returns the
// smallest f above the bound it saw. With all set, it goes on after a
// solution through the other first moves and collects in st.hints those
// that start one. It serves both metrics; below the first move, dfs (one
// tile a move) or dfsMulti (a row or column of tiles a move) goes on, each
// a kernel of its own, since that loop is where a search spends its time.
func (st *search) root(all bool) int {
	z := st.blank
	if st.ev.H() == 0 && string(st.cells) == st.goal {
		st.found = true
		return 0
	}
	next := int(^uint(0) >> 1)
	any := false
	for _, m := range st.firstMoves(z) {
		c := m.cell
		t := st.cells[c]
		h := st.apply(z, c)
		st.nodes++
		if f := 1 + h; f > st.bound {
			st.takeBack(z, c)
			next = min(next, f)
			continue
		}
		st.found = h == 0 && string(st.cells) == st.goal
		n := 0
		if !st.found {
			if st.moves != nil {
				n = st.dfs(1, c, z)
			} else {
				n = st.dfsMulti(1, c, 1-m.line)
			}
		}
		st.takeBack(z, c)
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
	st.found = any
	return next
}

// firstMove is a move from the start: the blank goes to cell, along its
// column (line 0) or its row (line 1).
type firstMove struct{ cell, line int }

// firstMoves lists the moves from the start, the blank in cell z, in the
// order of board.Board.Moves, or of board.Board.Taps in the multi-tile
// metric.
func (st *search) firstMoves(z int) []firstMove {
	out := st.first[:0]
	defer func() { st.first = out }()
	if st.moves != nil {
		for i := range int(st.moves.count[z]) {
			c := int(st.moves.next[z][i])
			line := 1
			if c%st.w == z%st.w {
				line = 0
			}
			out = append(out, firstMove{c, line})
		}
		return out
	}
	for line := range 2 {
		for _, c := range st.lines[z][line] {
			out = append(out, firstMove{c, line})
		}
	}
	return out
}

// apply moves the blank from cell z to cell c, a neighbour or, in the
// multi-tile metric, any cell of its row or column, and returns the bound
// after the move.
func (st *search) apply(z, c int) int {
	if st.moves == nil {
		return st.tap(z, c)
	}
	t := st.cells[c]
	h := st.ev.Move(t, c, z)
	st.cells[z], st.cells[c] = t, 0
	return h
}

// takeBack undoes apply(z, c).
func (st *search) takeBack(z, c int) {
	if st.moves == nil {
		st.untap(z, c)
		return
	}
	t := st.cells[z]
	st.cells[c], st.cells[z] = t, 0
	st.ev.Undo(t, c, z)
}

// dfs searches below the board st.cells, whose blank is in cell z, g moves
// from the start, never moving the blank back to cell prev. It returns the
// smallest f = g+h above the bound that it saw, or sets st.found with the
// path, or st.err.
func (st *search) dfs(g, z, prev int) int {
	next := int(^uint(0) >> 1)
	ns := &st.moves.next[z]
	for i := range int(st.moves.count[z]) {
		c := int(ns[i])
		if c == prev {
			continue
		}
		t := st.cells[c]
		var h int
		if st.cut != nil {
			h = st.cut.MoveAbove(t, c, z, st.bound-g-1)
		} else {
			h = st.ev.Move(t, c, z)
		}
		st.nodes++
		if f := g + 1 + h; f > st.bound {
			st.ev.Undo(t, c, z)
			next = min(next, f)
			continue
		}
		st.cells[z], st.cells[c] = t, 0
		if h == 0 && string(st.cells) == st.goal {
			st.cells[c], st.cells[z] = t, 0
			st.ev.Undo(t, c, z)
			st.path = append(st.path, t)
			st.found = true
			return 0
		}
		if st.check--; st.check <= 0 {
			st.check = ctxEvery
			if err := st.interrupted(); err != nil {
				st.cells[c], st.cells[z] = t, 0
				st.ev.Undo(t, c, z)
				st.err = err
				return 0
			}
		}
		n := st.dfs(g+1, c, z)
		st.cells[c], st.cells[z] = t, 0
		st.ev.Undo(t, c, z)
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
