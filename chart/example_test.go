package chart_test

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/chart"
	"github.com/slidetable/slidetable/source"
)

func ExampleDistribution() {
	t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		panic(err)
	}
	p, err := chart.Distribution(t, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Title.Text)
	fmt.Println(p.X.Label.Text, "/", p.Y.Label.Text)
	// p.Save(8*vg.Inch, 4.5*vg.Inch, "3x3.svg"), or chart.WriteFile("3x3.svg", t, nil)
	// Output:
	// 3x3 sliding puzzle: fewest moves to the goal from each of its 181,440 states
	// distance from the goal (moves) / boards
}
