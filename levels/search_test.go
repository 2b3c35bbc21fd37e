package levels_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// TestSearch draws 3x3 levels by search and checks them against the
// table: in range, distinct, the same for a seed whatever the number of
// workers, and reported through Found in the order returned.
func TestSearch(t *testing.T) {
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	s, err := solver.New(solver.WithSearch())
	if err != nil {
		t.Fatal(err)
	}
	goal := tbl.Goal()
	var first []levels.Level
	for _, workers := range []int{1, 3} {
		var found []levels.Level
		var last levels.SearchProgress
		r := rand.New(rand.NewPCG(1, 2))
		got, err := levels.Search(context.Background(), s, r, goal, 24, 26, 40, &levels.SearchOptions{
			Workers:  workers,
			Found:    func(lv levels.Level) { found = append(found, lv) },
			Progress: func(p levels.SearchProgress) { last = p },
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 40 || !slices.Equal(got, found) || last.Kept != 40 || last.Solved < 40 {
			t.Fatalf("workers %d: %d levels, %d found, progress %+v", workers, len(got), len(found), last)
		}
		seen := map[board.Board]bool{}
		for _, lv := range got {
			d, err := tbl.Distance(lv.Board)
			if err != nil || d != lv.Distance || d < 24 || d > 26 || seen[lv.Board] {
				t.Fatalf("%s: distance %d, the table says %d (%v), seen %v", lv.Board, lv.Distance, d, err, seen[lv.Board])
			}
			seen[lv.Board] = true
		}
		if first == nil {
			first = got
		} else if !slices.Equal(first, got) {
			t.Fatalf("workers %d: other boards than with 1 worker", workers)
		}
	}
}

func TestSearchErrors(t *testing.T) {
	s, _ := solver.New()
	goal := board.Goal(board.Size{W: 4, H: 4})
	r := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for _, c := range []struct{ lo, hi, n int }{{81, 90, 1}, {5, 4, 1}, {0, -1, 1}} {
		if _, err := levels.Search(ctx, s, r, goal, c.lo, c.hi, c.n, nil); !errors.Is(err, levels.ErrRange) {
			t.Errorf("%d..%d: %v, want ErrRange", c.lo, c.hi, err)
		}
	}
	if _, err := levels.Search(ctx, s, r, goal, 0, 10, 0, nil); !errors.Is(err, levels.ErrCount) {
		t.Errorf("n 0: %v, want ErrCount", err)
	}
	// No uniform 4x4 board is within 10 moves in a few draws.
	got, err := levels.Search(ctx, s, r, goal, 0, 10, 1, &levels.SearchOptions{MaxDraws: 20})
	if !errors.Is(err, levels.ErrNotFound) || len(got) != 0 {
		t.Errorf("MaxDraws: %v, %v; want ErrNotFound", got, err)
	}
	short, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := levels.Search(short, s, r, goal, 0, 10, 1, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
	for _, c := range []struct {
		size   board.Size
		lo, hi int
		rare   bool
	}{
		{goal.Size(), 0, 30, true}, {goal.Size(), 0, 33, true}, {goal.Size(), 0, 34, false}, {goal.Size(), 40, 50, false},
		{goal.Size(), 68, 80, true}, {goal.Size(), 67, 80, false}, {goal.Size(), 80, 80, true},
		{board.Size{W: 3, H: 3}, 0, 3, true}, {board.Size{W: 3, H: 3}, 20, 31, false}, {board.Size{W: 5, H: 5}, 0, 30, true}, {board.Size{W: 5, H: 5}, 100, 120, false},
	} {
		r, known := levels.RarityOf(board.Goal(c.size), board.SingleTile, c.lo, c.hi)
		if rare := known && r.Rare(); rare != c.rare || (rare && !(r.Fraction > 0 && r.Fraction < levels.RareFraction)) {
			t.Errorf("RarityOf(%s, %d, %d) = %+v, %v; want rare: %v", c.size, c.lo, c.hi, r, known, c.rare)
		}
	}
}
