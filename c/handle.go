package main

import (
	"context"
	"fmt"
	"maps"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// The kinds of handle, in the top byte of every handle's number, so that
// a number of one kind given for the other is told apart from one that
// is not open.
const (
	tableKind  = uint64('T') << 56
	cancelKind = uint64('C') << 56
	kindMask   = uint64(0xff) << 56
)

// handles are the objects of one kind that C holds by number: numbers
// count up from 1 within the kind and are never reused, so a closed
// handle stays closed. Every call looks its handle up, so the map is
// read without a lock: a new map replaces it when a handle is added or
// removed, which is rare.
type handles[T any] struct {
	kind uint64
	name string // "table", "cancel token": for messages

	mu   sync.Mutex // held by add and remove
	last uint64     // the number of the latest handle within the kind
	m    atomic.Pointer[map[uint64]T]
}

var (
	tables  = &handles[*tableHandle]{kind: tableKind, name: "table"}
	cancels = &handles[*cancelToken]{kind: cancelKind, name: "cancel token"}
)

// add returns the number of a new handle of v.
func (hs *handles[T]) add(v T) uint64 {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	hs.last++
	id := hs.kind | hs.last
	m := hs.copy()
	m[id] = v
	hs.m.Store(&m)
	return id
}

// get returns the object of the handle id.
func (hs *handles[T]) get(id uint64) (T, error) {
	if m := hs.m.Load(); m != nil {
		if v, ok := (*m)[id]; ok {
			return v, nil
		}
	}
	var zero T
	return zero, hs.bad(id)
}

// remove takes the handle id out: later calls find it closed.
func (hs *handles[T]) remove(id uint64) (T, error) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	m := hs.copy()
	v, ok := m[id]
	if !ok {
		return v, hs.bad(id)
	}
	delete(m, id)
	hs.m.Store(&m)
	return v, nil
}

// copy returns a copy of the map of handles, for add and remove to change.
func (hs *handles[T]) copy() map[uint64]T {
	m := map[uint64]T{}
	if old := hs.m.Load(); old != nil {
		maps.Copy(m, *old)
	}
	return m
}

// bad returns the error of a number that is no open handle of the kind.
func (hs *handles[T]) bad(id uint64) error {
	switch {
	case id == 0:
		return statusErrorf(statusHandle, "the %s is 0, which is none", hs.name)
	case id&kindMask == tableKind || id&kindMask == cancelKind:
		if id&kindMask != hs.kind {
			other := "table"
			if hs.kind == tableKind {
				other = "cancel token"
			}
			return statusErrorf(statusHandle, "handle %#x is a %s, not a %s", id, other, hs.name)
		}
		return statusErrorf(statusHandle, "%s %#x is not open (closed, or never opened)", hs.name, id)
	}
	return statusErrorf(statusHandle, "%#x is not a handle of this library", id)
}

// tableHandle is what a slidetable_table stands for: the catalogue that
// answers boards of one size towards one goal in one metric, and the
// solver and game of that catalogue.
type tableHandle struct {
	size   board.Size
	metric board.Metric
	goal   board.Board
	cat    *source.Catalog
	solver *solver.Solver
	answer *source.Answer
	game   func() (*game.Game, error) // made on the first level asked for

	ctx  context.Context // of every call on the table, ended by close
	stop context.CancelCauseFunc

	mu     sync.RWMutex // held for reading by each call, for writing by close
	closed bool
}

// cacheDir is the folder of installed files and proof records, the
// command line's (source.DefaultDir: $SLIDETABLE_CACHE, else slidetable in
// the user's cache folder), or "" if there is none. The environment is
// the one the process had at its first table.
var cacheDir = sync.OnceValue(func() string {
	dir, _ := source.DefaultDir() // "" if there is none
	return dir
})

// sourceOptions are the options of every table's resolvers: the cache
// folder, the readers' default memory limit, warnings kept for
// slidetable_warnings.
func sourceOptions() source.Options {
	return source.Options{Dir: cacheDir(), Warn: func(_ string, err error) { warnings.add(human.Message(err)) }}
}

// openSize returns the table of boards of w x h in the metric m towards
// goal (the standard goal if goal is nil), as the catalogue answers them.
func openSize(ctx context.Context, w, h, m int, goal []byte) (*tableHandle, error) {
	size := board.Size{W: w, H: h}
	if err := size.Validate(); err != nil {
		return nil, err
	}
	metric, err := metricOf(m)
	if err != nil {
		return nil, err
	}
	opts := source.CatalogOptions{Options: sourceOptions()}
	if goal != nil {
		g, err := board.New(size, goal)
		if err != nil {
			return nil, fmt.Errorf("goal: %w", err)
		}
		if g != board.Goal(size) {
			opts.Goals = []board.Board{g}
		}
	}
	cat, err := source.NewCatalog(&opts)
	if err != nil {
		return nil, err
	}
	return newTable(ctx, cat, size, metric)
}

// openFile returns the table of the table or database file at path (a
// pattern or abstraction database), read and proven by a resolver as every
// command does.
func openFile(ctx context.Context, path string) (*tableHandle, error) {
	opts := sourceOptions()
	src, err := source.NewResolver(&opts).Open(ctx, path)
	if err != nil {
		return nil, fileError(err)
	}
	cat, err := source.NewCatalog(&source.CatalogOptions{Options: opts, Given: []*source.Source{src}})
	if err != nil {
		src.Close()
		return nil, err
	}
	// The file answers in its own metric: a table's, or the one whose
	// moves a database's entries bound.
	return newTable(ctx, cat, src.Size(), src.Metric())
}

// metricOf returns the metric of the number m, SLIDETABLE_SINGLE or
// SLIDETABLE_MULTI.
func metricOf(m int) (board.Metric, error) {
	switch m {
	case 0:
		return board.SingleTile, nil
	case 1:
		return board.MultiTile, nil
	}
	return 0, fmt.Errorf("%w %d: want SLIDETABLE_SINGLE (0) or SLIDETABLE_MULTI (1)", board.ErrMetric, m)
}

// newTable returns the table of what cat answers for size in the metric,
// found and proven now; it closes cat if it fails.
func newTable(ctx context.Context, cat *source.Catalog, size board.Size, metric board.Metric) (*tableHandle, error) {
	s, err := solver.New(solver.WithCatalog(cat), solver.WithMetric(metric))
	if err != nil {
		cat.Close()
		return nil, err
	}
	ans, err := s.Answer(ctx, size)
	if err != nil {
		cat.Close()
		return nil, err
	}
	h := &tableHandle{size: size, metric: metric, goal: ans.Goal, cat: cat, solver: s, answer: ans}
	h.game = sync.OnceValues(func() (*game.Game, error) {
		return game.FromCatalog(cat, &game.CatalogOptions{AnySize: true})
	})
	h.ctx, h.stop = context.WithCancelCause(context.Background())
	return h, nil
}

// acquire returns the open table id for a call, which must release it.
func acquire(id uint64) (*tableHandle, error) {
	h, err := tables.get(id)
	if err != nil {
		return nil, err
	}
	h.mu.RLock()
	if h.closed {
		h.mu.RUnlock()
		return nil, tables.bad(id)
	}
	return h, nil
}

// release ends a call on h.
func (h *tableHandle) release() { h.mu.RUnlock() }

// closeTable closes the table id: it ends the calls on it still working,
// waits for every call to return, and releases the catalogue's files.
func closeTable(id uint64) error {
	h, err := tables.remove(id)
	if err != nil {
		return err
	}
	h.stop(errClosed)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	return h.cat.Close()
}

// cancelToken is what a slidetable_cancel stands for.
type cancelToken struct {
	ctx  context.Context
	fire context.CancelCauseFunc
}

// newCancel returns a new cancel token's handle.
func newCancel() uint64 {
	ctx, fire := context.WithCancelCause(context.Background())
	return cancels.add(&cancelToken{ctx: ctx, fire: fire})
}

// fireCancel fires the token id.
func fireCancel(id uint64) error {
	c, err := cancels.get(id)
	if err != nil {
		return err
	}
	c.fire(errFired)
	return nil
}

// freeCancel fires the token id and forgets it.
func freeCancel(id uint64) error {
	c, err := cancels.remove(id)
	if err != nil {
		return err
	}
	c.fire(errFired)
	return nil
}

// maxTimeoutMS bounds timeout_ms: 7 days, the command line's bound on
// -timeout (SLIDETABLE_MAX_TIMEOUT_MS).
const maxTimeoutMS = 7 * 24 * 3600 * 1000

// timeoutError is the cause of a call's end when its time limit runs out.
type timeoutError struct{ limit time.Duration }

func (e *timeoutError) Error() string {
	return fmt.Sprintf("the time limit of %s ran out before the answer", e.limit)
}
func (e *timeoutError) Unwrap() error { return context.DeadlineExceeded }

// callContext returns the context of a call that may search or prove,
// from parent: bounded by timeoutMS milliseconds (0: no bound) and ended
// by the cancel token (0: none). done releases it.
func callContext(parent context.Context, timeoutMS int64, cancel uint64) (ctx context.Context, done func(), err error) {
	if err := checkTimeout(timeoutMS); err != nil {
		return nil, nil, err
	}
	ctx, done = parent, func() {}
	if cancel != 0 {
		tok, err := cancels.get(cancel)
		if err != nil {
			return nil, nil, err
		}
		if tok.ctx.Err() != nil {
			return nil, nil, context.Cause(tok.ctx)
		}
		var end context.CancelCauseFunc
		ctx, end = context.WithCancelCause(ctx)
		unhook := context.AfterFunc(tok.ctx, func() { end(context.Cause(tok.ctx)) })
		done = func() { unhook(); end(nil) }
	}
	if timeoutMS > 0 {
		limit := time.Duration(timeoutMS) * time.Millisecond
		var end context.CancelFunc
		ctx, end = context.WithTimeoutCause(ctx, limit, &timeoutError{limit})
		outer := done
		done = func() { end(); outer() }
	}
	return ctx, done, nil
}

// quickContext returns the context of a call that a table answers with
// lookups, which cannot run long: the table's, if timeoutMS is in bounds
// and the cancel token (if any) is open and not fired.
func (h *tableHandle) quickContext(timeoutMS int64, cancel uint64) (context.Context, error) {
	if err := checkTimeout(timeoutMS); err != nil {
		return nil, err
	}
	if cancel != 0 {
		tok, err := cancels.get(cancel)
		if err != nil {
			return nil, err
		}
		if tok.ctx.Err() != nil {
			return nil, context.Cause(tok.ctx)
		}
	}
	return h.ctx, nil
}

// checkTimeout checks a timeout_ms argument.
func checkTimeout(ms int64) error {
	if ms < 0 || ms > maxTimeoutMS {
		return statusErrorf(statusArgument, "timeout_ms %d: want 0 (no limit) to %d (7 days)", ms, maxTimeoutMS)
	}
	return nil
}

// warnings are what the resolvers passed over (source.Options.Warn),
// each said once, for slidetable_warnings.
var warnings warningList

// maxWarnings bounds the warnings kept.
const maxWarnings = 64

type warningList struct {
	mu   sync.Mutex
	msgs []string
	seen map[string]bool
}

func (w *warningList) add(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.seen[msg] || len(w.msgs) >= maxWarnings {
		return
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	w.seen[msg] = true
	w.msgs = append(w.msgs, msg)
}

// text returns the warnings, one a line.
func (w *warningList) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var s string
	for _, m := range w.msgs {
		s += m + "\n"
	}
	return s
}
