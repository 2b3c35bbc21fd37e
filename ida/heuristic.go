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

// A Prefetcher is an Evaluator that the multi-tile search tells, before it
// tries the moves of the blank along one line, the board as it stands and
// the cells it will move the blank to (see board.Board.Taps), so that it
// can fetch what the bounds after those moves need at once, rather than
// one move at a time. Prefetch must not change the evaluator's bound nor
// the board.
type Prefetcher interface {
	Evaluator
	Prefetch(cells []uint8, z int, targets []int)
}
