package abstraction_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
)

// A tier of two classings of 3x3, the tiles by their goal row and by
// their goal column, written and read back, guides IDA* in the
// multi-tile metric, where a move slides every tile between the one
// tapped and the blank; its bound never passes the distance.
func ExampleBuild() {
	ctx := context.Background()
	goal := board.Goal(board.Size{W: 3, H: 3})
	rows := abstraction.MustParseClassing(goal, "1 1 1/2 2 2/3 3 0")
	columns := abstraction.MustParseClassing(goal, "1 2 3/1 2 3/1 2 0")
	db, err := abstraction.Build(ctx, []*abstraction.Classing{rows, columns}, nil)
	if err != nil {
		panic(err)
	}
	var file bytes.Buffer
	if _, err := db.WriteTo(&file); err != nil {
		panic(err)
	}
	read, err := abstraction.NewReader(bytes.NewReader(file.Bytes()), int64(file.Len()))
	if err != nil {
		panic(err)
	}
	for _, cl := range read.Classings() {
		fmt.Printf("%s: %d arrangements\n", cl, cl.Arrangements())
	}

	b := board.MustParse(goal.Size(), "8 6 7/2 5 4/3 0 1")
	fmt.Println("rows", rows.Arrangement(b))
	byRows, err := read.Distance(0, b)
	if err != nil {
		panic(err)
	}
	h := read.Heuristic()
	path, err := ida.NewIn(h, board.MultiTile).Solve(ctx, b)
	if err != nil {
		panic(err)
	}
	fmt.Println("rows bound", byRows, "tier bound", h.Estimate(b), "distance", len(path))
	// Output:
	// 1 1 1/2 2 2/3 3 0: 5040 arrangements
	// 1 2 3/1 2 3/1 2 0: 5040 arrangements
	// rows [3 2 3 1 2 2 1 0 1]
	// rows bound 16 tier bound 16 distance 20
}
