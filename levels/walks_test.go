package levels_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/source"
)

// TestWalksAgainstTable checks Walks on 3x3 and 4x2 against the tables.
func TestWalksAgainstTable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 4, H: 2}} {
		tbl, err := source.BuiltinTable(size)
		if err != nil {
			t.Fatal(err)
		}
		for _, rg := range [][2]int{{0, 0}, {5, 5}, {14, 18}, {24, 26}} {
			lo, hi := rg[0], rg[1]
			n := int(min(20, levels.Count(tbl, lo, hi)))
			got, err := levels.Walks(context.Background(), r, tbl.Goal(), lo, hi, n)
			if err != nil {
				t.Fatalf("%s %d..%d: %v", size, lo, hi, err)
			}
			if len(got) != n {
				t.Fatalf("%s %d..%d: %d boards, want %d", size, lo, hi, len(got), n)
			}
			seen := map[board.Board]bool{}
			for _, lv := range got {
				d, err := tbl.Distance(lv.Board)
				if err != nil || d != lv.Distance || d < lo || d > hi || seen[lv.Board] {
					t.Fatalf("%s %d..%d: %s at %d, table %d (%v), repeated %v", size, lo, hi, lv.Board, lv.Distance, d, err, seen[lv.Board])
				}
				seen[lv.Board] = true
			}
		}
	}
}

// TestWalks4x4 asks for 4x4 boards of one exact distance.
func TestWalks4x4(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	goal := board.Goal(board.Size{W: 4, H: 4})
	got, err := levels.Walks(context.Background(), r, goal, 30, 30, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range got {
		if lv.Distance != 30 || !lv.Board.Solvable() {
			t.Fatalf("%s at %d", lv.Board, lv.Distance)
		}
	}
}

func TestWalksErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	goal := board.Goal(board.Size{W: 2, H: 2})
	for _, c := range []struct {
		lo, hi, n int
		want      error
	}{
		{5, 4, 1, levels.ErrRange},
		{-3, -1, 1, levels.ErrRange},
		{0, 3, 0, levels.ErrCount},
		{7, 9, 1, levels.ErrRange},     // 2x2 boards are at most 6 moves away
		{0, 6, 13, levels.ErrNotFound}, // there are only 12 boards
	} {
		if _, err := levels.Walks(ctx, r, goal, c.lo, c.hi, c.n); !errors.Is(err, c.want) {
			t.Errorf("Walks(%d, %d, n=%d): %v, want %v", c.lo, c.hi, c.n, err, c.want)
		}
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := levels.Walks(canceled, r, goal, 0, 3, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

// TestWalksHostile gives Walks ranges and counts that once ran for ever,
// crashed or allocated gigabytes: each returns at once, with what it found.
func TestWalksHostile(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ctx := context.Background()
	g4 := board.Goal(board.Size{W: 4, H: 4})
	g3 := board.Goal(board.Size{W: 3, H: 3})
	// No 4x4 board is 81 moves from the goal: refused before any walk.
	if _, err := levels.Walks(ctx, r, g4, 81, 90, 1); !errors.Is(err, levels.ErrRange) {
		t.Errorf("4x4 81..90: %v, want ErrRange", err)
	}
	// Only two 4x4 boards are one move away: both are returned.
	got, err := levels.Walks(ctx, r, g4, 1, 1, 5)
	if !errors.Is(err, levels.ErrNotFound) || len(got) != 2 {
		t.Errorf("4x4 1..1, 5 boards: %d boards, %v; want the 2 there are and ErrNotFound", len(got), err)
	}
	for _, lv := range got {
		if lv.Distance != 1 {
			t.Errorf("%v at distance %d", lv.Board, lv.Distance)
		}
	}
	// A huge hi is the size's largest distance; a huge n finds the one
	// board at 0 without allocating for n.
	if _, err := levels.Walks(ctx, r, g3, 0, math.MaxInt, 1); err != nil {
		t.Errorf("3x3 0..MaxInt: %v", err)
	}
	got, err = levels.Walks(ctx, r, g3, 0, 0, math.MaxInt)
	if !errors.Is(err, levels.ErrNotFound) || len(got) != 1 {
		t.Errorf("3x3 0..0, MaxInt boards: %d boards, %v; want the goal and ErrNotFound", len(got), err)
	}
}
