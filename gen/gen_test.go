package gen_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/coverage"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/rank"
)

// alpha is the significance level of the statistical tests. Their seeds are
// fixed, so they are deterministic: a uniform generator passes unless the
// seed falls in the 1% tail (it does not), a broken one fails.
const alpha = 0.01

var sizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 3, H: 3}, {W: 4, H: 4}, {W: 5, H: 5}, {W: 7, H: 3}, {W: 16, H: 16}}

func TestUniformSolvable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, size := range sizes {
		goal := board.Goal(size)
		for range 200 {
			b, err := gen.Uniform(r, size)
			if err != nil {
				t.Fatal(err)
			}
			if b.Size() != size || !b.Solvable() {
				t.Fatalf("Uniform(%s) = %s, which cannot reach the goal", size, b)
			}
			if ok, _ := b.SolvableTo(goal); !ok {
				t.Fatalf("Uniform(%s) = %s, which cannot reach the goal", size, b)
			}
		}
	}
}

func TestUniformToOtherGoal(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	size := board.Size{W: 3, H: 3}
	goal := board.MustParse(size, "2 1 3/4 5 6/7 8 0") // cannot reach the standard goal
	for range 200 {
		b, err := gen.UniformTo(r, goal)
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := b.SolvableTo(goal); !ok || b.Solvable() {
			t.Fatalf("UniformTo(%s) = %s, which cannot reach it", goal, b)
		}
	}
}

// TestUniformChiSquare draws 10 boards a state on average for every state of
// 4x2 and 2x3 and applies the chi-square test.
func TestUniformChiSquare(t *testing.T) {
	for _, size := range []board.Size{{W: 4, H: 2}, {W: 2, H: 3}} {
		r := rand.New(rand.NewPCG(5, 6))
		states := int(rank.Factorial(size.Cells()) / 2)
		rep, err := coverage.Measure(context.Background(), board.Goal(size), 10*states, func() (board.Board, error) {
			return gen.Uniform(r, size)
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %+v", size, *rep)
		if !rep.Passes(alpha) {
			t.Errorf("%s: p = %g < %g", size, rep.P, alpha)
		}
	}
}

func TestUniformSeed(t *testing.T) {
	draw := func() []board.Board {
		r := rand.New(rand.NewPCG(7, 8))
		var bs []board.Board
		for range 20 {
			b, err := gen.Uniform(r, board.Size{W: 4, H: 4})
			if err != nil {
				t.Fatal(err)
			}
			bs = append(bs, b)
		}
		return bs
	}
	a, b := draw(), draw()
	if !slices.Equal(a, b) {
		t.Fatal("the same seed gave different boards")
	}
	if a[0] == a[1] {
		t.Fatal("two 4x4 draws are equal")
	}
}

func TestWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, size := range sizes {
		for _, noUndo := range []bool{false, true} {
			for _, k := range []int{0, 1, 2, 7, 40} {
				goal := board.Goal(size)
				b, moves, err := gen.Walk(r, goal, k, &gen.WalkOptions{NoUndo: noUndo})
				if err != nil {
					t.Fatal(err)
				}
				if len(moves) != k {
					t.Fatalf("%s k=%d: %d moves", size, k, len(moves))
				}
				end, err := goal.Apply(moves...)
				if err != nil || end != b {
					t.Fatalf("%s k=%d: the goal with moves %v applied is %s (%v), Walk says %s", size, k, moves, end, err, b)
				}
				back := slices.Clone(moves)
				slices.Reverse(back)
				if start, err := b.Apply(back...); err != nil || start != goal {
					t.Fatalf("%s k=%d: the reversed moves lead to %s (%v), not the goal", size, k, start, err)
				}
				for i := 1; noUndo && i < k; i++ {
					if moves[i] == moves[i-1] {
						t.Fatalf("%s k=%d no undo: move %d undoes move %d: %v", size, k, i+1, i, moves)
					}
				}
			}
		}
	}
}

// TestWalkSteps checks that each step chooses uniformly among the legal
// moves: from the 3x3 board with the blank in the middle, a one-move walk
// reaches each of the four neighbours equally often; from the goal, a
// two-move walk returns to the goal one time in three, and never with
// NoUndo.
func TestWalkSteps(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	centre := board.MustParse(size, "1 2 3/4 0 5/6 7 8")
	r := rand.New(rand.NewPCG(11, 12))
	counts := map[uint8]uint64{}
	for range 4000 {
		_, moves, err := gen.Walk(r, centre, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		counts[moves[0]]++
	}
	if len(counts) != 4 {
		t.Fatalf("one move from the centre reached %v", counts)
	}
	if _, _, p := coverage.ChiSquare([]uint64{counts[2], counts[4], counts[5], counts[7]}); p < alpha {
		t.Fatalf("one move from the centre: counts %v, p = %g", counts, p)
	}

	goal := board.Goal(size)
	for _, noUndo := range []bool{false, true} {
		back := uint64(0)
		const n = 3000
		for range n {
			b, _, err := gen.Walk(r, goal, 2, &gen.WalkOptions{NoUndo: noUndo})
			if err != nil {
				t.Fatal(err)
			}
			if b == goal {
				back++
			}
		}
		// Without NoUndo the second move is one of 3 from the edge cell;
		// back ~ Binomial(3000, 1/3): mean 1000, sd 26.
		if noUndo && back != 0 || !noUndo && (back < 900 || back > 1100) {
			t.Errorf("no undo %v: %d of %d two-move walks came back to the goal", noUndo, back, n)
		}
	}
}

func TestErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	if _, err := gen.Uniform(r, board.Size{W: 1, H: 5}); !errors.Is(err, board.ErrSize) {
		t.Errorf("Uniform(1x5): %v, want ErrSize", err)
	}
	if _, err := gen.Uniform(r, board.Size{W: 17, H: 16}); !errors.Is(err, board.ErrSize) {
		t.Errorf("Uniform(17x16): %v, want ErrSize", err)
	}
	if _, err := gen.UniformTo(r, board.Board{}); !errors.Is(err, board.ErrSize) {
		t.Errorf("UniformTo(zero): %v, want ErrSize", err)
	}
	for _, k := range []int{-1, gen.MaxWalk + 1, math.MaxInt} {
		if _, _, err := gen.Walk(r, board.Goal(board.Size{W: 3, H: 3}), k, nil); !errors.Is(err, gen.ErrWalkLength) {
			t.Errorf("Walk(%d): %v, want ErrWalkLength", k, err)
		}
	}
	if _, _, err := gen.Walk(r, board.Board{}, 3, nil); !errors.Is(err, board.ErrSize) {
		t.Errorf("Walk(zero board): %v, want ErrSize", err)
	}
}

func BenchmarkUniform4x4(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	size := board.Size{W: 4, H: 4}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := gen.Uniform(r, size); err != nil {
			b.Fatal(err)
		}
	}
}
