package board_test

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
)

func ExampleParse() {
	size, _ := board.ParseSize("3x3")
	b, err := board.Parse(size, "8 6 7/2 5 4/3 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b.Grid())
	fmt.Println("moves:", b.Moves())
	fmt.Println("solvable:", b.Solvable())
	// Output:
	// 8 6 7
	// 2 5 4
	// 3 . 1
	// moves: [5 3 1]
	// solvable: true
}

func ExampleBoard_Solvable() {
	size := board.Size{W: 4, H: 4}
	loyd := board.MustParse(size, "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0")
	fmt.Println(loyd.Solvable())
	// Output: false
}
