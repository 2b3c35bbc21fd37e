package ida

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/board"
)

// ErrUnsolvable reports a board that cannot reach the goal.
var ErrUnsolvable = errors.New("ida: board cannot reach the goal")

// Solve returns a shortest solution of b: the moves, each the tile that
// slides into the blank, that take b to goal, as few as there can be. It
// fails with ErrUnsolvable if b cannot reach goal, with an error wrapping
// board.ErrMismatch if the sizes differ, and with ctx's error if ctx ends
// before the search does.
func Solve(ctx context.Context, b, goal board.Board) ([]uint8, error) {
	path, _, err := Within(ctx, b, goal, -1)
	return path, err
}

// Distance returns the fewest moves from b to goal; see Solve.
func Distance(ctx context.Context, b, goal board.Board) (int, error) {
	p, err := Solve(ctx, b, goal)
	return len(p), err
}

// Within is Solve with a limit: it returns a shortest solution of b and
// true if there is one of at most limit moves, and false otherwise, without
// searching beyond limit moves, which is cheaper than Solve for a board
// farther than limit. A negative limit means none. Its errors are those of
// Solve.
func Within(ctx context.Context, b, goal board.Board, limit int) ([]uint8, bool, error) {
	s, err := newSearch(ctx, b, goal)
	if err != nil {
		return nil, false, err
	}
	for bound := s.h; limit < 0 || bound <= limit; {
		next, found, err := s.dfs(0, bound, -1)
		if err != nil {
			return nil, false, err
		}
		if found {
			// The moves were recorded deepest first.
			path := make([]uint8, len(s.path))
			for i, m := range s.path {
				path[len(path)-1-i] = m
			}
			return path, true, nil
		}
		bound = next
	}
	return nil, false, nil
}

// Hints returns the distance of b and the moves that take it one step
// closer to goal, in the order of board.Board.Moves; see Solve for the
// errors.
func Hints(ctx context.Context, b, goal board.Board) ([]uint8, int, error) {
	d, err := Distance(ctx, b, goal)
	if err != nil {
		return nil, -1, err
	}
	var hints []uint8
	for _, m := range b.Moves() {
		next, err := b.Move(m)
		if err != nil {
			return nil, -1, err
		}
		if d == 0 {
			break
		}
		_, ok, err := Within(ctx, next, goal, d-1)
		if err != nil {
			return nil, -1, err
		}
		if ok {
			hints = append(hints, m)
		}
	}
	return hints, d, nil
}

// Estimate returns the heuristic of the search for b: the Manhattan distance
// of its tiles from their cells in goal plus twice the number of tiles that
// linear conflicts force out of their row or column. It never exceeds the
// distance from b to goal. The sizes must match.
func Estimate(b, goal board.Board) (int, error) {
	if b.Size() != goal.Size() || b.IsZero() {
		return 0, fmt.Errorf("%w: board is %s, goal is %s", board.ErrMismatch, b.Size(), goal.Size())
	}
	s := newState(b, goal)
	return s.h, nil
}

// search is one IDA* run.
type search struct {
	state
	ctx   context.Context
	nodes uint64
	path  []uint8 // the moves of the solution, deepest first, once found
}

func newSearch(ctx context.Context, b, goal board.Board) (*search, error) {
	ok, err := b.SolvableTo(goal)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnsolvable, b)
	}
	return &search{state: newState(b, goal), ctx: ctx}, nil
}

// dfs searches below the current state, g moves from the start, for the
// goal within bound moves, never moving the blank back to prev. It returns
// the smallest f = g+h above bound that it saw, or found.
func (s *search) dfs(g, bound, prev int) (next int, found bool, err error) {
	f := g + s.h
	if f > bound {
		return f, false, nil
	}
	if s.h == 0 && s.solved() {
		return 0, true, nil
	}
	s.nodes++
	if s.nodes&0xFFFF == 0 && s.ctx.Err() != nil {
		return 0, false, s.ctx.Err()
	}
	next = int(^uint(0) >> 1)
	z := s.blank
	ns, k := s.neighbours(z)
	for _, c := range ns[:k] {
		if c == prev {
			continue
		}
		u := s.move(c)
		n, ok, err := s.dfs(g+1, bound, z)
		s.undo(c, z, u)
		if err != nil {
			return 0, false, err
		}
		if ok {
			s.path = append(s.path, s.cells[c])
			return 0, true, nil
		}
		next = min(next, n)
	}
	return next, false, nil
}
