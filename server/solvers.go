package server

import (
	"context"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/solve"
	"github.com/slidetable/slidetable/table"
)

// TableSolver returns a Solver that answers from the exact table t (with
// package solve): lookups, no search.
func TableSolver(t *table.Table) Solver { return tableSolver{t} }

type tableSolver struct{ t *table.Table }

func (s tableSolver) Distance(_ context.Context, b board.Board) (int, error) {
	return s.t.Distance(b)
}

func (s tableSolver) Path(_ context.Context, b board.Board) ([]uint8, error) {
	return solve.Path(s.t, b)
}

func (s tableSolver) Hints(_ context.Context, b board.Board) ([]uint8, int, error) {
	return solve.Hints(s.t, b)
}

// SearchSolver returns a Solver that answers by an optimal IDA* search to
// goal (package ida), for sizes without a table. Its cost grows quickly with
// the distance; the server bounds it with its time limit.
func SearchSolver(goal board.Board) Solver { return searchSolver{goal} }

type searchSolver struct{ goal board.Board }

func (s searchSolver) Distance(ctx context.Context, b board.Board) (int, error) {
	return ida.Distance(ctx, b, s.goal)
}

func (s searchSolver) Path(ctx context.Context, b board.Board) ([]uint8, error) {
	return ida.Solve(ctx, b, s.goal)
}

func (s searchSolver) Hints(ctx context.Context, b board.Board) ([]uint8, int, error) {
	return ida.Hints(ctx, b, s.goal)
}
