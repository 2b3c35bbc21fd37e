package ida

import (
	"context"

	"github.com/slidetable/slidetable/board"
)

// Trace holds hooks that a search calls as it goes, for a program that
// says what a long search is doing (this package never prints). It rides
// on the search's context (see WithTrace), as net/http/httptrace's hooks
// ride on a request's, so that it reaches the search through any layer
// that passes the context on.
type Trace struct {
	// Iteration, if set, is called before each iteration of a search of
	// b: bound is the length the iteration searches to, which no shorter
	// solution exists below once the iteration before has ended without
	// one, and nodes the boards the search has generated so far. It is
	// called on the search's goroutine and must return quickly.
	Iteration func(b board.Board, bound int, nodes uint64)
}

type traceKey struct{}

// WithTrace returns a context whose searches call the hooks of t.
func WithTrace(ctx context.Context, t *Trace) context.Context {
	return context.WithValue(ctx, traceKey{}, t)
}

// iterationHook returns the Iteration hook of ctx's trace, or nil.
func iterationHook(ctx context.Context) func(board.Board, int, uint64) {
	t := TraceOf(ctx)
	if t == nil {
		return nil
	}
	return t.Iteration
}

// TraceOf returns the trace whose hooks ctx's searches call, or nil: a
// caller that adds hooks of its own calls these too.
func TraceOf(ctx context.Context) *Trace {
	t, _ := ctx.Value(traceKey{}).(*Trace)
	return t
}
