package game

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
)

// Endpoints are the names of the questions Ask answers, as the HTTP API
// names its endpoints, in the order the package documentation lists them.
var Endpoints = func() []string {
	var names []string
	for _, a := range api.Asks() {
		names = append(names, a.String())
	}
	return names
}()

// Request is one checked question, ready to answer.
type Request struct {
	cheap  bool
	answer func(ctx context.Context) (any, error)
	needs  source.Needs // of the puzzle asked about, for a question that may use them
	level  bool         // a level, which waits for the level pack that deals it
}

// Cheap reports whether the answer takes a few table lookups at most, so
// that a server need not limit it: false for a search (a size without a
// table, a board no level pack holds) and for a level no pack deals.
func (r *Request) Cheap() bool { return r.cheap }

// Answer returns the answer, an object of package api (see the package
// documentation). It fails with ctx's error if ctx ends before a search
// does, with an error wrapping levels.ErrNotFound if no level was found,
// and with an error wrapping ErrUnknown for a distribution not known here.
func (r *Request) Answer(ctx context.Context) (any, error) { return r.answer(ctx) }

// Needs returns the files the WebAssembly build leaves out (data.OnDemand)
// and has not been given yet that the answer may come from: the level
// pack that may answer it with no search (a level it deals, or a board
// it may hold), and the database a search for it needs; and whether a
// search answers without the pack (every question but a level, which
// the pack deals). The build gives them before it answers; every other
// build embeds them and needs none.
func (r *Request) Needs() (pack, bound *data.Demand, searchWithout bool) {
	bound = r.needs.Bound
	if r.cheap {
		bound = nil
	}
	return r.needs.Pack, bound, !r.level && !r.cheap
}

// Ask checks the question q and returns the request that answers it: the
// one door through which every front end's questions are answered (the
// HTTP API and the WebAssembly module read q from a URL query with
// api.ParseQuery, the command line from its flags, the C library from its
// arguments). A bad question fails at once with an error wrapping
// ErrInput that names the problem ("tile 7 appears twice"); a question of
// no Ask with one wrapping ErrEndpoint.
func (g *Game) Ask(q api.Question) (*Request, error) {
	switch q.Ask {
	case api.AskSizes:
		if !q.Metric.Valid() {
			return nil, inputf("metric %d: want single or multi", q.Metric)
		}
		return done(g.SizesIn(q.Metric)), nil
	case api.AskSolvable, api.AskDistance, api.AskHint, api.AskSolve:
		return g.boardRequest(q)
	case api.AskLevel:
		return g.levelRequest(q)
	case api.AskStats:
		p, err := g.puzzleFor(q)
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
	return nil, &requestError{kind: ErrEndpoint, err: fmt.Errorf("no question %v; the questions are %s", q.Ask, strings.Join(Endpoints, ", "))}
}

// done returns a request whose answer is v.
func done(v any) *Request {
	return &Request{cheap: true, answer: func(context.Context) (any, error) { return v, nil }}
}

// boardRequest checks a question about one board.
func (g *Game) boardRequest(q api.Question) (*Request, error) {
	p, err := g.puzzleFor(q)
	if err != nil {
		return nil, err
	}
	b, err := p.boardOf(q)
	if err != nil {
		return nil, err
	}
	solvable, err := b.SolvableTo(p.Goal)
	if err != nil {
		return nil, input(err)
	}
	about := api.NewAbout(p.Goal, p.Metric)
	switch {
	case q.Ask == api.AskSolvable:
		return done(api.Solvable{About: about, Board: b, Solvable: solvable}), nil
	case !solvable && q.Ask == api.AskDistance:
		return done(api.NewDistance(about, b, false, 0)), nil
	case !solvable:
		return done(api.NewMoves(about, b, false, 0, nil, false)), nil
	}
	what, letters := q.Ask, q.Letters
	return &Request{cheap: p.Solver.Quick(b), needs: p.needs(), answer: func(ctx context.Context) (any, error) {
		r, err := p.Solver.Ask(ctx, b, what)
		if err != nil {
			return nil, err
		}
		if what == api.AskDistance {
			out := api.NewDistance(about, b, true, r.Distance)
			out.Source = r.By
			return out, nil
		}
		path := what == api.AskSolve
		out := api.NewMoves(about, b, true, r.Distance, r.Moves, path)
		out.Partial = r.Partial
		out.Source = r.By
		if letters {
			if err := out.AddLetters(path); err != nil {
				return nil, err
			}
		}
		return out, nil
	}}, nil
}

// needs returns the files of data.OnDemand not given yet that p's answers
// may come from: none for a goal of its own, which no file answers.
func (p *puzzle) needs() source.Needs {
	if p.custom {
		return source.Needs{}
	}
	return p.Solver.Needs(p.Goal.Size())
}

// boardOf returns the board q asks about: its Board, or the board its
// Scramble makes from p's goal, the goal the answer is measured to.
func (p *puzzle) boardOf(q api.Question) (board.Board, error) {
	if q.Scrambled {
		b, err := p.Goal.AfterMoves(p.Metric, q.Scramble)
		if err != nil {
			return board.Board{}, input(fmt.Errorf("scramble: %w", err))
		}
		return b, nil
	}
	switch {
	case q.Board.IsZero():
		return board.Board{}, inputf("missing board: the %d numbers of a %s board in reading order, 0 for the blank, such as %s (or a scramble, moves from the goal such as RRDL)",
			p.Goal.Len(), p.name, cellList(p.Goal))
	case q.Board.Size() != p.Goal.Size():
		return board.Board{}, input(fmt.Errorf("%w: a %s board asked about %s", board.ErrMismatch, q.Board.Size(), p.name))
	}
	return q.Board, nil
}

// levelRequest checks a question for a level.
func (g *Game) levelRequest(q api.Question) (*Request, error) {
	p, err := g.puzzleFor(q)
	if err != nil {
		return nil, err
	}
	lo := q.Min
	if lo < 0 || lo > api.MaxParam {
		return nil, inputf("min=%d: want 0 to %d", lo, api.MaxParam)
	}
	// The published boards at the largest distance, if min asks for them.
	hardest := p.published && p.hardest.Distance > 0 && lo >= p.hardest.Distance
	hi := q.Max
	switch {
	case hi > api.MaxParam:
		return nil, inputf("max=%d: want 0 to %d", hi, api.MaxParam)
	case hi < 0 && hardest:
		hi = p.hardest.Distance
	case hi < 0:
		hi = p.MaxLevel
	}
	seed := q.Seed
	if !q.Seeded {
		seed = rand.Uint64()
	}
	if !p.custom {
		if hi, err = p.checkLevels(lo, hi, hardest); err != nil {
			return nil, err
		}
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	about := api.NewAbout(p.Goal, p.Metric)
	// A level pack holds the published hardest boards too, each with a
	// solution: a level it deals is a lookup.
	if !p.exact && !p.custom {
		if lv, ok := p.Solver.Deal(r, p.Goal.Size(), lo, hi); ok {
			out := api.NewLevel(about, lv.Board, lv.Distance)
			out.Solution = api.Ints(lv.Solution)
			out.Source = lv.By
			return done(out), nil
		}
	}
	return &Request{needs: p.needs(), level: true, answer: func(ctx context.Context) (any, error) {
		if p.custom {
			// The range is checked against the goal's table, which the
			// first answer that needs it builds.
			if hi, err = p.checkLevels(lo, hi, false); err != nil {
				return nil, err
			}
		}
		lv, err := p.level(ctx, r, lo, hi)
		if err != nil {
			return nil, err
		}
		out := api.NewLevel(about, lv.Board, lv.Distance)
		if !hardest { // a board of the published list is no answer of ours
			out.Source = p.Solver.Describe(ctx, p.Goal.Size())
		}
		return out, nil
	}}, nil
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

// puzzleFor returns the puzzle of q's size, metric and goal.
func (g *Game) puzzleFor(q api.Question) (*puzzle, error) {
	switch {
	case q.Size == (board.Size{}):
		return nil, inputf("missing size, such as 3x3")
	case !q.Metric.Valid():
		return nil, inputf("metric %d: want single or multi", q.Metric)
	}
	if err := q.Size.Validate(); err != nil {
		return nil, input(err)
	}
	p, err := g.puzzleOf(q.Size, q.Metric)
	if err != nil {
		return nil, err
	}
	switch {
	case q.Goal.IsZero() || q.Goal == p.Goal:
		return p, nil
	case q.Goal.Size() != q.Size:
		return nil, input(fmt.Errorf("%w: a %s goal for %s", board.ErrMismatch, q.Goal.Size(), q.Size))
	}
	return g.goals.get(goalKey{q.Goal, p.Metric}, p)
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
