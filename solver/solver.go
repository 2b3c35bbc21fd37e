package solver

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

var (
	// ErrUnsolvable reports a board that cannot reach the goal of its
	// size. It is board.ErrUnsolvable, which table.ErrUnsolvable and
	// ida.ErrUnsolvable are too.
	ErrUnsolvable = board.ErrUnsolvable
	// ErrConfig reports options that contradict each other or are empty.
	ErrConfig = errors.New("solver: bad configuration")
)

// Solver answers distances, shortest solutions and optimal moves of
// boards of any size; see the package documentation.
type Solver struct {
	search bool
	metric board.Metric
	small  [smallSide + 1][smallSide + 1]atomic.Pointer[entry] // by W, H: no hashing on the way to a table
	sizes  sync.Map                                            // board.Size -> *entry, for the other sizes
}

// smallSide is the largest width and height whose entries sit in an array.
const smallSide = 8

// entry is what a Solver holds for one size.
type entry struct {
	size      board.Size
	goal      board.Board
	table     *table.Table  // given with WithTable
	heuristic ida.Heuristic // given with WithHeuristic

	once     sync.Once
	err      error
	exact    *table.Table // the table that answers, if any
	searcher *ida.Searcher
}

// Option configures a Solver; see New.
type Option func(*Solver) error

// New returns a Solver configured by opts, applied in order. With none it
// answers from the built-in tables where they exist and by IDA* with
// Manhattan distance and linear conflicts elsewhere. It fails with an
// error wrapping ErrConfig if two options give different goals for one
// size.
func New(opts ...Option) (*Solver, error) {
	s := &Solver{}
	for _, o := range opts {
		if err := o(s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// entryFor returns the entry of size, creating it if it is new.
func (s *Solver) entryFor(size board.Size) *entry {
	if size.W >= 0 && size.H >= 0 && size.W <= smallSide && size.H <= smallSide {
		p := &s.small[size.W][size.H]
		if e := p.Load(); e != nil {
			return e
		}
		p.CompareAndSwap(nil, &entry{size: size})
		return p.Load()
	}
	if e, ok := s.sizes.Load(size); ok {
		return e.(*entry)
	}
	e, _ := s.sizes.LoadOrStore(size, &entry{size: size})
	return e.(*entry)
}

// setGoal gives size the goal g, which must agree with any goal it has.
func (e *entry) setGoal(g board.Board, from string) error {
	if !e.goal.IsZero() && e.goal != g {
		return fmt.Errorf("%w: %s gives %s the goal %s, but it already has %s", ErrConfig, from, e.size, g, e.goal)
	}
	e.goal = g
	return nil
}

// WithTable answers boards of t's size from t, an exact table, towards
// t's goal. A later table of the same size and goal replaces it.
func WithTable(t *table.Table) Option {
	return func(s *Solver) error {
		if t == nil {
			return fmt.Errorf("%w: nil table", ErrConfig)
		}
		e := s.entryFor(t.Size())
		if err := e.setGoal(t.Goal(), "a table"); err != nil {
			return err
		}
		e.table = t
		return nil
	}
}

// WithHeuristic searches boards of the size of h's goal with h, where no
// table answers them. h must never exceed a distance; a later heuristic
// of the same size and goal replaces it.
func WithHeuristic(h ida.Heuristic) Option {
	return func(s *Solver) error {
		if h == nil || h.Goal().IsZero() {
			return fmt.Errorf("%w: nil heuristic", ErrConfig)
		}
		e := s.entryFor(h.Goal().Size())
		if err := e.setGoal(h.Goal(), "a heuristic"); err != nil {
			return err
		}
		e.heuristic = h
		return nil
	}
}

// WithGoal measures the distances of boards of goal's size to goal rather
// than to the standard goal. The built-in tables, whose goal is the
// standard one, then do not answer for that size.
func WithGoal(goal board.Board) Option {
	return func(s *Solver) error {
		if goal.IsZero() {
			return fmt.Errorf("%w: the zero board is no goal", ErrConfig)
		}
		return s.entryFor(goal.Size()).setGoal(goal, "WithGoal")
	}
}

// WithSource answers boards of src's size towards its goal from src, as
// package source found it: from its table (WithTable) or by a search
// guided by its pattern database (WithHeuristic). A nil src adds nothing.
func WithSource(src *source.Source) Option {
	switch {
	case src == nil:
		return func(*Solver) error { return nil }
	case src.Table != nil:
		return WithTable(src.Table)
	}
	return WithHeuristic(src.DB.Heuristic())
}

// WithMetric answers in the given metric: distances, paths and hints
// count its moves. In the multi-tile metric (board.MultiTile) a move of a
// path or a hint is the tile the player taps (see board.Board.Tap); the
// built-in tables are those of that metric, a table given must count its
// moves, and boards without a table are searched with ida.Lines, or a
// heuristic given, which must be a lower bound in that metric (the
// pattern databases of package pdb are not). The default is
// board.SingleTile.
func WithMetric(m board.Metric) Option {
	return func(s *Solver) error {
		if !m.Valid() {
			return fmt.Errorf("%w: %w %d", ErrConfig, board.ErrMetric, m)
		}
		s.metric = m
		return nil
	}
}

// Metric returns the metric the solver answers in.
func (s *Solver) Metric() board.Metric { return s.metric }

// WithSearch answers every board by IDA*, even where a table would: for
// comparing the two, and for measuring the search.
func WithSearch() Option {
	return func(s *Solver) error {
		s.search = true
		return nil
	}
}

// Goal returns the goal the solver measures distances of boards of size
// to, or the zero Board if size is not valid.
func (s *Solver) Goal(size board.Size) board.Board {
	if err := size.Validate(); err != nil {
		return board.Board{}
	}
	if e := s.entryFor(size); !e.goal.IsZero() {
		return e.goal
	}
	return board.Goal(size)
}

// Table returns the exact table that answers for boards of size, loading a
// built-in one on first use, or nil if boards of that size are searched.
func (s *Solver) Table(size board.Size) (*table.Table, error) {
	if err := size.Validate(); err != nil {
		return nil, err
	}
	e, err := s.prepare(size)
	if err != nil {
		return nil, err
	}
	return e.exact, nil
}

// Exact reports whether boards of size are answered from a table, in
// lookups, rather than by search.
func (s *Solver) Exact(size board.Size) bool {
	t, err := s.Table(size)
	return err == nil && t != nil
}

// prepare returns the entry of size with its table or searcher ready.
func (s *Solver) prepare(size board.Size) (*entry, error) {
	e := s.entryFor(size)
	e.once.Do(func() {
		if e.goal.IsZero() {
			e.goal = board.Goal(size)
		}
		standard := e.goal == board.Goal(size)
		if e.table != nil && e.table.Metric() != s.metric {
			e.err = fmt.Errorf("%w: the %s table counts %s-tile moves, the solver %s-tile", ErrConfig, size, e.table.Metric(), s.metric)
			return
		}
		if !s.search {
			e.exact = e.table
			if e.exact == nil && standard {
				if e.exact, e.err = builtinTable(size, s.metric); e.err != nil {
					return
				}
			}
			if e.exact != nil {
				return
			}
		}
		h := e.heuristic
		if h == nil && standard && s.metric == board.SingleTile {
			if h, e.err = builtinHeuristic(size); e.err != nil {
				return
			}
		}
		switch {
		case s.metric == board.MultiTile:
			if h == nil {
				h = ida.Lines(e.goal)
			}
			e.searcher = ida.NewIn(h, board.MultiTile)
		case h == nil:
			e.searcher = ida.New(ida.Manhattan(e.goal))
		default:
			e.searcher = ida.New(h)
		}
	})
	return e, e.err
}

// start validates b and ctx and returns the entry that answers for b.
func (s *Solver) start(ctx context.Context, b board.Board) (*entry, error) {
	if b.IsZero() {
		return nil, fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.prepare(b.Size())
}

// Distance returns the fewest moves from b to the goal of its size. It
// fails with ErrUnsolvable if b cannot reach the goal, with an error
// wrapping board.ErrSize for the zero Board, and with ctx's error if ctx
// has ended or ends before a search does.
func (s *Solver) Distance(ctx context.Context, b board.Board) (int, error) {
	e, err := s.start(ctx, b)
	if err != nil {
		return -1, err
	}
	if e.exact != nil {
		return e.exact.Distance(b)
	}
	return e.searcher.Distance(ctx, b)
}

// Path returns a shortest solution of b: the moves, each the tile that
// slides into the blank (in the multi-tile metric, the tile tapped), that
// take b to the goal, exactly Distance of
// them. Its errors are those of Distance.
func (s *Solver) Path(ctx context.Context, b board.Board) ([]uint8, error) {
	e, err := s.start(ctx, b)
	if err != nil {
		return nil, err
	}
	if e.exact != nil {
		return e.exact.Path(b)
	}
	return e.searcher.Solve(ctx, b)
}

// Hints returns every move that takes b one step closer to the goal, in
// the order of board.Board.Moves (board.Board.Taps in the multi-tile
// metric), and the distance of b; no moves for the
// goal itself. A search costs about as much as for Path, at most the whole
// of its last iteration. Its errors are those of Distance.
func (s *Solver) Hints(ctx context.Context, b board.Board) ([]uint8, int, error) {
	e, err := s.start(ctx, b)
	if err != nil {
		return nil, -1, err
	}
	if e.exact != nil {
		return e.exact.Hints(b)
	}
	return e.searcher.Hints(ctx, b)
}

// Within returns a shortest solution of b and true if b is at most limit
// moves from the goal, and false otherwise. A search stops at limit, so
// it costs less than Path for a board farther away. Its errors are those
// of Distance.
func (s *Solver) Within(ctx context.Context, b board.Board, limit int) ([]uint8, bool, error) {
	e, err := s.start(ctx, b)
	if err != nil {
		return nil, false, err
	}
	if e.exact != nil {
		d, err := e.exact.Distance(b)
		if err != nil || limit >= 0 && d > limit {
			return nil, false, err
		}
		p, err := e.exact.Path(b)
		return p, err == nil, err
	}
	return e.searcher.Within(ctx, b, limit)
}
