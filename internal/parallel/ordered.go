package parallel

import (
	"context"
	"runtime"
	"sync"

	"github.com/slidetable/slidetable/failure"
)

// ErrStop is the error emit returns to Ordered to end early, with no error.
var ErrStop = failure.New(failure.Internal, "parallel: stop")

// Ordered is a pool of workers that keeps order: it takes items from next,
// computes work on each on up to workers goroutines (0 or less means
// runtime.GOMAXPROCS(0)), and hands each result to emit in the order of
// the items, whatever order they finish in. At most about 2*workers items
// are in flight at once, so memory does not grow with the input.
//
// next is called from one goroutine, in turn, with a context that ends when
// Ordered does; it returns the next item and true, or false at the end. An
// error from next ends the items and goes to emit in its place, after the
// results of the items before it. work is called concurrently. emit and
// idle are called from the goroutine that called Ordered: emit with each
// result; idle, if not nil, each time before Ordered waits for the next
// result (to flush output, say). If emit or idle returns an error, or ctx
// ends, Ordered stops: it cancels the context of next and work, waits for
// them to return, and returns that error (nil for ErrStop) or ctx's.
func Ordered[T, R any](ctx context.Context, workers int,
	next func(context.Context) (T, bool, error),
	work func(context.Context, T) (R, error),
	emit func(R, error) error,
	idle func() error) error {
	return OrderedAhead(ctx, workers, 0, next, work, emit, idle)
}

// OrderedAhead is Ordered with up to about ahead items in flight, and no
// fewer than 2*workers: while an item whose work takes long waits to be
// emitted, the other workers go on with up to ahead items after it. Items
// and results of little memory can afford many, so that one slow item
// does not leave cores idle.
func OrderedAhead[T, R any](ctx context.Context, workers, ahead int,
	next func(context.Context) (T, bool, error),
	work func(context.Context, T) (R, error),
	emit func(R, error) error,
	idle func() error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type result struct {
		r   R
		err error
	}
	type slot struct {
		item T
		res  chan result // one result, buffered
	}
	ctx, cancel := context.WithCancel(ctx)
	jobs := make(chan *slot)
	order := make(chan *slot, max(ahead, 2*workers)) // the items in flight, in order
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	wg.Go(func() {
		defer close(jobs)
		defer close(order)
		for {
			item, ok, err := next(ctx)
			if !ok && err == nil {
				return
			}
			s := &slot{item: item, res: make(chan result, 1)}
			if err != nil {
				s.res <- result{err: err}
			}
			select {
			case order <- s:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
			select {
			case jobs <- s:
			case <-ctx.Done():
				return
			}
		}
	})
	for range workers {
		wg.Go(func() {
			for s := range jobs {
				r, err := work(ctx, s.item)
				s.res <- result{r, err}
			}
		})
	}
	for {
		s, ok, err := receive(ctx, order, idle)
		if err != nil {
			return err
		}
		if !ok {
			return ctx.Err()
		}
		res, _, err := receive(ctx, s.res, idle)
		if err != nil {
			return err
		}
		if err := emit(res.r, res.err); err != nil {
			if err == ErrStop {
				return nil
			}
			return err
		}
	}
}

// receive returns the next value of c, calling idle first if it has to
// wait for it, or ctx's error if ctx ends while it waits.
func receive[V any](ctx context.Context, c <-chan V, idle func() error) (V, bool, error) {
	select {
	case v, ok := <-c:
		return v, ok, nil
	default:
	}
	if idle != nil {
		if err := idle(); err != nil {
			var zero V
			return zero, false, err
		}
	}
	select {
	case v, ok := <-c:
		return v, ok, nil
	case <-ctx.Done():
		var zero V
		return zero, false, ctx.Err()
	}
}
