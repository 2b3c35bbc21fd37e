package levels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/published"
)

// ErrNotFound reports that Walks gave up before finding the boards asked
// for.
var ErrNotFound = failure.New(failure.NotFound, "levels: too few boards found")

// Walks returns n distinct boards whose exact distance from goal lies in
// [lo, hi], for boards of any size, with no table: it scrambles the goal by
// random walks that never undo a move (gen.Walk) and keeps the boards whose
// distance, found by IDA* (package ida), is in range and new.
//
// The walks' length adapts: it starts at hi, grows by one after a board
// closer than lo and shrinks by one, never below lo, after a board farther
// than hi. (A board k moves from the goal by a walk is at most k moves away,
// at a distance of the same parity as k.)
//
// Unlike Sample, Walks is not uniform over the qualifying boards: walks
// favour boards near where they wander. It suits games that want boards
// of a given exact difficulty on sizes too large for a table, such as 4x4.
// The cost of IDA* grows quickly with the distance: on 4x4 with Manhattan
// distance and linear conflicts, boards 30 moves away take milliseconds to
// find, 50 moves a second or more each.
//
// It fails with ErrRange if lo > hi, hi < 0 or lo is beyond the largest
// distance of the size (see published.MaxDistance), whose value it takes
// for a larger hi; with ErrCount if n < 1; with ErrNotFound, and the boards
// it found, after 1000 walks in a row find no new board or 1000 walks per
// board asked for; and with ctx's error, and the boards found so far, if
// ctx ends first. Its memory grows with the boards found, not with n.
func Walks(ctx context.Context, r *rand.Rand, goal board.Board, lo, hi, n int) ([]Level, error) {
	if goal.IsZero() {
		return nil, fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	return WalksWith(ctx, ida.New(ida.Manhattan(goal)), r, goal, lo, hi, n)
}

// WalksWith is Walks with the distances found by s, such as a
// *solver.Solver with a better heuristic than Walks' own.
func WalksWith(ctx context.Context, s Solver, r *rand.Rand, goal board.Board, lo, hi, n int) ([]Level, error) {
	if goal.IsZero() {
		return nil, fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	most, exact := published.MaxDistance(goal.Size(), s.Metric())
	hi, err := CheckRange(goal.Size(), lo, hi, most, exact)
	if err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("%w: %d", ErrCount, n)
	}
	lo = max(lo, 0)
	out := make([]Level, 0, min(n, 1024))
	kept := make(map[board.Board]struct{})
	opts := &gen.WalkOptions{NoUndo: true}
	k := hi
	const stall = 1000 // walks in a row without a new board before giving up
	tries := 1000 * min(n, math.MaxInt/1000)
	idle := 0
	for range tries {
		if idle == stall {
			break
		}
		idle++
		if err := ctx.Err(); err != nil {
			return out, err
		}
		b, err := walk(r, goal, k, s.Metric(), opts)
		if err != nil {
			return nil, err
		}
		// A search cut off at hi rules out a board beyond hi before a
		// full search would, at once if its heuristic exceeds hi.
		path, within, err := s.Within(ctx, b, hi)
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			return nil, err
		}
		d := len(path)
		switch {
		case !within:
			k = max(k-1, lo)
		case d < lo:
			k++
		default:
			if _, dup := kept[b]; !dup {
				idle = 0
				kept[b] = struct{}{}
				out = append(out, Level{Board: b, Distance: d})
				if len(out) == n {
					return out, nil
				}
			}
		}
	}
	return out, fmt.Errorf("%w: %d of %d boards at distances %d..%d of %s", ErrNotFound, len(out), n, lo, hi, goal.Size())
}

// walk makes k random moves of metric from the board from: single-tile
// moves (gen.Walk with opts), or taps, each chosen uniformly among those
// that do not lead straight back to the board before it, so that a walk of
// k taps ends within k multi-tile moves of from, and every board within
// them can be reached (single-tile moves reach 2 of the 6 boards a tap
// away from the 4x4 goal in one move).
func walk(r *rand.Rand, from board.Board, k int, metric board.Metric, opts *gen.WalkOptions) (board.Board, error) {
	if metric != board.MultiTile {
		b, _, err := gen.Walk(r, from, k, opts)
		return b, err
	}
	if k < 0 || k > gen.MaxWalk {
		return board.Board{}, fmt.Errorf("%w: %d moves (want 0 to %d)", gen.ErrWalkLength, k, gen.MaxWalk)
	}
	b, prev := from, board.Board{}
	for range k {
		taps := b.Taps()
		for {
			next, _, err := b.Tap(taps[r.IntN(len(taps))])
			if err != nil {
				return board.Board{}, err
			}
			if next != prev || len(taps) == 1 {
				prev, b = b, next
				break
			}
		}
	}
	return b, nil
}
