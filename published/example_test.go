package published_test

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/published"
)

func ExampleDistributionOf() {
	d, _ := published.DistributionOf(board.Size{W: 4, H: 4}, board.SingleTile)
	fmt.Println(d.Total(), d.Max(), d.Counts[d.Max()])
	// Output: 10461394944000 80 17
}

func ExampleHardestOf() {
	h, _ := published.HardestOf(board.Size{W: 4, H: 4})
	fmt.Println(len(h.Boards), h.Distance)
	fmt.Println(h.Boards[0].Grid())
	// Output:
	// 17 80
	//  . 12  9 13
	// 15 11 10 14
	//  3  7  2  5
	//  4  8  6  1
}

func ExampleKorf100() {
	k := published.Korf100()
	first := k.Instances[0]
	fmt.Println(len(k.Instances), first.Distance)
	fmt.Println(first.Board.Grid())
	// Output:
	// 100 57
	// 13  6  8 12
	// 15 14  . 10
	// 11  7  4  5
	//  9  1  3  2
}
