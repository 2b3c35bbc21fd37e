package solver

import (
	"context"

	"github.com/slidetable/slidetable/ida"
)

// Trace holds hooks that a search calls as it goes: a program can say
// what a long search is doing (see ida.Trace).
type Trace = ida.Trace

// WithTrace returns a context whose searches, for any question a Solver
// answers by search, call the hooks of t.
func WithTrace(ctx context.Context, t *Trace) context.Context { return ida.WithTrace(ctx, t) }
