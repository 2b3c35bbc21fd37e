package api

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
)

// Errors of reading a Question.
var (
	// ErrQuestion reports a question that cannot be asked: a bad size,
	// board, goal or range, a parameter unknown or given twice. The
	// message of an error wrapping it is the problem alone, as the
	// command line words it ("tile 7 appears twice").
	ErrQuestion = failure.New(failure.Input, "api: bad question")
	// ErrAsk reports a question about nothing a game answers: an
	// endpoint of the HTTP API that does not exist.
	ErrAsk = failure.New(failure.NotFound, "api: no such question")
)

// Ask is what a Question asks.
type Ask uint8

// What a Question asks: each names an endpoint of the HTTP API
// (/api/sizes, ...) and the answer it gets.
const (
	AskSizes    Ask = iota + 1 // []Size: the sizes played, in a metric
	AskSolvable                // Solvable: whether a board reaches the goal
	AskDistance                // Distance
	AskHint                    // Moves: every optimal next move
	AskSolve                   // Moves: a shortest solution
	AskLevel                   // Level: a board at a distance in a range
	AskStats                   // Stats: the distance distribution
	numAsks
)

var askNames = [numAsks]string{AskSizes: "sizes", AskSolvable: "solvable", AskDistance: "distance", AskHint: "hint", AskSolve: "solve", AskLevel: "level", AskStats: "stats"}

// String returns the name of the endpoint that asks a: "distance".
func (a Ask) String() string {
	if a > 0 && a < numAsks {
		return askNames[a]
	}
	return "Ask(" + strconv.Itoa(int(a)) + ")"
}

// Valid reports whether a is one of the Asks.
func (a Ask) Valid() bool { return a > 0 && a < numAsks }

// AboutBoard reports whether a asks about one board: solvable, distance,
// hint or solve.
func (a Ask) AboutBoard() bool { return a >= AskSolvable && a <= AskSolve }

// Asks returns every Ask, in the order of the endpoints of the HTTP API.
func Asks() []Ask {
	out := make([]Ask, 0, numAsks-1)
	for a := Ask(1); a < numAsks; a++ {
		out = append(out, a)
	}
	return out
}

// ParseAsk returns the Ask of the endpoint name, or an error wrapping
// ErrAsk that lists the endpoints.
func ParseAsk(name string) (Ask, error) {
	for a := Ask(1); a < numAsks; a++ {
		if askNames[a] == name {
			return a, nil
		}
	}
	names := make([]string, 0, numAsks-1)
	for _, a := range Asks() {
		names = append(names, a.String())
	}
	return 0, &questionError{kind: ErrAsk, err: fmt.Errorf("no endpoint %q; the endpoints are %s", clip(name), strings.Join(names, ", "))}
}

// Question is one question a game asks, whichever front end asks it: the
// HTTP API and the WebAssembly module read it from a URL query
// (ParseQuery), the command line from its flags, the C library from its
// arguments, and each asks package game, the one door that answers it.
// The zero value of a field is what a question that leaves it out asks:
// the standard metric, the size's goal, the default range, a random seed.
type Question struct {
	// Ask is what is asked.
	Ask Ask
	// Size is the size of the boards asked about; every Ask but
	// AskSizes needs one.
	Size board.Size
	// Metric is what counts as one move (the zero value: single-tile).
	Metric board.Metric
	// Goal, if not the zero Board, is the board distances are measured
	// to, instead of the goal the game measures the size to.
	Goal board.Board
	// Board is the board asked about, for an Ask about one board,
	// unless Scrambled.
	Board board.Board
	// Scramble, if Scrambled, makes the board asked about: moves played
	// from the goal the answer is measured to, in the speedsolvers'
	// letters ("RRDL", "R3D2L"; see board.Board.AfterLetters) or as tile
	// numbers ("8 7 4", each tile moved, or tapped in the multi-tile
	// metric). An empty Scramble is the goal itself.
	Scramble  string
	Scrambled bool
	// Min and Max are the range of a level's distance; a negative Max
	// asks for the largest distance levels are offered at.
	Min, Max int
	// Seed, if Seeded, draws a level; otherwise a random seed does.
	Seed   uint64
	Seeded bool
	// Letters writes the moves of a hint or a solution as speedsolvers
	// do, besides the tiles.
	Letters bool
	// Quick asks for an answer only if it comes with no search: a
	// lookup, a level pack, the parity rule. Otherwise the door fails
	// with an error of kind failure.Time that says a search would
	// answer, and answers nothing; a front end that keeps searches off
	// its lookups (the WebAssembly module's workers) asks again where a
	// search may run.
	Quick bool
}

// MaxParam bounds the whole numbers of a question but the seed: a
// level's distances.
const MaxParam = 1000

// maxScramble bounds the bytes of a scramble.
const maxScramble = 1 << 16

// params lists the parameters each endpoint takes, in the order its
// messages name them.
var params = [numAsks][]string{
	AskSizes:    {"metric"},
	AskSolvable: {"size", "board", "scramble", "metric", "goal"},
	AskDistance: {"size", "board", "scramble", "metric", "goal"},
	AskHint:     {"size", "board", "scramble", "metric", "goal", "notation"},
	AskSolve:    {"size", "board", "scramble", "metric", "goal", "notation"},
	AskLevel:    {"size", "min", "max", "seed", "metric", "goal"},
	AskStats:    {"size", "metric", "goal"},
}

// Params returns the names of the parameters the endpoint of a takes in a
// URL query, in order.
func (a Ask) Params() []string {
	if !a.Valid() {
		return nil
	}
	return append([]string(nil), params[a]...)
}

// ParseQuery reads the question the HTTP API's endpoint name asks with the
// query q (size=3x3&board=8,6,7,2,5,4,3,0,1). A bad parameter, one the
// endpoint does not take or one given twice fails with an error wrapping
// ErrQuestion that names it; an unknown endpoint with one wrapping ErrAsk.
// The question's board, goal and range are checked as far as they can be
// without the game: a board of the size, a range of whole numbers.
func ParseQuery(name string, q url.Values) (Question, error) {
	ask, err := ParseAsk(name)
	if err != nil {
		return Question{}, err
	}
	if err := allowed(q, name, params[ask]...); err != nil {
		return Question{}, err
	}
	qn := Question{Ask: ask}
	if qn.Metric, err = metricParam(q); err != nil {
		return Question{}, err
	}
	if ask == AskSizes {
		return qn, nil
	}
	if !q.Has("size") {
		return Question{}, inputf("missing parameter size, such as size=3x3")
	}
	if qn.Size, err = board.ParseSize(q.Get("size")); err != nil {
		return Question{}, input(err)
	}
	if q.Has("goal") {
		if qn.Goal, err = board.Parse(qn.Size, q.Get("goal")); err != nil {
			return Question{}, input(fmt.Errorf("goal=%q: %w", clip(q.Get("goal")), err))
		}
	}
	switch {
	case ask.AboutBoard():
		if err := boardParam(q, &qn); err != nil {
			return Question{}, err
		}
		switch q.Get("notation") {
		case "", "tiles":
		case "letters":
			qn.Letters = true
		default:
			return Question{}, inputf("notation %q: want tiles or letters", clip(q.Get("notation")))
		}
	case ask == AskLevel:
		if qn.Min, err = intParam(q, "min", 0); err != nil {
			return Question{}, err
		}
		if qn.Max, err = intParam(q, "max", -1); err != nil {
			return Question{}, err
		}
		if q.Has("seed") {
			qn.Seeded = true
			if qn.Seed, err = strconv.ParseUint(q.Get("seed"), 10, 64); err != nil {
				return Question{}, inputf("seed=%q: want a whole number from 0 to %d", clip(q.Get("seed")), uint64(1<<64-1))
			}
		}
	}
	return qn, nil
}

// boardParam reads the board of q into qn: its board parameter, or its
// scramble, one of the two.
func boardParam(q url.Values, qn *Question) error {
	switch {
	case q.Has("board") && q.Has("scramble"):
		return inputf("give board or scramble, not both")
	case q.Has("scramble"):
		s := q.Get("scramble")
		if len(s) > maxScramble {
			return inputf("a scramble of %d bytes: at most %d", len(s), maxScramble)
		}
		qn.Scramble, qn.Scrambled = s, true
		return nil
	case !q.Has("board"):
		goal := board.Goal(qn.Size)
		return inputf("missing parameter board: the %d numbers of a %s board in reading order, 0 for the blank, such as board=%s (or scramble=RRDL, moves from the goal)",
			goal.Len(), qn.Size, cellList(goal))
	}
	b, err := board.Parse(qn.Size, q.Get("board"))
	if err != nil {
		return input(err)
	}
	qn.Board = b
	return nil
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

// CheckParams checks that the query q of the endpoint name has no
// parameter but those named, each at most once, as ParseQuery checks the
// parameters of a question: for an endpoint of a server's own that reads
// a question from a query of its own parameters (a chart of a
// distribution takes size and metric). It fails with an error wrapping
// ErrQuestion that names the parameter.
func CheckParams(q url.Values, name string, names ...string) error { return allowed(q, name, names...) }

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

// intParam parses a whole number in [0, MaxParam], or returns def if the
// parameter is absent.
func intParam(q url.Values, name string, def int) (int, error) {
	if !q.Has(name) {
		return def, nil
	}
	v, err := strconv.Atoi(q.Get(name))
	if err != nil {
		return 0, inputf("%s=%q: not a whole number", name, clip(q.Get(name)))
	}
	if v < 0 || v > MaxParam {
		return 0, inputf("%s=%d: want 0 to %d", name, v, MaxParam)
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

// clip returns s clipped to 40 bytes (see human.Clip), so that a message
// does not echo a long input.
func clip(s string) string { return human.Clip(s, 40) }

// input returns err as a bad question.
func input(err error) error { return &questionError{kind: ErrQuestion, err: err} }

// inputf is input of an error formatted by fmt.Errorf.
func inputf(format string, args ...any) error { return input(fmt.Errorf(format, args...)) }

// questionError is an error of the kind ErrQuestion or ErrAsk whose
// message is its cause's, without package names.
type questionError struct {
	kind error
	err  error
}

func (e *questionError) Error() string   { return human.Message(e.err) }
func (e *questionError) Unwrap() []error { return []error{e.kind, e.err} }
