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
	t, err := data.Load(size)
	if errors.Is(err, data.ErrNotEmbedded) {
		return nil, nil
	}
	return t, err
}

// builtinHeuristic returns the best heuristic built into the binary for
// boards of size to the standard goal: the pattern database of package
// data where there is one (4x4), or nil, in which case the solver searches
// with Manhattan distance and linear conflicts.
func builtinHeuristic(size board.Size) (ida.Heuristic, error) {
	if !data.HasPDB(size) {
		return nil, nil
	}
	db, err := data.PDB(size)
	if err != nil {
		return nil, err
	}
	return db.Heuristic(), nil
}
