package solver_test

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/solver"
)

func Example() {
	s, err := solver.New()
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	// A 3x3 board: answered from the built-in table.
	small := board.MustParse(board.Size{W: 3, H: 3}, "8 6 7/2 5 4/3 0 1")
	hints, d, err := s.Hints(ctx, small)
	if err != nil {
		panic(err)
	}
	fmt.Println("3x3:", d, "moves; optimal moves", hints)
	// A 4x4 board: answered by search.
	large := board.MustParse(board.Size{W: 4, H: 4}, "5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15")
	path, err := s.Path(ctx, large)
	if err != nil {
		panic(err)
	}
	fmt.Println("4x4:", len(path), "moves:", path)
	_, err = s.Distance(ctx, board.MustParse(board.Size{W: 3, H: 3}, "2 1 3/4 5 6/7 8 0"))
	fmt.Println(err)
	// Output:
	// 3x3: 31 moves; optimal moves [5 3 1]
	// 4x4: 8 moves: [9 5 1 2 6 10 14 15]
	// board: cannot reach the goal
}
