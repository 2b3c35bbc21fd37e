package coverage_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/coverage"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/source"
)

var size33 = board.Size{W: 3, H: 3}

// distances3x3 measures n boards of draw against the exact 3x3
// distribution, solving each with the exact table.
func distances3x3(t *testing.T, n int, draw func() (board.Board, error)) *coverage.DistanceReport {
	t.Helper()
	tb, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	rep, err := coverage.MeasureDistances(context.Background(), n, draw,
		func(_ context.Context, b board.Board) (int, error) {
			calls.Add(1)
			return tb.Distance(b)
		}, tb.Counts(), &coverage.DistanceOptions{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := calls.Load(); got != int64(n) {
		t.Fatalf("distance called %d times, want %d", got, n)
	}
	return rep
}

// TestDistancesUniform: generator A against the exact distribution of its
// own size passes.
func TestDistancesUniform(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rep := distances3x3(t, 2000, func() (board.Board, error) { return gen.Uniform(r, size33) })
	t.Logf("chi-square %.2f, %d df, p %.4g", rep.ChiSquare, rep.DF, rep.P)
	if !rep.Passes(alpha) {
		t.Fatalf("uniform boards: p = %g < %g", rep.P, alpha)
	}
	checkBins(t, rep)
}

// TestDistancesWalk: generator B, which is not uniform, fails, even with
// walks as long as God's number.
func TestDistancesWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	goal := board.Goal(size33)
	rep := distances3x3(t, 2000, func() (board.Board, error) {
		b, _, err := gen.Walk(r, goal, 31, nil)
		return b, err
	})
	if rep.Passes(alpha) {
		t.Fatalf("walks of 31 moves: p = %g >= %g", rep.P, alpha)
	}
	checkBins(t, rep)
}

// checkBins checks the pooling: contiguous bins covering every distance,
// each expecting at least MinExpected boards, adding up to the draws.
func checkBins(t *testing.T, rep *coverage.DistanceReport) {
	t.Helper()
	next := 0
	var obs uint64
	var exp float64
	for _, b := range rep.Bins {
		if b.Lo != next || b.Hi < b.Lo {
			t.Fatalf("bin %d..%d after distance %d", b.Lo, b.Hi, next-1)
		}
		if b.Expected < coverage.MinExpected {
			t.Fatalf("bin %d..%d expects %.2f boards", b.Lo, b.Hi, b.Expected)
		}
		var o uint64
		for d := b.Lo; d <= b.Hi; d++ {
			o += rep.Observed[d]
		}
		if o != b.Observed {
			t.Fatalf("bin %d..%d holds %d boards, the distances %d", b.Lo, b.Hi, b.Observed, o)
		}
		next = b.Hi + 1
		obs += b.Observed
		exp += b.Expected
	}
	if next != len(rep.Observed) {
		t.Fatalf("bins end at %d, distances at %d", next-1, len(rep.Observed)-1)
	}
	if obs != rep.Draws || exp < float64(rep.Draws)-1e-6 || exp > float64(rep.Draws)+1e-6 {
		t.Fatalf("bins hold %d boards and expect %.3f, want %d", obs, exp, rep.Draws)
	}
	if rep.DF != len(rep.Bins)-1 {
		t.Fatalf("df %d with %d bins", rep.DF, len(rep.Bins))
	}
}

func TestCompareDistances(t *testing.T) {
	ref := []uint64{1, 2, 4, 100, 400, 300, 3, 1}
	rep, err := coverage.CompareDistances([]uint64{0, 0, 1, 12, 50, 35, 2, 0}, ref)
	if err != nil {
		t.Fatal(err)
	}
	checkBins(t, rep)
	// 100 draws among 811: 0..3 expect 0.12+0.25+0.49+12.33, 4 expects
	// 49.32, 5 expects 36.99, and 6..7 only 0.49, so they join 5.
	if got, want := len(rep.Bins), 3; got != want {
		t.Fatalf("%d bins %+v, want %d", got, rep.Bins, want)
	}
	if rep.Bins[0].Hi != 3 || rep.Bins[1].Hi != 4 || rep.Bins[2].Hi != 7 {
		t.Fatalf("bins %+v", rep.Bins)
	}
	if _, err := coverage.CompareDistances([]uint64{0, 0, 0, 0, 0, 0, 0, 0, 1}, ref); !errors.Is(err, coverage.ErrDistance) {
		t.Fatalf("a draw beyond the largest distance: %v, want ErrDistance", err)
	}
	if _, err := coverage.CompareDistances([]uint64{1, 0, 0, 0, 0, 0, 0, 0}, []uint64{0, 1, 1, 1, 1, 1, 1, 1}); !errors.Is(err, coverage.ErrDistance) {
		t.Fatalf("a draw at a distance with no boards: %v, want ErrDistance", err)
	}
	if _, err := coverage.CompareDistances(make([]uint64, 8), ref); !errors.Is(err, coverage.ErrDraws) {
		t.Fatalf("no draws: %v, want ErrDraws", err)
	}
}

func TestMeasureDistancesErrors(t *testing.T) {
	ctx := context.Background()
	draw := func() (board.Board, error) { return board.Goal(size33), nil }
	dist := func(context.Context, board.Board) (int, error) { return 0, nil }
	for _, n := range []int{0, -1, coverage.MaxDistanceDraws + 1} {
		if _, err := coverage.MeasureDistances(ctx, n, draw, dist, []uint64{1}, nil); !errors.Is(err, coverage.ErrDraws) {
			t.Errorf("n = %d: %v, want ErrDraws", n, err)
		}
	}
	boom := errors.New("boom")
	_, err := coverage.MeasureDistances(ctx, 10, draw, func(context.Context, board.Board) (int, error) { return 0, boom }, []uint64{1}, nil)
	if !errors.Is(err, boom) {
		t.Errorf("a failing solver: %v, want its error", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := coverage.MeasureDistances(cctx, 10, draw, dist, []uint64{1}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}

// TestLeastDraws holds LeastDraws, a doubling and a bisection, to the
// first number of draws, counted up one at a time, whose test has a degree
// of freedom.
func TestLeastDraws(t *testing.T) {
	t.Parallel()
	df := func(ref []uint64, n int) int {
		observed := make([]uint64, len(ref))
		observed[3] = uint64(n) // any distance of ref will do
		rep, err := coverage.CompareDistances(observed, ref)
		if err != nil {
			t.Fatal(err)
		}
		return rep.DF
	}
	for _, ref := range [][]uint64{
		{1, 2, 4, 100, 400, 300, 3, 1},
		{1, 1, 1, 1},
		{1, 3, 8, 20, 50, 110, 200, 300, 250, 90, 9},
	} {
		want := 1
		for df(ref, want) < 1 {
			want++
		}
		if got := coverage.LeastDraws(ref); got != want {
			t.Errorf("LeastDraws(%v) = %d, want %d", ref, got, want)
		}
	}
	if got := coverage.LeastDraws([]uint64{0, 0, 0, 7}); got != coverage.MaxDistanceDraws {
		t.Errorf("one distance: LeastDraws = %d, want MaxDistanceDraws (%d)", got, coverage.MaxDistanceDraws)
	}
}
