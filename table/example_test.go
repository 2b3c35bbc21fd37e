package table_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "3x2.tbl")

	size := board.Size{W: 3, H: 2}
	built, err := table.Build(context.Background(), board.Goal(size), nil)
	if err == nil {
		_, err = table.WriteFile(context.Background(), path, built)
	}
	if err != nil {
		fmt.Println(err)
		return
	}

	t, err := table.Open(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer t.Close()
	fmt.Println(t.Size(), t.Reachable(), "boards, God's number", t.Max())
	// Output: 3x2 360 boards, God's number 21
}

func ExampleTable_Distance() {
	t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/8 7 0"} {
		b, err := board.Parse(t.Size(), s)
		if err != nil {
			fmt.Println(err)
			return
		}
		d, err := t.Distance(b)
		fmt.Println(d, err)
	}
	// Output:
	// 31 <nil>
	// -1 board: cannot reach the goal
}
