package ida_test

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
)

func ExampleSolve() {
	goal := board.Goal(board.Size{W: 4, H: 4})
	b := board.MustParse(goal.Size(), "5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15")
	moves, err := ida.Solve(context.Background(), b, goal)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(moves), "moves:", moves)
	// Output:
	// 8 moves: [9 5 1 2 6 10 14 15]
}

func ExampleEstimate() {
	goal := board.Goal(board.Size{W: 3, H: 3})
	b := board.MustParse(goal.Size(), "3 2 1/4 5 6/7 8 0")
	h, err := ida.Estimate(b, goal)
	if err != nil {
		panic(err)
	}
	// Tiles 3 and 1 are two moves each from home, and the three tiles of the
	// top row are in conflict: two of them must leave the row and return.
	fmt.Println(h)
	// Output:
	// 8
}
