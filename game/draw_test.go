package game_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
)

// searched returns the puzzle of size in metric m as the command line
// makes it: the catalogue's solver, with the table it has, if any.
func searched(t *testing.T, size board.Size, m board.Metric) game.Puzzle {
	t.Helper()
	s, err := solver.New(solver.WithMetric(m))
	if err != nil {
		t.Fatal(err)
	}
	ans, err := s.Answer(context.Background(), size)
	if err != nil {
		t.Fatal(err)
	}
	return game.Puzzle{Goal: s.Goal(size), Metric: m, Table: ans.Table, Solver: s, Uniform: ans.Uniform}
}

// TestPlanLevels holds the plans of PlanLevels to the way each kind of
// puzzle is drawn, and the boards drawn to the reference's distances.
func TestPlanLevels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	size32, size44 := board.Size{W: 3, H: 2}, board.Size{W: 4, H: 4}

	// A goal of its own on 3x2: no table, so one is built in memory, and
	// the largest distance is the table's.
	goal, err := board.New(size32, []uint8{0, 1, 2, 3, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		p := searched(t, size32, m)
		p.Goal, p.Table = goal, nil
		want := reference.DistancesIn(goal, m)
		most, far := 0, 0
		for _, d := range want {
			most = max(most, d)
		}
		for _, d := range want {
			if d >= most-1 {
				far++
			}
		}
		plan, err := game.PlanLevels(ctx, p, game.LevelsRequest{Min: most - 1, Max: game.Largest, N: 5})
		if err != nil {
			t.Fatal(err)
		}
		if plan.How != game.FromTable || plan.Computed == nil || plan.Max != most {
			t.Fatalf("%s: plan %v, computed %v, max %d; want a table built here, max %d", m, plan.How, plan.Computed, plan.Max, most)
		}
		got, err := plan.Draw(ctx, rand.New(rand.NewPCG(1, 2)), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != min(5, far) {
			t.Fatalf("%s: %d boards, want %d", m, len(got), min(5, far))
		}
		for _, lv := range got {
			if d, ok := want[lv.Board]; !ok || d != lv.Distance || d < most-1 {
				t.Errorf("%s: %v at %d; the reference says %d (reached: %v)", m, lv.Board, lv.Distance, d, ok)
			}
		}
	}

	// 4x4: the published boards at 80 moves, uniform boards solved, walks.
	p := searched(t, size44, board.SingleTile)
	plan, err := game.PlanLevels(ctx, p, game.LevelsRequest{Min: 80, Max: game.Largest, N: 3})
	if err != nil || plan.How != game.Hardest || plan.Max != 80 {
		t.Fatalf("min 80: %+v, %v; want the published boards", plan, err)
	}
	got, err := plan.Draw(ctx, rand.New(rand.NewPCG(1, 2)), nil)
	h, _ := published.HardestOf(size44)
	if err != nil || len(got) != 3 || got[0].Distance != 80 || !contains(h.Boards, got[0].Board) {
		t.Fatalf("min 80: %v, %v; want 3 published boards", got, err)
	}
	plan, err = game.PlanLevels(ctx, p, game.LevelsRequest{Min: 50, Max: 52, N: 1})
	if err != nil || plan.How != game.Solved || !plan.RarityKnown || plan.Rarity.Rare() {
		t.Fatalf("50..52: %+v, %v; want uniform boards solved, not rare", plan, err)
	}
	plan, err = game.PlanLevels(ctx, p, game.LevelsRequest{Min: 5, Max: 6, N: 2, Mode: game.Walk})
	if err != nil || plan.How != game.Walked {
		t.Fatalf("walks: %+v, %v", plan, err)
	}
	got, err = plan.Draw(ctx, rand.New(rand.NewPCG(1, 2)), nil)
	if err != nil || len(got) != 2 {
		t.Fatalf("walks: %v, %v", got, err)
	}
	near := reference.DistancesWithin(p.Goal, board.SingleTile, 6)
	for _, lv := range got {
		if d, ok := near[lv.Board]; !ok || d != lv.Distance || d < 5 {
			t.Errorf("walk: %v at %d; the reference says %d (within 6: %v)", lv.Board, lv.Distance, d, ok)
		}
	}

	// What cannot be planned says why.
	var ue *game.UniformError
	if _, err := game.PlanLevels(ctx, p, game.LevelsRequest{Min: 70, Max: 72, N: 1}); !errors.As(err, &ue) || ue.Reason != game.TooRare {
		t.Errorf("70..72 in auto mode: %v, want too rare", err)
	}
	if _, err := game.PlanLevels(ctx, p, game.LevelsRequest{Min: 5, Max: 6, N: 1, Mode: game.Filter}); !errors.As(err, &ue) || ue.Reason != game.Hopeless {
		t.Errorf("5..6: %v, want hopeless", err)
	}
	if _, err := game.PlanLevels(ctx, p, game.LevelsRequest{Min: 50, Max: 52, N: 1, Mode: game.Exact}); !errors.As(err, &ue) || ue.Reason != game.NeedsTable {
		t.Errorf("exact without a table: %v, want NeedsTable", err)
	}
	if _, err := game.PlanLevels(ctx, p, game.LevelsRequest{Min: 5, Max: game.Largest, N: 1, Mode: game.Walk}); !errors.Is(err, game.ErrNoLargest) {
		t.Errorf("walks to the largest distance: %v, want ErrNoLargest", err)
	}
}

func contains(bs []board.Board, b board.Board) bool {
	for _, x := range bs {
		if x == b {
			return true
		}
	}
	return false
}

// TestMakePackRange holds MakePack's default range for a size without a
// table to the largest level a game offers, with the published boards at
// 80 moves, in single-tile moves, and to PackMultiMax in multi-tile moves,
// or in Auto mode to the distance before, 39 moves being too rare for it:
// the number of distances it reports as the first is done, and PlanPack's.
func TestMakePackRange(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		m    board.Metric
		mode game.Mode
		want int
	}{
		{board.SingleTile, game.Auto, game.DefaultMaxLevel + 1},
		{board.MultiTile, game.Auto, game.PackMultiMax - 1},
		{board.MultiTile, game.Filter, game.PackMultiMax},
	} {
		p := searched(t, board.Size{W: 4, H: 4}, c.m)
		plan, err := game.PlanPack(context.Background(), p, &game.PackOptions{Mode: c.mode})
		if err != nil || len(plan) != c.want {
			t.Errorf("%s, mode %v: planned %d distances (%v), want %d", c.m, c.mode, len(plan), err, c.want)
		}
		ctx, cancel := context.WithCancel(context.Background())
		total := 0
		_, err = game.MakePack(ctx, p, &game.PackOptions{PerDistance: 1, Seed: 1, Mode: c.mode,
			Progress: func(done, all int) { total = all; cancel() }})
		cancel()
		if !errors.Is(err, context.Canceled) || total != c.want {
			t.Errorf("%s, mode %v: %d distances (%v), want %d", c.m, c.mode, total, err, c.want)
		}
	}
}

// TestCheckMin: no 3x3 board is 32 moves from the goal; some 4x4 board
// may be 80, and none is 81.
func TestCheckMin(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		size board.Size
		m    board.Metric
		lo   int
		ok   bool
	}{
		{board.Size{W: 3, H: 3}, board.SingleTile, 31, true},
		{board.Size{W: 3, H: 3}, board.SingleTile, 32, false},
		{board.Size{W: 3, H: 3}, board.MultiTile, 25, false},
		{board.Size{W: 4, H: 4}, board.SingleTile, 80, true},
		{board.Size{W: 4, H: 4}, board.SingleTile, 81, false},
		{board.Size{W: 4, H: 4}, board.MultiTile, 44, false},
	} {
		err := game.CheckMin(c.size, c.m, c.lo)
		if (err == nil) != c.ok || err != nil && !errors.Is(err, game.ErrRange) {
			t.Errorf("%s %s min %d: %v, want ok %v", c.size, c.m, c.lo, err, c.ok)
		}
	}
}
