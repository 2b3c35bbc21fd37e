package bfs

import (
	"context"

	"github.com/slidetable/slidetable/board"
)

// RunGeneral runs the general search, which Run keeps for boards of more
// than 9 cells, on any board, so that it is checked on the small ones too.
func RunGeneral(goal board.Board, workers int) (*Result, error) {
	return newSearch(goal, workers).run(context.Background(), nil)
}
