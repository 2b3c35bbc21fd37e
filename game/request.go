package game

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
)

// Endpoints are the names Request answers, in the order the package
// documentation lists them.
var Endpoints = []string{"sizes", "solvable", "distance", "hint", "solve", "level", "stats"}

// maxParam bounds every whole-number parameter but the seed.
const maxParam = 1000

// Request is one checked request, ready to answer.
type Request struct {
	cheap  bool
	answer func(ctx context.Context) (any, error)
}

// Cheap reports whether the answer takes a few table lookups at most, so
// that a server need not limit it: false for a search (a size without a
// table) and for a level.
func (r *Request) Cheap() bool { return r.cheap }

// Answer returns the answer, an object of package api (see the package
// documentation). It fails with ctx's error if ctx ends before a search
// does, with an error wrapping levels.ErrNotFound if no level was found,
// and with an error wrapping ErrUnknown for a distribution not known here.
func (r *Request) Answer(ctx context.Context) (any, error) { return r.answer(ctx) }

// Request checks a request for the endpoint name with the parameters q (as
// the HTTP API takes them: size=3x3&board=8,6,7,2,5,4,3,0,1). A bad
// parameter, one not taken by the endpoint or one given twice fails with
// an error wrapping ErrInput that names it; an unknown endpoint with one
// wrapping ErrEndpoint.
func (g *Game) Request(name string, q url.Values) (*Request, error) {
	switch name {
	case "sizes":
		if err := allowed(q, name, "metric"); err != nil {
			return nil, err
		}
		m, err := metricParam(q)
		if err != nil {
			return nil, err
		}
		return done(g.SizesIn(m)), nil
	case "solvable", "distance", "hint", "solve":
		return g.boardRequest(name, q)
	case "level":
		return g.levelRequest(q)
	case "stats":
		if err := allowed(q, name, "size", "metric", "goal"); err != nil {
			return nil, err
		}
		p, err := g.puzzleParam(q)
		if err != nil {
			return nil, err
		}
		// A large table's distribution takes a scan, once: a search.
		return &Request{cheap: p.statsCheap(), answer: func(ctx context.Context) (any, error) {
			st, err := p.statsOf(ctx)
			if errors.Is(err, source.ErrNoDistribution) {
				return nil, &requestError{kind: ErrUnknown, err: err}
			}
			return st, err
		}}, nil
	}
	return nil, &requestError{kind: ErrEndpoint, err: fmt.Errorf("no endpoint %q; the endpoints are %s", clip(name), strings.Join(Endpoints, ", "))}
}

// Puzzle returns the puzzle of the size and metric parameters of q, which
// may have no other parameter; name is the endpoint asked, for messages.
// It fails as Request does.
func (g *Game) Puzzle(q url.Values, name string) (Puzzle, error) {
	p, err := g.sizeParam(q, name)
	if err != nil {
		return Puzzle{}, err
	}
	return p.Puzzle, nil
}

// done returns a request whose answer is v.
func done(v any) *Request {
	return &Request{cheap: true, answer: func(context.Context) (any, error) { return v, nil }}
}

// boardRequest checks a request about one board.
func (g *Game) boardRequest(name string, q url.Values) (*Request, error) {
	params := []string{"size", "board", "scramble", "metric", "goal"}
	if name == "hint" || name == "solve" {
		params = append(params, "notation")
	}
	if err := allowed(q, name, params...); err != nil {
		return nil, err
	}
	p, err := g.puzzleParam(q)
	if err != nil {
		return nil, err
	}
	b, err := boardParam(q, p)
	if err != nil {
		return nil, err
	}
	letters := false
	switch q.Get("notation") {
	case "", "tiles":
	case "letters":
		letters = true
	default:
		return nil, inputf("notation %q: want tiles or letters", clip(q.Get("notation")))
	}
	solvable, err := b.SolvableTo(p.Goal)
	if err != nil {
		return nil, input(err)
	}
	about := api.NewAbout(p.Goal, p.Metric)
	switch {
	case name == "solvable":
		return done(api.Solvable{About: about, Board: b, Solvable: solvable}), nil
	case !solvable && name == "distance":
		return done(api.NewDistance(about, b, false, 0)), nil
	case !solvable:
		return done(api.NewMoves(about, b, false, 0, nil, false)), nil
	}
	if pk := p.pack(); pk != nil {
		if d, rest, ok := pk.Known(b); ok {
			return fromPack(name, about, b, d, rest, pk, letters), nil
		}
	}
	r := &Request{cheap: p.exact && !p.custom}
	switch name {
	case "distance":
		r.answer = func(ctx context.Context) (any, error) {
			d, err := p.Solver.Distance(ctx, b)
			out := api.NewDistance(about, b, true, d)
			out.Source = p.source(ctx)
			return out, err
		}
	case "hint":
		r.answer = func(ctx context.Context) (any, error) {
			hints, d, err := p.Solver.Hints(ctx, b)
			out := api.NewMoves(about, b, true, d, hints, false)
			out.Source = p.source(ctx)
			if err == nil && letters {
				err = out.AddLetters(false)
			}
			return out, err
		}
	default:
		r.answer = func(ctx context.Context) (any, error) {
			path, err := p.Solver.Path(ctx, b)
			out := api.NewMoves(about, b, true, len(path), path, true)
			out.Source = p.source(ctx)
			if err == nil && letters {
				err = out.AddLetters(true)
			}
			return out, err
		}
	}
	return r, nil
}

// fromPack returns the request name (distance, hint or solve) about b,
// answered by the level pack pk with no search: b is d moves from the
// goal, and rest is an optimal solution of it. A hint gives every optimal
// move where the pack lists them (a board near its levels), the first of
// rest first; else rest's first move alone, the one the pack knows to be
// optimal (api.Moves.Partial).
func fromPack(name string, about api.About, b board.Board, d int, rest []uint8, pk *source.Pack, letters bool) *Request {
	return &Request{cheap: true, answer: func(context.Context) (any, error) {
		if name == "distance" {
			out := api.NewDistance(about, b, true, d)
			out.Source = pk.Describe()
			return out, nil
		}
		path, moves, all := name == "solve", rest, false
		if !path {
			h, _ := pk.Hints(b) // known, as Known said
			moves, all = h.Moves, h.All
		}
		out := api.NewMoves(about, b, true, d, moves, path)
		out.Partial = !path && !all
		out.Source = pk.Describe()
		var err error
		if letters {
			err = out.AddLetters(path)
		}
		return out, err
	}}
}

// boardParam returns the board of q: its board parameter, or the board its
// scramble parameter makes from the goal of p (moves in the speedsolvers'
// letters, see board.Board.AfterLetters), one of the two.
func boardParam(q url.Values, p *puzzle) (board.Board, error) {
	switch {
	case q.Has("board") && q.Has("scramble"):
		return board.Board{}, inputf("give board or scramble, not both")
	case q.Has("scramble"):
		b, err := p.Goal.AfterLetters(q.Get("scramble"))
		if err != nil {
			return board.Board{}, input(fmt.Errorf("scramble: %w", err))
		}
		return b, nil
	case !q.Has("board"):
		return board.Board{}, inputf("missing parameter board: the %d numbers of a %s board in reading order, 0 for the blank, such as board=%s (or scramble=RRDL, moves from the goal)",
			p.Goal.Len(), p.name, cellList(p.Goal))
	}
	b, err := board.Parse(p.Goal.Size(), q.Get("board"))
	if err != nil {
		return board.Board{}, input(err)
	}
	return b, nil
}

// levelRequest checks a request for a level.
func (g *Game) levelRequest(q url.Values) (*Request, error) {
	if err := allowed(q, "level", "size", "min", "max", "seed", "metric", "goal"); err != nil {
		return nil, err
	}
	p, err := g.puzzleParam(q)
	if err != nil {
		return nil, err
	}
	lo, err := intParam(q, "min", 0)
	if err != nil {
		return nil, err
	}
	// The published boards at the largest distance, if min asks for them.
	hardest := p.published && p.hardest.Distance > 0 && lo >= p.hardest.Distance
	def := p.MaxLevel
	if hardest {
		def = p.hardest.Distance
	}
	hi, err := intParam(q, "max", def)
	if err != nil {
		return nil, err
	}
	seed, err := seedParam(q)
	if err != nil {
		return nil, err
	}
	if !p.custom {
		if hi, err = p.checkLevels(lo, hi, hardest); err != nil {
			return nil, err
		}
	}
	// The pack holds the published hardest boards too, each with a
	// solution: a level it deals is a lookup.
	pk := p.dealer(lo, hi)
	return &Request{cheap: pk != nil, answer: func(ctx context.Context) (any, error) {
		if p.custom {
			// The range is checked against the goal's table, which the
			// first answer that needs it builds.
			if hi, err = p.checkLevels(lo, hi, false); err != nil {
				return nil, err
			}
		}
		r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		if pk != nil {
			i := deal(pk, r, lo, hi)
			lv := pk.Levels[i]
			out := api.NewLevel(api.NewAbout(p.Goal, p.Metric), lv.Board, lv.Distance)
			out.Solution = slices.Clone(pk.Entries[i].Solution)
			out.Source = pk.Describe()
			return out, nil
		}
		lv, err := p.level(ctx, r, lo, hi)
		if err != nil {
			return nil, err
		}
		out := api.NewLevel(api.NewAbout(p.Goal, p.Metric), lv.Board, lv.Distance)
		if !hardest { // a board of the published list is no answer of ours
			out.Source = p.source(ctx)
		}
		return out, nil
	}}, nil
}

// answerer is a Solver that says what answers boards of a size, as a
// *solver.Solver does (its catalogue's source.Answer).
type answerer interface {
	Answer(ctx context.Context, size board.Size) (*source.Answer, error)
}

// source returns what answers p's boards, as the answers carry it
// (api.Source), or nil if p's Solver does not say.
func (p *puzzle) source(ctx context.Context) *api.Source {
	a, ok := p.Solver.(answerer)
	if !ok {
		return nil
	}
	ans, err := a.Answer(ctx, p.Goal.Size())
	if err != nil {
		return nil
	}
	return ans.Describe()
}

// checkLevels checks a level's distance range lo..hi against the puzzle:
// the distances there are (levels.CheckRange), and the largest levels are
// offered at, MaxLevel, unless hardest asks for the published boards at
// the largest distance. It returns hi clipped to both.
func (p *puzzle) checkLevels(lo, hi int, hardest bool) (int, error) {
	most, exact := published.MaxDistance(p.Goal.Size(), p.Metric)
	switch {
	case p.custom:
		var err error
		if most, exact, err = p.farthest(); err != nil {
			return 0, err
		}
		if !p.exact {
			if lo > p.MaxLevel {
				return 0, inputf("min=%d: %s levels go up to %d moves here", lo, p.name, p.MaxLevel)
			}
			most = min(most, p.MaxLevel)
		}
	case p.exact:
		most, exact = p.max, true // MaxLevel too
	case hardest:
		most, exact = p.hardest.Distance, true
	case lo > p.MaxLevel && p.hardest.Distance > 0:
		return 0, inputf("min=%d: %s levels go up to %d moves here, and to %d for the published boards that far", lo, p.name, p.MaxLevel, p.hardest.Distance)
	case lo > p.MaxLevel:
		return 0, inputf("min=%d: %s levels go up to %d moves here", lo, p.name, p.MaxLevel)
	default:
		most = min(most, p.MaxLevel)
	}
	hi, err := levels.CheckRange(p.Goal.Size(), lo, hi, most, exact)
	if err != nil {
		return 0, input(err)
	}
	return hi, nil
}

// sizeParam returns the puzzle of a request that takes only a size (and
// a metric).
func (g *Game) sizeParam(q url.Values, name string) (*puzzle, error) {
	if err := allowed(q, name, "size", "metric"); err != nil {
		return nil, err
	}
	return g.puzzleParam(q)
}

// puzzleParam returns the puzzle of the size, metric and goal parameters.
func (g *Game) puzzleParam(q url.Values) (*puzzle, error) {
	if !q.Has("size") {
		return nil, inputf("missing parameter size, such as size=3x3")
	}
	size, err := board.ParseSize(q.Get("size"))
	if err != nil {
		return nil, input(err)
	}
	m, err := metricParam(q)
	if err != nil {
		return nil, err
	}
	p, err := g.puzzleOf(size, m)
	if err != nil {
		return nil, err
	}
	return g.goalParam(q, p)
}

// metricParam returns the metric parameter: board.SingleTile if absent.
func metricParam(q url.Values) (board.Metric, error) {
	if !q.Has("metric") {
		return board.SingleTile, nil
	}
	m, err := board.ParseMetric(q.Get("metric"))
	if err != nil {
		return 0, inputf("metric=%q: want single or multi", clip(q.Get("metric")))
	}
	return m, nil
}

// allowed checks that q has no parameter but those named, each at most
// once.
func allowed(q url.Values, name string, names ...string) error {
	for k, vs := range q {
		known := false
		for _, a := range names {
			known = known || a == k
		}
		switch {
		case !known && len(names) == 0:
			return inputf("unknown parameter %q: %s takes none", clip(k), name)
		case !known:
			return inputf("unknown parameter %q: %s takes %s", clip(k), name, strings.Join(names, ", "))
		case len(vs) > 1:
			return inputf("parameter %s given %d times", k, len(vs))
		}
	}
	return nil
}

// intParam parses a whole number in [0, maxParam], or returns def if the
// parameter is absent.
func intParam(q url.Values, name string, def int) (int, error) {
	if !q.Has(name) {
		return def, nil
	}
	v, err := strconv.Atoi(q.Get(name))
	if err != nil {
		return 0, inputf("%s=%q: not a whole number", name, clip(q.Get(name)))
	}
	if v < 0 || v > maxParam {
		return 0, inputf("%s=%d: want 0 to %d", name, v, maxParam)
	}
	return v, nil
}

// seedParam parses the seed parameter, or returns a random seed if absent.
func seedParam(q url.Values) (uint64, error) {
	if !q.Has("seed") {
		return rand.Uint64(), nil
	}
	v, err := strconv.ParseUint(q.Get("seed"), 10, 64)
	if err != nil {
		return 0, inputf("seed=%q: want a whole number from 0 to %d", clip(q.Get("seed")), uint64(1<<64-1))
	}
	return v, nil
}

// cellList writes the cells of b separated by commas.
func cellList(b board.Board) string {
	var sb strings.Builder
	for i := range b.Len() {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(int(b.At(i))))
	}
	return sb.String()
}

// clipLen is the most bytes of a parameter a message quotes.
const clipLen = 40

// clip returns s clipped to clipLen bytes (see human.Clip), so that a
// message does not echo a long input.
func clip(s string) string { return human.Clip(s, clipLen) }
