package rank_test

import (
	"fmt"

	"github.com/slidetable/slidetable/rank"
)

func ExampleRank() {
	fmt.Println(rank.Rank([]uint8{0, 1, 2}), rank.Rank([]uint8{2, 1, 0}))
	p := make([]uint8, 4)
	rank.Unrank(5, p)
	fmt.Println(p)
	// Output:
	// 0 5
	// [0 3 2 1]
}

func ExampleIndex() {
	goal := []uint8{1, 2, 3, 4, 5, 6, 7, 8, 0} // 3x3, blank last
	i := rank.Index(goal)
	fmt.Println(i, rank.Half(i, 9))
	cells := make([]uint8, 9)
	rank.Unindex(i, cells)
	fmt.Println(cells)
	// Output:
	// 8 8
	// [1 2 3 4 5 6 7 8 0]
}
