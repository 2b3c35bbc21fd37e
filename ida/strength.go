package ida

// Strength says how far beyond a heuristic's bound boards lie from the
// goal: quantiles of the ratio of a board's distance to the heuristic's
// bound of it, over uniform random boards. An admissible bound never
// exceeds the distance, so every ratio is at least 1; the closer to 1,
// the stronger the heuristic.
//
// A search's cost grows geometrically with the distance left above its
// first bound, and no search tells that distance before it ends, so what
// a search is expected to cost follows from the bound of its board and
// the heuristic's strength (package solver's WithReach uses it so). The
// figures are measured on uniform random boards, whose distances are
// known, and are a guide, not a bound: a board can lie farther.
type Strength struct {
	// Q10, Q50 and Q90 are the ratios below which a tenth, half and nine
	// tenths of the boards lie; Max is the largest ratio measured.
	Q10, Q50, Q90, Max float64
}

// A Gauged heuristic knows its Strength.
type Gauged interface {
	Heuristic
	// Strength returns the heuristic's strength, as measured.
	Strength() Strength
}

// unknownStrength is the strength of a heuristic that does not say: that
// of Lines, the weakest built in, so that a guess errs towards a longer
// search.
var unknownStrength = linesStrength

// StrengthOf returns h's strength if it knows it (Gauged), else that of
// the weakest heuristic built in.
func StrengthOf(h Heuristic) Strength {
	if g, ok := h.(Gauged); ok {
		return g.Strength()
	}
	return unknownStrength
}

// points returns the strength's quantiles as (fraction, ratio) pairs, the
// ratio 1 at fraction 0 and Max at 1, in order.
func (s Strength) points() [5][2]float64 {
	return [5][2]float64{{0, 1}, {0.1, s.Q10}, {0.5, s.Q50}, {0.9, s.Q90}, {1, s.Max}}
}

// Quantile returns the ratio below which a fraction p of the boards lie,
// interpolated linearly between the measured quantiles; p is clamped to
// [0, 1].
func (s Strength) Quantile(p float64) float64 {
	pts := s.points()
	if !(p > 0) { // and NaN
		return pts[0][1]
	}
	for i := 1; i < len(pts); i++ {
		if p <= pts[i][0] {
			lo, hi := pts[i-1], pts[i]
			return lo[1] + (hi[1]-lo[1])*(p-lo[0])/(hi[0]-lo[0])
		}
	}
	return s.Max
}

// Fraction returns the fraction of the boards whose ratio is at most r,
// the inverse of Quantile: 0 below 1, 1 from Max up.
func (s Strength) Fraction(r float64) float64 {
	pts := s.points()
	if !(r > pts[0][1]) { // and NaN
		return 0
	}
	for i := 1; i < len(pts); i++ {
		if r <= pts[i][1] {
			lo, hi := pts[i-1], pts[i]
			if hi[1] == lo[1] {
				return hi[0]
			}
			return lo[0] + (hi[0]-lo[0])*(r-lo[1])/(hi[1]-lo[1])
		}
	}
	return 1
}

// Measured strengths of the heuristics of this package; see each
// heuristic's Strength method for how.
var (
	manhattanStrength = Strength{Q10: 1.25, Q50: 1.4, Q90: 1.6, Max: 2.2}
	linesStrength     = Strength{Q10: 2, Q50: 2.4, Q90: 2.9, Max: 4}
)

// Strength returns the strength of Manhattan distance and linear
// conflicts, measured on uniform random boards: 3x3 (ratios 1.21, 1.44,
// 1.77 at the 10th, 50th and 90th percentiles, 3.0 at most), 4x3 (1.26,
// 1.42, 1.62, 2.13) and 4x4 (1.25, 1.36, 1.50, 1.71). Larger boards lie
// a little closer to their bound.
func (m *manhattan) Strength() Strength { return manhattanStrength }

// Strength returns the strength of Lines, measured on uniform random
// boards: 3x3 (ratios 1.78, 2.25, 3.0 at the 10th, 50th and 90th
// percentiles, 4.67 at most), 4x3 (2.0, 2.4, 2.89, 4.0) and 4x4 (2.19,
// 2.54, 3.0, 3.75).
func (l *lines) Strength() Strength { return linesStrength }
