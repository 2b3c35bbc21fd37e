package ida_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/source"
)

var tableSizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}, {W: 3, H: 3}}

// TestEstimateAdmissible checks on every board of the sizes with a table
// that the estimate never exceeds the distance, and is 0 only at the goal.
func TestEstimateAdmissible(t *testing.T) {
	for _, size := range tableSizes {
		tbl, err := source.BuiltinTable(size)
		if err != nil {
			t.Fatal(err)
		}
		goal := tbl.Goal()
		n := size.Cells()
		cells := make([]uint8, n)
		for i := range tbl.Boards() {
			d, ok := tbl.Lookup(i)
			if !ok {
				continue
			}
			rank.Unindex(i, cells)
			b, err := board.New(size, cells)
			if err != nil {
				t.Fatal(err)
			}
			h, err := ida.Estimate(b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if h > d || h%2 != d%2 || (h == 0) != (d == 0) {
				t.Fatalf("%s: estimate %d, distance %d", b, h, d)
			}
		}
	}
}

// TestSolveAgainstTables compares Solve and Hints with the tables on every
// board of the smallest sizes and a sample of the others.
func TestSolveAgainstTables(t *testing.T) {
	ctx := context.Background()
	for _, size := range tableSizes {
		tbl, err := source.BuiltinTable(size)
		if err != nil {
			t.Fatal(err)
		}
		goal := tbl.Goal()
		step := uint64(1)
		if size.Cells() >= 8 {
			step = 997 // a prime: the sample spreads over blank cells and tile orders
		}
		if size.Cells() == 9 {
			step = 499
		}
		cells := make([]uint8, size.Cells())
		for i := uint64(0); i < tbl.Boards(); i += step {
			d, ok := tbl.Lookup(i)
			if !ok {
				continue
			}
			rank.Unindex(i, cells)
			b, err := board.New(size, cells)
			if err != nil {
				t.Fatal(err)
			}
			path, err := ida.Solve(ctx, b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if len(path) != d {
				t.Fatalf("%s: IDA* finds %d moves, the table says %d", b, len(path), d)
			}
			if end, err := b.Apply(path...); err != nil || end != goal {
				t.Fatalf("%s: moves %v end at %s (%v)", b, path, end, err)
			}
			if p, ok, err := ida.Within(ctx, b, goal, d); err != nil || !ok || len(p) != d {
				t.Fatalf("%s: Within(%d) = %v, %v, %v", b, d, p, ok, err)
			}
			if d > 0 {
				if p, ok, err := ida.Within(ctx, b, goal, d-1); err != nil || ok || p != nil {
					t.Fatalf("%s: Within(%d) = %v, %v, %v; the distance is %d", b, d-1, p, ok, err, d)
				}
			}
			if size.Cells() <= 6 || i%(7*step) == 0 {
				got, gd, err := ida.Hints(ctx, b, goal)
				want, _, _ := tbl.Hints(b)
				if err != nil || gd != d || !slices.Equal(got, want) {
					t.Fatalf("%s: Hints = %v, %d, %v; the table gives %v, %d", b, got, gd, err, want, d)
				}
			}
		}
	}
}

// TestOtherGoal solves towards a goal with the blank first, against the
// reference search.
func TestOtherGoal(t *testing.T) {
	size := board.Size{W: 3, H: 2}
	goal := board.MustParse(size, "0 1 2/3 4 5")
	for b, d := range reference.Distances(goal) {
		got, err := ida.Distance(context.Background(), b, goal)
		if err != nil || got != d {
			t.Fatalf("%s: %d, %v; the reference says %d", b, got, err, d)
		}
	}
}

// nearGoal returns the distance of every board at most depth moves from the
// goal of size, by a breadth-first search cut off at that depth.
func nearGoal(size board.Size, depth int) map[board.Board]int {
	goal := board.Goal(size)
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

// TestLargeBoardsNearGoal checks 4x4 and 5x5 boards, with no table, against
// a breadth-first search to a small depth.
func TestLargeBoardsNearGoal(t *testing.T) {
	for _, c := range []struct {
		size  board.Size
		depth int
	}{{board.Size{W: 4, H: 4}, 13}, {board.Size{W: 5, H: 5}, 10}, {board.Size{W: 6, H: 3}, 11}} {
		goal := board.Goal(c.size)
		k := 0
		for b, d := range nearGoal(c.size, c.depth) {
			if k++; k%41 != 0 && d < c.depth {
				continue
			}
			path, err := ida.Solve(context.Background(), b, goal)
			if err != nil || len(path) != d {
				t.Fatalf("%s: %d moves, %v; the search says %d", b, len(path), err, d)
			}
			if end, _ := b.Apply(path...); end != goal {
				t.Fatalf("%s: moves %v end at %s", b, path, end)
			}
		}
	}
}

// TestWalks4x4 solves boards scrambled by 30-move walks: the solution is no
// longer than the walk, of the same parity, and replays to the goal.
func TestWalks4x4(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	goal := board.Goal(board.Size{W: 4, H: 4})
	for range 10 {
		b, moves, err := gen.Walk(r, goal, 30, &gen.WalkOptions{NoUndo: true})
		if err != nil {
			t.Fatal(err)
		}
		path, err := ida.Solve(context.Background(), b, goal)
		if err != nil {
			t.Fatal(err)
		}
		if len(path) > len(moves) || len(path)%2 != len(moves)%2 {
			t.Fatalf("%s: %d moves from a %d-move walk", b, len(path), len(moves))
		}
		if end, _ := b.Apply(path...); end != goal {
			t.Fatalf("%s: moves %v end at %s", b, path, end)
		}
	}
}

func TestErrors(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	goal := board.Goal(size)
	ctx := context.Background()
	if _, err := ida.Solve(ctx, board.MustParse(size, "2 1 3/4 5 6/7 8 0"), goal); !errors.Is(err, ida.ErrUnsolvable) {
		t.Errorf("unsolvable: %v", err)
	}
	if _, err := ida.Solve(ctx, board.Goal(board.Size{W: 2, H: 2}), goal); !errors.Is(err, board.ErrMismatch) {
		t.Errorf("mismatch: %v", err)
	}
	if _, err := ida.Estimate(board.Goal(board.Size{W: 2, H: 2}), goal); !errors.Is(err, board.ErrMismatch) {
		t.Errorf("Estimate mismatch: %v", err)
	}
	// A random 5x5 board takes far longer than a millisecond.
	r := rand.New(rand.NewPCG(3, 4))
	b, _ := gen.Uniform(r, board.Size{W: 5, H: 5})
	short, cancel := context.WithTimeout(ctx, time.Millisecond)
	defer cancel()
	if _, err := ida.Solve(short, b, board.Goal(b.Size())); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout: %v", err)
	}
}

// walkBoards returns k boards made by random walks of the given length
// from the 4x4 goal, with a fixed seed.
func walkBoards(k, length int) []board.Board {
	r := rand.New(rand.NewPCG(5, 6))
	goal := board.Goal(board.Size{W: 4, H: 4})
	var boards []board.Board
	for range k {
		bd, _, _ := gen.Walk(r, goal, length, &gen.WalkOptions{NoUndo: true})
		boards = append(boards, bd)
	}
	return boards
}

func BenchmarkSolve4x4Walk50(b *testing.B) {
	boards := walkBoards(8, 50)
	goal := board.Goal(board.Size{W: 4, H: 4})
	i := 0
	for b.Loop() {
		if _, err := ida.Solve(context.Background(), boards[i%len(boards)], goal); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// benchmarkNodes solves boards with s and reports the boards generated per
// second of the benchmark's time.
func benchmarkNodes(b *testing.B, s *ida.Searcher, boards []board.Board, limit int) {
	b.ReportAllocs()
	var nodes uint64
	i := 0
	for b.Loop() {
		r, err := s.Search(context.Background(), boards[i%len(boards)], limit)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
		i++
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkNodesManhattan measures the search with Manhattan distance and
// linear conflicts on boards of 4x4 walks.
func BenchmarkNodesManhattan(b *testing.B) {
	benchmarkNodes(b, ida.New(ida.Manhattan(board.Goal(board.Size{W: 4, H: 4}))), walkBoards(8, 50), -1)
}

// BenchmarkNodesLoop measures the search loop alone: a heuristic that
// returns 0 through the interface, so the figure is the ceiling any
// heuristic's evaluator lowers.
func BenchmarkNodesLoop(b *testing.B) {
	benchmarkNodes(b, ida.New(zero{board.Goal(board.Size{W: 4, H: 4})}), walkBoards(8, 200), 13)
}

// BenchmarkNodesKorf100 solves Korf's 100 boards, one after the other, with
// the built-in 4x4 pattern database or the one in the file named by
// $SLIDETABLE_PDB, and reports the boards generated per second and the
// slowest board. An op is all 100.
func BenchmarkNodesKorf100(b *testing.B) {
	var db *pdb.DB
	var err error
	if path := os.Getenv("SLIDETABLE_PDB"); path != "" {
		db, err = pdb.Open(path)
	} else {
		db, err = source.BuiltinPDB(board.Size{W: 4, H: 4})
	}
	if err != nil {
		b.Fatal(err)
	}
	s := ida.New(db.Heuristic())
	var nodes uint64
	var worst time.Duration
	for b.Loop() {
		for _, in := range published.Korf100().Instances {
			t0 := time.Now()
			r, err := s.Search(context.Background(), in.Board, -1)
			if err != nil || len(r.Path) != in.Distance {
				b.Fatalf("%s: %d moves, %v; published %d", in.Board, len(r.Path), err, in.Distance)
			}
			worst = max(worst, time.Since(t0))
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(worst.Seconds()*1e3, "worst-ms")
}
