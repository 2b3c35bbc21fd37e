package levels_test

import (
	"math"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/table"
)

// TestRarityBound checks the bound by counting walks against the exact
// counts of tables, in both metrics, for every goal of 2x3, 3x2 and 3x3
// with the blank in each cell and every range [0, hi]: the bound is never
// below the fraction.
func TestRarityBound(t *testing.T) {
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		testRarityBound(t, m)
	}
}

func testRarityBound(t *testing.T, m board.Metric) {
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}} {
		for blank := range size.Cells() {
			cells := make([]uint8, size.Cells())
			for i := range cells {
				cells[i] = uint8((i - blank + size.Cells()) % size.Cells())
			}
			goal, err := board.New(size, cells)
			if err != nil {
				t.Fatal(err)
			}
			tb, err := table.Build(t.Context(), goal, &bfs.Options{Metric: m})
			if err != nil {
				t.Fatal(err)
			}
			counts := tb.Counts()
			var in uint64
			for hi := range counts {
				in += counts[hi]
				exact := float64(in) / float64(tb.Reachable())
				r, ok := levels.RarityOf(goal, m, 0, hi)
				if !ok {
					continue // the bound says nothing
				}
				if r.Fraction < exact*(1-1e-12) {
					t.Fatalf("%s goal %s in %s-tile moves, 0..%d: %g (%s), but %g of the boards are", size, goal, m, hi, r.Fraction, r.Basis, exact)
				}
			}
		}
	}
}

// TestRarityCorner checks that a goal with the blank in any corner has the
// distribution of the standard goal, and one with the blank elsewhere
// only the bound.
func TestRarityCorner(t *testing.T) {
	size := board.Size{W: 4, H: 4}
	for _, tc := range []struct {
		goal  string
		bound bool
	}{
		{"1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0", false},
		{"0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15", false},
		{"1 2 3 0/4 5 6 7/8 9 10 11/12 13 14 15", false},
		{"1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15", true},
	} {
		r, ok := levels.RarityOf(board.MustParse(size, tc.goal), board.SingleTile, 0, 26)
		if !ok || r.Bound != tc.bound || !r.Rare() {
			t.Errorf("goal %s, 0..26: %+v %v; want rare, bound %v", tc.goal, r, ok, tc.bound)
		}
	}
	if r, ok := levels.RarityOf(board.MustParse(size, "1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15"), board.SingleTile, 50, 60); ok {
		t.Errorf("50..60 from a goal with the blank inside: %+v, want nothing known", r)
	}
}

// TestCounted searches the 12-cell sizes, as building their tables does,
// and checks the counts RarityOf knows of them against the search's,
// distance by distance.
func TestCounted(t *testing.T) {
	testenv.Long(t)
	for _, size := range []board.Size{{W: 4, H: 3}, {W: 3, H: 4}, {W: 6, H: 2}, {W: 2, H: 6}} {
		res, err := table.Search(t.Context(), board.Goal(size), nil)
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range res.Counts {
			r, ok := levels.RarityOf(board.Goal(size), board.SingleTile, d, d)
			if got := math.Round(r.Fraction * float64(res.Reachable())); !ok || r.Bound || got != float64(want) {
				t.Errorf("%s at %d: %v boards (%+v), want %d", size, d, got, r, want)
			}
		}
		if r, _ := levels.RarityOf(board.Goal(size), board.SingleTile, res.Max()+1, res.Max()+5); r.Fraction != 0 {
			t.Errorf("%s beyond God's number: %+v", size, r)
		}
	}
}
