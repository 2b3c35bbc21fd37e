package solver_test

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
)

// walks returns 8 boards 50-move random walks from the 4x4 goal, with a
// fixed seed: about 30 to 40 moves away, each solved in milliseconds.
func walks() []board.Board {
	r := rand.New(rand.NewPCG(5, 6))
	var boards []board.Board
	for range 8 {
		b, _, _ := gen.Walk(r, board.Goal(board.Size{W: 4, H: 4}), 50, &gen.WalkOptions{NoUndo: true})
		boards = append(boards, b)
	}
	return boards
}

// BenchmarkPath4x4 and BenchmarkHints4x4 solve the same boards: Hints
// should cost at most about twice Path.
func BenchmarkPath4x4(b *testing.B) {
	s, _ := solver.New()
	boards := walks()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := s.Path(context.Background(), boards[i%len(boards)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkHints4x4(b *testing.B) {
	s, _ := solver.New()
	boards := walks()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, _, err := s.Hints(context.Background(), boards[i%len(boards)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkDistance3x3 answers from the built-in table.
func BenchmarkDistance3x3(b *testing.B) {
	s, _ := solver.New()
	bd := board.MustParse(board.Size{W: 3, H: 3}, "8 6 7/2 5 4/3 0 1")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Distance(context.Background(), bd); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKorf100 finds the distance of each of Korf's 100 boards, one
// after the other on one goroutine, with the built-in pattern database or
// the one in the file named by $SLIDETABLE_PDB (such as the large tier that
// 'slidetable build -o 4x4.pdb 4x4' writes). An op is all 100; it reports
// the slowest board too.
func BenchmarkKorf100(b *testing.B) {
	var opts []solver.Option
	if path := os.Getenv("SLIDETABLE_PDB"); path != "" {
		db, err := pdb.Open(path)
		if err != nil {
			b.Fatalf("%v (SLIDETABLE_PDB is read from the package directory; give an absolute path such as $PWD/%s)", err, path)
		}
		opts = append(opts, solver.WithHeuristic(db.Heuristic()))
	}
	s, err := solver.New(opts...)
	if err != nil {
		b.Fatal(err)
	}
	k := published.Korf100()
	var worst time.Duration
	for b.Loop() {
		for _, in := range k.Instances {
			t0 := time.Now()
			d, err := s.Distance(context.Background(), in.Board)
			if err != nil || d != in.Distance {
				b.Fatalf("%s: Distance %d, %v; published %d", in.Board, d, err, in.Distance)
			}
			worst = max(worst, time.Since(t0))
		}
	}
	b.ReportMetric(worst.Seconds()*1e3, "worst-ms")
}
