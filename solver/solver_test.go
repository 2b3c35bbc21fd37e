package solver_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// each calls f(i) for i in [0, n) on every core and returns the error of
// the lowest i that fails.
func each(n int, f func(i int) error) error {
	return parallel.For(context.Background(), 0, n, f)
}

// checkAgainst asks s for a path of b and checks it against the exact
// table: it replays to the goal in exactly the table's distance. With all
// set it also checks the distance and the hints: the moves the table says
// lead one step closer.
func checkAgainst(s *solver.Solver, tbl *table.Table, b board.Board, all bool) error {
	ctx := context.Background()
	want, err := tbl.Distance(b)
	if err != nil {
		return err
	}
	path, err := s.Path(ctx, b)
	if err != nil || len(path) != want {
		return fmtErr("%s: Path %v, %v; the table says %d moves", b, path, err, want)
	}
	if end, err := b.Apply(path...); err != nil || end != tbl.Goal() {
		return fmtErr("%s: Path %v ends at %s, %v", b, path, end, err)
	}
	if !all {
		return nil
	}
	if d, err := s.Distance(ctx, b); err != nil || d != want {
		return fmtErr("%s: Distance %d, %v; the table says %d", b, d, err, want)
	}
	got, hd, err := s.Hints(ctx, b)
	wantHints, _, _ := tbl.Hints(b)
	if err != nil || hd != want || !slices.Equal(got, wantHints) {
		return fmtErr("%s: Hints %v, %d, %v; the table gives %v, %d", b, got, hd, err, wantHints, want)
	}
	return nil
}

// searchers returns the solvers, all forced to search, that the search
// tests check for boards of size: with Manhattan distance and linear
// conflicts, and with pattern databases of groups built for the size, one
// with the least entry over the blank's cells and one that keeps them.
func searchers(t *testing.T, size board.Size, groups [][]uint8) map[string]*solver.Solver {
	t.Helper()
	out := map[string]*solver.Solver{}
	var err error
	if out["manhattan"], err = solver.New(solver.WithSearch()); err != nil {
		t.Fatal(err)
	}
	for name, opts := range map[string]*pdb.Options{"pdb": nil, "pdb-blank": {Blank: true}} {
		db, err := pdb.Build(context.Background(), board.Goal(size), groups, opts)
		if err != nil {
			t.Fatal(err)
		}
		if out[name], err = solver.New(solver.WithSearch(), solver.WithHeuristic(db.Heuristic())); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestSearch3x3 checks the search path, forced, against the built-in
// table on 3x3 boards, with Manhattan distance and with pattern databases:
// paths, and the distances and hints of a seventh of them. It checks a
// sample of every 13th board (every 211th under -short), and every board
// with SLIDETABLE_LONG=1.
func TestSearch3x3(t *testing.T) {
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	// Primes: a sample spreads over blank cells and tile orders.
	step := uint64(13)
	switch {
	case testenv.IsLong():
		step = 1
	case testing.Short():
		step = 211
	}
	var boards []board.Board
	cells := make([]uint8, 9)
	for i := uint64(0); i < tbl.Boards(); i += step {
		if _, ok := tbl.Lookup(i); ok {
			rank.Unindex(i, cells)
			b, err := board.New(tbl.Size(), cells)
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, b)
		}
	}
	if step == 1 && len(boards) != 181440 {
		t.Fatalf("%d solvable 3x3 boards, want 181440", len(boards))
	}
	for name, s := range searchers(t, tbl.Size(), [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}) {
		t.Run(name, func(t *testing.T) {
			err := each(len(boards), func(i int) error {
				return checkAgainst(s, tbl, boards[i], i%7 == 0)
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestSearch12Cells checks the search path against exact tables built for
// 4x3 and 3x4 on 10,000 uniform random boards each with pattern databases
// of that size, and on the first 1,000 of them with Manhattan distance (a
// hundred times slower here): a long check (a minute or two), run with
// SLIDETABLE_LONG=1. TestSearch10Cells runs the same checks on tables of
// 10 cells, in seconds.
func TestSearch12Cells(t *testing.T) {
	testenv.Long(t)
	checkSearchShapes(t, 10000, []shape{
		{board.Size{W: 4, H: 3}, [][]uint8{{1, 2, 5, 6, 9}, {3, 4, 7, 8, 10, 11}}},
		{board.Size{W: 3, H: 4}, [][]uint8{{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11}}},
	})
}

// TestSearch10Cells checks the search path against exact tables built for
// 5x2 and 2x5 on 1,000 uniform random boards each (100 under -short), with
// pattern databases and with Manhattan distance (on a tenth of them).
func TestSearch10Cells(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	checkSearchShapes(t, n, []shape{
		{board.Size{W: 5, H: 2}, [][]uint8{{1, 2, 3, 6, 7}, {4, 5, 8, 9}}},
		{board.Size{W: 2, H: 5}, [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8, 9}}},
	})
}

// shape is a board size and the tile groups of its pattern databases.
type shape struct {
	size   board.Size
	groups [][]uint8
}

// checkSearchShapes checks, for each shape, the forced search of every
// searcher against a table built in the test, on n uniform random boards
// (the first n/10 with Manhattan distance, whose search is far slower):
// their paths, and the distances and hints of every tenth.
func checkSearchShapes(t *testing.T, n int, shapes []shape) {
	for _, p := range shapes {
		t.Run(p.size.String(), func(t *testing.T) {
			tbl, err := table.Build(context.Background(), board.Goal(p.size), &bfs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(7, uint64(p.size.W)))
			boards := make([]board.Board, n)
			for i := range boards {
				boards[i], _ = gen.Uniform(r, p.size)
			}
			for name, s := range searchers(t, p.size, p.groups) {
				t.Run(name, func(t *testing.T) {
					n := n
					if name == "manhattan" {
						n = max(n/10, 1)
					}
					err := each(n, func(i int) error {
						return checkAgainst(s, tbl, boards[i], i%10 == 0)
					})
					if err != nil {
						t.Fatal(err)
					}
				})
			}
		})
	}
}

// TestTables checks that a default solver answers from the built-in tables,
// against the reference search, on every board of the small sizes.
func TestTables(t *testing.T) {
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}} {
		tbl, err := s.Table(context.Background(), size)
		if err != nil || tbl == nil {
			t.Fatalf("%s: Table = %v, %v; want the built-in table", size, tbl, err)
		}
		for b, d := range reference.Distances(board.Goal(size)) {
			if got, err := s.Distance(context.Background(), b); err != nil || got != d {
				t.Fatalf("%s: %d, %v; the reference says %d", b, got, err, d)
			}
			if err := checkAgainst(s, tbl, b, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	if tbl, err := s.Table(context.Background(), board.Size{W: 4, H: 4}); err != nil || tbl != nil {
		t.Fatalf("4x4: Table = %v, %v; want none", tbl, err)
	}
}

// nearGoal returns the distance of every board at most depth moves from
// goal, by a breadth-first search cut off at that depth.
func nearGoal(goal board.Board, depth int) map[board.Board]int {
	dist := map[board.Board]int{goal: 0}
	frontier := []board.Board{goal}
	for d := 1; d <= depth; d++ {
		var next []board.Board
		for _, b := range frontier {
			for _, m := range b.Moves() {
				nb, _ := b.Move(m)
				if _, seen := dist[nb]; !seen {
					dist[nb] = d
					next = append(next, nb)
				}
			}
		}
		frontier = next
	}
	return dist
}

// TestLarge checks 4x4 and 5x4 boards near the goal, which no table
// covers, against a breadth-first search, hints included.
func TestLarge(t *testing.T) {
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, size := range []board.Size{{W: 4, H: 4}, {W: 5, H: 4}} {
		goal := board.Goal(size)
		ref := nearGoal(goal, 12)
		k := 0
		for b, d := range ref {
			if k++; k%31 != 0 && d < 12 {
				continue
			}
			path, err := s.Path(ctx, b)
			if err != nil || len(path) != d {
				t.Fatalf("%s: Path %v, %v; the search says %d", b, path, err, d)
			}
			if end, _ := b.Apply(path...); end != goal {
				t.Fatalf("%s: %v ends at %s", b, path, end)
			}
			if d >= 12 || k%7 != 0 {
				continue
			}
			hints, hd, err := s.Hints(ctx, b)
			if err != nil || hd != d {
				t.Fatalf("%s: Hints distance %d, %v; want %d", b, hd, err, d)
			}
			var want []uint8
			for _, m := range b.Moves() {
				if next, _ := b.Move(m); ref[next] == d-1 {
					want = append(want, m)
				}
			}
			if !slices.Equal(hints, want) {
				t.Fatalf("%s: hints %v, want %v", b, hints, want)
			}
		}
	}
}

// TestGoalAndHeuristic gives a goal with the blank first, once alone and
// once with a heuristic, and checks both against the reference search.
func TestGoalAndHeuristic(t *testing.T) {
	goal := board.MustParse(board.Size{W: 3, H: 2}, "0 1 2/3 4 5")
	a, err := solver.New(solver.WithGoal(goal))
	if err != nil {
		t.Fatal(err)
	}
	b, err := solver.New(solver.WithHeuristic(ida.Manhattan(goal)))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*solver.Solver{a, b} {
		if got := s.Goal(goal.Size()); got != goal {
			t.Fatalf("Goal = %s, want %s", got, goal)
		}
		if exact(t, s, goal.Size()) {
			t.Fatal("a table answers for a goal no table has")
		}
		for bd, d := range reference.Distances(goal) {
			path, err := s.Path(context.Background(), bd)
			if err != nil || len(path) != d {
				t.Fatalf("%s: %v, %v; the reference says %d", bd, path, err, d)
			}
		}
	}
}

func TestConfigErrors(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	other := board.MustParse(size, "0 1 2/3 4 5/6 7 8")
	cat, err := source.NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, opts := range map[string][]solver.Option{
		"table and goal":     {solver.WithTable(tbl), solver.WithGoal(other)},
		"goal and heuristic": {solver.WithGoal(other), solver.WithHeuristic(ida.Manhattan(board.Goal(size)))},
		"nil table":          {solver.WithTable(nil)},
		"nil heuristic":      {solver.WithHeuristic(nil)},
		"zero goal":          {solver.WithGoal(board.Board{})},
		"options and table":  {solver.WithCatalogOptions(source.CatalogOptions{}), solver.WithTable(tbl)},
		"goal and options":   {solver.WithGoal(other), solver.WithCatalogOptions(source.CatalogOptions{})},
		"two catalogues":     {solver.WithCatalog(cat), solver.WithCatalogOptions(source.CatalogOptions{})},
	} {
		if _, err := solver.New(opts...); !errors.Is(err, solver.ErrConfig) {
			t.Errorf("%s: %v, want ErrConfig", name, err)
		}
	}
}

// TestCatalogOptions checks a solver over a catalogue of its own made
// from a caller's options: a given table answers its questions in its
// own metric whatever the solver's, and the catalogue's refusals come back
// as they are, naming the file, not as a configuration error.
func TestCatalogOptions(t *testing.T) {
	ctx := context.Background()
	size := board.Size{W: 3, H: 2}
	multi, err := source.BuiltinTableIn(size, board.MultiTile)
	if err != nil {
		t.Fatal(err)
	}
	given := &source.Source{Origin: source.Given, Table: multi}
	opts := source.CatalogOptions{Given: []*source.Source{given}, Strict: true}
	s, err := solver.New(solver.WithCatalogOptions(opts), solver.WithMetric(board.MultiTile))
	if err != nil {
		t.Fatal(err)
	}
	want := reference.DistancesIn(board.Goal(size), board.MultiTile)
	for b, d := range want {
		got, err := s.Distance(ctx, b)
		if err != nil || got != d {
			t.Fatalf("%s: %d, %v; the reference says %d", b, got, err, d)
		}
	}
	if a, err := s.Answer(ctx, size); err != nil || a.Table != given.Table {
		t.Fatalf("Answer = %v, %v; want the given table", a, err)
	}
	var me *source.MismatchError
	if _, err := s.Answer(ctx, board.Size{W: 3, H: 3}); !errors.As(err, &me) || me.Source != given || errors.Is(err, solver.ErrConfig) {
		t.Fatalf("a 3x3 question of a strict catalogue with a 3x2 table: %v, want the *source.MismatchError naming it", err)
	}
	single, err := solver.New(solver.WithCatalogOptions(opts)) // a single-tile solver
	if err != nil {
		t.Fatal(err)
	}
	if _, err := single.Answer(ctx, size); !errors.As(err, &me) || me.Source != given {
		t.Fatalf("a single-tile question of a multi-tile table: %v, want the *source.MismatchError naming it", err)
	}
	goals := source.CatalogOptions{Goals: []board.Board{board.MustParse(size, "0 1 2/3 4 5"), board.MustParse(size, "1 0 2/3 4 5")}}
	if _, err := solver.New(solver.WithCatalogOptions(goals)); !errors.Is(err, source.ErrKind) || errors.Is(err, solver.ErrConfig) {
		t.Fatalf("two goals for one size: %v, want the catalogue's source.ErrKind as it is", err)
	}
}

// TestUnsolvable checks that both paths report one ErrUnsolvable.
func TestUnsolvable(t *testing.T) {
	if !errors.Is(table.ErrUnsolvable, solver.ErrUnsolvable) || !errors.Is(ida.ErrUnsolvable, solver.ErrUnsolvable) {
		t.Fatal("table.ErrUnsolvable or ida.ErrUnsolvable is not solver.ErrUnsolvable")
	}
	ctx := context.Background()
	for _, c := range []struct {
		b    board.Board
		opts []solver.Option
	}{
		{board.MustParse(board.Size{W: 3, H: 3}, "2 1 3/4 5 6/7 8 0"), nil},
		{board.MustParse(board.Size{W: 3, H: 3}, "2 1 3/4 5 6/7 8 0"), []solver.Option{solver.WithSearch()}},
		{board.MustParse(board.Size{W: 4, H: 4}, "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0"), nil},
	} {
		s, err := solver.New(c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Distance(ctx, c.b); !errors.Is(err, solver.ErrUnsolvable) {
			t.Errorf("Distance(%s): %v", c.b, err)
		}
		if _, err := s.Path(ctx, c.b); !errors.Is(err, solver.ErrUnsolvable) {
			t.Errorf("Path(%s): %v", c.b, err)
		}
		if _, _, err := s.Hints(ctx, c.b); !errors.Is(err, solver.ErrUnsolvable) {
			t.Errorf("Hints(%s): %v", c.b, err)
		}
		if _, _, err := s.Within(ctx, c.b, 100); !errors.Is(err, solver.ErrUnsolvable) {
			t.Errorf("Within(%s): %v", c.b, err)
		}
	}
	s, _ := solver.New()
	if _, err := s.Distance(ctx, board.Board{}); !errors.Is(err, board.ErrSize) {
		t.Errorf("zero board: %v", err)
	}
}

// TestWithin checks the limit on both paths against the table.
func TestWithin(t *testing.T) {
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	search, _ := solver.New(solver.WithSearch())
	exact, _ := solver.New()
	r := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		b, _ := gen.Uniform(r, tbl.Size())
		d, _ := tbl.Distance(b)
		for _, s := range []*solver.Solver{search, exact} {
			for _, limit := range []int{-1, d - 1, d, d + 3} {
				p, ok, err := s.Within(context.Background(), b, limit)
				if want := limit < 0 || d <= limit; err != nil || ok != want || ok && len(p) != d {
					t.Fatalf("%s at %d: Within(%d) = %v, %v, %v", b, d, limit, p, ok, err)
				}
			}
		}
	}
}

// TestCancel checks that a search stops when its context ends.
func TestCancel(t *testing.T) {
	s, _ := solver.New()
	r := rand.New(rand.NewPCG(3, 4))
	b, _ := gen.Uniform(r, board.Size{W: 5, H: 5})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	if _, err := s.Path(ctx, b); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Path: %v", err)
	}
	if _, _, err := s.Hints(ctx, b); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Hints: %v", err)
	}
}

// TestConcurrent asks one solver from many goroutines at once, on sizes it
// has not loaded yet; run it with -race.
func TestConcurrent(t *testing.T) {
	s, _ := solver.New()
	sizes := []board.Size{{W: 3, H: 3}, {W: 4, H: 2}, {W: 4, H: 4}}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := range 16 {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(g), 9))
			size := sizes[g%len(sizes)]
			for range 20 {
				b, _, _ := gen.Walk(r, board.Goal(size), 20, nil)
				p, err := s.Path(context.Background(), b)
				if err != nil {
					errs <- err
					return
				}
				if end, _ := b.Apply(p...); end != board.Goal(size) {
					errs <- fmtErr("%s: %v ends at %s", b, p, end)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}
