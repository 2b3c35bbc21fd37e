package coverage

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/rank"
)

// MaxCells is the largest number of cells of a board Measure handles,
// rank.SmallCells: 10 cells have 1,814,400 states to count.
const MaxCells = rank.SmallCells

// Errors returned by Measure.
var (
	// ErrTooLarge reports a board with more than MaxCells cells.
	ErrTooLarge = failure.New(failure.Input, "coverage: board too large")
	// ErrUnreachable reports a drawn board that cannot reach the goal or is
	// of another size.
	ErrUnreachable = failure.New(failure.Internal, "coverage: drawn board cannot reach the goal")
	// ErrDraws reports a number of draws that is not positive.
	ErrDraws = failure.New(failure.Input, "coverage: bad number of draws")
)

// Report is the outcome of Measure.
type Report struct {
	Draws     uint64  // boards drawn
	States    uint64  // boards that can reach the goal, n!/2: the states counted
	Distinct  uint64  // states drawn at least once
	Min, Max  uint64  // fewest and most draws of any one state; Min is 0 if a state never appeared
	ChiSquare float64 // Pearson's statistic against the uniform distribution
	DF        int     // degrees of freedom of the statistic: States-1
	P         float64 // p-value: the probability of a statistic at least as large from uniform draws
}

// Passes reports whether the draws are consistent with a uniform generator at
// significance level alpha, that is whether P >= alpha. With alpha = 0.01 a
// uniform generator fails one run in a hundred.
func (r *Report) Passes(alpha float64) bool { return r.P >= alpha }

// Measure calls draw n times, counts the draws of each board that can reach
// goal, and returns the report. It fails with ErrUnreachable, naming the
// board, if a draw cannot reach goal, with ErrTooLarge if the board has more
// than MaxCells cells, with the first error draw returns, or with ctx's
// error.
func Measure(ctx context.Context, goal board.Board, n int, draw func() (board.Board, error)) (*Report, error) {
	if goal.IsZero() {
		return nil, fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	cells := goal.Len()
	if cells > MaxCells {
		return nil, fmt.Errorf("%w: %s has %d states; at most %d cells (%d states) are counted",
			ErrTooLarge, goal.Size(), rank.Factorial(cells)/2, MaxCells, rank.Factorial(MaxCells)/2)
	}
	if n <= 0 {
		return nil, fmt.Errorf("%w: %d", ErrDraws, n)
	}
	// Each board that can reach the goal has a slot of its own under
	// rank.Half: the other board of its slot has two tiles swapped and so
	// cannot reach the goal.
	counts := make([]uint64, rank.Factorial(cells)/2)
	for k := range n {
		if k&0xFFFF == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		b, err := draw()
		if err != nil {
			return nil, err
		}
		if ok, err := b.SolvableTo(goal); err != nil || !ok {
			return nil, fmt.Errorf("%w: draw %d is %s", ErrUnreachable, k+1, b)
		}
		counts[rank.Half(rank.Index(b.CellString()), cells)]++
	}
	r := &Report{Draws: uint64(n), States: uint64(len(counts)), Min: counts[0]}
	for _, c := range counts {
		if c > 0 {
			r.Distinct++
		}
		r.Min = min(r.Min, c)
		r.Max = max(r.Max, c)
	}
	r.ChiSquare, r.DF, r.P = ChiSquare(counts)
	return r, nil
}

// ChiSquare returns Pearson's chi-square statistic of counts against the
// uniform distribution over len(counts) cells, its degrees of freedom,
// len(counts)-1, and the p-value: the probability that uniform draws give
// a statistic at least as large. It returns NaN for the statistic and the
// p-value if there are fewer than two cells or no draws.
func ChiSquare(counts []uint64) (stat float64, df int, p float64) {
	var total uint64
	for _, c := range counts {
		total += c
	}
	if len(counts) < 2 || total == 0 {
		return math.NaN(), len(counts) - 1, math.NaN()
	}
	expect := float64(total) / float64(len(counts))
	for _, c := range counts {
		d := float64(c) - expect
		stat += d * d / expect
	}
	df = len(counts) - 1
	return stat, df, distuv.ChiSquared{K: float64(df)}.Survival(stat)
}
