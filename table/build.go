package table

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
)

// The search and the table agree on how large a board can be and on what
// marks a slot no board reached: these fail to compile if they do not.
const (
	_ = uint(bfs.MaxCells-MaxCells) + uint(MaxCells-bfs.MaxCells)
	_ = uint(bfs.Unreached-Unreached) + uint(Unreached-bfs.Unreached)
)

// Build searches from goal with package bfs and returns the table of the
// distances it found, checked as NewTrusted checks them (the search itself
// is checked against a plain reference search in its tests). It refuses,
// with an error wrapping bfs.ErrMemory, a search that with the writing of
// the table would need more than opts.MaxMemory (see BuildMemory). A nil
// opts means bfs's defaults.
func Build(ctx context.Context, goal board.Board, opts *bfs.Options) (*Table, error) {
	if opts != nil && opts.MaxMemory != 0 {
		need, ok := BuildMemory(goal.Size())
		if ok && need > opts.MaxMemory {
			return nil, fmt.Errorf("%w: %s needs %s to build and write, the limit is %s", bfs.ErrMemory, goal.Size(), human.Bytes(need), human.Bytes(opts.MaxMemory))
		}
	}
	res, err := bfs.Run(ctx, goal, opts)
	if err != nil {
		return nil, err
	}
	return NewTrusted(res.Goal, res.Depth, res.Reach, res.Counts)
}

// BuildMemory returns the most bytes Build holds at once for a board of
// the given size, with the default number of workers, counting the writing
// of the table afterwards: the search's own (bfs.Memory), which the table
// keeps, and the writer's buffers (WriteMemory). It returns false for a
// size package bfs refuses.
func BuildMemory(size board.Size) (uint64, bool) {
	need, ok := bfs.Memory(size)
	if !ok {
		return 0, false
	}
	return need + WriteMemory(size), true
}
