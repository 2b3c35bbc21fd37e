package table

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// Playing optimally from a table: every move that brings a board one step
// closer to the goal (Hints), and a whole shortest solution found by
// descending the distances (Path). Each step costs a few lookups, so a
// solution of d moves takes O(d) time whatever the size of the table. A
// move is written as the number of the tile that slides into the blank;
// in the multi-tile metric, of the tile the player taps, the farthest from
// the blank of those that slide (board.Board.Tap plays it and says how
// many slide).

// Hints returns the moves that take b one step closer to the goal of t, in
// the move order of board.Board.Moves (the tile above the blank, below,
// left, right) or, in the multi-tile metric, of board.Board.Taps (the
// blank's column top to bottom, then its row left to right), and the
// distance of b. It returns no moves when b is the goal.
// It fails with ErrUnsolvable if b cannot reach the goal, with an error
// wrapping board.ErrMismatch if b is not of the table's size, and, on a
// table read in place, with the error of a block it needs that cannot be
// read or fails its checks.
func (t *Table) Hints(b board.Board) ([]uint8, int, error) {
	d, err := t.Distance(b)
	if err != nil {
		return nil, -1, err
	}
	cells := b.Cells()
	hints := make([]uint8, 0, 4)
	z := b.Blank()
	for _, c := range t.moves(z) {
		nd, ok, err := t.lookupAfter(cells, z, c)
		if err != nil {
			return nil, -1, err
		}
		if ok && nd == d-1 {
			hints = append(hints, cells[c])
		}
	}
	if d > 0 && len(hints) == 0 {
		return nil, -1, fmt.Errorf("%w: %s is %d moves from the goal but no neighbour is %d", ErrFormat, b, d, d-1)
	}
	return hints, d, nil
}

// Path returns a shortest solution of b: moves that, played in order from
// b, reach the goal of t, and as few as possible, so len(Path) is the
// distance of b. Where several moves are optimal it takes the first in the
// order of Hints, so the result is deterministic. The errors are those of
// Hints.
func (t *Table) Path(b board.Board) ([]uint8, error) {
	d, err := t.Distance(b)
	if err != nil {
		return nil, err
	}
	size := t.Size()
	cells := b.Cells()
	blank := b.Blank()
	path := make([]uint8, 0, d)
	for ; d > 0; d-- {
		next := -1
		for _, c := range t.moves(blank) {
			nd, ok, err := t.lookupAfter(cells, blank, c)
			if err != nil {
				return nil, err
			}
			if ok && nd == d-1 {
				next = c
				break
			}
		}
		if next < 0 {
			// A consistent table always has a neighbour one step closer.
			return nil, fmt.Errorf("%w: a board %d moves from the goal has no neighbour %d moves away", ErrFormat, d, d-1)
		}
		path = append(path, cells[next])
		board.SlideCells(cells, size.W, blank, next)
		blank = next
	}
	return path, nil
}

// lookupAfter returns the distance of the board cells becomes once the
// blank in cell z moves to cell from, leaving cells unchanged, as lookup
// does.
func (t *Table) lookupAfter(cells []uint8, z, from int) (int, bool, error) {
	board.SlideCells(cells, t.size.W, z, from)
	d, ok, err := t.lookup(rank.Index(cells))
	board.SlideCells(cells, t.size.W, from, z)
	return d, ok, err
}
