package build_test

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/build"
)

func ExampleTable() {
	t, err := build.Table(context.Background(), board.Goal(board.Size{W: 4, H: 2}), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	b := board.MustParse(t.Size(), "0 7 2 1/4 3 6 5") // the one board 36 moves away
	d, err := t.Distance(b)
	fmt.Println(t.Reachable(), "boards, God's number", t.Max(), "; the farthest board:", d, err)
	// Output: 20160 boards, God's number 36 ; the farthest board: 36 <nil>
}
