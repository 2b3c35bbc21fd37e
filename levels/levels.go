package levels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// Errors returned by Sample and Find.
var (
	// ErrRange reports a distance range that holds no board: lo > hi, hi
	// negative, or lo beyond the table's largest distance.
	ErrRange = failure.New(failure.Input, "levels: no boards at these distances")
	// ErrCount reports a number of boards asked for that is not positive.
	ErrCount = failure.New(failure.Input, "levels: bad number of boards")
)

// Level is a board and its distance from the goal. As JSON it reads
// {"board":[1,2,3,4,5,6,7,8,0],"distance":0}.
type Level struct {
	Board    board.Board `json:"board"`
	Distance int         `json:"distance"`
}

// Mode selects how Sample draws.
type Mode int

// The modes of Sample; see the package documentation.
const (
	Auto   Mode = iota // Exact or Filter, whichever Cost expects to be faster
	Exact              // pick ranks among the qualifying boards and find them in one scan
	Filter             // keep the uniform boards of package gen whose distance is in range
)

// String returns the mode's name: "auto", "exact" or "filter".
func (m Mode) String() string {
	switch m {
	case Auto:
		return "auto"
	case Exact:
		return "exact"
	case Filter:
		return "filter"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Options changes how Sample draws. A nil *Options means the zero value.
type Options struct {
	Mode Mode
}

// Count returns the number of boards of t whose distance is in [lo, hi].
func Count(t *table.Table, lo, hi int) uint64 {
	counts := t.Counts()
	var q uint64
	for d := max(lo, 0); d <= hi && d < len(counts); d++ {
		q += counts[d]
	}
	return q
}

// CheckRange checks a range of distances lo..hi against most, the largest
// distance of a board of size from its goal (exact, or only an upper bound
// if not exact), and returns hi clipped to most. It fails, with an error
// wrapping ErrRange that says why, if lo > hi, hi < 0 or lo > most. Sample,
// Search and WalksWith check their ranges with it; a caller can too, to
// refuse a range before it loads or solves anything.
func CheckRange(size board.Size, lo, hi, most int, exact bool) (int, error) {
	// The range as asked: a default hi (the largest distance) may lie
	// below lo.
	asked := fmt.Sprint(lo)
	if hi > lo {
		asked = fmt.Sprintf("%d..%d", lo, hi)
	}
	switch {
	case lo > most && exact:
		return 0, fmt.Errorf("%w: %s: no %s board is more than %d moves from the goal", ErrRange, asked, size, most)
	case lo > most:
		return 0, fmt.Errorf("%w: %s: no %s board is more than %d moves from the goal (an upper bound)", ErrRange, asked, size, most)
	case lo > hi:
		return 0, fmt.Errorf("%w: %d..%d, an empty range", ErrRange, lo, hi)
	case hi < 0:
		return 0, fmt.Errorf("%w: %d..%d, below 0", ErrRange, lo, hi)
	}
	return min(hi, most), nil
}

// checkRange validates [lo, hi] against t and returns the number of boards
// in it.
func checkRange(t *table.Table, lo, hi int) (uint64, error) {
	if _, err := CheckRange(t.Size(), lo, hi, t.Max(), true); err != nil {
		return 0, err
	}
	return Count(t, lo, hi), nil
}

// Cost estimates the time of drawing n boards in [lo, hi] from t with the
// given mode, Exact or Filter, in nanoseconds of a typical machine; Sample
// uses it to choose under Auto. It returns +Inf for a range without boards.
func Cost(t *table.Table, lo, hi, n int, mode Mode) float64 {
	const ( // measured by BenchmarkScan3x3 and BenchmarkFilter3x3
		scanNs = 2    // one table lookup while scanning
		drawNs = 1000 // one board of gen.UniformTo, its lookup and bookkeeping
	)
	q := float64(Count(t, lo, hi))
	if q == 0 {
		return math.Inf(1)
	}
	m := min(float64(n), q)
	if mode == Exact {
		return float64(t.Boards()) * scanNs
	}
	// Draws to collect m distinct qualifying boards: the j-th new one
	// takes R/(q-j) draws on average, in all R*(H(q)-H(q-m)).
	return float64(t.Reachable()) * (harmonic(q) - harmonic(q-m)) * drawNs
}

// harmonic approximates the harmonic number H(x) = 1 + 1/2 + ... + 1/x.
func harmonic(x float64) float64 {
	if x < 1 {
		return 0
	}
	if x < 20 {
		h := 0.0
		for k := 1.0; k <= x; k++ {
			h += 1 / k
		}
		return h
	}
	return math.Log(x) + 0.5772156649015329 + 1/(2*x) - 1/(12*x*x)
}

// Sample returns min(n, Q) distinct boards drawn uniformly without
// replacement among the Q boards of t whose distance is in [lo, hi], in
// random order (see the package documentation). A hi beyond the largest
// distance is taken as the largest. It fails with ErrRange or ErrCount for
// bad arguments and with ctx's error if ctx ends first.
func Sample(ctx context.Context, r *rand.Rand, t *table.Table, lo, hi, n int, opts *Options) ([]Level, error) {
	q, err := checkRange(t, lo, hi)
	if err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("%w: %d", ErrCount, n)
	}
	mode := Auto
	if opts != nil {
		mode = opts.Mode
	}
	switch mode {
	case Auto:
		if Cost(t, lo, hi, n, Exact) <= Cost(t, lo, hi, n, Filter) {
			return sampleExact(ctx, r, t, lo, hi, n, q)
		}
		return sampleFilter(ctx, r, t, lo, hi, n, q)
	case Exact:
		return sampleExact(ctx, r, t, lo, hi, n, q)
	case Filter:
		return sampleFilter(ctx, r, t, lo, hi, n, q)
	}
	return nil, fmt.Errorf("levels: unknown mode %v", mode)
}

// sampleExact picks m = min(n, q) distinct ranks in [0, q) by Floyd's
// algorithm, which makes every m-subset equally likely, finds the boards
// of those ranks among the qualifying boards in table order, and shuffles
// them.
func sampleExact(ctx context.Context, r *rand.Rand, t *table.Table, lo, hi, n int, q uint64) ([]Level, error) {
	m := min(uint64(n), q)
	chosen := make(map[uint64]struct{}, m)
	for j := q - m; j < q; j++ {
		k := r.Uint64N(j + 1)
		if _, dup := chosen[k]; dup {
			k = j
		}
		chosen[k] = struct{}{}
	}
	ranks := make([]uint64, 0, m)
	for k := range chosen {
		ranks = append(ranks, k)
	}
	slices.Sort(ranks)

	out := make([]Level, 0, m)
	var seen uint64 // qualifying boards passed so far
	err := scan(ctx, t, lo, hi, func(i uint64, d int) (bool, error) {
		if seen == ranks[len(out)] {
			lv, err := level(t, i, d)
			if err != nil {
				return false, err
			}
			out = append(out, lv)
		}
		seen++
		return len(out) < len(ranks), nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) != len(ranks) {
		return nil, fmt.Errorf("%w: %d boards at distances %d..%d, the counts say %d", table.ErrFormat, seen, lo, hi, q)
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out, nil
}

// sampleFilter draws boards uniformly among those that can reach the goal
// and keeps the first min(n, q) distinct ones in range.
func sampleFilter(ctx context.Context, r *rand.Rand, t *table.Table, lo, hi, n int, q uint64) ([]Level, error) {
	m := int(min(uint64(n), q))
	out := make([]Level, 0, m)
	kept := make(map[board.Board]struct{}, m)
	goal := t.Goal()
	for k := 0; len(out) < m; k++ {
		if k&0xFFF == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		b, err := gen.UniformTo(r, goal)
		if err != nil {
			return nil, err
		}
		d, err := t.Distance(b)
		if err != nil {
			return nil, err
		}
		if d < lo || d > hi {
			continue
		}
		if _, dup := kept[b]; dup {
			continue
		}
		kept[b] = struct{}{}
		out = append(out, Level{Board: b, Distance: d})
	}
	return out, nil
}

// Find returns the first limit boards of t, in table order, whose distance
// is in [lo, hi], or all of them if limit is negative. It fails with
// ErrRange for a range without boards and with ctx's error if ctx ends
// first.
func Find(ctx context.Context, t *table.Table, lo, hi, limit int) ([]Level, error) {
	q, err := checkRange(t, lo, hi)
	if err != nil {
		return nil, err
	}
	m := q
	if limit >= 0 {
		m = min(m, uint64(limit))
	}
	out := make([]Level, 0, m)
	if m == 0 {
		return out, nil
	}
	err = scan(ctx, t, lo, hi, func(i uint64, d int) (bool, error) {
		lv, err := level(t, i, d)
		if err != nil {
			return false, err
		}
		out = append(out, lv)
		return uint64(len(out)) < m, nil
	})
	return out, err
}

// scan calls f with the index and distance of each board of t whose
// distance is in [lo, hi], in index order, until f returns false or an
// error (see table.Table.Scan: on a table read in place it reads every
// block as it goes, and fails with the error of a damaged one).
func scan(ctx context.Context, t *table.Table, lo, hi int, f func(i uint64, d int) (bool, error)) error {
	return t.Scan(ctx, lo, hi, f)
}

// level returns the Level of the board with index i.
func level(t *table.Table, i uint64, d int) (Level, error) {
	cells := make([]uint8, t.Size().Cells())
	rank.Unindex(i, cells)
	b, err := board.New(t.Size(), cells)
	if err != nil {
		return Level{}, err
	}
	return Level{Board: b, Distance: d}, nil
}
