package table

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/rank"
)

// MaxCells is the largest board, in cells, a table holds: the largest
// package bfs searches (bfs.MaxCells, 12), whose table takes 300 MB in
// memory.
const MaxCells = bfs.MaxCells

// The search and the table agree on what marks a slot no board reached:
// this fails to compile if they do not.
const _ = uint(bfs.Unreached-Unreached) + uint(Unreached-bfs.Unreached)

// QuickCells is the most cells of a table that Build makes in a fraction
// of a second and a few megabytes (0.16 s and 2 MB for 5x2 on two cores),
// rank.SmallCells: small enough to build when a question first needs it,
// as package source does for a goal of a caller's own
// (source.MaxBuildCells) and package levels for a size with no table
// (levels.SmallCells).
const QuickCells = rank.SmallCells

// Build searches from goal with package bfs and returns the table of the
// distances it found, checked as NewTrusted checks them (the search itself
// is checked against a plain reference search in its tests). It refuses,
// with an error wrapping bfs.ErrMemory, a search that with the writing of
// the table would need more than opts.MaxMemory (see BuildMemory). A nil
// opts means bfs's defaults. To write the table to a file, Search and
// WriteResultFile need less memory.
func Build(ctx context.Context, goal board.Board, opts *bfs.Options) (*Table, error) {
	if err := checkMemory(goal.Size(), opts, BuildMemory); err != nil {
		return nil, err
	}
	res, err := bfs.Run(ctx, goal, opts)
	if err != nil {
		return nil, err
	}
	depth, reach := res.Expand()
	return newTrusted(res.Goal, res.Metric, depth, reach, res.Counts)
}

// BuildMemory returns the most bytes Build holds at once for a board of
// the given size, with the default number of workers, counting the writing
// of the table afterwards: the search's own (bfs.Memory), the table made
// from it (which for boards of up to 9 cells is the search's own) and the
// writer's buffers (WriteMemory). It returns false for a size package bfs
// refuses.
func BuildMemory(size board.Size) (uint64, bool) {
	need, ok := bfs.Memory(size)
	if !ok {
		return 0, false
	}
	if n := size.Cells(); n > smallSearchCells {
		need += tableMemory(rank.Factorial(n))
	}
	return need + WriteMemory(size), true
}

// SearchMemory returns the most bytes Search and then WriteResultFile hold
// at once for a board of the given size, with the default number of
// workers: as Build for boards of up to 10 cells, and for 12 cells the
// search's own and the writer's buffers (WriteResult codes the blocks of
// records twice rather than hold them). It returns false for a size
// package bfs refuses.
func SearchMemory(size board.Size) (uint64, bool) {
	if size.Cells() <= modelCells {
		return BuildMemory(size)
	}
	need, ok := bfs.Memory(size)
	if !ok {
		return 0, false
	}
	return need + WriteMemory(size), true
}

// smallSearchCells is the most cells of a board whose search keeps the
// depth table whole (see bfs.Result).
const smallSearchCells = 9

// tableMemory returns the bytes of a Table of states boards: a byte a
// slot and a bit a board.
func tableMemory(states uint64) uint64 { return states/2 + (states+63)/64*8 }

// checkMemory refuses, with an error wrapping bfs.ErrMemory, a build that
// needs more than opts.MaxMemory (0: the default limit) by the estimate of
// need.
func checkMemory(size board.Size, opts *bfs.Options, need func(board.Size) (uint64, bool)) error {
	var max uint64
	if opts != nil {
		max = opts.MaxMemory
	}
	n, ok := need(size)
	if limit := mem.Limit(max); ok && n > limit {
		return fmt.Errorf("%w: %s needs %s to build and write, the limit is %s", bfs.ErrMemory, size, human.Bytes(n), human.Bytes(limit))
	}
	return nil
}

// Search searches from goal with package bfs, as Build does, and returns
// the search's result without making a Table, for WriteResultFile or
// WriteResult. It refuses, with an error wrapping bfs.ErrMemory, a search
// that with the writing of its result would need more than
// opts.MaxMemory (see SearchMemory).
func Search(ctx context.Context, goal board.Board, opts *bfs.Options) (*bfs.Result, error) {
	if err := checkMemory(goal.Size(), opts, SearchMemory); err != nil {
		return nil, err
	}
	return bfs.Run(ctx, goal, opts)
}

// WriteResultFile writes the table of the distances a search found to
// path, as WriteFile writes a Table, without making one: for 12 cells the
// search's packed result (see bfs.Result) is coded into the file a block
// at a time, so that the search and the writing together hold about a
// third of what Build and WriteFile would (see SearchMemory). The result
// is trusted, as Build trusts the search.
func WriteResultFile(ctx context.Context, path string, res *bfs.Result) ([sha256.Size]byte, error) {
	src, err := resultSource(res)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	return writeFile(ctx, path, src)
}

// WriteResult is WriteResultFile writing to w, in order and once whatever
// w is, as WriteTo does; it codes the whole table before writing it. It
// returns the number of bytes written.
func WriteResult(ctx context.Context, w io.Writer, res *bfs.Result) (int64, error) {
	src, err := resultSource(res)
	if err != nil {
		return 0, err
	}
	return writeAll(ctx, w, src)
}

// resultSource returns what the writer codes for a search's result: a
// Table, for the sizes whose encoding needs one, else the result itself.
func resultSource(res *bfs.Result) (*source, error) {
	if res.Goal.Len() <= modelCells {
		depth, reach := res.Expand()
		t, err := newTrusted(res.Goal, res.Metric, depth, reach, res.Counts)
		if err != nil {
			return nil, err
		}
		return t.source(), nil
	}
	return &source{
		goal:   res.Goal,
		metric: res.Metric,
		counts: res.Counts,
		depths: func(from, to uint64, buf []uint8) []uint8 {
			res.Depths(from, buf[:to-from])
			return buf[:to-from]
		},
		reach:     res.Reach,
		rows:      res.Rows,
		leastRows: res.LeastRows,
	}, nil
}
