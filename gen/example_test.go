package gen_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
)

func ExampleUniform() {
	r := rand.New(rand.NewPCG(1, 2)) // a fixed seed gives the same boards every run
	b, err := gen.Uniform(r, board.Size{W: 4, H: 4})
	if err != nil {
		panic(err)
	}
	fmt.Println(b.Size(), b.Solvable())
	// Output:
	// 4x4 true
}

func ExampleWalk() {
	r := rand.New(rand.NewPCG(1, 2))
	goal := board.Goal(board.Size{W: 5, H: 5})
	b, moves, err := gen.Walk(r, goal, 30, &gen.WalkOptions{NoUndo: true})
	if err != nil {
		panic(err)
	}
	// Animate the moves from the goal to show the board being scrambled...
	scrambled, _ := goal.Apply(moves...)
	fmt.Println(len(moves), scrambled == b)
	// ...and the moves in reverse order solve it.
	slices.Reverse(moves)
	solved, _ := b.Apply(moves...)
	fmt.Println(solved == goal)
	// Output:
	// 30 true
	// true
}
