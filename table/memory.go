package table

import (
	"fmt"
	"runtime"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/rank"
)

// Memory returns the most bytes Build holds at once for a board of the
// given size, with the default number of workers, counting the writing of
// the table afterwards: the search's own (bfs.Memory), which the table
// keeps, and the writer's buffers. It returns false for a size package bfs
// refuses.
//
// The writer's share was measured: WriteTo allocates about 7 MB for the
// tables of up to 10 cells, and 25 to 35 MB with two workers for those of
// 12 cells, which it codes a few blocks at a time.
func Memory(size board.Size) (uint64, bool) {
	need, ok := bfs.Memory(size)
	if !ok {
		return 0, false
	}
	return need + writeMemory(size), true
}

func writeMemory(size board.Size) uint64 {
	n := size.Cells()
	if n <= modelCells {
		return 8<<20 + 2*rank.Factorial(n)/2
	}
	return uint64(runtime.GOMAXPROCS(0)+1) * 12 << 20
}

// checkMemory refuses a build that needs more than opts allows.
func checkMemory(size board.Size, opts *bfs.Options) error {
	if opts == nil || opts.MaxMemory == 0 {
		return nil
	}
	need, ok := Memory(size)
	if ok && need > opts.MaxMemory {
		return fmt.Errorf("%w: %s needs %s to build and write, the limit is %s", bfs.ErrMemory, size, human.Bytes(need), human.Bytes(opts.MaxMemory))
	}
	return nil
}
