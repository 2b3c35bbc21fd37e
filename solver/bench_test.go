package solver_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
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
