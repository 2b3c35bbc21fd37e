package api_test

import (
	"encoding/json"
	"fmt"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

// show prints v as the command line's -json and the HTTP API write it.
func show(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
}

// The answer to a distance, as both front ends give it: the size is
// always there, the goal only when it is not the standard one, the
// distance only when the board can reach the goal.
func ExampleNewDistance() {
	size := board.Size{W: 3, H: 3}
	goal := board.Goal(size)
	b := board.MustParse(size, "8 6 7/2 5 4/3 0 1")
	show(api.NewDistance(api.NewAbout(goal, board.SingleTile), b, true, 31))

	// The same board towards a goal of its own, which it cannot reach.
	other := board.MustParse(size, "2 1 3/4 5 6/7 8 0")
	solvable, err := b.SolvableTo(other)
	if err != nil {
		panic(err)
	}
	show(api.NewDistance(api.NewAbout(other, board.SingleTile), b, solvable, 0))
	// Output:
	// {"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31}
	// {"size":"3x3","goal":[2,1,3,4,5,6,7,8,0],"board":[8,6,7,2,5,4,3,0,1],"solvable":false}
}

// A solution, in each metric: a move is the tile that slides into the
// blank, or in the multi-tile metric the tile tapped, with how many tiles
// slide; the letters are the speedsolvers' notation.
func ExampleNewMoves() {
	size := board.Size{W: 3, H: 3}
	goal := board.Goal(size)
	b := board.MustParse(size, "1 2 3/4 5 6/0 7 8")

	single := api.NewMoves(api.NewAbout(goal, board.SingleTile), b, true, 2, []uint8{7, 8}, true)
	if err := single.AddLetters(true); err != nil {
		panic(err)
	}
	show(single)

	// Tapping 8 slides 7 and 8 at once: one move.
	multi := api.NewMoves(api.NewAbout(goal, board.MultiTile), b, true, 1, []uint8{8}, true)
	if err := multi.AddLetters(true); err != nil {
		panic(err)
	}
	show(multi)
	// Output:
	// {"size":"3x3","board":[1,2,3,4,5,6,0,7,8],"solvable":true,"distance":2,"moves":[7,8],"letters":["L","L"]}
	// {"size":"3x3","metric":"multi","board":[1,2,3,4,5,6,0,7,8],"solvable":true,"distance":1,"moves":[8],"slides":[2],"letters":["L2"]}
}
