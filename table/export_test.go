package table

import (
	"context"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
)

// Build searches from goal and returns its table, as package build does
// (without Certify),
// for the tests of this package, which cannot import build: it imports
// table.
func Build(ctx context.Context, goal board.Board, opts *bfs.Options) (*Table, error) {
	res, err := bfs.Run(ctx, goal, opts)
	if err != nil {
		return nil, err
	}
	return NewTrusted(res.Goal, res.Depth, res.Reach, res.Counts)
}
