// Package uniform answers whether a generator draws boards uniformly, as
// the command line's coverage asks it: by counting every state of a small
// size (CountStates), or, for a size whose distribution is published, by
// solving the boards drawn and comparing their distances with it
// (MeasureDistances). It is a question beside those of package game, kept
// apart so that what plays a game (the WebAssembly build) does not carry
// the statistics. The names are those of package coverage, which measures.
package uniform

import (
	"context"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/coverage"
)

// Solver finds the exact distance of a board, such as a *solver.Solver.
type Solver interface {
	Distance(ctx context.Context, b board.Board) (int, error)
}

// Report is how often each state was drawn, and the chi-square test of it
// against uniform draws.
type Report = coverage.Report

// DistanceReport is the histogram of the distances of the boards drawn,
// and the chi-square test of it against a distribution.
type DistanceReport = coverage.DistanceReport

// Bounds of the measures.
const (
	// CountCells is the most cells of a size whose states CountStates
	// counts (10: 1,814,400 states).
	CountCells = coverage.MaxCells
	// MaxDistanceDraws is the most boards MeasureDistances solves.
	MaxDistanceDraws = coverage.MaxDistanceDraws
	// MinExpected is the fewest boards a bin of the test of distances
	// expects; distances that expect fewer are pooled.
	MinExpected = coverage.MinExpected
)

// ErrTooLarge reports a size with too many states to count.
var ErrTooLarge = coverage.ErrTooLarge

// CountStates draws n boards with draw, all reaching goal, and counts how
// often each state came up (coverage.Measure).
func CountStates(ctx context.Context, goal board.Board, n int, draw func() (board.Board, error)) (*Report, error) {
	return coverage.Measure(ctx, goal, n, draw)
}

// MeasureDistances draws n boards with draw, solves each exactly with s on
// every core, calling progress (if not nil) with the number solved, and
// compares their distances with reference, the boards at each distance
// (coverage.MeasureDistances).
func MeasureDistances(ctx context.Context, n int, draw func() (board.Board, error), s Solver, reference []uint64, progress func(solved int)) (*DistanceReport, error) {
	return coverage.MeasureDistances(ctx, n, draw, s.Distance, reference, &coverage.DistanceOptions{Progress: progress})
}

// LeastDraws returns the fewest boards whose distances leave the test of
// MeasureDistances against reference a degree of freedom
// (coverage.LeastDraws).
func LeastDraws(reference []uint64) int { return coverage.LeastDraws(reference) }
