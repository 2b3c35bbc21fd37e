package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// searchReach is how long a search asked for without -timeout may be
// expected to take: one expected to take longer is refused, a few
// seconds in, with what would work (solver.WithReach).
const searchReach = time.Minute

// outOfReach turns the refusal of a search expected to take longer than
// searchReach into the command's failure, which says what would work:
// -timeout, to search that long anyway, or a database to build, where
// one would guide the search of boards towards goal better than what
// did. Other errors are returned as they are.
func (sf *solverFlags) outOfReach(err error, goal board.Board) error {
	var re *solver.ReachError
	if !errors.As(err, &re) {
		return err
	}
	msg := fmt.Sprintf("%s: give -timeout (such as -timeout 1h) to search that long anyway", userMessage(re))
	if build := buildHint(goal, re); build != "" {
		msg += ", or " + build
	}
	return &commandError{cmd: sf.f.name, err: errors.New(msg)}
}

// buildHint says how to build a database that guides the search of
// boards towards goal better than re's did (a computed bound, or a
// database built in), or "" if no build makes one.
func buildHint(goal board.Board, re *solver.ReachError) string {
	if re.Guide == nil || re.Guide.Where != source.Computed.String() && re.Guide.Where != source.Builtin.String() {
		return ""
	}
	kind, err := source.BuildKind(goal, re.Metric)
	if err != nil || kind.Exact() {
		return ""
	}
	metric := ""
	if re.Metric == board.MultiTile {
		metric = "-metric multi "
	}
	what := "a " + kind.String()
	if strings.IndexByte("aeiou", what[2]) >= 0 {
		what = "an" + what[1:]
	}
	if re.Guide.Where == source.Builtin.String() {
		what = "the large " + kind.String()
	}
	size := goal.Size()
	if goal != board.Goal(size) {
		return fmt.Sprintf("build %s for this goal first ('slidetable build %s-goal \"%s\" -o FILE %s', then give -table FILE)", what, metric, goal, size)
	}
	return fmt.Sprintf("build %s first ('slidetable build %s-install %s'), which later searches of %s use", what, metric, size, size)
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
