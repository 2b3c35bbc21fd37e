package bfs

import (
	"context"

	"github.com/slidetable/slidetable/board"
)

// RunPacked runs the packed search, which Run keeps for boards of more
// than 9 cells, on any board, so that it is checked on the small ones too.
func RunPacked(goal board.Board, workers int) (*Result, error) {
	return levels(context.Background(), newPacked(goal, workers, board.SingleTile), goal, nil)
}
