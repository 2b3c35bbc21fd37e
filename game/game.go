package game

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// Solver answers the questions about boards of the sizes a game plays
// (*solver.Solver is one, for every size: from its catalogue's level pack,
// exact tables and searches, in that order): a question about one board,
// saying what answered; whether that takes no search; a level dealt at
// once; and, for levels without a table, whether a board is within some
// moves of the goal (levels.Solver). It must be safe for concurrent use
// and honour ctx. A Game asks it only about boards that can reach the
// goal.
type Solver interface {
	// Ask answers what (api.AskDistance, api.AskHint or api.AskSolve)
	// about b: its distance, optimal moves or a shortest solution, and
	// what answered (see solver.Solver.Ask).
	Ask(ctx context.Context, b board.Board, what api.Ask) (source.Reply, error)
	// Quick reports whether Ask answers b with no search.
	Quick(b board.Board) bool
	// Deal deals, with r, a level of size at a distance in [lo, hi]
	// with no search, and reports whether it could (a level pack).
	Deal(r *rand.Rand, size board.Size, lo, hi int) (source.Dealt, bool)
	// Describe says what answers boards of size where no level pack
	// does, or nil.
	Describe(ctx context.Context, size board.Size) *api.Source
	// Needs says which files the WebAssembly build leaves out, and has
	// not been given, the answers about boards of size may come from.
	Needs(size board.Size) source.Needs
	levels.Solver
}

// Puzzle is one size a Game plays.
type Puzzle struct {
	// Goal is the board to reach; its size is the puzzle's size.
	Goal board.Board
	// Solver answers distances, hints and solutions.
	Solver Solver
	// Table is the exact table of the size, or nil. With a table, the
	// Solver's answers are taken to be cheap, the distribution is known
	// and levels are drawn uniformly among the boards at the distances
	// asked for.
	Table *source.ExactTable
	// OpenTable, if set and Table is nil, opens the exact table of the
	// size when it is first needed, so that a game does not pay at its
	// start for the tables of sizes it may not play (the WebAssembly
	// build starts faster). Its goal must be Goal. New opens it at once
	// unless the largest distance of the size is known without it
	// (board.Size.MaxDistance). A server may call it too (for a chart):
	// each call should return the same table.
	OpenTable func() (*source.ExactTable, error)
	// MaxLevel is the largest distance levels are offered at, for a puzzle
	// without a table (searches get slow with the distance). Zero means
	// DefaultMaxLevel, or DefaultMultiMaxLevel in the multi-tile metric
	// without Uniform; for the standard goal of a size whose distribution
	// is published, no more than the largest distance at which a level is
	// dealt in seconds, from the built-in level pack or by drawing boards
	// that are not rare there (39 multi-tile moves on 4x4, against 43 at
	// most).
	// With a table, the largest distance in it.
	MaxLevel int
	// Metric is what counts as one move in the Solver's and the Table's
	// distances (the zero value: board.SingleTile). A Game plays a size in
	// each metric it is given a Puzzle of; requests name the metric.
	Metric board.Metric
	// Uniform says that, without a table, the Solver solves uniform
	// random boards of the size in seconds at most (a search guided by a
	// database), so that levels are drawn uniformly by solving them
	// (levels.Plan); otherwise they are random walks kept by their exact
	// distance.
	Uniform bool
}

// DefaultMaxLevel is the largest level distance of a puzzle without a
// table, unless its MaxLevel says otherwise: on 4x4, where most boards are
// 45 to 60 moves from the goal, a level up to 60 moves takes a few solves.
const DefaultMaxLevel = 60

// DefaultMultiMaxLevel is DefaultMaxLevel in the multi-tile metric for a
// size whose search has no database (not Puzzle.Uniform): random walks
// kept by their distance, which get slow beyond about 22 moves.
const DefaultMultiMaxLevel = 22

// Options changes what a Game plays. A nil *Options means the zero value.
type Options struct {
	// Others, if set, answers boards of the sizes no Puzzle names, towards
	// the standard goal, as puzzles without a table; they are not listed by
	// the sizes endpoint. Nil: such sizes are refused.
	Others Solver
	// MultiOthers is Others in the multi-tile metric: it must answer in
	// that metric.
	MultiOthers Solver
}

// Errors of Game and Request.
var (
	// ErrConfig reports a puzzle list that cannot be played.
	ErrConfig = failure.New(failure.Input, "game: bad configuration")
	// ErrInput reports a request with a bad parameter: an unknown size, a
	// bad board, a range no board is in. The message of an error wrapping
	// it is the problem alone, as the command line words it.
	ErrInput = failure.New(failure.Input, "game: bad request")
	// ErrEndpoint reports a request for an endpoint that does not exist.
	ErrEndpoint = failure.New(failure.NotFound, "game: no such endpoint")
	// ErrUnknown reports a request for a distribution that is not known
	// here: a size with neither a table nor a published distribution.
	ErrUnknown = failure.New(failure.NotFound, "game: not known")
)

// Game answers the requests of a game page for the puzzles it plays.
type Game struct {
	puzzles map[kind]*puzzle // the puzzles given to New; read only
	order   []*puzzle        // as listed by the sizes endpoint
	others  [2]Solver        // Options.Others, Options.MultiOthers
	// offer, for a game of a catalogue (FromCatalog), makes the puzzle of
	// a size it was not given, as it makes those it was.
	offer func(size board.Size, m board.Metric) Puzzle

	mu    sync.Mutex
	extra map[kind]*puzzle // the sizes others answer, as they are asked for

	goals goalCache // the puzzles towards goals requests named (goal.go)
}

// kind is what a puzzle is played as: its size and its metric.
type kind struct {
	size   board.Size
	metric board.Metric
}

// puzzle is a Puzzle with what the game caches of it.
type puzzle struct {
	Puzzle
	exact     bool                               // a table answers: Table or OpenTable
	table     func() (*source.ExactTable, error) // the table, opened on first use
	name      string                             // "3x3"
	stats     stats                              // the distribution, once computed
	known     bool                               // the distribution is known: a table, or published
	published bool                               // stats are published figures, for the standard goal
	max       int                                // the largest distance, with a table or if published
	hardest   published.Hardest                  // the published boards at the largest distance, if published
	custom    bool                               // towards a goal a request named (goal.go)
}

// New returns a game of the puzzles, one per size.
func New(puzzles []Puzzle, opts *Options) (*Game, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if len(puzzles) == 0 && o.Others == nil && o.MultiOthers == nil {
		return nil, fmt.Errorf("%w: no puzzles", ErrConfig)
	}
	g := &Game{puzzles: make(map[kind]*puzzle, len(puzzles)), others: [2]Solver{o.Others, o.MultiOthers}, extra: map[kind]*puzzle{}}
	for _, p := range puzzles {
		if p.Goal.IsZero() || p.Solver == nil {
			return nil, fmt.Errorf("%w: a puzzle needs a goal and a solver", ErrConfig)
		}
		if !p.Metric.Valid() {
			return nil, fmt.Errorf("%w: %w", ErrConfig, board.ErrMetric)
		}
		size := p.Goal.Size()
		k := kind{size, p.Metric}
		if _, dup := g.puzzles[k]; dup {
			return nil, fmt.Errorf("%w: size %s given twice in %s-tile moves", ErrConfig, size, p.Metric)
		}
		if p.Table != nil {
			if err := checkTable(p.Table, p.Goal, p.Metric); err != nil {
				return nil, err
			}
		}
		if p.MaxLevel < 0 {
			return nil, fmt.Errorf("%w: %s MaxLevel %d", ErrConfig, size, p.MaxLevel)
		}
		pz, err := newPuzzle(p)
		if err != nil {
			return nil, err
		}
		g.puzzles[k] = pz
		g.order = append(g.order, pz)
	}
	// Tables first, small to large, then the searched sizes.
	slices.SortStableFunc(g.order, func(a, b *puzzle) int {
		if a.exact != b.exact {
			if !a.exact {
				return 1
			}
			return -1
		}
		if c := a.Goal.Len() - b.Goal.Len(); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	return g, nil
}

// CatalogOptions changes the game FromCatalog makes. A nil
// *CatalogOptions means the zero value.
type CatalogOptions struct {
	// MaxLevel is the largest distance levels are offered at for a size
	// without a table (Puzzle.MaxLevel).
	MaxLevel int
	// AnySize answers boards of sizes the catalogue does not offer too,
	// by search, as Options.Others does; they are not listed by the sizes
	// endpoint.
	AnySize bool
	// Reach, if not 0, refuses a search expected to take longer, where
	// no deadline bounds it (solver.WithReach): for a program whose user
	// asked for no time limit.
	Reach time.Duration
}

// FromCatalog returns the game of what cat offers in both metrics
// (source.Catalog.Sizes): each size answered by a solver of the catalogue
// in its metric, its table opened when first needed, its levels drawn by
// solving uniform boards where the catalogue's search does that in
// seconds (source.Offer.Uniform). 'slidetable serve' and the WebAssembly
// build play the game of their catalogue.
func FromCatalog(cat *source.Catalog, opts *CatalogOptions) (*Game, error) {
	var o CatalogOptions
	if opts != nil {
		o = *opts
	}
	var solvers [2]*solver.Solver
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		s, err := solver.New(solver.WithCatalog(cat), solver.WithMetric(m), solver.WithReach(o.Reach))
		if err != nil {
			return nil, err
		}
		solvers[m] = s
	}
	offer := func(size board.Size, m board.Metric) Puzzle {
		of := cat.Offer(size, m)
		s := solvers[m]
		p := Puzzle{Goal: of.Goal, Solver: s, Metric: m, MaxLevel: o.MaxLevel, Uniform: of.Uniform}
		if m == board.MultiTile && !of.Uniform {
			// Walks only, which get slow with the distance.
			p.MaxLevel = min(cmp.Or(o.MaxLevel, DefaultMaxLevel), DefaultMultiMaxLevel)
		}
		if of.Exact {
			p.OpenTable = func() (*source.ExactTable, error) {
				t, err := s.Table(context.Background(), size)
				if err == nil && t == nil {
					err = fmt.Errorf("%w: the %s table offered did not answer", ErrConfig, size)
				}
				return t, err
			}
		}
		return p
	}
	var puzzles []Puzzle
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		offers, err := cat.Sizes(m)
		if err != nil {
			return nil, err
		}
		for _, of := range offers {
			puzzles = append(puzzles, offer(of.Size, m))
		}
	}
	var gopts Options
	if o.AnySize {
		gopts.Others, gopts.MultiOthers = solvers[board.SingleTile], solvers[board.MultiTile]
	}
	g, err := New(puzzles, &gopts)
	if err != nil {
		return nil, err
	}
	if o.AnySize {
		g.offer = offer
	}
	return g, nil
}

// newPuzzle returns p with its defaults set and what it knows of its
// distribution.
func newPuzzle(p Puzzle) (*puzzle, error) {
	size := p.Goal.Size()
	pz := &puzzle{name: size.String()}
	switch {
	case p.Table != nil:
		t := p.Table
		pz.exact, pz.max = true, t.Max()
		pz.table = func() (*source.ExactTable, error) { return t, nil }
	case p.OpenTable != nil:
		open := p.OpenTable
		pz.exact = true
		pz.table = sync.OnceValues(func() (*source.ExactTable, error) {
			t, err := open()
			if err == nil {
				err = checkTable(t, p.Goal, p.Metric)
			}
			return t, err
		})
		most, known := published.MaxDistance(size, p.Metric)
		if !known || p.Goal != board.Goal(size) {
			t, err := pz.table()
			if err != nil {
				return nil, err
			}
			most = t.Max()
		}
		pz.max = most
	}
	given := p.MaxLevel != 0
	switch {
	case pz.exact:
		p.MaxLevel = pz.max
	case p.MaxLevel == 0 && p.Metric == board.MultiTile && !p.Uniform:
		p.MaxLevel = DefaultMultiMaxLevel
	case p.MaxLevel == 0:
		p.MaxLevel = DefaultMaxLevel
	}
	pz.Puzzle = p
	d, ok := published.DistributionOf(size, p.Metric)
	switch {
	case pz.exact:
		pz.known = true
	case ok && !d.Counted && p.Goal == board.Goal(size):
		var h published.Hardest // none are published in the multi-tile metric
		if p.Metric == board.SingleTile {
			h, _ = published.HardestOf(size)
		}
		pz.known, pz.published, pz.max, pz.hardest = true, true, d.Max(), h
		// No level lies beyond the largest distance there is (43 moves
		// on 4x4 in the multi-tile metric, below DefaultMaxLevel).
		pz.MaxLevel = min(pz.MaxLevel, pz.max)
		if !given {
			pz.MaxLevel = dealable(p.Goal, p.Metric, pz.MaxLevel)
		}
	}
	return pz, nil
}

// dealable returns the largest distance up to most at which a level of
// the standard goal of a searched size is dealt in seconds: one the size's
// built-in level pack holds boards at, or one that uniform boards are not
// rare at (levels.RarityOf), so that drawing a level there solves fewer
// than a thousand boards. Beyond it (40 to 43 multi-tile moves on 4x4,
// where a uniform board lies about once in 100,000 draws and fewer), a
// level would take hours to find; most if no distance qualifies. What a
// pack holds is known without reading it (source.PackHolds), which keeps
// it off a game's start.
func dealable(goal board.Board, m board.Metric, most int) int {
	for d := most; d > 0; d-- {
		if r, known := levels.RarityOf(goal, m, d, d); !known || !r.Rare() {
			return d
		}
		if source.PackHolds(goal.Size(), m, d, d) {
			return d
		}
	}
	return most
}

// checkTable checks that t is a table of goal's size towards goal in the
// metric m.
func checkTable(t *source.ExactTable, goal board.Board, m board.Metric) error {
	if t == nil || t.Size() != goal.Size() || t.Goal() != goal {
		return fmt.Errorf("%w: the %s table's goal is not %s", ErrConfig, goal.Size(), goal)
	}
	if t.Metric() != m {
		return fmt.Errorf("%w: the %s table counts %s-tile moves, the puzzle %s-tile ones", ErrConfig, goal.Size(), t.Metric(), m)
	}
	return nil
}

// hardestListed is how many boards at the largest distance the stats of a
// table list.
const hardestListed = 10

// stats is a puzzle's distribution, computed once: not a lasting failure
// when the context of the request that asked ends first.
type stats struct {
	mu   sync.Mutex
	done bool
	st   api.Stats
	err  error
}

// statsOf returns p's distribution (source.Stats, the command line's
// too), computing it the first time.
func (p *puzzle) statsOf(ctx context.Context) (api.Stats, error) {
	p.stats.mu.Lock()
	defer p.stats.mu.Unlock()
	if p.stats.done {
		return p.stats.st, p.stats.err
	}
	var t *source.ExactTable
	list := -1 // every published board at the largest distance
	if p.exact {
		var err error
		if t, err = p.table(); err != nil {
			return api.Stats{}, err
		}
		list = hardestListed
	}
	st, err := source.Stats(ctx, t, p.Goal, p.Metric, list)
	if err != nil && ctx.Err() != nil {
		return api.Stats{}, err
	}
	if err == nil && t != nil {
		st.Table = p.Solver.Describe(ctx, p.Goal.Size())
	}
	p.stats.done, p.stats.st, p.stats.err = true, st, err
	return st, err
}

// statsCheap reports whether p's distribution is at hand without a scan
// of a table of more than 10 cells.
func (p *puzzle) statsCheap() bool {
	p.stats.mu.Lock()
	defer p.stats.mu.Unlock()
	return p.stats.done || !p.exact || p.Goal.Len() <= 10 && !p.custom
}

// SizesIn returns the sizes the game plays in the metric m, tables first,
// smallest first: each with its goal, whether a table answers it, its
// largest distance where that is known and the largest distance levels
// are offered at.
func (g *Game) SizesIn(m board.Metric) []api.Size {
	out := []api.Size{}
	for _, p := range g.order {
		if p.Metric != m {
			continue
		}
		size := p.Goal.Size()
		s := api.Size{Size: size, Width: size.W, Height: size.H, Goal: p.Goal, Table: p.exact,
			Published: p.published, MaxLevel: p.MaxLevel}
		s.Metric = api.NewAbout(p.Goal, m).Metric
		if p.exact || p.published {
			most := p.max
			s.Max = &most
		}
		out = append(out, s)
	}
	return out
}

// namesIn returns the names of the sizes played in the metric m.
func (g *Game) namesIn(m board.Metric) []string {
	var names []string
	for _, p := range g.order {
		if p.Metric == m {
			names = append(names, p.name)
		}
	}
	return names
}

// puzzleOf returns the puzzle of size in the metric m, creating one for a
// size others answer.
func (g *Game) puzzleOf(size board.Size, m board.Metric) (*puzzle, error) {
	k := kind{size, m}
	if p, ok := g.puzzles[k]; ok {
		return p, nil
	}
	others := g.others[m]
	if others == nil {
		in := ""
		if m != board.SingleTile {
			in = " in multi-tile moves"
		}
		names := g.namesIn(m)
		if len(names) == 0 {
			return nil, inputf("no size is served%s", in)
		}
		return nil, inputf("size %s is not served%s; the sizes are %s", size, in, strings.Join(names, ", "))
	}
	if err := size.Validate(); err != nil {
		return nil, input(err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if p, ok := g.extra[k]; ok {
		return p, nil
	}
	np := Puzzle{Goal: board.Goal(size), Solver: others, Metric: m}
	if g.offer != nil {
		np = g.offer(size, m)
	}
	p, err := newPuzzle(np)
	if err != nil {
		return nil, err
	}
	g.extra[k] = p
	return p, nil
}

// input returns err as an error of the request: it wraps ErrInput and err,
// and its message is err's without package names, the problem as the
// command line words it.
func input(err error) error { return &requestError{kind: ErrInput, err: err} }

// inputf is input of an error formatted by fmt.Errorf.
func inputf(format string, args ...any) error { return input(fmt.Errorf(format, args...)) }

// requestError is an error of one of the kinds ErrInput, ErrEndpoint and
// ErrUnknown whose message is its cause's, without package names.
type requestError struct {
	kind error
	err  error
}

func (e *requestError) Error() string   { return human.Message(e.err) }
func (e *requestError) Unwrap() []error { return []error{e.kind, e.err} }

// Status returns the HTTP status the API answers an error of a request
// with, for the server and the WebAssembly build alike: that of its kind
// in the one table of package failure (400 for bad input; 404 for an
// unknown endpoint, a distribution not known or no level found in the
// draws; 422 for a search that ran out of the time it was given, which is
// final: the same request gets the same answer from the same server, see
// Final; 503 for work over its memory limit or cancelled; 500 for a bug
// or a file that cannot answer, such as a damaged one, see Damaged); 200
// for nil.
func Status(err error) int {
	if err == nil {
		return 200
	}
	return failure.KindOf(err).Codes().HTTP
}

// Damaged reports whether err is the failure of a file that answers, not
// of the request or of the program: a block of a table read in place that
// is damaged, or was changed after the file was opened, which every
// question that needs the block meets until the file is mended. Its
// message names the file and the block.
func Damaged(err error) bool {
	return errors.Is(err, failure.File)
}

// Final reports whether err is a failure that asking again cannot mend
// on the same server: a search that ran out of its time limit, which the
// same board takes every time.
func Final(err error) bool { return errors.Is(err, context.DeadlineExceeded) }
