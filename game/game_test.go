package game_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// newGame returns a game of the built-in 3x3 table and 4x4 by search,
// and, with others, every other size by search.
func newGame(t testing.TB, others bool) *game.Game {
	t.Helper()
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	var opts *game.Options
	if others {
		opts = &game.Options{Others: s}
	}
	g, err := game.New([]game.Puzzle{
		{Goal: board.Goal(board.Size{W: 4, H: 4}), Solver: s},
		{Goal: tbl.Goal(), Solver: s, Table: tbl},
	}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// answer asks g and returns the answer as JSON.
func answer(t *testing.T, g *game.Game, name, query string) (string, error) {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	req, err := request(g, name, q)
	if err != nil {
		return "", err
	}
	v, err := req.Answer(context.Background())
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), nil
}

func TestAnswers(t *testing.T) {
	g := newGame(t, true)
	tests := []struct{ name, query, want string }{
		{"distance", "size=3x3&board=8 6 7/2 5 4/3 0 1", `{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"distance", "size=3x3&board=1,2,3,4,5,6,8,7,0", `{"size":"3x3","board":[1,2,3,4,5,6,8,7,0],"solvable":false}`},
		{"hint", "size=3x3&board=8,6,7,2,5,4,3,0,1", `{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31,"moves":[5,3,1],"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"hint", "size=3x3&board=1,2,3,4,5,6,7,8,0", `{"size":"3x3","board":[1,2,3,4,5,6,7,8,0],"solvable":true,"distance":0,"moves":[],"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"solve", "size=3x3&board=4 1 3/7 2 6/0 5 8", `{"size":"3x3","board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8],"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"solvable", "size=4x4&board=1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", `{"size":"4x4","board":[1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0],"solvable":false}`},
		// A board of the level pack's solutions: the pack answers.
		{"solve", "size=4x4&board=5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15", `{"size":"4x4","board":[5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15],"solvable":true,"distance":8,"moves":[9,5,1,2,6,10,14,15],"source":{"where":"built-in","kind":"level pack","exact":true,"hash":"…"}}`},
		{"hint", "size=4x4&board=5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15", `{"size":"4x4","board":[5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15],"solvable":true,"distance":8,"moves":[9],"partial":true,"source":{"where":"built-in","kind":"level pack","exact":true,"hash":"…"}}`},
		// Any other board: a search.
		{"distance", "size=4x4&board=15 1 12 4/9 3 8 5/13 0 11 2/14 10 7 6", `{"size":"4x4","board":[15,1,12,4,9,3,8,5,13,0,11,2,14,10,7,6],"solvable":true,"distance":47,"source":{"where":"built-in","kind":"pattern database","exact":false,"hash":"…"}}`},
		{"distance", "size=5x2&board=0 9 8 7 6/5 4 3 2 1", `{"size":"5x2","board":[0,9,8,7,6,5,4,3,2,1],"solvable":true,"distance":45,"source":{"where":"computed","kind":"computed bound","exact":false}}`},
	}
	for _, tt := range tests {
		got, err := answer(t, g, tt.name, tt.query)
		if err != nil || maskHash(got) != tt.want {
			t.Errorf("%s %s: %s %v, want %s", tt.name, tt.query, got, err, tt.want)
		}
	}
	// The hash an answer names is its file's content hash.
	got, _ := answer(t, g, "distance", "size=3x3&board=8,6,7,2,5,4,3,0,1")
	t33, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	if sum, ok := t33.ContentHash(); !ok || !strings.Contains(got, fmt.Sprintf(`"hash":"%x"`, sum)) {
		t.Errorf("distance 3x3: %s does not name the built-in table's hash %x", got, sum)
	}
	// 5x2 is answered but not listed.
	got, _ = answer(t, g, "sizes", "")
	var sizes []struct {
		Size      string `json:"size"`
		Table     bool   `json:"table"`
		Published bool   `json:"published"`
		Max       int    `json:"max"`
		MaxLevel  int    `json:"max_level"`
	}
	if err := json.Unmarshal([]byte(got), &sizes); err != nil {
		t.Fatal(err)
	}
	if len(sizes) != 2 || sizes[0].Size != "3x3" || !sizes[0].Table || sizes[1].Size != "4x4" ||
		sizes[1].Table || !sizes[1].Published || sizes[1].MaxLevel != game.DefaultMaxLevel || sizes[1].Max != 80 {
		t.Errorf("sizes: %s", got)
	}
}

// TestBadRequests checks the kind and message of each bad request: the
// problem alone, named as the command line names it.
func TestBadRequests(t *testing.T) {
	g := newGame(t, false)
	tests := []struct {
		name, query string
		kind        failure.Kind
		want        string
	}{
		{"distance", "size=3x3&board=1 2 3/4 5 6/7 7 0", failure.Input, "tile 7 appears twice"},
		{"distance", "size=3x3&board=1 2 3", failure.Input, "3x3 needs 9 numbers, got 3"},
		{"hint", "size=3x3", failure.Input, "missing parameter board: the 9 numbers of a 3x3 board in reading order, 0 for the blank, such as board=1,2,3,4,5,6,7,8,0 (or scramble=RRDL, moves from the goal)"},
		{"solve", "board=1", failure.Input, "missing parameter size, such as size=3x3"},
		{"solve", "size=5x5&scramble=", failure.Input, "size 5x5 is not served; the sizes are 3x3, 4x4"},
		{"level", "size=3x3&min=32", failure.Input, "no boards at these distances: 32: no 3x3 board is more than 31 moves from the goal"},
		{"level", "size=4x4&min=61", failure.Input, "min=61: 4x4 levels go up to 60 moves here, and to 80 for the published boards that far"},
		{"level", "size=4x4&min=81", failure.Input, "no boards at these distances: 81: no 4x4 board is more than 80 moves from the goal"},
		{"level", "size=3x3&min=3&max=2", failure.Input, "no boards at these distances: 3..2, an empty range"},
		{"level", "size=3x3&seed=x", failure.Input, `seed="x": want a whole number from 0 to 18446744073709551615`},
		{"level", "size=3x3&min=1001", failure.Input, "min=1001: want 0 to 1000"},
		{"stats", "size=3x3&x=" + strings.Repeat("y", 100), failure.Input, `unknown parameter "x": stats takes size, metric, goal`},
		{"sizes", "a=1", failure.Input, `unknown parameter "a": sizes takes metric`},
		{"distance", "size=3x3&size=3x3&board=1", failure.Input, "parameter size given 2 times"},
		{"chart", "size=3x3", failure.NotFound, `no endpoint "chart"; the endpoints are sizes, solvable, distance, hint, solve, level, stats`},
	}
	for _, tt := range tests {
		_, err := answer(t, g, tt.name, tt.query)
		if failure.KindOf(err) != tt.kind || err.Error() != tt.want {
			t.Errorf("%s %.40s: %v, want %q (%v)", tt.name, tt.query, err, tt.want, tt.kind)
		}
	}
	// A size without a table or a published distribution.
	g = newGame(t, true)
	if _, err := answer(t, g, "stats", "size=5x2"); !errors.Is(err, game.ErrUnknown) {
		t.Errorf("stats of 5x2: %v", err)
	}
	if _, err := answer(t, g, "distance", "size=1x1&board=0"); failure.KindOf(err) != failure.Input {
		t.Errorf("1x1: %v", err)
	}
}

// TestLevels checks each way of finding a level: a table (checked against
// a plain search), the published hardest boards, uniform boards solved and
// walks; and that a seed repeats its level.
func TestLevels(t *testing.T) {
	g := newGame(t, true)
	ref := reference.Distances(board.Goal(board.Size{W: 3, H: 3}))
	hardest, _ := published.HardestOf(board.Size{W: 4, H: 4})
	s, _ := solver.New(solver.WithSearch()) // the reference: never a level pack
	tests := []struct {
		query  string
		lo, hi int
		kind   string // of the source that answered
	}{
		{"size=3x3&min=31&seed=1", 31, 31, "table"},
		{"size=3x3&min=20&max=22&seed=2", 20, 22, "table"},
		{"size=4x4&min=80&seed=3", 80, 80, "level pack"},        // the published boards, with solutions
		{"size=4x4&min=50&max=52&seed=4", 50, 52, "level pack"}, // 4x4 up to 60: dealt from the pack
		{"size=4x4&min=10&max=12&seed=5", 10, 12, "level pack"},
		{"size=5x2&min=20&max=20&seed=6", 20, 20, "computed bound"}, // no distribution known: walks
	}
	for _, tt := range tests {
		got, err := answer(t, g, "level", tt.query)
		if err != nil {
			t.Fatalf("%s: %v", tt.query, err)
		}
		var lv struct {
			Size     board.Size `json:"size"`
			Board    []uint8    `json:"board"`
			Distance int        `json:"distance"`
			Solution []uint8    `json:"solution"`
			Source   struct{ Kind string }
		}
		if err := json.Unmarshal([]byte(got), &lv); err != nil {
			t.Fatal(err)
		}
		if lv.Source.Kind != tt.kind {
			t.Errorf("%s: %s answered by a %q, want %q", tt.query, got, lv.Source.Kind, tt.kind)
		}
		// A level of a pack comes with an optimal solution.
		if tt.kind == "level pack" {
			b, err := board.New(lv.Size, lv.Board)
			for _, tile := range lv.Solution {
				if err == nil {
					b, err = b.Move(tile)
				}
			}
			if err != nil || len(lv.Solution) != lv.Distance || b != board.Goal(lv.Size) {
				t.Errorf("%s: the solution %v of %s does not reach the goal in %d moves (%v)", tt.query, lv.Solution, got, lv.Distance, err)
			}
		} else if lv.Solution != nil {
			t.Errorf("%s: %s has a solution", tt.query, got)
		}
		b, err := board.New(lv.Size, lv.Board)
		if err != nil {
			t.Fatalf("%s: %s: %v", tt.query, got, err)
		}
		var d int
		switch {
		case lv.Size.Cells() == 9:
			d = ref[b]
		case lv.Distance == 80:
			if !slices.Contains(hardest.Boards, b) {
				t.Errorf("%s: %s is not a published board", tt.query, b)
			}
			d = 80
		default:
			d, err = s.Distance(context.Background(), b)
		}
		if err != nil || d != lv.Distance || d < tt.lo || d > tt.hi {
			t.Errorf("%s: %s at %d; the reference says %d (%v)", tt.query, b, lv.Distance, d, err)
		}
		if again, _ := answer(t, g, "level", tt.query); again != got {
			t.Errorf("%s: %s, then %s", tt.query, got, again)
		}
	}
}

func TestNewRejects(t *testing.T) {
	s, _ := solver.New()
	g := board.Goal(board.Size{W: 3, H: 3})
	for name, ps := range map[string][]game.Puzzle{
		"none":      nil,
		"no solver": {{Goal: g}},
		"twice":     {{Goal: g, Solver: s}, {Goal: g, Solver: s}},
		"negative":  {{Goal: g, Solver: s, MaxLevel: -1}},
	} {
		if _, err := game.New(ps, nil); !errors.Is(err, game.ErrConfig) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestOpenTable checks that a table given as OpenTable is opened when a
// request first needs it, not before (its size's largest distance is
// known), and answers as the same table given as Table; and that a table
// of another goal is refused.
func TestOpenTable(t *testing.T) {
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	three := board.Size{W: 3, H: 3}
	opened := 0
	open := func() (*table.Table, error) {
		opened++
		return source.BuiltinTable(three)
	}
	lazy, err := game.New([]game.Puzzle{{Goal: board.Goal(three), Solver: s, OpenTable: open}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	eager := newGame(t, false)
	if got, _ := answer(t, lazy, "sizes", ""); opened != 0 || !strings.Contains(got, `"table":true,"published":false,"max":31,"max_level":31`) {
		t.Errorf("sizes: %s, the table opened %d times", got, opened)
	}
	for _, tc := range [][2]string{
		{"distance", "size=3x3&board=8,6,7,2,5,4,3,0,1"},
		{"level", "size=3x3&min=20&max=22&seed=9"},
		{"stats", "size=3x3"},
	} {
		got, err := answer(t, lazy, tc[0], tc[1])
		want, _ := answer(t, eager, tc[0], tc[1])
		if err != nil || got != want {
			t.Errorf("%s %s: %s %v, want %s", tc[0], tc[1], got, err, want)
		}
	}
	if opened != 1 {
		t.Errorf("the table opened %d times, want once", opened)
	}
	req, err := request(lazy, "distance", url.Values{"size": {"3x3"}, "board": {"8,6,7,2,5,4,3,0,1"}})
	if err != nil || !req.Cheap() {
		t.Errorf("a table's distance: cheap %v, %v", req != nil && req.Cheap(), err)
	}

	other, err := board.Parse(three, "0 1 2/3 4 5/6 7 8")
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := game.New([]game.Puzzle{{Goal: other, Solver: s, OpenTable: open}}, nil)
	if err == nil {
		_, err = answer(t, wrong, "level", "size=3x3")
	}
	if !errors.Is(err, game.ErrConfig) {
		t.Errorf("a table of another goal: %v", err)
	}
}

// TestMultiLevelsDealtAtOnce checks the levels a 4x4 puzzle in the
// multi-tile metric offers, its search solving uniform boards: by default
// up to the farthest distance a level is dealt at in seconds, each from the
// built-in level pack, the next distance being one that the pack holds no
// board at and a uniform board lies at less than once in a thousand draws
// (by the published distribution); given MaxLevel, up to it, and never
// beyond the largest distance there is, 43 moves (published).
func TestMultiLevelsDealtAtOnce(t *testing.T) {
	size := board.Size{W: 4, H: 4}
	s, err := solver.New(solver.WithMetric(board.MultiTile))
	if err != nil {
		t.Fatal(err)
	}
	most, _ := published.MaxDistance(size, board.MultiTile)
	sizes := func(g *game.Game) (far, maxLevel int) {
		got, err := answer(t, g, "sizes", "metric=multi")
		if err != nil {
			t.Fatal(err)
		}
		var out []struct {
			Max      int `json:"max"`
			MaxLevel int `json:"max_level"`
		}
		if err := json.Unmarshal([]byte(got), &out); err != nil || len(out) != 1 {
			t.Fatalf("sizes: %s (%v)", got, err)
		}
		return out[0].Max, out[0].MaxLevel
	}
	g, err := game.New([]game.Puzzle{{Goal: board.Goal(size), Solver: s, Metric: board.MultiTile, Uniform: true}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	far, top := sizes(g)
	if far != most || top < 30 || top >= most {
		t.Fatalf("max %d, max_level %d: want %d and a level below it", far, top, most)
	}
	for d := 1; d <= top; d++ {
		got, err := answer(t, g, "level", fmt.Sprintf("size=4x4&metric=multi&min=%d&max=%d&seed=%d", d, d, d))
		if err != nil || !strings.Contains(got, `"kind":"level pack"`) || !strings.Contains(got, fmt.Sprintf(`"distance":%d,`, d)) {
			t.Errorf("a level at %d: %s, %v; want one from the level pack", d, got, err)
		}
	}
	dist, _ := published.DistributionOf(size, board.MultiTile)
	var all uint64
	for _, c := range dist.Counts {
		all += c
	}
	if f := float64(dist.Counts[top+1]) / float64(all); f >= 1e-3 {
		t.Errorf("levels end at %d, though a uniform board is %d moves away once in %.0f draws", top, top+1, 1/f)
	}
	if _, err := answer(t, g, "level", fmt.Sprintf("size=4x4&metric=multi&min=%d", top+1)); !errors.Is(err, game.ErrInput) {
		t.Errorf("a level at %d multi-tile moves: %v, want ErrInput", top+1, err)
	}

	g, err = game.New([]game.Puzzle{{Goal: board.Goal(size), Solver: s, Metric: board.MultiTile, Uniform: true, MaxLevel: game.DefaultMaxLevel}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if far, top := sizes(g); far != most || top != most {
		t.Errorf("MaxLevel %d: max %d, max_level %d, want both %d", game.DefaultMaxLevel, far, top, most)
	}
	if _, err := answer(t, g, "level", fmt.Sprintf("size=4x4&metric=multi&min=%d", most+1)); !errors.Is(err, game.ErrInput) {
		t.Errorf("a level at %d multi-tile moves: %v, want ErrInput", most+1, err)
	}
}

// hashPattern matches a content hash in an answer's source.
var hashPattern = regexp.MustCompile(`"hash":"[0-9a-f]{64}"`)

// maskHash returns the JSON answer s with the content hash of its source
// written "…", so that an expected answer need not spell it.
func maskHash(s string) string { return hashPattern.ReplaceAllString(s, `"hash":"…"`) }
