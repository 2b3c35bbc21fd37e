package game_test

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/source"
)

// The game of the built-in catalogue, as 'slidetable serve' plays it:
// the sizes with a table first, then 4x4 by search, in each metric.
func ExampleFromCatalog() {
	cat, err := source.NewCatalog(&source.CatalogOptions{Searched: []board.Size{{W: 4, H: 4}}})
	if err != nil {
		panic(err)
	}
	g, err := game.FromCatalog(cat, nil)
	if err != nil {
		panic(err)
	}
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		for _, s := range g.SizesIn(m) {
			answer := "search"
			if s.Table {
				answer = "table"
			}
			fmt.Printf("%s %s-tile: %s, largest distance %d, levels up to %d\n", s.Size, m, answer, *s.Max, s.MaxLevel)
		}
	}
	// Output:
	// 2x2 single-tile: table, largest distance 6, levels up to 6
	// 2x3 single-tile: table, largest distance 21, levels up to 21
	// 3x2 single-tile: table, largest distance 21, levels up to 21
	// 2x4 single-tile: table, largest distance 36, levels up to 36
	// 4x2 single-tile: table, largest distance 36, levels up to 36
	// 3x3 single-tile: table, largest distance 31, levels up to 31
	// 4x4 single-tile: search, largest distance 80, levels up to 60
	// 2x2 multi-tile: table, largest distance 6, levels up to 6
	// 2x3 multi-tile: table, largest distance 20, levels up to 20
	// 3x2 multi-tile: table, largest distance 20, levels up to 20
	// 2x4 multi-tile: table, largest distance 25, levels up to 25
	// 4x2 multi-tile: table, largest distance 25, levels up to 25
	// 3x3 multi-tile: table, largest distance 24, levels up to 24
	// 4x4 multi-tile: search, largest distance 43, levels up to 39
}
