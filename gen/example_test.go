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

func ExampleNewRand() {
	// The boards of a seed are those 'slidetable gen -seed 1' prints.
	r := gen.NewRand(1)
	for range 2 {
		b, err := gen.Uniform(r, board.Size{W: 3, H: 3})
		if err != nil {
			panic(err)
		}
		fmt.Println(b)
	}
	// Output:
	// 3 6 4/8 0 7/5 2 1
	// 1 6 8/4 5 0/3 2 7
}
