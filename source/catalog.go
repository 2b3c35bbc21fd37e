package source

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/table"
)

// Catalog is the one decision of what answers boards: asked for a size
// and a metric, it hands back an *Answer, everything that answers boards
// of that size towards its goal, ready to use and proven: the exact table,
// or the optimal search with the best lower bound there is, and where each
// comes from. The command line, the server and the WebAssembly build each
// make one Catalog, with what their user gave (files, goals, the sizes to
// offer), and ask it; none of them chooses a table or a heuristic of its
// own. A Catalog is safe for concurrent use.
//
// Everything that answers states what it answers (Source.Goal,
// Source.Metric, Source.Exact; Answer.Kind, Answer.Describe). For a size
// and metric, in this order:
//
//   - what the caller gave (CatalogOptions.Given), first, if it answers
//     boards of that size and goal in that metric (Source.Answers): a
//     table answers by lookup; a pattern database (single-tile moves), an
//     abstraction tier (multi-tile moves) or a heuristic guides the
//     search, even where a table is built in. Under
//     CatalogOptions.Strict, a question no given source answers is
//     refused with a *MismatchError naming the source and what the
//     question needed, never passed over to another;
//   - unless CatalogOptions.Search, a table for the standard goal: built
//     in, else installed (see Resolver);
//   - a search, with the best lower bound for the goal in the metric: an
//     installed pattern database, else the built-in one (4x4), in
//     single-tile moves; an installed abstraction tier, else the built-in
//     one (4x4), in multi-tile moves; otherwise a bound computed from
//     each board: Manhattan distance with linear conflicts
//     (ida.Manhattan), or in multi-tile moves ida.Lines.
//
// Only the standard goal has built-in and installed files; another goal
// (CatalogOptions.Goals, or a given file's) is answered by what was given
// for it, or by a search with a computed bound.
type Catalog struct {
	opts      CatalogOptions
	resolvers [2]*Resolver // by metric
	goals     map[board.Size]board.Board

	mu      sync.Mutex
	answers map[answerKey]*answerEntry
	packs   sync.Map // answerKey -> *Pack, nil where none answers: Pack's decisions
}

// CatalogOptions configures a Catalog. A nil *CatalogOptions means the
// zero value: the built-in files, no folder of installed files.
type CatalogOptions struct {
	// Options are the options of the resolvers that find, open and prove
	// files, one for each metric (Options.Metric is not used).
	Options
	// Given are what the caller gives, each answering first the
	// questions it answers (Source.Answers): its size and goal in its
	// metric (Source.Metric). They are files it opened (Resolver.Open), or
	// tables and heuristics of its own (Origin Given). A given table
	// answers by lookup, in the metric it counts; a pattern database
	// guides searches in the single-tile metric, an abstraction tier in
	// the multi-tile one, a heuristic in its HeuristicMetric. A question
	// of the same size in another metric is answered as though it had not
	// been given, unless Strict.
	Given []*Source
	// Strict refuses every question that no given source answers, with a
	// *MismatchError that names the source, its kind, size, metric and
	// goal, and what the question needed, rather than answering it from
	// elsewhere: for a caller whose user named a file for the question
	// (the command line's -table), so that a file is used or refused,
	// never passed over. It has no effect without Given.
	Strict bool
	// Goals are goals other than the standard one, at most one for each
	// size: boards of that size are measured to it. A given source's goal
	// must agree.
	Goals []board.Board
	// Search answers every board by search, even where a table exists:
	// for comparing the two, and for measuring the search.
	Search bool
	// Searched are sizes offered by search (Sizes), besides those that
	// have a table or a file.
	Searched []board.Size
	// BuildCells, if not 0, has the catalogue build in memory the table
	// of a goal of Goals of at most BuildCells cells (at most 10: a
	// fraction of a second, 2 MB), on the first question about its size,
	// under that question's context, instead of searching towards it;
	// the table is proven by its building (Origin Computed). A build cut
	// short by its context is tried again by the next question.
	BuildCells int
}

// MaxBuildCells bounds CatalogOptions.BuildCells: the tables of up to
// table.QuickCells cells build in a fraction of a second.
const MaxBuildCells = table.QuickCells

// ErrTwice reports two given sources for the same questions.
var ErrTwice = failure.New(failure.Input, "source: two files for the same questions")

// The origins of what no file holds.
const (
	// Given is the origin of a table or heuristic the caller made itself.
	Given Origin = File + 1
	// Computed is the origin of what is made here for the question: a
	// bound computed from each board (an Answer with no Source), or a
	// table built in memory for a goal of its own (CatalogOptions.BuildCells).
	Computed Origin = File + 2
)

type answerKey struct {
	size   board.Size
	metric board.Metric
}

// answerEntry is the answer of one size and metric once found; a lasting
// failure is kept too, but not one of a context that ended.
type answerEntry struct {
	mu  sync.Mutex
	ans *Answer
	err error
}

// NewCatalog returns a catalogue configured by opts. It fails with an
// error wrapping ErrKind for a zero goal or a given source that holds
// nothing, with a *MismatchError (which wraps ErrKind too) if two goals
// are given for one size, or a given source's goal is not the one Goals
// gives its size, and with an error wrapping ErrTwice for two given
// sources of the same size and metric of which one would never be asked:
// two tables, two bounds, or without Search a table and a bound.
func NewCatalog(opts *CatalogOptions) (*Catalog, error) {
	c := &Catalog{answers: map[answerKey]*answerEntry{}, goals: map[board.Size]board.Board{}}
	if opts != nil {
		c.opts = *opts
	}
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		o := c.opts.Options
		o.Metric = m
		c.resolvers[m] = NewResolver(&o)
	}
	for _, g := range c.opts.Goals {
		if g.IsZero() {
			return nil, fmt.Errorf("%w: the zero board is no goal", ErrKind)
		}
		if have, ok := c.goals[g.Size()]; ok && have != g {
			return nil, fmt.Errorf("%w: two goals for %s: %s and %s", ErrKind, g.Size(), have, g)
		}
		c.goals[g.Size()] = g
	}
	for i, src := range c.opts.Given {
		if src == nil || src.empty() {
			return nil, fmt.Errorf("%w: a given source holds nothing", ErrKind)
		}
		g := src.Goal()
		if have, ok := c.goals[g.Size()]; ok && have != g {
			return nil, &MismatchError{Source: src, Goal: have, Metric: src.Metric()}
		}
		c.goals[g.Size()] = g
		for _, before := range c.opts.Given[:i] {
			// Without Search a table answers before any bound; with it,
			// a bound answers, and of two alike the first.
			if before.Size() == src.Size() && before.Metric() == src.Metric() && (before.Exact() == src.Exact() || !c.opts.Search) {
				return nil, fmt.Errorf("%w: %s and %s both answer %s in %s moves, so one would never be asked", ErrTwice, before.Name(), src.Name(), src.Size(), metricPhrase(src.Metric()))
			}
		}
	}
	for size, g := range c.goals {
		if g == board.Goal(size) {
			delete(c.goals, size)
		}
	}
	return c, nil
}

// Resolver returns the resolver of the metric m, which finds, opens and
// proves the files the catalogue answers from (and the caller's, for
// Given); Metric is that of board.Metric's zero value if m is not valid.
func (c *Catalog) Resolver(m board.Metric) *Resolver {
	if !m.Valid() {
		m = board.SingleTile
	}
	return c.resolvers[m]
}

// Goal returns the goal boards of size are measured to: the standard one
// unless CatalogOptions or a given source says otherwise.
func (c *Catalog) Goal(size board.Size) board.Board {
	if g, ok := c.goals[size]; ok {
		return g
	}
	return board.Goal(size)
}

// For returns what answers boards of size in the metric m, found and
// proven on the first call for them and shared by every later one (see
// Catalog for the order). It fails with an error wrapping board.ErrSize
// for a size that is not valid, board.ErrMetric for an unknown metric,
// with a *MismatchError under CatalogOptions.Strict for a question no
// given file answers, with an *InstalledError for an installed file that
// cannot answer, and
// with ctx's error if ctx ends while a file is proven, and with
// data.ErrNotGiven in the WebAssembly build before the abstraction
// database it needs has been given (in both cases a later call tries
// again).
func (c *Catalog) For(ctx context.Context, size board.Size, m board.Metric) (*Answer, error) {
	if err := size.Validate(); err != nil {
		return nil, err
	}
	if !m.Valid() {
		return nil, fmt.Errorf("%w %d", board.ErrMetric, m)
	}
	c.mu.Lock()
	e, ok := c.answers[answerKey{size, m}]
	if !ok {
		e = &answerEntry{}
		c.answers[answerKey{size, m}] = e
	}
	c.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ans != nil || e.err != nil {
		return e.ans, e.err
	}
	ans, err := c.find(ctx, size, m)
	if err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, data.ErrNotGiven)) {
		return nil, err
	}
	e.ans, e.err = ans, err
	return ans, err
}

// find decides what answers boards of size in the metric m. The bound of
// a search of the catalogue's own is found on the first board that needs
// it (Answer.Bound), a given one here.
func (c *Catalog) find(ctx context.Context, size board.Size, m board.Metric) (*Answer, error) {
	goal := c.Goal(size)
	ans := &Answer{Goal: goal, Metric: m}
	given, err := c.given(goal, m)
	if err == nil && given != nil {
		err = c.resolvers[m].proveGiven(ctx, given)
	}
	switch {
	case err != nil:
		return nil, err
	case given != nil && given.Table != nil:
		ans.Table, ans.src = given.Table, given
		return ans, nil
	case given != nil:
		h := given.Bound(m)
		ans.src, ans.Uniform = given, uniform(size, m, true)
		ans.bound = func(context.Context) (ida.Heuristic, *Source, error) { return h, given, nil }
		return ans, nil
	}
	if !c.opts.Search && goal != board.Goal(size) && size.Cells() <= min(c.opts.BuildCells, MaxBuildCells) {
		t, err := table.Build(ctx, goal, &bfs.Options{Metric: m})
		if err != nil {
			return nil, err
		}
		ans.Table, ans.src = t, &Source{Origin: Computed, Table: t}
		return ans, nil
	}
	if !c.opts.Search {
		src, err := c.resolvers[m].tableFor(ctx, goal)
		if err != nil {
			return nil, err
		}
		if src != nil {
			ans.Table, ans.src = src.Table, src
			return ans, nil
		}
	}
	ans.Uniform = uniform(size, m, c.database(size, m))
	ans.bound = func(ctx context.Context) (ida.Heuristic, *Source, error) { return c.bound(ctx, goal, m) }
	ans.pack = func() *Pack { return c.Pack(size, m) }
	return ans, nil
}

// given returns the first given source that answers boards towards goal in
// m (Source.Answers): a table, unless CatalogOptions.Search asks for a
// search, or a bound. It returns nil if none does, or under
// CatalogOptions.Strict a *MismatchError naming one that does not: the
// first of goal's size if there is one, else the first.
func (c *Catalog) given(goal board.Board, m board.Metric) (*Source, error) {
	var refused *MismatchError
	for _, src := range c.opts.Given {
		err := src.Answers(goal, m)
		if err == nil && src.Table != nil && c.opts.Search {
			err = &MismatchError{Source: src, Goal: goal, Metric: m, Need: "a search, guided by a lower bound"}
		}
		if err == nil {
			return src, nil
		}
		if me := (*MismatchError)(nil); errors.As(err, &me) && (refused == nil || refused.Source.Size() != goal.Size() && src.Size() == goal.Size()) {
			refused = me
		}
	}
	if c.opts.Strict && refused != nil {
		return nil, refused
	}
	return nil, nil
}

// bound returns the best lower bound for searches towards goal in m other
// than a given one, and its source (nil for a computed one).
func (c *Catalog) bound(ctx context.Context, goal board.Board, m board.Metric) (ida.Heuristic, *Source, error) {
	src, err := c.resolvers[m].databaseFor(ctx, goal)
	if err != nil {
		return nil, nil, err
	}
	if src != nil {
		return src.Bound(m), src, nil
	}
	if m == board.MultiTile {
		return ida.Lines(goal), nil, nil
	}
	return ida.Manhattan(goal), nil, nil
}

// uniform says whether a search in the metric m solves uniform random
// boards of size in reasonable time: guided by a database; or, with a
// bound computed from the board, in single-tile moves up to 16 cells
// (Manhattan distance and linear conflicts; 4x4 boards take seconds to
// minutes), in multi-tile moves up to 12 (ida.Lines is much weaker).
func uniform(size board.Size, m board.Metric, database bool) bool {
	if m == board.MultiTile {
		return database || size.Cells() <= 12
	}
	return database || size.Cells() <= 16
}

// Offer is what a catalogue offers for a size (Sizes, Offer), known
// without reading any file: its goal, whether a table answers it, and
// whether its search (when no table does) solves uniform boards in
// reasonable time (see Answer.Uniform).
type Offer struct {
	Size    board.Size
	Goal    board.Board
	Exact   bool
	Uniform bool
}

// Offer returns what the catalogue offers for boards of size in the
// metric m, listed by Sizes or not, without reading any file: what For
// will answer with, but for a file that turns out not to answer.
func (c *Catalog) Offer(size board.Size, m board.Metric) Offer {
	o := Offer{Size: size, Goal: c.Goal(size), Exact: c.exact(size, m)}
	o.Uniform = o.Exact || uniform(size, m, c.database(size, m))
	return o
}

// database reports, without reading a file, whether a database guides the
// search of boards of size in m: a given one or heuristic, or for the
// standard goal an installed or built-in database (a pattern database in
// single-tile moves, an abstraction tier in multi-tile ones).
func (c *Catalog) database(size board.Size, m board.Metric) bool {
	goal := c.Goal(size)
	if src, err := c.given(goal, m); src != nil || err != nil {
		return src != nil && src.Table == nil
	}
	_, installed := c.resolvers[m].installedDatabase(size)
	return goal == board.Goal(size) && (hasBuiltinDatabase(size, m) || installed != "")
}

// Sizes returns the sizes the catalogue offers in the metric m, tables
// first, then the others, each smallest first: those of the given sources
// of that metric, those with a built-in or installed table (for the
// standard goal), those with an installed database of the metric (a
// pattern database, an abstraction tier), and CatalogOptions.Searched. It
// reads no file but the folder of installed files' listing.
func (c *Catalog) Sizes(m board.Metric) ([]Offer, error) {
	if !m.Valid() {
		return nil, fmt.Errorf("%w %d", board.ErrMetric, m)
	}
	seen := map[board.Size]bool{}
	var sizes []board.Size
	add := func(size board.Size) {
		if !seen[size] {
			seen[size] = true
			sizes = append(sizes, size)
		}
	}
	for _, src := range c.opts.Given {
		if src.Metric() == m {
			add(src.Size())
		}
	}
	for _, size := range BuiltinSizes() {
		add(size)
	}
	installed, err := c.resolvers[m].installedSizes()
	if err != nil {
		return nil, err
	}
	for _, in := range installed {
		add(in.size)
	}
	for _, size := range c.opts.Searched {
		add(size)
	}
	exact := map[board.Size]bool{}
	for _, size := range sizes {
		exact[size] = c.exact(size, m)
	}
	slices.SortStableFunc(sizes, func(a, b board.Size) int {
		if exact[a] != exact[b] {
			if exact[a] {
				return -1
			}
			return 1
		}
		if d := a.Cells() - b.Cells(); d != 0 {
			return d
		}
		return strings.Compare(a.String(), b.String())
	})
	out := make([]Offer, len(sizes))
	for i, size := range sizes {
		out[i] = c.Offer(size, m)
	}
	return out, nil
}

// Close releases the files of every answer found and of the sources
// given; answers must not be used after.
func (c *Catalog) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	closed := map[*Source]bool{}
	for _, e := range c.answers {
		if e.ans == nil {
			continue
		}
		if src := e.ans.source(); src != nil && !closed[src] {
			closed[src] = true
			errs = append(errs, src.Close())
		}
	}
	for _, src := range c.opts.Given {
		if !closed[src] {
			closed[src] = true
			errs = append(errs, src.Close())
		}
	}
	return errors.Join(errs...)
}

// ErrNoDistribution reports a size whose distribution is not known here:
// no table answers it, and none is published (package published).
var ErrNoDistribution = failure.New(failure.NotFound, "source: distribution not known")

// Stats returns the distance distribution of boards of size in the
// metric m: see the function Stats, with the size's table if one answers
// it, which the answer names (Stats.Table). Under CatalogOptions.Strict, a
// given source that is no table (a database holds bounds, not distances)
// is refused with a *MismatchError, as is one that does not answer the
// question. Its other errors are those of Stats and For.
func (c *Catalog) Stats(ctx context.Context, size board.Size, m board.Metric, list int) (api.Stats, error) {
	if err := size.Validate(); err != nil {
		return api.Stats{}, err
	}
	goal := c.Goal(size)
	given, err := c.given(goal, m)
	switch {
	case err != nil:
		return api.Stats{}, err
	case given != nil && given.Table == nil && c.opts.Strict:
		return api.Stats{}, &MismatchError{Source: given, Goal: goal, Metric: m, Need: "an exact table, whose distances have a distribution"}
	}
	if !c.exact(size, m) {
		return Stats(ctx, nil, goal, m, list)
	}
	ans, err := c.For(ctx, size, m)
	if err != nil {
		return api.Stats{}, err
	}
	st, err := Stats(ctx, ans.Table, goal, m, list)
	if err == nil && ans.Table != nil {
		st.Table = ans.Describe()
	}
	return st, err
}

// Stats returns the distance distribution of boards of goal's size
// towards goal in the metric m: computed from t, its exact table, if t is
// not nil, with up to list of the boards at the largest distance (the
// first in table order); else the one package published holds for the
// standard goal, with up to list of the published boards at the largest
// distance (all of them if list is negative), saying its source. It fails with an error wrapping
// ErrNoDistribution if neither is known, and with ctx's error if ctx ends
// first (finding the boards at the largest distance scans the table).
// The command line's stats and a game's both answer with it.
func Stats(ctx context.Context, t *table.Table, goal board.Board, m board.Metric, list int) (api.Stats, error) {
	if t != nil {
		return tableStats(ctx, t, list)
	}
	size := goal.Size()
	d, ok := published.DistributionOf(size, m)
	if !ok || d.Counted || goal != board.Goal(size) {
		of := "table for " + size.String()
		if m != board.SingleTile {
			of = "multi-tile table for " + size.String()
		}
		return api.Stats{}, fmt.Errorf("%w: no %s is loaded and no distribution is published here, so its distribution is not known", ErrNoDistribution, of)
	}
	var h published.Hardest
	if m == board.SingleTile {
		h, _ = published.HardestOf(size)
	}
	if list >= 0 {
		h.Boards = h.Boards[:min(len(h.Boards), list)]
	}
	return api.PublishedStats(d, h), nil
}

// Pack returns the built-in level pack that answers, with no search, the
// boards of size in m that it holds or its stored solutions pass through
// (Pack.Known), or nil: a pack answers only where the catalogue would
// search its own bound, towards the standard goal, with no table and no
// given source for the question (a file the caller named answers what it
// was named for) and without CatalogOptions.Search. It reads no file
// besides the pack, and decides once for each size and metric, as For
// does.
func (c *Catalog) Pack(size board.Size, m board.Metric) *Pack {
	k := answerKey{size, m}
	if p, ok := c.packs.Load(k); ok {
		return p.(*Pack)
	}
	p, err := c.pack(size, m)
	if errors.Is(err, data.ErrNotGiven) {
		return nil // not kept: the WebAssembly build may be given it later
	}
	v, _ := c.packs.LoadOrStore(k, p)
	return v.(*Pack)
}

// pack decides what Pack returns; the error is BuiltinPack's, if it was
// asked.
func (c *Catalog) pack(size board.Size, m board.Metric) (*Pack, error) {
	if !m.Valid() || size.Validate() != nil {
		return nil, nil
	}
	goal := c.Goal(size)
	if c.opts.Search || goal != board.Goal(size) || c.exact(size, m) {
		return nil, nil
	}
	if src, err := c.given(goal, m); src != nil || err != nil {
		return nil, nil
	}
	return BuiltinPack(size, m)
}

// exact reports, without reading a file, whether a table answers boards
// of size in m: a given one, or one built in or installed for the
// standard goal.
func (c *Catalog) exact(size board.Size, m board.Metric) bool {
	if c.opts.Search {
		return false
	}
	goal := c.Goal(size)
	if src, err := c.given(goal, m); src != nil || err != nil {
		return src != nil && src.Table != nil
	}
	_, installed := c.resolvers[m].installedTable(size)
	return goal == board.Goal(size) && (HasBuiltin(size) || installed != "")
}

// tableStats returns the distribution of t with up to list boards at its
// largest distance, the first in table order.
func tableStats(ctx context.Context, t *table.Table, list int) (api.Stats, error) {
	var boards []board.Board
	if list > 0 {
		hardest, err := levels.Find(ctx, t, t.Max(), t.Max(), list)
		if err != nil {
			return api.Stats{}, err
		}
		for _, lv := range hardest {
			boards = append(boards, lv.Board)
		}
	}
	return api.NewStats(t, boards), nil
}
