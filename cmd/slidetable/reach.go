package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/solver"
)

// searchReach is the largest lower bound of a board of more than 16 cells
// that a search guided by a bound computed from the board (no database)
// is sent after without a time limit: beyond it, such a search runs for
// hours or for ever. A random 5x5 board's bound is around 70.
const searchReach = 50

// withinReach refuses, as a usage error, a board the search s would meet
// for b cannot be expected to finish, when no -timeout limits it: a board
// of more than 16 cells without a table or a database for its size, whose
// lower bound is beyond searchReach. It says why and what would work.
func (sf *solverFlags) withinReach(ctx context.Context, s *solver.Solver, b board.Board) error {
	if *sf.timeout > 0 || b.Len() <= 16 {
		return nil
	}
	ans, err := s.Answer(ctx, b.Size())
	if err != nil || ans.Table != nil || ans.Source != nil || ans.Heuristic == nil {
		return nil // a table, or a database, answers
	}
	if ok, err := b.SolvableTo(ans.Goal); err != nil || !ok {
		return nil // the answer says so, at once
	}
	if h := ans.Heuristic.Start(b).H(); h > searchReach {
		return sf.f.failf("this %s board is at least %d moves from the goal, beyond what a search without a pattern database for %s can finish "+
			"(it could run for days): give -timeout (such as -timeout 10m) to search that long anyway, or ask about boards a search can answer, "+
			"such as 'slidetable levels -mode walk -min 30 -max 40 %s'", b.Size(), h, b.Size(), b.Size())
	}
	return nil
}

// noticeAfter is how long a search runs before searchNotice says so.
var noticeAfter = time.Second // a variable for the tests

// searchNotice returns ctx with a trace that says on standard error what a
// search is doing once it has run for noticeAfter, and again at each
// deeper bound it reaches: the board's size, the length below which it
// has found no solution, and the boards looked at. stop ends the notices.
// A search whose time limit is at most twice noticeAfter away gets none.
func searchNotice(ctx context.Context, f *flags) (_ context.Context, stop func()) {
	start := time.Now()
	if d, ok := ctx.Deadline(); ok && d.Sub(start) <= 2*noticeAfter {
		return ctx, func() {} // over soon enough to say nothing
	}
	var (
		mu     sync.Mutex
		b      board.Board
		bound  = -1
		nodes  uint64
		said   = -1 // the bound last said
		late   bool // noticeAfter has passed
		done   bool
		notice = func() { // with mu held
			said = bound
			f.noticef("searching the %s board (%s): no solution of fewer than %d moves; %s boards looked at in %s",
				b.Size(), ctxNote(ctx), bound, human.Group(nodes), time.Since(start).Round(100*time.Millisecond))
		}
	)
	timer := time.AfterFunc(noticeAfter, func() {
		mu.Lock()
		defer mu.Unlock()
		late = true
		if !done && bound >= 0 && bound > said {
			notice()
		}
	})
	ctx = solver.WithTrace(ctx, &solver.Trace{Iteration: func(at board.Board, d int, n uint64) {
		mu.Lock()
		defer mu.Unlock()
		b, nodes = at, n
		bound = max(bound, d)
		if late && !done && bound > said {
			notice()
		}
	}})
	return ctx, func() {
		timer.Stop()
		mu.Lock()
		done = true
		mu.Unlock()
	}
}

// ctxNote says whether the search has a time limit.
func ctxNote(ctx context.Context) string {
	if d, ok := ctx.Deadline(); ok {
		left := time.Until(d)
		if left < 10*time.Second {
			return fmt.Sprintf("time limit in %s", left.Round(100*time.Millisecond))
		}
		return fmt.Sprintf("time limit in %s", left.Round(time.Second))
	}
	return "no time limit; Ctrl-C stops it"
}

// noticef writes a note of the command on standard error: "slidetable
// CMD: note: ...".
func (f *flags) noticef(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fmt.Fprintf(f.stderr, "slidetable %s: note: %s\n", f.name, fmt.Sprintf(format, args...))
}
