package source

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// Answer is everything that answers boards of one size towards one goal
// in one metric, as a Catalog decided it, in the order it answers: the
// level pack, for the boards it holds (Pack.Known), then the exact table,
// or else the optimal search with the best lower bound there is. The
// search's bound is found, read and proven on the first board that needs
// it, so that a board the pack answers waits for no database.
type Answer struct {
	// Goal is the board distances are measured to.
	Goal board.Board
	// Metric is what counts as one move.
	Metric board.Metric
	// Table is the exact table, whose lookups answer, or nil: then a
	// search answers.
	Table *table.Table
	// Uniform says that the search solves uniform random boards of the
	// size in reasonable time: a search guided by a database, or with a
	// bound computed from the board, a board of at most 16 cells in
	// single-tile moves, 12 in multi-tile moves. Levels of uniform boards
	// by search are offered only then.
	Uniform bool

	src   *Source                                               // the table's, or a given bound's; nil for a search of the catalogue's own bound
	pack  func() *Pack                                          // the level pack that answers first, or nil
	bound func(context.Context) (ida.Heuristic, *Source, error) // finds the search's bound, nil with a table

	mu     sync.Mutex
	search *searchTier // once found
	err    error       // a lasting failure to find it
}

// searchTier is an answer's search: IDA* guided by h, whose source is src
// (nil for a bound computed from each board).
type searchTier struct {
	search *ida.Searcher
	h      ida.Heuristic
	src    *Source
}

// Reply is the answer to a question about one board (Answer.Ask).
type Reply struct {
	// Distance is the board's distance from the goal.
	Distance int
	// Moves are, for a hint, optimal moves of the board (every one
	// unless Partial; none for the goal), and for a solve a shortest
	// solution, each the tile moved or tapped; nil for a distance.
	Moves []uint8
	// Partial, for a hint, says that Moves holds one optimal move and
	// others may be optimal too: the next move of a level pack's stored
	// solution, known without a search (api.Moves.Partial).
	Partial bool
	// By is what answered, as the answers carry it: the level pack, the
	// table, or the search and its bound.
	By *api.Source
}

// Exact reports whether a table answers.
func (a *Answer) Exact() bool { return a.Table != nil }

// Size returns the size of the boards the answer is for.
func (a *Answer) Size() board.Size { return a.Goal.Size() }

// Pack returns the level pack that answers first the boards it holds,
// or nil.
func (a *Answer) Pack() *Pack {
	if a.pack == nil {
		return nil
	}
	return a.pack()
}

// tier returns the search, found on the first call that needs it; a
// failure of ctx, or of a file the WebAssembly build has not been given
// yet, is tried again by a later call.
func (a *Answer) tier(ctx context.Context) (*searchTier, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case a.search != nil:
		return a.search, nil
	case a.err != nil:
		return nil, a.err
	case a.bound == nil:
		return nil, fmt.Errorf("source: the %s answer has no search", a.Size()) // not met: a table answers first
	}
	h, src, err := a.bound(ctx)
	if err != nil {
		if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, data.ErrNotGiven) {
			a.err = err
		}
		return nil, err
	}
	s := ida.NewIn(h, a.Metric)
	if a.Metric == board.MultiTile && src != nil {
		// Its far boards take seconds: search each on every core.
		s = s.WithWorkers(0)
	}
	a.search = &searchTier{search: s, h: h, src: src}
	return a.search, nil
}

// Bound returns the lower bound that guides the answer's search, found
// and proven on the first call that needs it; nil, with no error, where a
// table answers. Its errors are those of Catalog.For, of reading the
// database.
func (a *Answer) Bound(ctx context.Context) (ida.Heuristic, error) {
	if a.Table != nil {
		return nil, nil
	}
	t, err := a.tier(ctx)
	if err != nil {
		return nil, err
	}
	return t.h, nil
}

// source returns what answers when no pack does: the table's source, or
// the search's bound's once found (nil for a computed bound, or a bound
// not found yet).
func (a *Answer) source() *Source {
	if a.src != nil || a.Table != nil {
		return a.src
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.search == nil {
		return nil
	}
	return a.search.src
}

// Distance returns the fewest moves from b, a board of the answer's size,
// to Goal: from the level pack where it holds b, else by the table's
// lookup, else by the search. It fails with board.ErrUnsolvable if b
// cannot reach Goal, and with ctx's error if ctx ends before a search
// does.
func (a *Answer) Distance(ctx context.Context, b board.Board) (int, error) {
	if a.Table != nil {
		return a.Table.Distance(b)
	}
	if d, _, ok := a.Pack().Known(b); ok {
		return d, nil
	}
	t, err := a.tier(ctx)
	if err != nil {
		return -1, err
	}
	return t.search.Distance(ctx, b)
}

// Path returns a shortest solution of b, Distance moves: the rest of a
// level pack's stored solution where it holds b, else the table's, else
// the search's. Its errors are those of Distance.
func (a *Answer) Path(ctx context.Context, b board.Board) ([]uint8, error) {
	if a.Table != nil {
		return a.Table.Path(b)
	}
	if _, rest, ok := a.Pack().Known(b); ok {
		return rest, nil
	}
	t, err := a.tier(ctx)
	if err != nil {
		return nil, err
	}
	return t.search.Solve(ctx, b)
}

// Hints returns every move that takes b one step closer to Goal, and
// the distance of b: by the table, else from the level pack where it
// lists every optimal move of b (a board near its levels), else by the
// search (a level pack knows one optimal move of a board of its
// solutions, not all; Ask answers a hint from it). Its errors are those
// of Distance.
func (a *Answer) Hints(ctx context.Context, b board.Board) ([]uint8, int, error) {
	if a.Table != nil {
		return a.Table.Hints(b)
	}
	if h, ok := a.Pack().Hints(b); ok && h.All {
		return h.Moves, h.Distance, nil
	}
	t, err := a.tier(ctx)
	if err != nil {
		return nil, -1, err
	}
	return t.search.Hints(ctx, b)
}

// Within returns a shortest solution of b and true if b is at most limit
// moves from Goal (any distance if limit is negative), and false
// otherwise; a search stops at limit. Its errors are those of Distance.
func (a *Answer) Within(ctx context.Context, b board.Board, limit int) ([]uint8, bool, error) {
	if a.Table == nil {
		if d, rest, ok := a.Pack().Known(b); ok {
			if limit >= 0 && d > limit {
				return nil, false, nil
			}
			return rest, true, nil
		}
		t, err := a.tier(ctx)
		if err != nil {
			return nil, false, err
		}
		return t.search.Within(ctx, b, limit)
	}
	d, err := a.Table.Distance(b)
	if err != nil || limit >= 0 && d > limit {
		return nil, false, err
	}
	p, err := a.Table.Path(b)
	return p, err == nil, err
}

// Ask answers the question what (api.AskDistance, api.AskHint or
// api.AskSolve) about b, a board of the answer's size, and says what
// answered: the level pack where it holds b, with the distance, the rest
// of its stored solution, or for a hint that solution's next move alone,
// Partial, or every optimal move of a board it lists them for (one near
// its levels); else the table; else the search. Its errors are those of
// Distance, and an error wrapping ErrKind for another question.
func (a *Answer) Ask(ctx context.Context, b board.Board, what api.Ask) (Reply, error) {
	if a.Table == nil {
		if pk := a.Pack(); pk != nil {
			if d, rest, ok := pk.Known(b); ok {
				r := Reply{Distance: d, By: pk.Describe()}
				switch what {
				case api.AskSolve:
					r.Moves = rest
				case api.AskHint:
					if h, ok := pk.Hints(b); ok {
						r.Moves, r.Partial = h.Moves, !h.All
					}
				}
				return r, nil
			}
		}
	}
	var (
		r   Reply
		err error
	)
	switch what {
	case api.AskDistance:
		r.Distance, err = a.Distance(ctx, b)
	case api.AskHint:
		r.Moves, r.Distance, err = a.Hints(ctx, b)
	case api.AskSolve:
		r.Moves, err = a.Path(ctx, b)
		r.Distance = len(r.Moves)
	default:
		return Reply{}, fmt.Errorf("%w: %v is no question about a board's distance", ErrKind, what)
	}
	if err != nil {
		return Reply{}, err
	}
	r.By = a.Describe()
	return r, nil
}

// Quick reports whether the answer answers b with no search: by the
// table, or from the level pack, which holds b.
func (a *Answer) Quick(b board.Board) bool {
	if a.Table != nil {
		return true
	}
	_, _, ok := a.Pack().Known(b)
	return ok
}

// Kind returns what answers when no pack does: the kind of the table's
// source or the search's bound, or ComputedBound for a search with a
// bound computed from each board (or one not found yet).
func (a *Answer) Kind() Kind {
	src := a.source()
	if src == nil {
		return ComputedBound
	}
	if k := src.Kind(); k != Unknown {
		return k
	}
	return ComputedBound // a heuristic given
}

// Describe returns what answers when no pack does, as the JSON answers
// carry it (api.Source): the table's source, or the search's bound's, or
// for a bound computed from each board {"where":"computed","kind":
// "computed bound","exact":false}. The bound of a search is found first
// if no board has needed it yet.
func (a *Answer) Describe() *api.Source {
	if a.Table == nil {
		a.tier(context.Background()) // a failure leaves it computed
	}
	src := a.source()
	if src == nil {
		return &api.Source{Where: Computed.String(), Kind: ComputedBound.String()}
	}
	d := src.Describe()
	d.Exact = a.Exact()
	return d
}

// String says what answers, for a person: "the built-in 3x3 table", "a
// search with the installed pattern database /x/4x4.pdb", "a search with
// Manhattan distance and linear conflicts".
func (a *Answer) String() string {
	if a.Table == nil {
		a.tier(context.Background())
	}
	src := a.source()
	switch {
	case a.Table != nil && src != nil:
		return src.String()
	case a.Table != nil:
		return fmt.Sprintf("a %s table", a.Goal.Size())
	case src != nil:
		return "a search with " + src.String()
	case a.Metric == board.MultiTile:
		return "a search with the bound of lines (multi-tile moves)"
	}
	return "a search with Manhattan distance and linear conflicts"
}

// Dealt is a level dealt from a level pack (Catalog.Deal): a board at an
// exact distance, with an optimal solution.
type Dealt struct {
	Board    board.Board
	Distance int
	// Solution is an optimal solution of Board, the tiles moved or
	// tapped in order.
	Solution []uint8
	// By is the pack, as the answers carry it.
	By *api.Source
}

// Quick reports, reading no file but a level pack, whether the answer to
// a question about b in the metric m comes with no search: a table
// answers boards of its size, or the level pack that answers them first
// holds b (see Answer.Quick).
func (c *Catalog) Quick(b board.Board, m board.Metric) bool {
	if b.IsZero() || !m.Valid() {
		return false
	}
	if c.exact(b.Size(), m) {
		return true
	}
	_, _, ok := c.Pack(b.Size(), m).Known(b)
	return ok
}

// Deal deals, with r, a level of size in the metric m at a distance in
// [lo, hi] from the level pack that answers boards of size first (Pack),
// chosen uniformly among the pack's boards in the range, and reports
// whether it could: the pack must hold boards at every distance of the
// range. It reads no file but the pack.
func (c *Catalog) Deal(r *rand.Rand, size board.Size, m board.Metric, lo, hi int) (Dealt, bool) {
	pk := c.Pack(size, m)
	if pk == nil || !pk.Covers(lo, hi) {
		return Dealt{}, false
	}
	var in []int
	for i, lv := range pk.Levels {
		if lv.Distance >= lo && lv.Distance <= hi {
			in = append(in, i)
		}
	}
	i := in[r.IntN(len(in))]
	lv := pk.Levels[i]
	sol := make([]uint8, len(pk.Entries[i].Solution))
	for k, t := range pk.Entries[i].Solution {
		sol[k] = uint8(t) // levels.ReadPack checked every move
	}
	return Dealt{Board: lv.Board, Distance: lv.Distance, Solution: sol, By: pk.Describe()}, true
}

// Needs are the files the WebAssembly build leaves out (data.OnDemand)
// that the answers about boards of a size may come from, and that the
// build has not been given yet: every build but that one embeds them, so
// it needs none.
type Needs struct {
	// Pack is the level pack that answers first the boards it holds and
	// deals levels, or nil.
	Pack *data.Demand
	// Bound is the database that guides the search, or nil.
	Bound *data.Demand
}

// Needs returns the files the answers about boards of size in the metric
// m may come from and the build has not been given (see Needs), reading
// none: the level pack where it answers first (Pack), and the built-in
// database where it guides the search (no table, nothing given, no file
// installed, the standard goal).
func (c *Catalog) Needs(size board.Size, m board.Metric) Needs {
	var n Needs
	if !m.Valid() || size.Validate() != nil || c.exact(size, m) || c.Goal(size) != board.Goal(size) {
		return n
	}
	if src, err := c.given(c.Goal(size), m); src != nil || err != nil {
		return n
	}
	missing := func(pack bool) *data.Demand {
		d, ok := data.Demanded(size, m, pack)
		if !ok {
			return nil
		}
		if given, err := data.Given(d.Name); given || err != nil {
			return nil // a refused file fails when it is read
		}
		return &d
	}
	if !c.opts.Search {
		n.Pack = missing(true)
	}
	if _, path := c.resolvers[m].installedDatabase(size); path == "" {
		n.Bound = missing(false)
	}
	return n
}

// Lookup returns the distance of the board of cells and true if a table
// answers, cells is a board of its size and the table has its distance:
// the hot path of a caller that holds cells, not a board.Board (whose
// making copies them), which it does not allocate on. It reports false
// otherwise, for the board to be made and asked about as any other: then
// board.New says what is wrong with the cells, and Distance whether the
// board cannot reach the goal or the block of a table read in place that
// holds it cannot be read (which Lookup does not tell apart).
func (a *Answer) Lookup(cells []byte) (int, bool) {
	t := a.Table
	if t == nil || len(cells) != a.Goal.Len() {
		return 0, false
	}
	// n cells, each below n and none twice: a permutation of 0..n-1, as
	// board.New requires.
	var seen [4]uint64 // a bit for each of the 256 values of a byte
	for _, c := range cells {
		bit := uint64(1) << (c & 63)
		if int(c) >= len(cells) || seen[c>>6]&bit != 0 {
			return 0, false
		}
		seen[c>>6] |= bit
	}
	return t.Lookup(rank.Index(cells))
}

// MaxDistance returns the largest distance of a board of the answer's
// size from its goal in its metric: the table's, or the published one
// for the standard goal; -1 where it is not known.
func (a *Answer) MaxDistance() int {
	if a.Table != nil {
		return a.Table.Max()
	}
	if a.Goal == board.Goal(a.Size()) {
		if d, ok := published.MaxDistance(a.Size(), a.Metric); ok {
			return d
		}
	}
	return -1
}

// Origin returns the source of what answers when no pack does: the
// table's, or the search's bound's, found first if no board has needed
// it yet; nil for a bound computed from each board.
func (a *Answer) Origin(ctx context.Context) (*Source, error) {
	if a.Table == nil {
		if _, err := a.tier(ctx); err != nil {
			return nil, err
		}
	}
	return a.source(), nil
}

// Prepare returns what answers boards of size in the metric m (For),
// with the bound of its search found and proven now rather than on the
// first board that needs it: for a server, which proves what it serves
// before it serves.
func (c *Catalog) Prepare(ctx context.Context, size board.Size, m board.Metric) (*Answer, error) {
	ans, err := c.For(ctx, size, m)
	if err != nil {
		return nil, err
	}
	if _, err := ans.Bound(ctx); err != nil {
		return nil, err
	}
	return ans, nil
}
