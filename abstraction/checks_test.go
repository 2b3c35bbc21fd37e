package abstraction_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/coverage"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/recipe"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// builtinTable returns the built-in table of size in metric m.
func builtinTable(t testing.TB, size board.Size, m board.Metric) *table.Table {
	t.Helper()
	file := data.File
	if m == board.MultiTile {
		file = data.MultiFile
	}
	b, err := file(size)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// checkSearch solves the boards of multi's table (every every-th index,
// and of those only the ones that reach the goal) with IDA* guided by db,
// and requires the table's distance; and, where single has the board, its
// single-tile distance to be at least the multi-tile one and at most three
// times it. It returns the boards solved.
func checkSearch(t *testing.T, db *abstraction.DB, multi, single *table.Table, every uint64) int {
	t.Helper()
	s := ida.NewIn(db.Heuristic(), board.MultiTile)
	h := db.Heuristic()
	size := db.Size()
	cells := make([]uint8, size.Cells())
	solved := 0
	for i := uint64(0); i < rank.Factorial(size.Cells()); i += every {
		want, ok := multi.Lookup(i)
		if !ok {
			continue
		}
		rank.Unindex(i, cells)
		b, err := board.New(size, cells)
		if err != nil {
			t.Fatal(err)
		}
		if est := h.Estimate(b); est > want {
			t.Fatalf("%s: bound %d above the distance %d of %v", size, est, want, b)
		}
		got, err := s.Distance(context.Background(), b)
		if err != nil || got != want {
			t.Fatalf("%s: Distance(%v) = %d, %v; the table says %d", size, b, got, err, want)
		}
		if single != nil {
			d, err := single.Distance(b)
			if err != nil || d < got || d > 3*got {
				t.Fatalf("%s: %v is %d single-tile moves (%v) and %d multi-tile ones", size, b, d, err, got)
			}
		}
		solved++
	}
	return solved
}

// TestSearchSmallBoards solves boards of 4x2 (every third) and 3x3 (every
// 41st), every one of both in the long run, with abstraction databases,
// against the exact tables of both metrics.
func TestSearchSmallBoards(t *testing.T) {
	for _, tc := range []struct {
		size     board.Size
		classes  []string
		every    uint64
		everyOne bool
	}{
		{board.Size{W: 4, H: 2}, []string{"1 2 2 3/1 1 3 0", "1 1 2 2/3 3 4 0"}, 3, true},
		{board.Size{W: 3, H: 3}, []string{"1 1 2/3 3 2/3 2 0", "1 1 1/2 2 2/3 3 0"}, 41, false},
	} {
		goal := board.Goal(tc.size)
		var cls []*abstraction.Classing
		for _, c := range tc.classes {
			cls = append(cls, abstraction.MustParseClassing(goal, c))
		}
		db, err := abstraction.Build(context.Background(), cls, nil)
		if err != nil {
			t.Fatal(err)
		}
		every := tc.every
		switch {
		case testenv.IsLong():
			every = 1
		case testing.Short():
			every *= 3
		}
		n := checkSearch(t, db, builtinTable(t, tc.size, board.MultiTile), builtinTable(t, tc.size, board.SingleTile), every)
		t.Logf("%s: %d boards solved", tc.size, n)
	}
}

// TestSearch12Cells solves a sample of 4x3 boards with an abstraction
// database and requires the distances of the exact multi-tile table: a
// long check (the table takes seconds and 240 MB to build).
func TestSearch12Cells(t *testing.T) {
	testenv.Long(t)
	size := board.Size{W: 4, H: 3}
	goal := board.Goal(size)
	db, err := abstraction.Build(context.Background(), []*abstraction.Classing{
		abstraction.MustParseClassing(goal, "1 1 2 2/1 3 3 2/4 4 3 0"),
		abstraction.MustParseClassing(goal, "1 1 1 1/2 2 2 2/3 3 3 0"),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	multi, err := table.Build(context.Background(), goal, &bfs.Options{Metric: board.MultiTile})
	if err != nil {
		t.Fatal(err)
	}
	// About 3,000 boards, spread over the table.
	n := checkSearch(t, db, multi, nil, 79_999)
	t.Logf("%s: %d boards solved", size, n)
}

// TestFirstLevels searches the multi-tile 4x4 boards of the first levels
// by the plain search of package reference (to depth 11 in the long run,
// 8 otherwise), requires the counts lightln2 published, and solves boards
// of each level with the built-in tier.
func TestFirstLevels(t *testing.T) {
	depth := 8
	if testenv.IsLong() {
		depth = 11
	}
	goal := board.Goal(size4x4)
	dist := reference.DistancesWithin(goal, board.MultiTile, depth)
	pub, ok := published.DistributionOf(size4x4, board.MultiTile)
	if !ok {
		t.Fatal("no published multi-tile 4x4 distribution")
	}
	counts := make([]uint64, depth+1)
	byLevel := make([][]board.Board, depth+1)
	for b, d := range dist {
		counts[d]++
		if len(byLevel[d]) < 10 {
			byLevel[d] = append(byLevel[d], b)
		}
	}
	for d, c := range counts {
		if c != pub.Counts[d] {
			t.Fatalf("%d boards at %d multi-tile moves, %s published %d", c, d, pub.Cite, pub.Counts[d])
		}
	}
	db := openBuiltin(t)
	s := ida.NewIn(db.Heuristic(), board.MultiTile)
	for d, boards := range byLevel {
		for _, b := range boards {
			got, err := s.Distance(context.Background(), b)
			if err != nil || got != d {
				t.Fatalf("Distance(%v) = %d, %v; the search found it at %d", b, got, err, d)
			}
		}
	}
}

// openBuiltin reads the built-in 4x4 tier.
func openBuiltin(t testing.TB) *abstraction.DB {
	b, err := data.AbstractionFile(size4x4)
	if err != nil {
		t.Fatal(err)
	}
	db, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// largeTier returns the large 4x4 tier: the file named by $SLIDETABLE_ABS,
// or one built into a temporary folder.
func largeTier(t *testing.T) *abstraction.DB {
	path := os.Getenv("SLIDETABLE_ABS")
	if path == "" {
		size := board.Size{W: 4, H: 4}
		rec, _ := recipe.Build(size, board.MultiTile)
		classings, err := abstraction.ParseClassings(board.Goal(size), rec.Params)
		if err != nil {
			t.Fatal(err)
		}
		db, err := abstraction.Build(context.Background(), classings, nil)
		if err != nil {
			t.Fatal(err)
		}
		path = filepath.Join(t.TempDir(), "4x4-multi.abs")
		if _, err := abstraction.WriteFile(context.Background(), path, db); err != nil {
			t.Fatal(err)
		}
	}
	db, err := abstraction.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Prove(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestUniformDistribution solves 2,000 uniform 4x4 boards in multi-tile
// moves with the large tier and requires their distances to follow the
// published distribution (chi-square, p > 0.01), and each to lie between a
// third of the board's single-tile distance and that distance: a long
// check (minutes on two cores), and a heavy one (SLIDETABLE_HEAVY=1)
// unless $SLIDETABLE_ABS names a large tier already built.
func TestUniformDistribution(t *testing.T) {
	testenv.Long(t)
	if os.Getenv("SLIDETABLE_ABS") == "" {
		testenv.Heavy(t)
	}
	db := largeTier(t)
	multi := ida.NewIn(db.Heuristic(), board.MultiTile)
	single, err := singleSearcher()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := published.DistributionOf(size4x4, board.MultiTile)
	r := rand.New(rand.NewPCG(24, 2000))
	rep, err := coverage.MeasureDistances(context.Background(), 2000, func() (board.Board, error) { return gen.Uniform(r, size4x4) },
		func(ctx context.Context, b board.Board) (int, error) {
			d, err := multi.Distance(ctx, b)
			if err != nil {
				return d, err
			}
			s, err := single.Distance(ctx, b)
			if err != nil || s < d || s > 3*d {
				return d, fmt.Errorf("%d single-tile moves (%v) and %d multi-tile ones", s, err, d)
			}
			return d, nil
		}, pub.Counts, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("chi-square %.2f, %d degrees of freedom, p = %.3f", rep.ChiSquare, rep.DF, rep.P)
	if !rep.Passes(0.01) {
		t.Fatalf("the distances of 2,000 uniform boards do not follow %s: p = %.4f", pub.Cite, rep.P)
	}
}

// singleSearcher returns a single-tile 4x4 searcher with the built-in
// pattern database.
func singleSearcher() (*ida.Searcher, error) {
	b, err := data.PDBFile(size4x4)
	if err != nil {
		return nil, err
	}
	db, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, err
	}
	return ida.New(db.Heuristic()), nil
}

// TestParallelSearch requires the search of one board on two goroutines
// to find the solutions and hints the sequential search finds, on 4x4
// boards whose last iterations are large enough to be split.
func TestParallelSearch(t *testing.T) {
	db := openBuiltin(t)
	seq := ida.NewIn(db.Heuristic(), board.MultiTile)
	par := seq.WithWorkers(2)
	r := rand.New(rand.NewPCG(15, 16))
	var boards []board.Board
	n := 3
	if testing.Short() {
		n = 1 // under the race detector, each takes seconds
	}
	for range n {
		b, _, err := gen.Walk(r, board.Goal(size4x4), 150, nil)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	if testenv.IsLong() {
		boards = append(boards, uniform100(t)[10])
	}
	for _, b := range boards {
		want, err := seq.Search(context.Background(), b, -1)
		if err != nil {
			t.Fatal(err)
		}
		got, err := par.Search(context.Background(), b, -1)
		if err != nil || !slices.Equal(got.Path, want.Path) {
			t.Fatalf("parallel Search(%v) = %v, %v; sequential %v", b, got.Path, err, want.Path)
		}
		wh, wd, _ := seq.Hints(context.Background(), b)
		gh, gd, err := par.Hints(context.Background(), b)
		if err != nil || gd != wd || !slices.Equal(gh, wh) {
			t.Fatalf("parallel Hints(%v) = %v, %d, %v; sequential %v, %d", b, gh, gd, err, wh, wd)
		}
		t.Logf("%v: %d moves, %d nodes sequential, %d parallel", b, len(want.Path), want.Nodes, got.Nodes)
	}
}
