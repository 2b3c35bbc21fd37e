package table_test

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/source"
)

func ExampleTable_Path() {
	t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		panic(err)
	}
	b := board.MustParse(t.Size(), "4 1 3/7 2 6/0 5 8")
	moves, err := t.Path(b)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(moves), "moves:", moves)
	end, _ := b.Apply(moves...)
	fmt.Print(end.Grid())
	// Output:
	// 6 moves: [7 4 1 2 5 8]
	// 1 2 3
	// 4 5 6
	// 7 8 .
}

func ExampleTable_Hints() {
	t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		panic(err)
	}
	b := board.MustParse(t.Size(), "8 6 7/2 5 4/3 0 1")
	hints, d, err := t.Hints(b)
	if err != nil {
		panic(err)
	}
	fmt.Println("distance", d, "optimal moves", hints)
	// Output:
	// distance 31 optimal moves [5 3 1]
}
