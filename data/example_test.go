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
	// 2x2: "SLIDEBOX"..., 233 bytes
	// 3x2: "SLIDEBOX"..., 539 bytes
	// 2x3: "SLIDEBOX"..., 919 bytes
	// 3x3: "SLIDEBOX"..., 25068 bytes
	// 4x2: "SLIDEBOX"..., 3004 bytes
	// 2x4: "SLIDEBOX"..., 2997 bytes
	// data: no embedded file for this size: 5x2 table
}
