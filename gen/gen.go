package gen

import (
	"fmt"
	"math/rand/v2"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
)

// ErrWalkLength reports a number of moves for Walk that is negative or
// more than MaxWalk.
var ErrWalkLength = failure.New(failure.Input, "gen: bad walk length")

// errZero reports the zero Board where a valid one is needed.
var errZero = fmt.Errorf("%w: the zero board has no cells", board.ErrSize)

// Uniform returns a board of the given size drawn uniformly among the boards
// that can reach the standard goal (see the package documentation). It
// fails only if the size is not valid.
func Uniform(r *rand.Rand, size board.Size) (board.Board, error) {
	if err := size.Validate(); err != nil {
		return board.Board{}, err
	}
	return UniformTo(r, board.Goal(size))
}

// UniformTo returns a board of goal's size drawn uniformly among the boards
// that can reach goal. It fails only if goal is the zero Board.
func UniformTo(r *rand.Rand, goal board.Board) (board.Board, error) {
	if goal.IsZero() {
		return board.Board{}, errZero
	}
	cells := goal.Cells()
	for i := len(cells) - 1; i > 0; i-- { // Fisher-Yates
		j := r.IntN(i + 1)
		cells[i], cells[j] = cells[j], cells[i]
	}
	return settle(goal, cells)
}

// settle returns the board of cells if it can reach goal, and otherwise the
// board with the first two tiles in reading order, not counting the blank,
// swapped, which then can.
func settle(goal board.Board, cells []uint8) (board.Board, error) {
	b, err := board.New(goal.Size(), cells)
	if err != nil {
		return board.Board{}, err
	}
	if ok, _ := b.SolvableTo(goal); ok {
		return b, nil
	}
	first := -1
	for i, c := range cells {
		if c == 0 {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		cells[first], cells[i] = cells[i], cells[first]
		break
	}
	return board.New(goal.Size(), cells)
}

// MaxWalk is the most moves Walk makes: far more than it takes to mix any
// board this module handles, and a bound on the memory of the moves.
const MaxWalk = 10_000_000

// WalkOptions changes how Walk moves. A nil *WalkOptions means the zero
// value: every legal move may be chosen at every step.
type WalkOptions struct {
	// NoUndo forbids a move that slides back the tile just moved, so the
	// walk never steps straight back to the board it came from.
	NoUndo bool
}

// Walk makes k random moves from the board from, each chosen uniformly
// among the legal moves (see WalkOptions), and returns the final board and
// the moves made, in order: from.Apply(moves...) is the final board. It
// fails if k is negative or more than MaxWalk, or from is the zero Board.
func Walk(r *rand.Rand, from board.Board, k int, opts *WalkOptions) (board.Board, []uint8, error) {
	if k < 0 || k > MaxWalk {
		return board.Board{}, nil, fmt.Errorf("%w: %d moves (want 0 to %d)", ErrWalkLength, k, MaxWalk)
	}
	if from.IsZero() {
		return board.Board{}, nil, errZero
	}
	noUndo := opts != nil && opts.NoUndo
	size := from.Size()
	cells := from.Cells()
	z := from.Blank()
	moves := make([]uint8, 0, k)
	var last uint8 // the tile moved last; 0 before the first move
	var options [4]int
	for range k {
		m := 0
		next, kn := size.Neighbours(z)
		for _, c := range next[:kn] {
			if !noUndo || cells[c] != last {
				options[m] = c
				m++
			}
		}
		c := options[r.IntN(m)] // m >= 1: every cell has at least two neighbours
		last = cells[c]
		moves = append(moves, last)
		cells[z], cells[c] = last, 0
		z = c
	}
	b, err := board.New(size, cells)
	if err != nil {
		return board.Board{}, nil, err
	}
	return b, moves, nil
}
