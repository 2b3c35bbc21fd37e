package table_test

import (
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/table"
)

// sizesUpTo returns every size of 2 to n cells a side and at most n cells.
func sizesUpTo(n int) []board.Size {
	var sizes []board.Size
	for w := 2; w <= n/2; w++ {
		for h := 2; w*h <= n; h++ {
			sizes = append(sizes, board.Size{W: w, H: h})
		}
	}
	return sizes
}

// TestMaxCells checks that a table is made of every board the search
// searches and of no other: the sizes whose build has an estimate, from
// the search's own (bfs.Memory), are those of at most MaxCells cells.
func TestMaxCells(t *testing.T) {
	for _, size := range sizesUpTo(16) {
		_, build := table.BuildMemory(size)
		_, search := bfs.Memory(size)
		if want := size.Cells() <= table.MaxCells; build != want || search != want {
			t.Errorf("%s (%d cells): BuildMemory %v, bfs.Memory %v; want %v (MaxCells %d)", size, size.Cells(), build, search, want, table.MaxCells)
		}
	}
}

// TestQuickCells checks what QuickCells stands for: a table of up to
// QuickCells cells is built in a few megabytes (at most 32 MB), one of
// more cells takes far more (at least 256 MB).
func TestQuickCells(t *testing.T) {
	for _, size := range sizesUpTo(table.MaxCells) {
		need, ok := table.BuildMemory(size)
		switch quick := size.Cells() <= table.QuickCells; {
		case !ok:
			t.Errorf("%s: no estimate", size)
		case quick && need > 32<<20:
			t.Errorf("%s: %d MB to build, more than a quick table's 32 MB", size, need>>20)
		case !quick && need < 256<<20:
			t.Errorf("%s: %d MB to build; a table this cheap is quick (raise QuickCells)", size, need>>20)
		}
	}
}
