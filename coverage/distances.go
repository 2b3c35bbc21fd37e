package coverage

import (
	"context"
	"fmt"
	"sync"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/parallel"
)

// MaxDistanceDraws is the most boards MeasureDistances draws: each is
// solved exactly, so more would take hours on a 4x4 board.
const MaxDistanceDraws = 1_000_000

// MinExpected is the smallest expected count of a bin of the chi-square
// test of distances: bins with fewer expected boards are pooled with their
// neighbours, as the test's approximation asks.
const MinExpected = 5

// ErrDistance reports a distance that the reference distribution does not
// allow: beyond its largest distance, or at one with no boards.
var ErrDistance = failure.New(failure.Internal, "coverage: distance outside the reference distribution")

// DistanceOptions are the options of MeasureDistances. A nil *DistanceOptions
// means the defaults.
type DistanceOptions struct {
	// Workers is the number of boards solved at once; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if not nil, is called after each board is solved with the
	// number solved so far, from one goroutine at a time.
	Progress func(solved int)
}

// Bin is one cell of the chi-square test of distances: the boards at
// distances Lo to Hi, both included.
type Bin struct {
	Lo, Hi   int
	Observed uint64  // boards drawn at these distances
	Expected float64 // boards expected there under the reference
}

// DistanceReport is the outcome of MeasureDistances and CompareDistances.
type DistanceReport struct {
	Draws     uint64    // boards drawn
	Observed  []uint64  // boards drawn at each distance, 0 up to the reference's largest
	Expected  []float64 // boards expected at each distance under the reference
	Bins      []Bin     // the cells of the test: distances pooled so that each expects at least MinExpected boards
	ChiSquare float64   // Pearson's statistic over Bins
	DF        int       // its degrees of freedom: len(Bins)-1
	P         float64   // the probability of a statistic at least as large if the draws follow the reference
}

// Passes reports whether the distances drawn are consistent with the
// reference at significance level alpha, that is whether P >= alpha.
func (r *DistanceReport) Passes(alpha float64) bool { return r.P >= alpha }

// MeasureDistances draws n boards, one after another so that a seeded
// generator gives the same boards every time, finds the distance of each
// with distance on several goroutines, and compares the histogram of the
// distances with reference, the number of boards at each distance of the
// whole population (such as a published distribution), by CompareDistances.
//
// It fails with ErrDraws if n is not between 1 and MaxDistanceDraws, with
// the first error of draw or distance (naming the board; of distance, the
// error of the first board that failed), with
// ErrDistance if a distance is outside the reference, or with ctx's error.
func MeasureDistances(ctx context.Context, n int, draw func() (board.Board, error),
	distance func(context.Context, board.Board) (int, error), reference []uint64, opts *DistanceOptions) (*DistanceReport, error) {
	if n < 1 || n > MaxDistanceDraws {
		return nil, fmt.Errorf("%w: %d; want 1 to %d", ErrDraws, n, MaxDistanceDraws)
	}
	if opts == nil {
		opts = &DistanceOptions{}
	}
	boards := make([]board.Board, n)
	for i := range boards {
		b, err := draw()
		if err != nil {
			return nil, err
		}
		boards[i] = b
	}
	dists := make([]int, n)
	var (
		mu     sync.Mutex
		solved int
	)
	err := parallel.For(ctx, opts.Workers, n, func(i int) error {
		d, err := distance(ctx, boards[i])
		if err != nil {
			return fmt.Errorf("board %d, %s: %w", i+1, boards[i], err)
		}
		dists[i] = d
		if opts.Progress != nil {
			mu.Lock()
			solved++
			opts.Progress(solved)
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	observed := make([]uint64, len(reference))
	for i, d := range dists {
		if d < 0 || d >= len(reference) || reference[d] == 0 {
			return nil, fmt.Errorf("%w: board %d, %s, is %d moves from the goal", ErrDistance, i+1, boards[i], d)
		}
		observed[d]++
	}
	return CompareDistances(observed, reference)
}

// CompareDistances compares observed, the number of boards drawn at each
// distance, with reference, the number of boards at each distance in the
// whole population, by Pearson's chi-square test. Neighbouring distances are
// pooled, from the nearest on, until each bin expects at least MinExpected
// boards; a last bin that expects fewer joins the one before it. It fails
// with ErrDistance if a board was drawn at a distance the reference does
// not allow, and with ErrDraws if there are no draws.
func CompareDistances(observed, reference []uint64) (*DistanceReport, error) {
	var draws uint64
	for d, c := range observed {
		if c > 0 && (d >= len(reference) || reference[d] == 0) {
			return nil, fmt.Errorf("%w: %d boards drawn at distance %d", ErrDistance, c, d)
		}
		draws += c
	}
	if draws == 0 {
		return nil, fmt.Errorf("%w: no boards drawn", ErrDraws)
	}
	var total float64
	for _, c := range reference {
		total += float64(c)
	}
	r := &DistanceReport{
		Draws:    draws,
		Observed: make([]uint64, len(reference)),
		Expected: make([]float64, len(reference)),
	}
	copy(r.Observed, observed)
	for d, c := range reference {
		r.Expected[d] = float64(draws) * float64(c) / total
	}
	var cur Bin
	open := false
	for d := range reference {
		if !open {
			cur, open = Bin{Lo: d}, true
		}
		cur.Hi = d
		cur.Observed += r.Observed[d]
		cur.Expected += r.Expected[d]
		if cur.Expected >= MinExpected {
			r.Bins = append(r.Bins, cur)
			open = false
		}
	}
	if open {
		if len(r.Bins) == 0 {
			r.Bins = append(r.Bins, cur)
		} else {
			last := &r.Bins[len(r.Bins)-1]
			last.Hi = cur.Hi
			last.Observed += cur.Observed
			last.Expected += cur.Expected
		}
	}
	for _, b := range r.Bins {
		diff := float64(b.Observed) - b.Expected
		r.ChiSquare += diff * diff / b.Expected
	}
	r.DF = len(r.Bins) - 1
	if r.DF < 1 {
		// Too few draws to tell anything apart: nothing is rejected.
		r.P = 1
		return r, nil
	}
	r.P = distuv.ChiSquared{K: float64(r.DF)}.Survival(r.ChiSquare)
	return r, nil
}

// LeastDraws returns the fewest boards whose distances, drawn from the
// distribution reference, leave the chi-square test of CompareDistances at
// least one degree of freedom: with fewer, every distance pools into one
// bin, and the test can reject nothing. The bins depend only on the boards
// expected at each distance, so any draws at a distance of the
// distribution tell how many there are. It returns MaxDistanceDraws if no
// number up to it leaves a degree of freedom.
func LeastDraws(reference []uint64) int {
	mode := 0
	for d, c := range reference {
		if c > reference[mode] {
			mode = d
		}
	}
	bins := func(n int) int {
		observed := make([]uint64, len(reference))
		observed[mode] = uint64(n)
		rep, err := CompareDistances(observed, reference)
		if err != nil {
			return 0
		}
		return len(rep.Bins)
	}
	lo, hi := 1, 1
	for bins(hi) < 2 {
		if hi >= MaxDistanceDraws {
			return hi
		}
		lo, hi = hi, min(2*hi, MaxDistanceDraws)
	}
	for lo < hi { // bins(hi) >= 2; find the least such n in (lo, hi]
		mid := lo + (hi-lo)/2
		if bins(mid) >= 2 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi
}
