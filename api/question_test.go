package api_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
)

// TestAsks checks that every Ask is named, parsed back from its name and
// lists its parameters.
func TestAsks(t *testing.T) {
	want := []string{"sizes", "solvable", "distance", "hint", "solve", "level", "stats"}
	asks := api.Asks()
	if len(asks) != len(want) {
		t.Fatalf("Asks() = %v, want %v", asks, want)
	}
	for i, a := range asks {
		if a.String() != want[i] || !a.Valid() || len(a.Params()) == 0 {
			t.Errorf("Ask %d: %q, valid %v, params %v; want %q", i, a, a.Valid(), a.Params(), want[i])
		}
		if got, err := api.ParseAsk(want[i]); got != a || err != nil {
			t.Errorf("ParseAsk(%q) = %v, %v", want[i], got, err)
		}
	}
	if a := api.Ask(0); a.Valid() || a.String() != "Ask(0)" || a.Params() != nil {
		t.Errorf("the zero Ask: valid %v, %q, %v", a.Valid(), a, a.Params())
	}
	_, err := api.ParseAsk("teleport")
	if !errors.Is(err, api.ErrAsk) || failure.KindOf(err) != failure.NotFound || !strings.Contains(err.Error(), "sizes, solvable, distance") {
		t.Errorf("ParseAsk(teleport): %v; want ErrAsk listing the endpoints", err)
	}
}

// TestParseQuery reads a question of each endpoint, with every parameter
// it takes.
func TestParseQuery(t *testing.T) {
	s33 := board.Size{W: 3, H: 3}
	b, _ := board.Parse(s33, "8 6 7/2 5 4/3 0 1")
	g, _ := board.Parse(s33, "0 1 2/3 4 5/6 7 8")
	for _, tc := range []struct {
		name, query string
		want        api.Question
	}{
		{"sizes", "", api.Question{Ask: api.AskSizes}},
		{"sizes", "metric=multi", api.Question{Ask: api.AskSizes, Metric: board.MultiTile}},
		{"distance", "size=3x3&board=8,6,7,2,5,4,3,0,1", api.Question{Ask: api.AskDistance, Size: s33, Board: b}},
		{"solvable", "size=3x3&board=8+6+7/2+5+4/3+0+1&goal=0,1,2,3,4,5,6,7,8", api.Question{Ask: api.AskSolvable, Size: s33, Board: b, Goal: g}},
		{"hint", "size=3x3&scramble=RRD&notation=letters&metric=multi", api.Question{Ask: api.AskHint, Size: s33, Scramble: "RRD", Scrambled: true, Letters: true, Metric: board.MultiTile}},
		{"solve", "size=3x3&scramble=", api.Question{Ask: api.AskSolve, Size: s33, Scrambled: true}},
		{"solve", "size=3x3&board=8,6,7,2,5,4,3,0,1&notation=tiles", api.Question{Ask: api.AskSolve, Size: s33, Board: b}},
		{"level", "size=4x4&min=30", api.Question{Ask: api.AskLevel, Size: board.Size{W: 4, H: 4}, Min: 30, Max: -1}},
		{"level", "size=4x4&min=30&max=35&seed=18446744073709551615", api.Question{Ask: api.AskLevel, Size: board.Size{W: 4, H: 4}, Min: 30, Max: 35, Seed: 1<<64 - 1, Seeded: true}},
		{"stats", "size=3x3&metric=single", api.Question{Ask: api.AskStats, Size: s33}},
	} {
		q, err := url.ParseQuery(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		got, err := api.ParseQuery(tc.name, q)
		if err != nil || got != tc.want {
			t.Errorf("%s?%s = %+v, %v; want %+v", tc.name, tc.query, got, err, tc.want)
		}
	}
}

// TestParseQueryErrors refuses each bad question with ErrQuestion and a
// message that names the problem.
func TestParseQueryErrors(t *testing.T) {
	for _, tc := range []struct {
		name, query, want string
	}{
		{"sizes", "size=3x3", `unknown parameter "size": sizes takes metric`},
		{"distance", "size=3x3&size=4x4&board=1", "parameter size given 2 times"},
		{"distance", "board=1", "missing parameter size, such as size=3x3"},
		{"distance", "size=3", "size"},
		{"distance", "size=3x3&metric=diagonal&board=1", `metric="diagonal": want single or multi`},
		{"distance", "size=3x3", "missing parameter board: the 9 numbers of a 3x3 board in reading order, 0 for the blank, such as board=1,2,3,4,5,6,7,8,0"},
		{"distance", "size=3x3&board=1,1,2,3,4,5,6,7,0", "tile 1 appears twice"},
		{"distance", "size=3x3&board=1,2,3,4,5,6,7,8,0&scramble=R", "give board or scramble, not both"},
		{"distance", "size=3x3&scramble=R&goal=1,2", "goal="},
		{"distance", "size=3x3&scramble=" + strings.Repeat("R", 1<<16+1), "a scramble of 65537 bytes: at most 65536"},
		{"distance", "size=3x3&scramble=R&notation=tiles", `unknown parameter "notation"`},
		{"hint", "size=3x3&scramble=R&notation=braille", `notation "braille": want tiles or letters`},
		{"level", "size=3x3&min=-1", "min=-1: want 0 to 1000"},
		{"level", "size=3x3&max=1001", "max=1001: want 0 to 1000"},
		{"level", "size=3x3&max=ten", `max="ten": not a whole number`},
		{"level", "size=3x3&seed=-1", `seed="-1": want a whole number from 0 to 18446744073709551615`},
		{"stats", "size=3x3&board=1", `unknown parameter "board": stats takes size, metric, goal`},
	} {
		q, err := url.ParseQuery(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		_, err = api.ParseQuery(tc.name, q)
		if !errors.Is(err, api.ErrQuestion) || failure.KindOf(err) != failure.Input || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s?%.60s: %v; want ErrQuestion saying %q", tc.name, tc.query, err, tc.want)
		}
	}
	if _, err := api.ParseQuery("nowhere", nil); !errors.Is(err, api.ErrAsk) {
		t.Errorf("an unknown endpoint: %v; want ErrAsk", err)
	}
}
