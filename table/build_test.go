package table_test

import (
	"context"
	"errors"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// TestBuild checks every distance of small tables against the plain
// breadth-first search of package reference.
func TestBuild(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}} {
		goal := board.Goal(size)
		tbl, err := table.Build(context.Background(), goal, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := reference.Distances(goal)
		cells := make([]uint8, size.Cells())
		var reachable uint64
		for i := range rank.Factorial(size.Cells()) {
			rank.Unindex(i, cells)
			d, ok := tbl.Lookup(i)
			b, err := board.New(size, cells)
			if err != nil {
				t.Fatal(err)
			}
			wd, wok := want[b]
			if ok != wok || ok && d != wd {
				t.Fatalf("%s: board %v: Lookup = %d, %v, want %d, %v", size, cells, d, ok, wd, wok)
			}
			if ok {
				reachable++
			}
		}
		if tbl.Reachable() != reachable {
			t.Fatalf("%s: Reachable() = %d, want %d", size, tbl.Reachable(), reachable)
		}
	}
}

func TestBuildMemoryLimit(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 3, H: 3}
	need, ok := table.BuildMemory(size)
	if !ok {
		t.Fatal("no estimate for 3x3")
	}
	search, _ := bfs.Memory(size)
	if need <= search {
		t.Fatalf("BuildMemory = %d, not more than the search's %d", need, search)
	}
	if _, err := table.Build(context.Background(), board.Goal(size), &bfs.Options{MaxMemory: need - 1}); !errors.Is(err, bfs.ErrMemory) {
		t.Fatalf("err = %v, want bfs.ErrMemory", err)
	}
	if _, err := table.Build(context.Background(), board.Goal(size), &bfs.Options{MaxMemory: need}); err != nil {
		t.Fatal(err)
	}
	if _, ok := table.BuildMemory(board.Size{W: 4, H: 4}); ok {
		t.Fatal("an estimate for 4x4")
	}
}
