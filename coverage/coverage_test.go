package coverage_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/coverage"
	"github.com/slidetable/slidetable/gen"
)

// alpha is the significance level of the tests below. With a fixed seed
// each test is deterministic; a uniform generator passes it unless that seed
// happens to fall in the 1% tail, and a broken one fails it.
const alpha = 0.01

var size32 = board.Size{W: 3, H: 2}

// TestUniform3x2 is the experiment of the package documentation: 360,000
// boards of generator A cover all 360 states of 3x2 and pass.
func TestUniform3x2(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rep, err := coverage.Measure(context.Background(), board.Goal(size32), 360_000, func() (board.Board, error) {
		return gen.Uniform(r, size32)
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", *rep)
	if rep.States != 360 || rep.Distinct != 360 || rep.Draws != 360_000 {
		t.Errorf("covered %d of %d states in %d draws, want 360 of 360 in 360000", rep.Distinct, rep.States, rep.Draws)
	}
	if !rep.Passes(alpha) {
		t.Errorf("uniform generator: p = %g < %g (chi-square %.1f, %d df)", rep.P, alpha, rep.ChiSquare, rep.DF)
	}
	if rep.Min == 0 || rep.Max < rep.Min || rep.DF != 359 {
		t.Errorf("min %d, max %d, df %d", rep.Min, rep.Max, rep.DF)
	}
}

// TestWalk3x2 shows the 20-move walk covering at most half the states and
// failing the test.
func TestWalk3x2(t *testing.T) {
	for _, noUndo := range []bool{false, true} {
		r := rand.New(rand.NewPCG(1, 2))
		goal := board.Goal(size32)
		rep, err := coverage.Measure(context.Background(), goal, 360_000, func() (board.Board, error) {
			b, _, err := gen.Walk(r, goal, 20, &gen.WalkOptions{NoUndo: noUndo})
			return b, err
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("no undo %v: %+v", noUndo, *rep)
		if rep.Distinct > 180 {
			t.Errorf("no undo %v: a 20-move walk covered %d states, more than 180", noUndo, rep.Distinct)
		}
		if rep.Min != 0 || rep.Passes(alpha) {
			t.Errorf("no undo %v: walk passes: min %d, p = %g", noUndo, rep.Min, rep.P)
		}
	}
}

func TestCounts(t *testing.T) {
	size := board.Size{W: 2, H: 2}
	goal := board.Goal(size)
	// Draw the goal three times and its two neighbours once each, in turn.
	seq := []string{"1 2/3 0", "1 2/3 0", "1 0/3 2", "1 2/3 0", "1 2/0 3"}
	k := 0
	rep, err := coverage.Measure(context.Background(), goal, len(seq), func() (board.Board, error) {
		b, err := board.Parse(size, seq[k])
		k++
		return b, err
	})
	if err != nil {
		t.Fatal(err)
	}
	// 12 states, 5 draws: expected 5/12 each; 9 states at 0, 2 at 1, 1 at 3.
	e := 5.0 / 12
	wantStat := 9*e*e/e + 2*(1-e)*(1-e)/e + (3-e)*(3-e)/e
	want := coverage.Report{Draws: 5, States: 12, Distinct: 3, Min: 0, Max: 3, ChiSquare: wantStat, DF: 11}
	got := *rep
	got.P = 0
	if math.Abs(got.ChiSquare-wantStat) > 1e-9 {
		t.Fatalf("chi-square %v, want %v", got.ChiSquare, wantStat)
	}
	got.ChiSquare = wantStat
	if got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

// TestChiSquare checks the p-value against the closed form for two degrees
// of freedom, exp(-x/2).
func TestChiSquare(t *testing.T) {
	tests := []struct {
		counts   []uint64
		wantStat float64
	}{
		{[]uint64{10, 10, 10}, 0},
		{[]uint64{12, 9, 9}, 0.6},
		{[]uint64{30, 0, 0}, 60},
		{[]uint64{5, 15, 10}, 5},
	}
	for _, tt := range tests {
		stat, df, p := coverage.ChiSquare(tt.counts)
		if df != 2 || math.Abs(stat-tt.wantStat) > 1e-12 {
			t.Errorf("ChiSquare(%v) = %v with %d df, want %v with 2", tt.counts, stat, df, tt.wantStat)
		}
		if want := math.Exp(-tt.wantStat / 2); math.Abs(p-want) > 1e-12*max(1, want) {
			t.Errorf("ChiSquare(%v) p = %v, want %v", tt.counts, p, want)
		}
	}
	if stat, _, p := coverage.ChiSquare([]uint64{0, 0}); !math.IsNaN(stat) || !math.IsNaN(p) {
		t.Errorf("ChiSquare with no draws = %v, %v; want NaN", stat, p)
	}
}

func TestErrors(t *testing.T) {
	size := board.Size{W: 2, H: 2}
	goal := board.Goal(size)
	unsolvable := board.MustParse(size, "2 1/3 0")
	ctx := context.Background()
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	drawErr := errors.New("draw failed")
	tests := []struct {
		name string
		ctx  context.Context
		goal board.Board
		n    int
		draw func() (board.Board, error)
		want error
	}{
		{"too large", ctx, board.Goal(board.Size{W: 4, H: 3}), 1, nil, coverage.ErrTooLarge},
		{"no draws", ctx, goal, 0, nil, coverage.ErrDraws},
		{"unsolvable", ctx, goal, 1, func() (board.Board, error) { return unsolvable, nil }, coverage.ErrUnreachable},
		{"other size", ctx, goal, 1, func() (board.Board, error) { return board.Goal(size32), nil }, coverage.ErrUnreachable},
		{"draw error", ctx, goal, 1, func() (board.Board, error) { return board.Board{}, drawErr }, drawErr},
		{"canceled", canceled, goal, 1, func() (board.Board, error) { return goal, nil }, context.Canceled},
		{"zero goal", ctx, board.Board{}, 1, nil, board.ErrSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := coverage.Measure(tt.ctx, tt.goal, tt.n, tt.draw); !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
		})
	}
}
