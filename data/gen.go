//go:build ignore

// Gen builds the tables, the pattern database and the abstraction database
// this package embeds: go generate ./data.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

func main() {
	ctx := context.Background()
	// The sizes of data.Sizes, which this program cannot import: the
	// package does not compile without the files it makes.
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}} {
		t, err := table.Build(ctx, board.Goal(size), nil)
		if err == nil {
			_, err = table.WriteFile(ctx, size.String()+".tbl", t)
		}
		if err == nil {
			t, err = table.Build(ctx, board.Goal(size), &bfs.Options{Metric: board.MultiTile})
		}
		if err == nil {
			_, err = table.WriteFile(ctx, size.String()+"-multi.tbl", t)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	db, err := pdb.Build(ctx, board.Goal(board.Size{W: 4, H: 4}), pdb.Partition4x4, nil)
	if err == nil {
		_, err = pdb.WriteFile(ctx, "4x4.pdb", db)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	abs, err := abstraction.Build(ctx, abstraction.Builtin4x4(), nil)
	if err == nil {
		_, err = abstraction.WriteFile(ctx, "4x4-multi.abs", abs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
