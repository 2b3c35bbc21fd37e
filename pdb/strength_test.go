package pdb_test

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
	"github.com/slidetable/slidetable/source"
)

// TestStrength measures the strength of the built-in 4x4 database on
// uniform random boards, solved by a search with it, and checks what the
// heuristic says (Heuristic.Strength) against it: the median and the
// 90th percentile of the ratio of distance to bound within 10%.
func TestStrength(t *testing.T) {
	testenv.Long(t) // 100 random 4x4 boards: seconds
	db, err := source.BuiltinPDB(board.Size{W: 4, H: 4})
	if err != nil {
		t.Fatal(err)
	}
	h := db.Heuristic()
	s := ida.New(h)
	r := rand.New(rand.NewPCG(21, 22))
	var ratios []float64
	for range 100 {
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
	}{{"median", ratios[50], want.Q50}, {"90th percentile", ratios[90], want.Q90}} {
		if math.Abs(q.got-q.want) > 0.1*q.want {
			t.Errorf("the %s of distance/bound is %.3f, the strength says %.3f", q.name, q.got, q.want)
		}
	}
}
