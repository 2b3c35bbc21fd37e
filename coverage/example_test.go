package coverage_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/coverage"
	"github.com/slidetable/slidetable/gen"
)

// Measure how evenly 20-move random walks cover the 360 states of 3x2: at
// most half of them can appear, and the chi-square test rejects them.
func ExampleMeasure() {
	size := board.Size{W: 3, H: 2}
	goal := board.Goal(size)
	r := rand.New(rand.NewPCG(1, 2))
	rep, err := coverage.Measure(context.Background(), goal, 36_000, func() (board.Board, error) {
		b, _, err := gen.Walk(r, goal, 20, nil)
		return b, err
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Distinct <= rep.States/2, rep.Passes(0.01))
	// Output:
	// true false
}

func ExampleChiSquare() {
	// 30 rolls of a three-sided die.
	stat, df, p := coverage.ChiSquare([]uint64{12, 9, 9})
	fmt.Printf("chi-square %.1f, %d degrees of freedom, p = %.3f\n", stat, df, p)
	// Output:
	// chi-square 0.6, 2 degrees of freedom, p = 0.741
}
