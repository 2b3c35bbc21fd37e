package game_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// newMultiGame returns a game of 3x3 in both metrics from the built-in
// tables (the multi-tile one opened on first use) and 4x4 in the
// multi-tile metric by search; with others, every other size in that
// metric by search too.
func newMultiGame(t testing.TB, others bool) *game.Game {
	t.Helper()
	single, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	multi, err := solver.New(solver.WithMetric(board.MultiTile))
	if err != nil {
		t.Fatal(err)
	}
	three := board.Size{W: 3, H: 3}
	tbl, err := source.BuiltinTable(three)
	if err != nil {
		t.Fatal(err)
	}
	var opts *game.Options
	if others {
		opts = &game.Options{MultiOthers: multi}
	}
	g, err := game.New([]game.Puzzle{
		{Goal: board.Goal(three), Solver: single, Table: tbl},
		{Goal: board.Goal(three), Solver: multi, Metric: board.MultiTile,
			OpenTable: func() (*table.Table, error) { return source.BuiltinTableIn(three, board.MultiTile) }},
		{Goal: board.Goal(board.Size{W: 4, H: 4}), Solver: multi, Metric: board.MultiTile},
	}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMultiAnswers checks the answers of the multi-tile metric: each says
// its metric, a move names the tile tapped and how many slide, and the
// single-tile answers of the same size are unchanged.
func TestMultiAnswers(t *testing.T) {
	g := newMultiGame(t, true)
	tests := []struct{ name, query, want string }{
		{"distance", "size=3x3&board=8 6 7/2 5 4/3 0 1&metric=multi", `{"size":"3x3","metric":"multi","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":20,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"distance", "size=3x3&board=8 6 7/2 5 4/3 0 1&metric=single", `{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"distance", "size=3x3&board=8 6 7/2 5 4/3 0 1", `{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"distance", "size=3x3&board=1,2,3,4,5,6,8,7,0&metric=multi", `{"size":"3x3","metric":"multi","board":[1,2,3,4,5,6,8,7,0],"solvable":false}`},
		{"solve", "size=3x3&board=1 2 3/4 5 6/0 7 8&metric=multi", `{"size":"3x3","metric":"multi","board":[1,2,3,4,5,6,0,7,8],"solvable":true,"distance":1,"moves":[8],"slides":[2],"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"hint", "size=3x3&board=1 2 3/4 0 5/7 8 6&metric=multi", `{"size":"3x3","metric":"multi","board":[1,2,3,4,0,5,7,8,6],"solvable":true,"distance":2,"moves":[5],"slides":[1],"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}`},
		{"solvable", "size=3x3&board=1 2 3/4 0 5/7 8 6&metric=multi", `{"size":"3x3","metric":"multi","board":[1,2,3,4,0,5,7,8,6],"solvable":true}`},
		{"solve", "size=4x4&board=1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15&metric=multi", `{"size":"4x4","metric":"multi","board":[1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15],"solvable":true,"distance":1,"moves":[15],"slides":[3],"source":{"where":"built-in","kind":"level pack","exact":true,"hash":"…"}}`},
		{"solve", "size=4x4&board=5 1 3 4/2 0 7 8/9 6 11 12/13 10 14 15&metric=multi", `{"size":"4x4","metric":"multi","board":[5,1,3,4,2,0,7,8,9,6,11,12,13,10,14,15],"solvable":true,"distance":5,"moves":[2,5,1,10,15],"slides":[1,1,1,3,2],"source":{"where":"built-in","kind":"abstraction tier","exact":false,"hash":"…"}}`},
		{"distance", "size=5x2&board=1 2 3 4 5/6 7 8 0 9&metric=multi", `{"size":"5x2","metric":"multi","board":[1,2,3,4,5,6,7,8,0,9],"solvable":true,"distance":1,"source":{"where":"computed","kind":"computed bound","exact":false}}`},
	}
	for _, tt := range tests {
		got, err := answer(t, g, tt.name, tt.query)
		if err != nil || maskHash(got) != tt.want {
			t.Errorf("%s?%s = %s, %v\nwant %s", tt.name, tt.query, got, err, tt.want)
		}
	}
}

// TestMultiSolutionsReplay plays every multi-tile solution of a few 3x3
// boards from the board: each tap is legal and the last reaches the goal,
// in exactly the distance.
func TestMultiSolutionsReplay(t *testing.T) {
	g := newMultiGame(t, false)
	for _, s := range []string{"8 6 7/2 5 4/3 0 1", "6 4 7/8 5 0/3 2 1", "1 2 3/4 5 6/7 0 8"} {
		b, err := board.Parse(board.Size{W: 3, H: 3}, s)
		if err != nil {
			t.Fatal(err)
		}
		req, err := request(g, "solve", url.Values{"size": {"3x3"}, "board": {s}, "metric": {"multi"}})
		if err != nil {
			t.Fatal(err)
		}
		v, err := req.Answer(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		m := v.(api.Moves)
		if m.Distance == nil || *m.Distance != len(m.Moves) || len(m.Slides) != len(m.Moves) {
			t.Fatalf("%s: distance %v, %d moves, %d slide counts", s, m.Distance, len(m.Moves), len(m.Slides))
		}
		at := b
		for i, tile := range m.Moves {
			next, n, err := at.Tap(uint8(tile))
			if err != nil || n != m.Slides[i] {
				t.Fatalf("%s: move %d taps %d: %v, %d slide, the answer says %d", s, i, tile, err, n, m.Slides[i])
			}
			at = next
		}
		if at != board.Goal(b.Size()) {
			t.Fatalf("%s: the solution ends at %s", s, at)
		}
	}
}

// TestMultiSizes checks the sizes endpoint in each metric, and stats,
// levels and refusals in the multi-tile one.
func TestMultiSizes(t *testing.T) {
	g := newMultiGame(t, false)
	got, err := answer(t, g, "sizes", "metric=multi")
	want := `[{"size":"3x3","width":3,"height":3,"goal":[1,2,3,4,5,6,7,8,0],"table":true,"published":false,"max":24,"max_level":24,"metric":"multi"},` +
		`{"size":"4x4","width":4,"height":4,"goal":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0],"table":false,"published":true,"max":43,"max_level":22,"metric":"multi"}]`
	if err != nil || got != want {
		t.Errorf("sizes?metric=multi = %s, %v\nwant %s", got, err, want)
	}
	if got, err := answer(t, g, "sizes", ""); err != nil || strings.Contains(got, "multi") || !strings.Contains(got, `"max":31`) {
		t.Errorf("sizes = %s, %v", got, err)
	}
	got, err = answer(t, g, "stats", "size=4x4&metric=multi")
	if err != nil || !strings.HasPrefix(got, `{"size":"4x4","metric":"multi","states":10461394944000,"max":43,"at_max":16,`) || !strings.Contains(got, "lightln2") {
		t.Errorf("stats 4x4 multi = %.200s, %v", got, err)
	}
	got, err = answer(t, g, "stats", "size=3x3&metric=multi")
	if err != nil || !strings.HasPrefix(got, `{"size":"3x3","metric":"multi","states":181440,"max":24,"at_max":1,`) {
		t.Errorf("stats 3x3 multi = %.200s, %v", got, err)
	}
	for _, q := range []string{"size=3x3&min=20&max=22&seed=1&metric=multi", "size=4x4&min=10&max=12&seed=2&metric=multi"} {
		got, err := answer(t, g, "level", q)
		if err != nil || !strings.Contains(got, `"metric":"multi"`) {
			t.Errorf("level?%s = %s, %v", q, got, err)
		}
	}
	for _, tt := range []struct{ name, query, want string }{
		{"distance", "size=3x3&board=1,2,3,4,5,6,7,0,8&metric=any", `metric="any": want single or multi`},
		{"distance", "size=3x2&board=1,2,3,4,0,5&metric=multi", "size 3x2 is not served in multi-tile moves; the sizes are 3x3, 4x4"},
		{"level", "size=3x3&min=25&metric=multi", "no 3x3 board is more than 24 moves from the goal"},
		{"level", "size=4x4&min=23&metric=multi", "4x4 levels go up to 22 moves here"},
		{"sizes", "metric=multi&size=3x3", `unknown parameter "size": sizes takes metric`},
	} {
		_, err := answer(t, g, tt.name, tt.query)
		if failure.KindOf(err) != failure.Input || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s?%s: %v, want ErrInput saying %q", tt.name, tt.query, err, tt.want)
		}
	}
}

// TestMultiTableMismatch refuses a puzzle whose table counts other moves.
func TestMultiTableMismatch(t *testing.T) {
	s, err := solver.New(solver.WithMetric(board.MultiTile))
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	_, err = game.New([]game.Puzzle{{Goal: tbl.Goal(), Solver: s, Table: tbl, Metric: board.MultiTile}}, nil)
	if !errors.Is(err, game.ErrConfig) {
		t.Fatalf("a single-tile table as a multi-tile puzzle: %v", err)
	}
}
