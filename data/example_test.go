package data_test

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
)

func ExampleLoad() {
	t, err := data.Load(board.Size{W: 3, H: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := board.Parse(t.Size(), "1 2 3/4 5 6/0 7 8")
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := t.Distance(b)
	fmt.Println(d, err)
	fmt.Println(t.Reachable(), "boards, God's number", t.Max())
	// Output:
	// 2 <nil>
	// 181440 boards, God's number 31
}
