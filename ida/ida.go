package ida

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/board"
)

// ErrUnsolvable reports a board that cannot reach the goal. It is
// board.ErrUnsolvable, the one value every package that answers distances
// returns.
var ErrUnsolvable = board.ErrUnsolvable

// Solve returns a shortest solution of b, searching with Manhattan(goal):
// the moves, each the tile that slides into the blank, that take b to
// goal, as few as there can be. It fails with ErrUnsolvable if b cannot
// reach goal, with an error wrapping board.ErrMismatch if the sizes differ,
// and with ctx's error if ctx ends before the search does.
func Solve(ctx context.Context, b, goal board.Board) ([]uint8, error) {
	path, _, err := Within(ctx, b, goal, -1)
	return path, err
}

// Distance returns the fewest moves from b to goal; see Solve.
func Distance(ctx context.Context, b, goal board.Board) (int, error) {
	p, err := Solve(ctx, b, goal)
	if err != nil {
		return -1, err
	}
	return len(p), nil
}

// Within is Solve with a limit: it returns a shortest solution of b and
// true if there is one of at most limit moves, and false otherwise, without
// searching beyond limit moves, which is cheaper than Solve for a board
// farther than limit. A negative limit means none. Its errors are those of
// Solve.
func Within(ctx context.Context, b, goal board.Board, limit int) ([]uint8, bool, error) {
	if err := check(b, goal); err != nil {
		return nil, false, err
	}
	return New(Manhattan(goal)).Within(ctx, b, limit)
}

// Hints returns the distance of b and the moves that take it one step
// closer to goal, in the order of board.Board.Moves; see Solve for the
// errors and Searcher.Hints for the cost.
func Hints(ctx context.Context, b, goal board.Board) ([]uint8, int, error) {
	if err := check(b, goal); err != nil {
		return nil, -1, err
	}
	return New(Manhattan(goal)).Hints(ctx, b)
}

// Estimate returns the heuristic of Manhattan(goal) for b: the Manhattan
// distance of its tiles from their cells in goal plus twice the number of
// tiles that linear conflicts force out of their row or column. It never
// exceeds the distance from b to goal. The sizes must match.
func Estimate(b, goal board.Board) (int, error) {
	if err := check(b, goal); err != nil {
		return 0, err
	}
	return Manhattan(goal).Start(b).H(), nil
}

// check returns an error wrapping board.ErrMismatch unless b and goal are
// valid boards of one size.
func check(b, goal board.Board) error {
	if b.Size() != goal.Size() || b.IsZero() {
		return fmt.Errorf("%w: board is %s, goal is %s", board.ErrMismatch, b.Size(), goal.Size())
	}
	return nil
}
