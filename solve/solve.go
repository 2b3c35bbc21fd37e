package solve

import (
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// errNoTable is the error of Hints and Path given a nil table.
var errNoTable = errors.New("solve: no table")

// Hints returns the moves that take b one step closer to the goal of t, in
// the order of board.Board.Moves (the tile above the blank, below, left,
// right), and the distance of b. It returns no moves when b is the goal.
// It fails with table.ErrUnsolvable if b cannot reach the goal and with an
// error wrapping board.ErrMismatch if b is not of the table's size. A nil t
// is an error.
func Hints(t *table.Table, b board.Board) ([]uint8, int, error) {
	if t == nil {
		return nil, -1, errNoTable
	}
	d, err := t.Distance(b)
	if err != nil {
		return nil, -1, err
	}
	cells := b.Cells()
	hints := make([]uint8, 0, 4)
	ms, k := neighbours(t.Size(), cells, b.Blank())
	for _, m := range ms[:k] {
		if nd, ok := lookupAfter(t, cells, m.blank, m.from); ok && nd == d-1 {
			hints = append(hints, cells[m.from])
		}
	}
	if d > 0 && len(hints) == 0 {
		return nil, -1, fmt.Errorf("%w: %s is %d moves from the goal but no neighbour is %d", table.ErrFormat, b, d, d-1)
	}
	return hints, d, nil
}

// Path returns a shortest solution of b: moves that, played in order from
// b, reach the goal of t, and as few as possible, so len(Path) is the
// distance of b. Where several moves are optimal it takes the first in the
// order of Hints, so the result is deterministic. The errors are those of
// Hints.
func Path(t *table.Table, b board.Board) ([]uint8, error) {
	if t == nil {
		return nil, errNoTable
	}
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
		ms, k := neighbours(size, cells, blank)
		for _, m := range ms[:k] {
			if nd, ok := lookupAfter(t, cells, m.blank, m.from); ok && nd == d-1 {
				next = m.from
				break
			}
		}
		if next < 0 {
			// A consistent table always has a neighbour one step closer.
			return nil, fmt.Errorf("%w: a board %d moves from the goal has no neighbour %d moves away", table.ErrFormat, d, d-1)
		}
		path = append(path, cells[next])
		cells[blank], cells[next] = cells[next], 0
		blank = next
	}
	return path, nil
}

// move is a legal move: the tile in cell from slides into the blank's cell.
type move struct{ blank, from int }

// neighbours returns the legal moves of cells, whose blank is in cell z, in
// the order of board.Board.Moves: the first k of ms.
func neighbours(size board.Size, cells []uint8, z int) (ms [4]move, k int) {
	w, n := size.W, len(cells)
	if z >= w {
		ms[k] = move{z, z - w}
		k++
	}
	if z+w < n {
		ms[k] = move{z, z + w}
		k++
	}
	if z%w > 0 {
		ms[k] = move{z, z - 1}
		k++
	}
	if z%w < w-1 {
		ms[k] = move{z, z + 1}
		k++
	}
	return ms, k
}

// lookupAfter returns the distance of the board cells becomes once the tile
// in cell from slides into the blank in cell z, leaving cells unchanged.
func lookupAfter(t *table.Table, cells []uint8, z, from int) (int, bool) {
	cells[z], cells[from] = cells[from], 0
	d, ok := t.Lookup(rank.Index(cells))
	cells[from], cells[z] = cells[z], 0
	return d, ok
}
