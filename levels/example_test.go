package levels_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/source"
)

// Ask for ten of the hardest 3x3 boards: there are only two, and Sample
// returns both.
func ExampleSample() {
	t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	got, err := levels.Sample(context.Background(), r, t, 31, 31, 10, nil)
	if err != nil {
		panic(err)
	}
	sort.Slice(got, func(i, j int) bool { return got[i].Board.String() < got[j].Board.String() })
	for _, lv := range got {
		fmt.Println(lv.Distance, lv.Board)
	}
	// Output:
	// 31 6 4 7/8 5 0/3 2 1
	// 31 8 6 7/2 5 4/3 0 1
}

func ExampleCount() {
	t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		panic(err)
	}
	fmt.Println(levels.Count(t, 20, 25), "boards are 20 to 25 moves from the goal")
	// Output:
	// 117904 boards are 20 to 25 moves from the goal
}

func ExampleFind() {
	t, err := source.BuiltinTable(board.Size{W: 3, H: 2})
	if err != nil {
		panic(err)
	}
	hardest, err := levels.Find(context.Background(), t, t.Max(), t.Max(), -1)
	if err != nil {
		panic(err)
	}
	for _, lv := range hardest {
		fmt.Printf("%d moves:\n%s", lv.Distance, lv.Board.Grid())
	}
	// Output:
	// 21 moves:
	// 4 5 .
	// 1 2 3
}

// Boards of an exact distance for 4x4, which has no table.
func ExampleWalks() {
	r := rand.New(rand.NewPCG(1, 2))
	goal := board.Goal(board.Size{W: 4, H: 4})
	got, err := levels.Walks(context.Background(), r, goal, 24, 26, 3)
	if err != nil {
		panic(err)
	}
	for _, lv := range got {
		fmt.Println(lv.Distance >= 24 && lv.Distance <= 26, lv.Board.Solvable())
	}
	// Output:
	// true true
	// true true
	// true true
}
