package solver

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/ida"
)

// at is a time in seconds as a duration.
func at(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// TestReachEstimate checks the estimate of a search's rest against
// figures worked out by hand from its iterations: a growth of 2 a move
// (boards 4e4, then 1.6e5 over 2 moves), a rate of 1e6 boards a second,
// the iteration at 46 running for 0.1 s of its expected 0.64 s.
func TestReachEstimate(t *testing.T) {
	strength := ida.Strength{Q10: 1.25, Q50: 1.4, Q90: 1.6, Max: 2.2}
	iters := []iteration{{40, 0, 0}, {42, 1e4, at(0.01)}, {44, 5e4, at(0.05)}, {46, 2.1e5, at(0.21)}}
	now := at(0.31)
	// bound/h0 = 46/40 = 1.15 lies at the fraction 0.06; the lower
	// quartile beyond it, at 0.06+0.94/4 = 0.295, is the ratio
	// 1.25+0.15*0.195/0.4 = 1.3231, 52.9 moves, 54 on the bounds.
	for _, tc := range []struct {
		name   string
		h0     int
		all    bool
		stop   int
		left   float64
		likely int
	}{
		// 0.54 left of 46, then 2.56, 10.24, 40.96 and half of 163.84.
		{"distance", 40, false, -1, 0.54 + 2.56 + 10.24 + 40.96 + 81.92, 54},
		// Hints search the last iteration whole.
		{"hints", 40, true, -1, 0.54 + 2.56 + 10.24 + 40.96 + 163.84, 54},
		// Within stops at 50, searched half.
		{"within", 40, false, 50, 0.54 + 2.56 + 5.12, 50},
		// A first bound of 20: 46 is beyond the largest ratio, so the
		// board is taken to lie at 46, half of whose 0.64 s is left.
		{"far beyond", 20, false, -1, 0.32 - 0.1, 46},
	} {
		its := append([]iteration(nil), iters...)
		its[0].bound = tc.h0
		r := &reach{strength: strength, metric: board.SingleTile, all: tc.all, stop: tc.stop, iters: its}
		left, likely := r.estimate(now)
		if math.Abs(left-tc.left) > 1e-6 || likely != tc.likely {
			t.Errorf("%s: estimate %v s, likely %d; want %v s, %d", tc.name, left, likely, tc.left, tc.likely)
		}
	}
	// With the first iteration still running after 3 s, its cost is at
	// least those 3 s, and the growth that of a single-tile search, 2 a
	// move: the board is taken to lie at 54 (the lower quartile, 1.30625
	// of 40, is 52.25), so 4, 16, ..., 4096 times 3 s, and half of 16384.
	r := &reach{strength: strength, metric: board.SingleTile, stop: -1, iters: []iteration{{40, 0, 0}}}
	if left, likely := r.estimate(at(3)); math.Abs(left-3*(5460+8192)) > 1e-6 || likely != 54 {
		t.Errorf("first iteration running: estimate %v s, likely %d; want %v s, 54", left, likely, 3.0*(5460+8192))
	}
}

// random5x5 is 'slidetable gen -seed 9 5x5': in multi-tile moves, a
// search with no database would take years.
const random5x5 = "6 10 5 18 22/17 7 15 9 14/20 8 3 12 21/0 1 4 11 24/19 23 16 2 13"

// TestReach refuses a search out of reach once its probe has run, with
// a *ReachError that says what was expected; answers a board within
// reach; and leaves alone a search whose context has a deadline or ends.
func TestReach(t *testing.T) {
	defer func(d time.Duration) { reachProbe = d }(reachProbe)
	reachProbe = 50 * time.Millisecond
	b, err := board.Parse(board.Size{W: 5, H: 5}, random5x5)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(WithMetric(board.MultiTile), WithReach(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	var iterations atomic.Int64
	ctx := WithTrace(context.Background(), &Trace{Iteration: func(board.Board, int, uint64) { iterations.Add(1) }})
	start := time.Now()
	_, err = s.Distance(ctx, b)
	var re *ReachError
	if !errors.As(err, &re) || !errors.Is(err, ErrOutOfReach) || failure.KindOf(err) != failure.Time {
		t.Fatalf("a random 5x5 board in multi-tile moves: %v; want a *ReachError of kind time", err)
	}
	h0 := ida.Lines(board.Goal(b.Size())).Start(b).H()
	if re.Size != b.Size() || re.Metric != board.MultiTile || re.Bound < h0 || re.Likely < re.Bound || re.Left <= 60 ||
		re.Spent < reachProbe || re.Nodes == 0 || re.Guide == nil || re.Guide.Where != "computed" {
		t.Errorf("the refusal says %+v; want its size, metric, a bound from %d up, an estimate beyond a minute, the time and boards spent, and a computed bound", re, h0)
	}
	if elapsed := time.Since(start); elapsed < reachProbe || iterations.Load() == 0 {
		t.Errorf("refused after %v with %d iterations traced; want the probe of %v first and the caller's trace called", elapsed, iterations.Load(), reachProbe)
	}
	for _, call := range []func(context.Context) error{
		func(ctx context.Context) error { _, err := s.Path(ctx, b); return err },
		func(ctx context.Context) error { _, _, err := s.Hints(ctx, b); return err },
		func(ctx context.Context) error { _, _, err := s.Within(ctx, b, 200); return err },
	} {
		if err := call(context.Background()); !errors.As(err, &re) {
			t.Errorf("a random 5x5 board: %v; want a *ReachError", err)
		}
	}

	// A deadline is the caller's bound: the search goes on until it.
	dctx, cancel := context.WithTimeout(context.Background(), 3*reachProbe)
	defer cancel()
	if _, err := s.Distance(dctx, b); !errors.Is(err, context.DeadlineExceeded) || errors.As(err, &re) {
		t.Errorf("with a deadline: %v; want the deadline's error", err)
	}
	// A context that ends is the caller's own end, not a refusal.
	cctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(reachProbe/5, cancel)
	if _, err := s.Distance(cctx, b); !errors.Is(err, context.Canceled) || errors.As(err, &re) {
		t.Errorf("cancelled: %v; want context.Canceled", err)
	}
	// A board two moves away is answered.
	near, err := board.Goal(b.Size()).AfterLetters("RR")
	if err != nil {
		t.Fatal(err)
	}
	if d, err := s.Distance(context.Background(), near); d != 1 || err != nil {
		t.Errorf("a board one multi-tile move away: %d, %v", d, err)
	}
	if _, err := New(WithReach(-time.Second)); !errors.Is(err, ErrConfig) {
		t.Errorf("a negative reach: %v; want ErrConfig", err)
	}
}
