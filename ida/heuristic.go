package ida

import "github.com/slidetable/slidetable/board"

// Heuristic gives lower bounds on the distance of boards of one size to one
// goal. A Heuristic is safe for concurrent use; each search asks it for an
// Evaluator of its own.
type Heuristic interface {
	// Goal returns the goal whose distances the heuristic bounds.
	Goal() board.Board
	// Start returns an evaluator set on b, a board of the goal's size.
	Start(b board.Board) Evaluator
}

// Evaluator is a heuristic kept up to date along one search path, move by
// move. It is not safe for concurrent use.
type Evaluator interface {
	// H returns the lower bound for the board as it stands.
	H() int
	// Move slides tile t from cell from into the blank at cell to and
	// returns the new lower bound.
	Move(t uint8, from, to int) int
	// Undo takes back the last Move, which slid tile t from cell from to
	// cell to.
	Undo(t uint8, from, to int)
}

// A CutEvaluator is an Evaluator that can save work on the moves a search
// cuts off. The search uses MoveAbove in place of Move where an Evaluator
// has it.
type CutEvaluator interface {
	Evaluator
	// MoveAbove is Move for a search that cuts the move off if the bound
	// after it is above limit: it may then return any lower bound above
	// limit, found with less work, and the only call that may follow is
	// Undo.
	MoveAbove(t uint8, from, to, limit int) int
}

// A TapEvaluator is an Evaluator that the multi-tile search asks about the
// moves of the blank along a ray at once, and moves a whole tap at a time:
// the search uses Taps, Tap and UndoTap in place of Move and Undo below
// the first move where an Evaluator has them. Each move along a ray is one
// move from the board as it stands, so an evaluator may bound each without
// the others, and stop working on one once it is cut off.
type TapEvaluator interface {
	Evaluator
	// Taps sets bounds[k] to a lower bound of the board after the blank,
	// in cell z, moves to ray[k]: the tiles of ray[:k+1] slide one cell
	// each towards z. ray lists cells of z's row or column on one side of
	// z, in order away from it, and tiles their tiles. A bound above limit
	// may be any bound above limit, found with less work. The evaluator
	// stays on the board as it stands.
	Taps(z int, ray []int, tiles []uint8, limit int, bounds []int)
	// Tap moves the blank from cell z to ray[len(tiles)-1], the tiles of
	// tiles (those of the ray's first cells) sliding, and returns the new
	// lower bound.
	Tap(z int, ray []int, tiles []uint8) int
	// UndoTap takes back the last Tap.
	UndoTap()
}
