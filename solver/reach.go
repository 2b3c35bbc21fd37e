package solver

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/source"
)

// ErrOutOfReach reports a search that a Solver made WithReach refused as
// expected to take longer than its reach. Its kind is failure.Time, as
// for a search its context's deadline stopped; the error is a
// *ReachError, which says what was expected and why.
var ErrOutOfReach = failure.New(failure.Time, "solver: the search is out of reach")

// ReachError reports a search refused for what it was expected to cost
// (WithReach). It wraps ErrOutOfReach.
type ReachError struct {
	Size   board.Size
	Metric board.Metric
	// Bound is the length below which the search found no solution: the
	// board lies at least Bound moves from the goal.
	Bound int
	// Likely is the distance the estimate took the board to lie at: the
	// lower quartile, by the heuristic's strength (ida.Strength), of the
	// distances of the boards of its first bound that lie at least Bound
	// moves away.
	Likely int
	// Left is how long the rest of the search was expected to take, at
	// the rate it went, in seconds (+Inf beyond any duration).
	Left float64
	// Spent is how long the search ran, and Nodes the boards it
	// generated, before it was refused.
	Spent time.Duration
	Nodes uint64
	// Guide is what guided the search, as the answers describe it
	// (source.Answer.Describe): a database built in, installed or given,
	// or a bound computed from the board, where a database may bring
	// boards of the size within reach.
	Guide *api.Source
}

func (e *ReachError) Error() string {
	metric := ""
	if e.Metric == board.MultiTile {
		metric = " multi-tile"
	}
	return fmt.Sprintf("solver: the search of this %s board would take %s more (it lies at least %d%s moves from the goal, likely about %d; %s boards searched in %s)",
		e.Size, human.About(e.Left), e.Bound, metric, e.Likely, human.Group(e.Nodes), e.Spent.Round(100*time.Millisecond))
}

// Unwrap returns ErrOutOfReach.
func (e *ReachError) Unwrap() error { return ErrOutOfReach }

// WithReach refuses, with a *ReachError, a search expected to take longer
// than limit, where no deadline bounds it (a context with a deadline is
// searched until it, as its caller asked). A limit of 0, the default,
// refuses none.
//
// No search tells how far a board lies before it ends, so the refusal
// rests on an estimate. A search runs for a probe of a few seconds first,
// whose iterations (the bound each searched to, the boards it generated,
// the time it took) give the search's growth from one bound to the next
// and its rate; the distance it must reach is taken to be the lower
// quartile of the distances of the boards of the same first bound that
// lie beyond the bound reached, by the strength of the heuristic
// (ida.Strength). If the rest is then expected to take longer than
// limit, the search stops; likewise at each later iteration, as the bound
// rises and the estimate with it. The estimate errs towards going on,
// and the search towards its end: an iteration costs several times the
// one before, so a search that goes on runs for a few times limit at
// most, and one refused has spent a few seconds, or its iterations up to
// the one expected to take longer than limit.
func WithReach(limit time.Duration) Option {
	return func(c *config) error {
		if limit < 0 {
			return fmt.Errorf("%w: reach %v", ErrConfig, limit)
		}
		c.reach = limit
		return nil
	}
}

// reachProbe is how long a search runs before its cost is first
// estimated: a variable for the tests.
var reachProbe = 2 * time.Second

// watch returns ctx for a search of b by ans, and the function to call
// with the search's error when it ends, which gives the *ReachError of a
// search refused. Where nothing is watched (no reach, a table, a
// deadline) it returns ctx as it is. all says that the search's last
// iteration goes on to its end (Hints); limit is the length a search
// stops at (Within), or -1.
func (s *Solver) watch(ctx context.Context, b board.Board, ans *source.Answer, all bool, limit int) (context.Context, func(error) error) {
	if s.reach <= 0 || ans.Quick(b) {
		return ctx, noWatch
	}
	if _, ok := ctx.Deadline(); ok {
		return ctx, noWatch
	}
	h, err := ans.Bound(ctx)
	if err != nil {
		return ctx, noWatch // the search fails so too
	}
	ctx, cancel := context.WithCancelCause(ctx)
	r := &reach{
		limit:    s.reach.Seconds(),
		strength: ida.StrengthOf(h),
		size:     b.Size(),
		metric:   ans.Metric,
		all:      all,
		stop:     limit,
		guide:    ans.Describe(),
		cancel:   cancel,
		start:    time.Now(),
	}
	if t := ida.TraceOf(ctx); t != nil {
		r.outer = t.Iteration
	}
	ctx = ida.WithTrace(ctx, &ida.Trace{Iteration: r.iteration})
	r.timer = time.AfterFunc(reachProbe, func() { r.check(time.Since(r.start)) })
	return ctx, func(err error) error {
		r.timer.Stop()
		cause := context.Cause(ctx)
		cancel(nil)
		if re := (*ReachError)(nil); err != nil && errors.As(cause, &re) {
			return re
		}
		return err
	}
}

func noWatch(err error) error { return err }

// reach watches one search: it keeps the search's iterations and refuses
// the search, by cancelling its context with a *ReachError, once the rest
// of it is expected to take longer than limit.
type reach struct {
	limit    float64 // seconds
	strength ida.Strength
	size     board.Size
	metric   board.Metric
	all      bool
	stop     int // the bound the search stops at, or -1
	guide    *api.Source
	outer    func(board.Board, int, uint64) // the hook of the caller's trace, or nil
	cancel   context.CancelCauseFunc
	start    time.Time
	timer    *time.Timer

	mu      sync.Mutex
	iters   []iteration
	refused bool
}

// iteration is one iteration of the search watched: the bound it searches
// to, the boards generated before it, and when it started.
type iteration struct {
	bound int
	nodes uint64
	at    time.Duration
}

// iteration is the search's Iteration hook.
func (r *reach) iteration(b board.Board, bound int, nodes uint64) {
	now := time.Since(r.start)
	r.mu.Lock()
	r.iters = append(r.iters, iteration{bound: bound, nodes: nodes, at: now})
	r.mu.Unlock()
	if now >= reachProbe {
		r.check(now)
	}
	if r.outer != nil {
		r.outer(b, bound, nodes)
	}
}

// check refuses the search if its rest, at now, is expected to take
// longer than the limit.
func (r *reach) check(now time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refused || len(r.iters) == 0 {
		return
	}
	left, likely := r.estimate(now)
	if left <= r.limit {
		return
	}
	r.refused = true
	last := r.iters[len(r.iters)-1]
	r.cancel(&ReachError{Size: r.size, Metric: r.metric, Bound: last.bound, Likely: likely, Left: left, Spent: now, Nodes: last.nodes, Guide: r.guide})
}

// Growths per move of the bound that an estimate takes where the search
// has not yet shown its own: about those of random 4x4 and 5x5 boards.
const (
	singleGrowth = 2.0
	multiGrowth  = 3.0
	// growthNodes is the fewest boards of an iteration whose growth over
	// the one before counts: smaller ones are mostly noise.
	growthNodes = 10000
	// rateTime is the shortest iteration whose rate counts on its own;
	// below, the rate of the whole search so far does.
	rateTime = 50 * time.Millisecond
)

// estimate returns how long, in seconds from now, the rest of the search
// is expected to take, and the distance it takes the board to lie at.
// r.mu is held; r.iters is not empty.
func (r *reach) estimate(now time.Duration) (left float64, likely int) {
	its := r.iters
	cur := its[len(its)-1] // running since cur.at
	done := its[:len(its)-1]
	step, growth := 1, multiGrowth
	if r.metric == board.SingleTile {
		step, growth = 2, singleGrowth
	}
	if len(done) > 0 {
		step = max(cur.bound-done[len(done)-1].bound, 1)
	}
	// nodes(i) is the boards finished iteration i generated.
	nodes := func(i int) float64 { return float64(its[i+1].nodes - its[i].nodes) }
	if n := len(done); n >= 2 && nodes(n-2) >= growthNodes {
		growth = math.Pow(nodes(n-1)/nodes(n-2), 1/float64(its[n-1].bound-its[n-2].bound))
		growth = min(max(growth, 1.2), 50)
	}
	// cost is what the iteration at cur.bound is expected to take, in
	// seconds: from the boards of the last finished one and the rate.
	running := (now - cur.at).Seconds()
	cost := running
	if n := len(done); n > 0 && cur.nodes > 0 {
		rate := float64(cur.nodes) / cur.at.Seconds() // boards a second
		if t := its[n].at - its[n-1].at; t >= rateTime {
			rate = nodes(n-1) / t.Seconds()
		}
		cost = max(cost, nodes(n-1)*math.Pow(growth, float64(cur.bound-its[n-1].bound))/rate)
	}
	likely = r.likely(its[0].bound, cur.bound, step)
	// The last iteration ends at its first solution, on average halfway,
	// or goes through for every optimal move.
	last := 0.5
	if r.all {
		last = 1
	}
	if likely <= cur.bound {
		return max(last*cost-running, 0), likely
	}
	left = cost - running
	for d := cur.bound + step; d <= likely; d += step {
		c := cost * math.Pow(growth, float64(d-cur.bound))
		if d+step > likely {
			c *= last
		}
		left += c
	}
	return left, likely
}

// likely returns the distance the estimate takes a board to lie at whose
// first bound is h0 and which lies at least bound moves away: the lower
// quartile of the distances of such boards by the heuristic's strength,
// on the bounds the search goes through (bound and every step above), no
// farther than the search goes.
func (r *reach) likely(h0, bound, step int) int {
	d := bound
	if h0 > 0 {
		p := r.strength.Fraction(float64(bound) / float64(h0))
		d = int(math.Ceil(r.strength.Quantile(p+(1-p)/4) * float64(h0)))
	}
	if r.stop >= 0 {
		d = min(d, r.stop)
	}
	if d <= bound {
		return bound
	}
	return bound + (d-bound+step-1)/step*step
}
