package levels_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/table"
)

// TestPlan checks the one policy of drawing levels: which way each kind of
// puzzle and range is drawn, and why what cannot be drawn uniformly is
// refused.
func TestPlan(t *testing.T) {
	s3, s4, s5 := board.Size{W: 3, H: 3}, board.Size{W: 4, H: 4}, board.Size{W: 5, H: 5}
	t3, err := table.Build(t.Context(), board.Goal(s3), nil)
	if err != nil {
		t.Fatal(err)
	}
	search4 := ida.New(ida.Manhattan(board.Goal(s4)))
	for _, tc := range []struct {
		name   string
		p      levels.Puzzle
		lo, hi int
		mode   levels.Mode
		want   levels.How
		reason levels.UniformReason
	}{
		{"table", levels.Puzzle{Goal: board.Goal(s3), Table: t3}, 20, 22, levels.Auto, levels.FromTable, 0},
		{"small size, no table", levels.Puzzle{Goal: board.Goal(board.Size{W: 5, H: 2})}, 20, 22, levels.Auto, levels.FromTable, 0},
		{"walks asked for", levels.Puzzle{Goal: board.Goal(s3), Table: t3}, 20, 22, levels.WalkMode, levels.Walked, 0},
		{"the published hardest", levels.Puzzle{Goal: board.Goal(s4), Solver: search4, Uniform: true}, 80, 80, levels.Auto, levels.Hardest, 0},
		{"uniform 4x4", levels.Puzzle{Goal: board.Goal(s4), Solver: search4, Uniform: true}, 50, 55, levels.Auto, levels.Solved, 0},
		{"rare 4x4, auto", levels.Puzzle{Goal: board.Goal(s4), Solver: search4, Uniform: true}, 30, 33, levels.Auto, 0, levels.TooRare},
		{"rare 4x4, filter", levels.Puzzle{Goal: board.Goal(s4), Solver: search4, Uniform: true}, 30, 33, levels.Filter, levels.Solved, 0},
		{"hopeless 4x4", levels.Puzzle{Goal: board.Goal(s4), Solver: search4, Uniform: true}, 0, 10, levels.Filter, 0, levels.Hopeless},
		{"a weak search", levels.Puzzle{Goal: board.Goal(s4), Metric: board.MultiTile, Solver: search4}, 30, 32, levels.Auto, 0, levels.OutOfReach},
		{"too many cells", levels.Puzzle{Goal: board.Goal(s5), Solver: search4, Uniform: true}, 100, 110, levels.Auto, 0, levels.OutOfReach},
		{"exact without a table", levels.Puzzle{Goal: board.Goal(s4), Solver: search4, Uniform: true}, 50, 55, levels.Exact, 0, levels.NeedsTable},
	} {
		choice, err := levels.Plan(tc.p, tc.lo, tc.hi, 10, tc.mode)
		how := choice.How
		var ue *levels.UniformError
		switch {
		case tc.reason == 0 && (err != nil || how != tc.want):
			t.Errorf("%s: %v, %v; want %v", tc.name, how, err, tc.want)
		case tc.reason != 0 && (!errors.As(err, &ue) || ue.Reason != tc.reason || !errors.Is(err, levels.ErrUniform)):
			t.Errorf("%s: %v, %v; want a UniformError for reason %d", tc.name, how, err, tc.reason)
		}
		// Boards solved come with the range's rarity, as RarityOf says.
		if r, known := levels.RarityOf(tc.p.Goal, tc.p.Metric, tc.lo, tc.hi); how == levels.Solved && (choice.Rarity != r || choice.RarityKnown != known || !known) {
			t.Errorf("%s: rarity %+v (known %v), want %+v (known %v)", tc.name, choice.Rarity, choice.RarityKnown, r, known)
		}
	}
}

// TestDrawHardest draws the published boards at 80 moves: as many as
// asked, distinct, each at 80.
func TestDrawHardest(t *testing.T) {
	goal := board.Goal(board.Size{W: 4, H: 4})
	got, err := levels.Draw(context.Background(), levels.Puzzle{Goal: goal}, levels.Hardest, rand.New(rand.NewPCG(1, 2)), 80, 80, 5, nil)
	if err != nil || len(got) != 5 {
		t.Fatalf("%d boards, %v", len(got), err)
	}
	seen := map[board.Board]bool{}
	for _, lv := range got {
		if lv.Distance != 80 || seen[lv.Board] {
			t.Fatalf("%v: at %d, seen %v", lv.Board, lv.Distance, seen[lv.Board])
		}
		seen[lv.Board] = true
	}
}
