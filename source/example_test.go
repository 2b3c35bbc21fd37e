package source_test

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/source"
)

func ExampleBuiltinTable() {
	t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
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

func ExampleResolver_For() {
	// A Resolver without a folder finds only what is built in.
	r := source.NewResolver(nil)
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 4, H: 4}, {W: 5, H: 5}} {
		src, err := r.For(context.Background(), board.Goal(size))
		switch {
		case err != nil:
			fmt.Println(err)
		case src == nil:
			fmt.Printf("%s: nothing; search with Manhattan distance and linear conflicts\n", size)
		default:
			fmt.Printf("%s: %s\n", size, src)
		}
	}
	// Output:
	// 3x3: the built-in 3x3 table
	// 4x4: the built-in 4x4 pattern database
	// 5x5: nothing; search with Manhattan distance and linear conflicts
}
