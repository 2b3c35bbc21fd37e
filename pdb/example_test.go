package pdb_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/pdb"
)

// A database of two groups of four tiles on 3x3, written and read back,
// guides IDA* to an optimal solution; its bound never passes the
// distance.
func ExampleBuild() {
	ctx := context.Background()
	goal := board.Goal(board.Size{W: 3, H: 3})
	db, err := pdb.Build(ctx, goal, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}, nil)
	if err != nil {
		panic(err)
	}
	var file bytes.Buffer
	if _, err := db.WriteTo(&file); err != nil {
		panic(err)
	}
	read, err := pdb.NewReader(bytes.NewReader(file.Bytes()), int64(file.Len()))
	if err != nil {
		panic(err)
	}
	b := board.MustParse(goal.Size(), "8 6 7/2 5 4/3 0 1")
	h := read.Heuristic()
	d, err := ida.New(h).Distance(ctx, b)
	if err != nil {
		panic(err)
	}
	fmt.Println(read.Groups(), "bound", h.Estimate(b), "distance", d)
	// Output:
	// [[1 2 3 4] [5 6 7 8]] bound 29 distance 31
}

// The 4x4 database built into the programs (groups of 6, 6 and 3 tiles),
// read from package data's bytes, solves a 4x4 board.
func ExampleNewReader() {
	b4, err := data.PDBFile(board.Size{W: 4, H: 4})
	if err != nil {
		panic(err)
	}
	db, err := pdb.NewReader(bytes.NewReader(b4), int64(len(b4)))
	if err != nil {
		panic(err)
	}
	// The first board of 'slidetable gen -seed 1 4x4'.
	b := board.MustParse(db.Size(), "15 1 12 4/9 3 8 5/13 0 11 2/14 10 7 6")
	moves, err := ida.New(db.Heuristic()).Solve(context.Background(), b)
	if err != nil {
		panic(err)
	}
	fmt.Println(db.Groups())
	fmt.Println("bound", db.Heuristic().Estimate(b), "distance", len(moves))
	// Output:
	// [[1 5 6 9 10 13] [7 8 11 12 14 15] [2 3 4]]
	// bound 35 distance 47
}
