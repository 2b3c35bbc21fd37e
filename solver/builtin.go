package solver

import (
	"errors"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/table"
)

// builtinTable returns the exact table built into the binary for boards of
// size to the standard goal, or nil if there is none.
func builtinTable(size board.Size) (*table.Table, error) {
	t, err := data.Load(size.W, size.H)
	if errors.Is(err, data.ErrNotEmbedded) {
		return nil, nil
	}
	return t, err
}

// builtinHeuristic returns the best heuristic built into the binary for
// boards of size to the standard goal, or nil if there is none, in which
// case the solver searches with Manhattan distance and linear conflicts.
func builtinHeuristic(size board.Size) (ida.Heuristic, error) {
	return nil, nil
}
