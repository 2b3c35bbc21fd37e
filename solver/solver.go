package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
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
	ErrConfig = failure.New(failure.Input, "solver: bad configuration")
)

// Solver answers distances, shortest solutions and optimal moves of
// boards of any size, in one metric, from what a source.Catalog hands it;
// see the package documentation.
type Solver struct {
	cat    *source.Catalog
	metric board.Metric
	small  [smallSide + 1][smallSide + 1]atomic.Pointer[source.Answer] // by W, H: no hashing on the way to a table
	sizes  sync.Map                                                    // board.Size -> *source.Answer, for the other sizes
	reach  time.Duration                                               // WithReach
}

// smallSide is the largest width and height whose answers sit in an array.
const smallSide = 8

// Option configures a Solver; see New.
type Option func(*config) error

// config is what the options of New say.
type config struct {
	cat        *source.Catalog
	opts       source.CatalogOptions
	heuristics []ida.Heuristic // WithHeuristic, in the solver's metric
	own        bool            // a table, heuristic, goal or WithSearch: for a catalogue of the solver's own
	fromOpts   bool            // WithCatalogOptions: opts are the caller's
	metric     board.Metric
	reach      time.Duration
}

// New returns a Solver configured by opts, applied in order. With none it
// answers from the built-in tables where they exist and by IDA* with the
// best bound built in elsewhere (source.Catalog decides, with no folder of
// installed files). It fails with an error wrapping ErrConfig for options
// that contradict each other: two goals for one size, or a catalogue
// (WithCatalog, WithCatalogOptions) together with tables, heuristics or
// goals of the solver's own, which belong in the catalogue.
func New(opts ...Option) (*Solver, error) {
	var c config
	for _, o := range opts {
		if err := o(&c); err != nil {
			return nil, err
		}
	}
	switch {
	case (c.cat != nil || c.fromOpts) && c.own:
		return nil, fmt.Errorf("%w: give a catalogue its tables, heuristics and goals (source.CatalogOptions), not the solver", ErrConfig)
	case c.cat != nil && c.fromOpts:
		return nil, fmt.Errorf("%w: a catalogue and the options of another", ErrConfig)
	case c.fromOpts:
		cat, err := source.NewCatalog(&c.opts)
		if err != nil {
			return nil, err
		}
		c.cat = cat
	case c.cat == nil:
		for _, src := range c.opts.Given {
			if src.Table != nil && src.Table.Metric() != c.metric {
				return nil, fmt.Errorf("%w: the %s table counts %s-tile moves, the solver %s-tile", ErrConfig, src.Table.Size(), src.Table.Metric(), c.metric)
			}
		}
		for _, h := range c.heuristics {
			c.opts.Given = append(c.opts.Given, &source.Source{Origin: source.Given, Heuristic: h, HeuristicMetric: c.metric})
		}
		cat, err := source.NewCatalog(&c.opts)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrConfig, err)
		}
		c.cat = cat
	}
	return &Solver{cat: c.cat, metric: c.metric, reach: c.reach}, nil
}

// WithCatalog answers from cat, what the command line, the server and
// the WebAssembly build each make once for every size they play.
func WithCatalog(cat *source.Catalog) Option {
	return func(c *config) error {
		if cat == nil {
			return fmt.Errorf("%w: nil catalogue", ErrConfig)
		}
		c.cat = cat
		return nil
	}
}

// WithCatalogOptions answers from a catalogue of the solver's own made
// with opts (source.NewCatalog): the files a caller names, its goals, the
// folder of installed files. New fails with the catalogue's errors as
// they are; tables, heuristics and goals go in opts, not in options of
// the solver, and a question a given file cannot answer is refused by
// the catalogue (source.MismatchError), whatever the solver's metric.
func WithCatalogOptions(opts source.CatalogOptions) Option {
	return func(c *config) error {
		c.fromOpts = true
		c.opts = opts
		return nil
	}
}

// WithTable answers boards of t's size from t, an exact table, towards
// t's goal. A later table of the same size, goal and metric is not used.
func WithTable(t *table.Table) Option {
	return func(c *config) error {
		if t == nil {
			return fmt.Errorf("%w: nil table", ErrConfig)
		}
		c.own = true
		c.opts.Given = append(c.opts.Given, &source.Source{Origin: source.Given, Table: t})
		return nil
	}
}

// WithHeuristic searches boards of the size of h's goal with h, where no
// table answers them. h must never exceed a distance in the solver's
// metric (WithMetric).
func WithHeuristic(h ida.Heuristic) Option {
	return func(c *config) error {
		if h == nil || h.Goal().IsZero() {
			return fmt.Errorf("%w: nil heuristic", ErrConfig)
		}
		c.own = true
		c.heuristics = append(c.heuristics, h)
		return nil
	}
}

// WithGoal measures the distances of boards of goal's size to goal rather
// than to the standard goal. The built-in tables, whose goal is the
// standard one, then do not answer for that size.
func WithGoal(goal board.Board) Option {
	return func(c *config) error {
		if goal.IsZero() {
			return fmt.Errorf("%w: the zero board is no goal", ErrConfig)
		}
		c.own = true
		c.opts.Goals = append(c.opts.Goals, goal)
		return nil
	}
}

// WithMetric answers in the given metric: distances, paths and hints
// count its moves. In the multi-tile metric (board.MultiTile) a move of a
// path or a hint is the tile the player taps (see board.Board.Tap); the
// built-in tables are those of that metric, a table given must count its
// moves, and boards without a table are searched with the catalogue's
// bound of that metric, or a heuristic given, which must be a lower bound
// in that metric (the pattern databases of package pdb are not). The
// default is board.SingleTile.
func WithMetric(m board.Metric) Option {
	return func(c *config) error {
		if !m.Valid() {
			return fmt.Errorf("%w: %w %d", ErrConfig, board.ErrMetric, m)
		}
		c.metric = m
		return nil
	}
}

// WithSearch answers every board by IDA*, even where a table would: for
// comparing the two, and for measuring the search.
func WithSearch() Option {
	return func(c *config) error {
		c.own = true
		c.opts.Search = true
		return nil
	}
}

// Metric returns the metric the solver answers in.
func (s *Solver) Metric() board.Metric { return s.metric }

// Catalog returns the catalogue the solver answers from.
func (s *Solver) Catalog() *source.Catalog { return s.cat }

// Goal returns the goal the solver measures distances of boards of size
// to, or the zero Board if size is not valid.
func (s *Solver) Goal(size board.Size) board.Board {
	if err := size.Validate(); err != nil {
		return board.Board{}
	}
	return s.cat.Goal(size)
}

// Answer returns what answers boards of size: the exact table, or the
// search and its bound, found and proven by the catalogue on the first
// board of the size (with ctx) and kept. Its errors are the catalogue's.
func (s *Solver) Answer(ctx context.Context, size board.Size) (*source.Answer, error) {
	if size.W >= 0 && size.H >= 0 && size.W <= smallSide && size.H <= smallSide {
		p := &s.small[size.W][size.H]
		if a := p.Load(); a != nil {
			return a, nil
		}
		a, err := s.cat.For(ctx, size, s.metric)
		if err != nil {
			return nil, err
		}
		p.Store(a)
		return a, nil
	}
	if a, ok := s.sizes.Load(size); ok {
		return a.(*source.Answer), nil
	}
	a, err := s.cat.For(ctx, size, s.metric)
	if err != nil {
		return nil, err
	}
	s.sizes.Store(size, a)
	return a, nil
}

// Table returns the exact table that answers for boards of size, or nil
// if boards of that size are searched; see Answer.
func (s *Solver) Table(ctx context.Context, size board.Size) (*table.Table, error) {
	a, err := s.Answer(ctx, size)
	if err != nil {
		return nil, err
	}
	return a.Table, nil
}

// start validates b and ctx and returns what answers for b.
func (s *Solver) start(ctx context.Context, b board.Board) (*source.Answer, error) {
	if b.IsZero() {
		return nil, fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.Answer(ctx, b.Size())
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
	if e.Table != nil {
		return e.Table.Distance(b) // the lookup inlined: game code's hot path
	}
	ctx, end := s.watch(ctx, b, e, false, -1)
	d, err := e.Distance(ctx, b)
	return d, end(err)
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
	ctx, end := s.watch(ctx, b, e, false, -1)
	p, err := e.Path(ctx, b)
	return p, end(err)
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
	ctx, end := s.watch(ctx, b, e, true, -1)
	hints, d, err := e.Hints(ctx, b)
	return hints, d, end(err)
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
	ctx, end := s.watch(ctx, b, e, false, limit)
	p, ok, err := e.Within(ctx, b, limit)
	return p, ok, end(err)
}

// Ask answers the question what (api.AskDistance, api.AskHint or
// api.AskSolve) about b and says what answered, as the catalogue's answer
// for its size does (source.Answer.Ask): from the level pack where it
// holds b (a hint then the one optimal move it knows, Partial), else the
// table, else a search. It is the one way every front end's questions
// about a board are answered (through package game). Its errors are those
// of Distance, but for an answer with no search, which an ended ctx
// does not stop.
func (s *Solver) Ask(ctx context.Context, b board.Board, what api.Ask) (source.Reply, error) {
	if b.IsZero() {
		return source.Reply{}, fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	e, err := s.Answer(ctx, b.Size())
	if err != nil {
		return source.Reply{}, err
	}
	ctx, end := s.watch(ctx, b, e, what == api.AskHint, -1)
	r, err := e.Ask(ctx, b, what)
	return r, end(err)
}

// Quick reports whether Ask answers b with no search: a table answers its
// size, or a level pack holds it. It reads no file but a level pack.
func (s *Solver) Quick(b board.Board) bool { return s.cat.Quick(b, s.metric) }

// Deal deals, with r, a level of size at a distance in [lo, hi] from the
// level pack that answers boards of size at once, and reports whether one
// does and holds boards at every distance of the range
// (source.Catalog.Deal).
func (s *Solver) Deal(r *rand.Rand, size board.Size, lo, hi int) (source.Dealt, bool) {
	return s.cat.Deal(r, size, s.metric, lo, hi)
}

// Describe returns what answers boards of size when no level pack does, as
// the answers carry it (source.Answer.Describe), or nil if nothing does.
func (s *Solver) Describe(ctx context.Context, size board.Size) *api.Source {
	a, err := s.Answer(ctx, size)
	if err != nil {
		return nil
	}
	return a.Describe()
}

// Needs returns the files the WebAssembly build leaves out that the
// answers about boards of size may come from and that it has not been
// given yet (source.Catalog.Needs); none in other builds.
func (s *Solver) Needs(size board.Size) source.Needs { return s.cat.Needs(size, s.metric) }
