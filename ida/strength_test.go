package ida_test

import (
	"math"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/reference"
)

// TestStrengthQuantile checks that Quantile and Fraction are inverses,
// rise with their argument and hold their ends.
func TestStrengthQuantile(t *testing.T) {
	s := ida.Strength{Q10: 1.2, Q50: 1.4, Q90: 1.6, Max: 2}
	for _, tc := range []struct{ p, r float64 }{{0, 1}, {0.1, 1.2}, {0.3, 1.3}, {0.5, 1.4}, {0.9, 1.6}, {0.95, 1.8}, {1, 2}} {
		if got := s.Quantile(tc.p); math.Abs(got-tc.r) > 1e-9 {
			t.Errorf("Quantile(%v) = %v, want %v", tc.p, got, tc.r)
		}
		if got := s.Fraction(tc.r); math.Abs(got-tc.p) > 1e-9 {
			t.Errorf("Fraction(%v) = %v, want %v", tc.r, got, tc.p)
		}
	}
	for _, tc := range []struct{ p, r float64 }{{-1, 1}, {math.NaN(), 1}, {2, 2}} {
		if got := s.Quantile(tc.p); got != tc.r {
			t.Errorf("Quantile(%v) = %v, want %v", tc.p, got, tc.r)
		}
	}
	for _, tc := range []struct{ r, p float64 }{{0.5, 0}, {math.NaN(), 0}, {3, 1}, {math.Inf(1), 1}} {
		if got := s.Fraction(tc.r); got != tc.p {
			t.Errorf("Fraction(%v) = %v, want %v", tc.r, got, tc.p)
		}
	}
	prev := 0.0
	for p := 0.0; p <= 1; p += 0.01 {
		q := s.Quantile(p)
		if q < prev {
			t.Fatalf("Quantile falls at %v: %v after %v", p, q, prev)
		}
		prev = q
	}
}

// TestStrengthMeasured measures the strength of Manhattan and Lines on
// every solvable 3x3 board, whose distances the reference search gives,
// and checks the strength each says against it: the median and the 90th
// percentile of the ratio of distance to bound within 15%, as the figures
// are one set for every size.
func TestStrengthMeasured(t *testing.T) {
	goal := board.Goal(board.Size{W: 3, H: 3})
	for _, tc := range []struct {
		h      ida.Heuristic
		metric board.Metric
	}{{ida.Manhattan(goal), board.SingleTile}, {ida.Lines(goal), board.MultiTile}} {
		var ratios []float64
		for b, d := range reference.DistancesIn(goal, tc.metric) {
			if h := tc.h.Start(b).H(); h > 0 {
				ratios = append(ratios, float64(d)/float64(h))
			}
		}
		slices.Sort(ratios)
		s := ida.StrengthOf(tc.h)
		for _, q := range []struct {
			name      string
			got, want float64
		}{{"median", ratios[len(ratios)/2], s.Q50}, {"90th percentile", ratios[len(ratios)*9/10], s.Q90}} {
			if math.Abs(q.got-q.want) > 0.15*q.want {
				t.Errorf("%s metric: the %s of distance/bound is %.3f on 3x3, the strength says %.3f", tc.metric, q.name, q.got, q.want)
			}
		}
	}
}
