package levels_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/coverage"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// alpha is the significance level of the statistical tests. Their seeds are
// fixed, so each is deterministic: a uniform sampler passes unless its seed
// falls in the 1% tail (it does not), a biased one fails.
const alpha = 0.01

var modes = []levels.Mode{levels.Exact, levels.Filter, levels.Auto}

func load(t testing.TB, w, h int) *table.Table {
	t.Helper()
	tbl, err := source.BuiltinTable(board.Size{W: w, H: h})
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

// TestSampleInRange checks every board Sample returns against the reference
// search: its distance is the one given and in range, no board comes twice,
// and there are min(n, Q) of them.
func TestSampleInRange(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}} {
		tbl := load(t, size.W, size.H)
		ref := reference.Distances(board.Goal(size))
		max := tbl.Max()
		for _, rg := range [][2]int{{0, 0}, {0, max}, {max, max}, {max / 2, max/2 + 2}, {max - 3, max + 10}, {-5, 2}} {
			lo, hi := rg[0], rg[1]
			q := 0
			for _, d := range ref {
				if d >= lo && d <= hi {
					q++
				}
			}
			if got := levels.Count(tbl, lo, hi); got != uint64(q) {
				t.Fatalf("%s: Count(%d, %d) = %d, the reference has %d", size, lo, hi, got, q)
			}
			for _, mode := range modes {
				for _, n := range []int{1, 5, q, q + 3} {
					name := fmt.Sprintf("%s %d..%d n=%d %v", size, lo, hi, n, mode)
					got, err := levels.Sample(context.Background(), r, tbl, lo, hi, n, &levels.Options{Mode: mode})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if len(got) != min(n, q) {
						t.Fatalf("%s: %d boards, want %d", name, len(got), min(n, q))
					}
					seen := map[board.Board]bool{}
					for _, lv := range got {
						d, ok := ref[lv.Board]
						if !ok || d != lv.Distance || d < lo || d > hi {
							t.Fatalf("%s: %s at distance %d, the reference says %d (reachable %v)", name, lv.Board, lv.Distance, d, ok)
						}
						if seen[lv.Board] {
							t.Fatalf("%s: %s twice", name, lv.Board)
						}
						seen[lv.Board] = true
					}
				}
			}
		}
	}
}

// TestAntipodes asks each mode for ten boards 31 moves from the 3x3 goal and
// expects the two there are, found independently by the reference search.
func TestAntipodes(t *testing.T) {
	if testing.Short() {
		t.Skip("3x3 reference search in -short mode")
	}
	tbl := load(t, 3, 3)
	var want []string
	for b, d := range reference.Distances(tbl.Goal()) {
		if d == 31 {
			want = append(want, b.String())
		}
	}
	sort.Strings(want)
	if len(want) != 2 {
		t.Fatalf("the reference finds %d boards at distance 31", len(want))
	}
	for _, mode := range modes {
		r := rand.New(rand.NewPCG(3, 4))
		got, err := levels.Sample(context.Background(), r, tbl, 31, 31, 10, &levels.Options{Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, lv := range got {
			s = append(s, lv.Board.String())
		}
		sort.Strings(s)
		if !slices.Equal(s, want) {
			t.Errorf("%v: %v, want %v", mode, s, want)
		}
	}
	found, err := levels.Find(context.Background(), tbl, 31, 31, -1)
	if err != nil || len(found) != 2 {
		t.Fatalf("Find(31, 31) = %v, %v", found, err)
	}
}

// TestUniformOne draws one board at a time among the 111 boards of 3x2 at
// distances 12..14, 40 times as often as there are boards, and applies the
// chi-square test to the counts.
func TestUniformOne(t *testing.T) {
	tbl := load(t, 3, 2)
	const lo, hi = 12, 14
	q := int(levels.Count(tbl, lo, hi))
	for _, mode := range []levels.Mode{levels.Exact, levels.Filter} {
		r := rand.New(rand.NewPCG(5, 6))
		counts := map[board.Board]uint64{}
		for range 40 * q {
			got, err := levels.Sample(context.Background(), r, tbl, lo, hi, 1, &levels.Options{Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			counts[got[0].Board]++
		}
		checkUniform(t, mode.String()+" one board", counts, q)
	}
}

// TestUniformPairs draws two boards at a time among the 18 boards of 3x2 at
// distances 19..20 and applies the chi-square test to the counts of the 153
// unordered pairs, and to the counts of the board drawn first, which checks
// that the order is random too.
func TestUniformPairs(t *testing.T) {
	tbl := load(t, 3, 2)
	const lo, hi = 19, 20
	q := int(levels.Count(tbl, lo, hi))
	pairs := q * (q - 1) / 2
	for _, mode := range []levels.Mode{levels.Exact, levels.Filter} {
		r := rand.New(rand.NewPCG(7, 8))
		pairCounts := map[[2]board.Board]uint64{}
		firstCounts := map[board.Board]uint64{}
		for range 30 * pairs {
			got, err := levels.Sample(context.Background(), r, tbl, lo, hi, 2, &levels.Options{Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			a, b := got[0].Board, got[1].Board
			firstCounts[a]++
			if a.String() > b.String() {
				a, b = b, a
			}
			pairCounts[[2]board.Board{a, b}]++
		}
		checkUniform(t, mode.String()+" pairs", pairCounts, pairs)
		checkUniform(t, mode.String()+" first of pair", firstCounts, q)
	}
}

func checkUniform[K comparable](t *testing.T, name string, counts map[K]uint64, cells int) {
	t.Helper()
	if len(counts) > cells {
		t.Fatalf("%s: %d different outcomes, only %d possible", name, len(counts), cells)
	}
	c := make([]uint64, cells) // outcomes never drawn count 0
	i := 0
	for _, v := range counts {
		c[i] = v
		i++
	}
	stat, df, p := coverage.ChiSquare(c)
	t.Logf("%s: chi-square %.1f, %d df, p = %.3f", name, stat, df, p)
	if p < alpha {
		t.Errorf("%s: not uniform: chi-square %.1f with %d df, p = %g < %g", name, stat, df, p, alpha)
	}
}

func TestFind(t *testing.T) {
	size := board.Size{W: 3, H: 2}
	tbl := load(t, 3, 2)
	ref := reference.Distances(board.Goal(size))
	all, err := levels.Find(context.Background(), tbl, 15, 17, -1)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, d := range ref {
		if d >= 15 && d <= 17 {
			want++
		}
	}
	if len(all) != want {
		t.Fatalf("Find(15, 17) found %d boards, the reference %d", len(all), want)
	}
	seen := map[board.Board]bool{}
	for _, lv := range all {
		if d := ref[lv.Board]; d != lv.Distance || d < 15 || d > 17 || seen[lv.Board] {
			t.Fatalf("Find(15, 17): %s at %d, reference %d, seen %v", lv.Board, lv.Distance, d, seen[lv.Board])
		}
		seen[lv.Board] = true
	}
	first, err := levels.Find(context.Background(), tbl, 15, 17, 7)
	if err != nil || !slices.Equal(first, all[:7]) {
		t.Fatalf("Find(15, 17, 7) = %v, %v; want the first 7 of all", first, err)
	}
	none, err := levels.Find(context.Background(), tbl, 15, 17, 0)
	if err != nil || len(none) != 0 {
		t.Fatalf("Find(15, 17, 0) = %v, %v", none, err)
	}
}

func TestErrors(t *testing.T) {
	tbl := load(t, 3, 3)
	r := rand.New(rand.NewPCG(1, 1))
	ctx := context.Background()
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	tests := []struct {
		name   string
		ctx    context.Context
		lo, hi int
		n      int
		mode   levels.Mode
		want   error
	}{
		{"lo > hi", ctx, 5, 4, 1, levels.Auto, levels.ErrRange},
		{"beyond max", ctx, 32, 40, 1, levels.Auto, levels.ErrRange},
		{"negative", ctx, -3, -1, 1, levels.Auto, levels.ErrRange},
		{"n = 0", ctx, 3, 4, 0, levels.Auto, levels.ErrCount},
		{"canceled exact", canceled, 3, 4, 1, levels.Exact, context.Canceled},
		{"canceled filter", canceled, 3, 4, 1, levels.Filter, context.Canceled},
		{"unknown mode", ctx, 3, 4, 1, levels.Mode(9), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := levels.Sample(tt.ctx, r, tbl, tt.lo, tt.hi, tt.n, &levels.Options{Mode: tt.mode})
			if tt.want == nil && err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
		})
	}
	if _, err := levels.Find(ctx, tbl, 40, 50, 1); !errors.Is(err, levels.ErrRange) {
		t.Fatalf("Find(40, 50): %v, want ErrRange", err)
	}
}

// TestCost checks that Auto would scan for the rarest boards and filter for
// common ones.
func TestCost(t *testing.T) {
	tbl := load(t, 3, 3)
	if e, f := levels.Cost(tbl, 31, 31, 2, levels.Exact), levels.Cost(tbl, 31, 31, 2, levels.Filter); e >= f {
		t.Errorf("31..31: exact %.0f ns, filter %.0f ns; want exact cheaper", e, f)
	}
	if e, f := levels.Cost(tbl, 0, 31, 10, levels.Exact), levels.Cost(tbl, 0, 31, 10, levels.Filter); f >= e {
		t.Errorf("0..31: exact %.0f ns, filter %.0f ns; want filter cheaper", e, f)
	}
}

// BenchmarkScan3x3 scans the whole 3x3 table: ns/op over 362,880 is the
// cost of one lookup in Cost.
func BenchmarkScan3x3(b *testing.B) {
	tbl := load(b, 3, 3)
	for b.Loop() {
		if _, err := levels.Find(context.Background(), tbl, 31, 31, -1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFilter3x3 draws 1,000 boards of any distance: ns/op over 1,000
// is the cost of one draw in Cost.
func BenchmarkFilter3x3(b *testing.B) {
	tbl := load(b, 3, 3)
	r := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		if _, err := levels.Sample(context.Background(), r, tbl, 0, 31, 1000, &levels.Options{Mode: levels.Filter}); err != nil {
			b.Fatal(err)
		}
	}
}
