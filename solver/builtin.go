package solver

import (
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// builtinTable returns the exact table built into the binary for boards of
// size to the standard goal in the metric, or nil if there is none.
func builtinTable(size board.Size, metric board.Metric) (*table.Table, error) {
	if !source.HasBuiltin(size) {
		return nil, nil
	}
	return source.BuiltinTableIn(size, metric)
}

// builtinHeuristic returns the best heuristic built into the binary for
// boards of size to the standard goal: the built-in pattern database where
// there is one (4x4), or nil, in which case the solver searches with
// Manhattan distance and linear conflicts.
func builtinHeuristic(size board.Size) (ida.Heuristic, error) {
	if !source.HasBuiltinPDB(size) {
		return nil, nil
	}
	db, err := source.BuiltinPDB(size)
	if err != nil {
		return nil, err
	}
	return db.Heuristic(), nil
}
