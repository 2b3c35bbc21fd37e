package build

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/table"
)

// The search and the table agree on how large a board can be and on what
// marks a slot no board reached: these fail to compile if they do not.
const (
	_ = uint(bfs.MaxCells-table.MaxCells) + uint(table.MaxCells-bfs.MaxCells)
	_ = uint(bfs.Unreached-table.Unreached) + uint(table.Unreached-bfs.Unreached)
)

// Table searches from goal with package bfs and returns the table of the
// distances it found. It refuses, with an error wrapping bfs.ErrMemory, a
// search that with the writing of the table would need more than
// opts.MaxMemory (see Memory). A nil opts means bfs's defaults.
func Table(ctx context.Context, goal board.Board, opts *bfs.Options) (*table.Table, error) {
	if err := checkMemory(goal.Size(), opts); err != nil {
		return nil, err
	}
	res, err := bfs.Run(ctx, goal, opts)
	if err != nil {
		return nil, err
	}
	return table.NewTrusted(res.Goal, res.Depth, res.Reach, res.Counts)
}

// Memory returns the most bytes Table holds at once for a board of the
// given size, with the default number of workers, counting the writing of
// the table afterwards: the search's own (bfs.Memory), which the table
// keeps, and the writer's buffers (table.WriteMemory). It returns false
// for a size package bfs refuses.
func Memory(size board.Size) (uint64, bool) {
	need, ok := bfs.Memory(size)
	if !ok {
		return 0, false
	}
	return need + table.WriteMemory(size), true
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
