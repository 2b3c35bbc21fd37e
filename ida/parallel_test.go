package ida_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
)

// TestParallelSameAnswers requires a search on several goroutines, split
// at every iteration but the first, to find the same solutions and hints
// as the sequential one, in both metrics.
func TestParallelSameAnswers(t *testing.T) {
	defer ida.SetParallelNodes(0)()
	r := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct {
		size   board.Size
		metric board.Metric
	}{
		{board.Size{W: 3, H: 3}, board.SingleTile},
		{board.Size{W: 4, H: 2}, board.SingleTile},
		{board.Size{W: 3, H: 3}, board.MultiTile},
		{board.Size{W: 4, H: 2}, board.MultiTile},
		{board.Size{W: 3, H: 4}, board.MultiTile},
	} {
		goal := board.Goal(tc.size)
		h := ida.Manhattan(goal)
		if tc.metric == board.MultiTile {
			h = ida.Lines(goal)
		}
		seq := ida.NewIn(h, tc.metric)
		par := seq.WithWorkers(3)
		for range 30 {
			b, err := gen.Uniform(r, tc.size)
			if err != nil {
				t.Fatal(err)
			}
			if tc.size.Cells() == 12 {
				if b, _, err = gen.Walk(r, goal, 40, nil); err != nil {
					t.Fatal(err)
				}
			}
			want, err := seq.Solve(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			got, err := par.Solve(context.Background(), b)
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("%s %v: parallel Solve(%v) = %v, %v; sequential %v", tc.size, tc.metric, b, got, err, want)
			}
			wh, wd, _ := seq.Hints(context.Background(), b)
			gh, gd, err := par.Hints(context.Background(), b)
			if err != nil || gd != wd || !slices.Equal(gh, wh) {
				t.Fatalf("%s %v: parallel Hints(%v) = %v, %d, %v; sequential %v, %d", tc.size, tc.metric, b, gh, gd, err, wh, wd)
			}
		}
	}
}
