package levels

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/published"
)

// Solver finds whether a board is within limit moves of the goal, and
// then a shortest solution, in moves of its metric; *solver.Solver is one.
type Solver interface {
	Within(ctx context.Context, b board.Board, limit int) ([]uint8, bool, error)
	Metric() board.Metric
}

// SearchOptions changes how Search works. A nil *SearchOptions means the
// zero value.
type SearchOptions struct {
	// Workers is the number of boards solved at once; 0 means one a core.
	Workers int
	// MaxDraws stops the search, with ErrNotFound, after that many boards
	// drawn; 0 means no limit but the context's.
	MaxDraws uint64
	// Progress, if set, is called after each board is solved, in the
	// order of the draws, from one goroutine at a time.
	Progress func(SearchProgress)
	// Found, if set, is called with each board kept, in the order of the
	// draws, as soon as every earlier draw is decided, from one goroutine
	// at a time.
	Found func(Level)
}

// SearchProgress is how far Search has got.
type SearchProgress struct {
	Solved uint64 // boards drawn and decided, in draw order
	Kept   int    // boards kept
}

// Search returns n distinct boards drawn uniformly among those that can
// reach goal (gen.UniformTo) whose exact distance, found by s, lies in
// [lo, hi], for sizes with no table: it draws boards one after another,
// solves them on Workers goroutines, each search cut off at hi, and keeps
// the first n in range in the order they were drawn, so the result
// depends only on r's state, not on timing. The boards are uniform among
// the qualifying ones, as Sample's; they cost about R/Q solves each, for
// R reachable boards of which Q qualify, which is hopeless for a range
// uniform boards almost never hit (see Rare).
//
// It fails with ErrRange if lo > hi, hi < 0 or lo is beyond the largest
// distance there is (published.MaxDistance), ErrCount if n < 1, ErrNotFound after
// MaxDraws draws, and with ctx's error if ctx ends first; in the last two
// cases it also returns the boards it kept. It uses r from one goroutine
// and not after it returns.
func Search(ctx context.Context, s Solver, r *rand.Rand, goal board.Board, lo, hi, n int, opts *SearchOptions) ([]Level, error) {
	if goal.IsZero() {
		return nil, fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	m, exact := published.MaxDistance(goal.Size(), s.Metric())
	if _, err := CheckRange(goal.Size(), lo, hi, m, exact); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("%w: %d", ErrCount, n)
	}
	if opts == nil {
		opts = &SearchOptions{}
	}
	var (
		drawn  uint64
		solved uint64
		out    = make([]Level, 0, min(n, 1<<16))
		kept   = make(map[board.Board]struct{})
	)
	// Draw boards in order (r is used by next alone), solve them on the
	// workers, and decide them in the order drawn.
	next := func(context.Context) (board.Board, bool, error) {
		if opts.MaxDraws != 0 && drawn == opts.MaxDraws {
			return board.Board{}, false, nil
		}
		drawn++
		b, err := gen.UniformTo(r, goal)
		return b, err == nil, err
	}
	type outcome struct {
		b      board.Board
		path   []uint8
		within bool
	}
	work := func(ctx context.Context, b board.Board) (outcome, error) {
		p, ok, err := s.Within(ctx, b, max(hi, 0))
		return outcome{b, p, ok}, err
	}
	decide := func(res outcome, err error) error {
		if err != nil {
			if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
				return ctx.Err()
			}
			return err
		}
		solved++
		if d := len(res.path); res.within && d >= lo {
			if _, dup := kept[res.b]; !dup {
				kept[res.b] = struct{}{}
				lv := Level{Board: res.b, Distance: d}
				out = append(out, lv)
				if opts.Found != nil {
					opts.Found(lv)
				}
			}
		}
		if opts.Progress != nil {
			opts.Progress(SearchProgress{Solved: solved, Kept: len(out)})
		}
		if len(out) == n {
			return parallel.ErrStop
		}
		return nil
	}
	if err := parallel.Ordered(ctx, opts.Workers, next, work, decide, nil); err != nil {
		return out, err
	}
	if len(out) == n {
		return out, nil
	}
	return out, fmt.Errorf("%w: %d of %d boards at distances %d..%d of %s in %d uniform draws", ErrNotFound, len(out), n, lo, hi, goal.Size(), opts.MaxDraws)
}
