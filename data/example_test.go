package data_test

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
)

func ExampleFile() {
	for _, size := range data.Sizes() {
		b, err := data.File(size)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %q..., %d bytes\n", size, b[:8], len(b))
	}
	_, err := data.File(board.Size{W: 5, H: 2})
	fmt.Println(err)
	// Output:
	// 2x2: "SLIDETBL"..., 153 bytes
	// 3x2: "SLIDETBL"..., 459 bytes
	// 2x3: "SLIDETBL"..., 839 bytes
	// 3x3: "SLIDETBL"..., 24988 bytes
	// 4x2: "SLIDETBL"..., 2924 bytes
	// 2x4: "SLIDETBL"..., 2917 bytes
	// data: no embedded file for this size: 5x2 table
}
