package abstraction_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/published"
)

var size4x4 = board.Size{W: 4, H: 4}

// uniform100 returns the boards 'slidetable gen -n 100 -seed 1 4x4'
// prints: drawn with the command's random source for seed 1.
func uniform100(tb testing.TB) []board.Board {
	r := rand.New(rand.NewPCG(1, 0x736c696465))
	out := make([]board.Board, 100)
	for i := range out {
		b, err := gen.UniformTo(r, board.Goal(size4x4))
		if err != nil {
			tb.Fatal(err)
		}
		out[i] = b
	}
	if first := board.MustParse(size4x4, "15 1 12 4/9 3 8 5/13 0 11 2/14 10 7 6"); out[0] != first {
		tb.Fatalf("the first board is %v, the command's %v", out[0], first)
	}
	return out
}

// openTier opens the database the benchmarks search with: the file named
// by $SLIDETABLE_ABS (such as the large tier 'slidetable build -metric
// multi 4x4' writes), else the built-in one; each call reads it afresh, so
// that its blocks are read and checked in the time measured.
func openTier(tb testing.TB) *abstraction.DB {
	if path := os.Getenv("SLIDETABLE_ABS"); path != "" {
		db, err := abstraction.Open(path)
		if err != nil {
			tb.Fatalf("%v (SLIDETABLE_ABS is read from the package directory; give an absolute path)", err)
		}
		return db
	}
	b, err := data.AbstractionFile(size4x4)
	if err != nil {
		tb.Fatal(err)
	}
	db, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		tb.Fatal(err)
	}
	return db
}

// solveAll finds the distance of each board with s, on workers goroutines
// that take the boards in turn, and returns the distances, the time each
// took and the nodes.
func solveAll(tb testing.TB, s *ida.Searcher, boards []board.Board, workers int) ([]int, []time.Duration, uint64) {
	dist := make([]int, len(boards))
	took := make([]time.Duration, len(boards))
	var next atomic.Int64
	var nodes atomic.Uint64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(boards) {
					return
				}
				t0 := time.Now()
				r, err := s.Search(context.Background(), boards[i], -1)
				if err != nil {
					tb.Error(err)
					return
				}
				took[i] = time.Since(t0)
				dist[i] = len(r.Path)
				nodes.Add(r.Nodes)
			}
		})
	}
	wg.Wait()
	return dist, took, nodes.Load()
}

// report adds the slowest and the median board and the nodes to b's
// figures.
func report(b *testing.B, took []time.Duration, nodes uint64) {
	sorted := slices.Sorted(slices.Values(took))
	b.ReportMetric(sorted[len(sorted)-1].Seconds()*1e3, "worst-ms")
	b.ReportMetric(sorted[len(sorted)/2].Seconds()*1e3, "median-ms")
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkUniform100 solves the 100 uniform boards of the targets in
// docs/performance.md, reading the database afresh for each op: "batch" on two
// goroutines that take the boards in turn, each board on one; "each" one
// board after the other, each on two goroutines (ida.Searcher.WithWorkers),
// the slowest board's time the one a single request sees.
func BenchmarkUniform100(b *testing.B) {
	boards := uniform100(b)
	for _, mode := range []struct {
		name              string
		workers, parallel int
	}{{"batch", 2, 1}, {"each", 1, 2}} {
		b.Run(mode.name, func(b *testing.B) {
			var took []time.Duration
			var nodes uint64
			for b.Loop() {
				db := openTier(b)
				s := ida.NewIn(db.Heuristic(), board.MultiTile).WithWorkers(mode.parallel)
				_, took, nodes = solveAll(b, s, boards, mode.workers)
				db.Close()
			}
			report(b, took, nodes)
		})
	}
}

// BenchmarkOneBoard solves each of the 100 uniform boards with a database
// read afresh for it, on two goroutines, as a command that answers one
// board does, and reports the median and the slowest.
func BenchmarkOneBoard(b *testing.B) {
	boards := uniform100(b)
	took := make([]time.Duration, len(boards))
	for b.Loop() {
		for i, bd := range boards {
			t0 := time.Now()
			db := openTier(b)
			s := ida.NewIn(db.Heuristic(), board.MultiTile).WithWorkers(2)
			if _, err := s.Distance(context.Background(), bd); err != nil {
				b.Fatal(err)
			}
			db.Close()
			took[i] = time.Since(t0)
		}
	}
	report(b, took, 0)
}

// BenchmarkKorf100 finds the multi-tile distance of each of Korf's 100
// boards in one batch on two goroutines, and requires each between a third
// of the published single-tile distance and that distance.
func BenchmarkKorf100(b *testing.B) {
	k := published.Korf100()
	boards := make([]board.Board, len(k.Instances))
	for i, in := range k.Instances {
		boards[i] = in.Board
	}
	var took []time.Duration
	var nodes uint64
	for b.Loop() {
		db := openTier(b)
		s := ida.NewIn(db.Heuristic(), board.MultiTile)
		var dist []int
		dist, took, nodes = solveAll(b, s, boards, 2)
		db.Close()
		for i, in := range k.Instances {
			if d := dist[i]; d > in.Distance || 3*d < in.Distance {
				b.Fatalf("%v: %d multi-tile moves against %d single-tile ones", in.Board, d, in.Distance)
			}
		}
	}
	report(b, took, nodes)
}
