package abstraction_test

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/testenv"
)

// TestStrength measures the strength of the built-in tier on uniform
// random 4x4 boards, solved by a search with it, and checks what the
// heuristic says (Heuristic.Strength) against it: the median and the
// 90th percentile of the ratio of distance to bound within 10%.
func TestStrength(t *testing.T) {
	testenv.Long(t) // 60 random 4x4 boards in multi-tile moves: seconds
	h := openBuiltin(t).Heuristic()
	s := ida.NewIn(h, board.MultiTile).WithWorkers(0)
	r := rand.New(rand.NewPCG(23, 24))
	var ratios []float64
	for range 60 {
		b, err := gen.Uniform(r, board.Size{W: 4, H: 4})
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.Distance(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		ratios = append(ratios, float64(d)/float64(h.Start(b).H()))
	}
	slices.Sort(ratios)
	want := h.Strength()
	for _, q := range []struct {
		name      string
		got, want float64
	}{{"median", ratios[30], want.Q50}, {"90th percentile", ratios[54], want.Q90}} {
		if math.Abs(q.got-q.want) > 0.1*q.want {
			t.Errorf("the %s of distance/bound is %.3f, the strength says %.3f", q.name, q.got, q.want)
		}
	}
}
