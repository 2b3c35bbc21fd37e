package parallel

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Chunks calls f(lo, hi) for the consecutive ranges [lo, hi) of [0, n),
// each of chunk elements except perhaps the last, on up to workers
// goroutines (0 or less means runtime.GOMAXPROCS(0)), and waits for them.
// Calls run concurrently, so f must be safe for that; chunks are claimed
// in increasing order.
//
// Once a call has returned an error or ctx is done, no new call starts.
// Chunks returns nil if every call returned nil, otherwise the error of
// the failing chunk with the lowest lo (ctx.Err() for a chunk not started
// because ctx was done). Every chunk below a failing one has been claimed
// before it, so that is the lowest failing chunk of the whole range.
func Chunks(ctx context.Context, workers int, n, chunk uint64, f func(lo, hi uint64) error) error {
	if n == 0 {
		return nil
	}
	chunk = max(chunk, 1)
	count := (n-1)/chunk + 1
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		next    atomic.Uint64 // the next chunk to claim
		stop    atomic.Bool   // a call failed: claim no more
		mu      sync.Mutex
		first   = count // the lowest failing chunk
		err     error
		wg      sync.WaitGroup
		failure = func(c uint64, e error) {
			stop.Store(true)
			mu.Lock()
			if c < first {
				first, err = c, e
			}
			mu.Unlock()
		}
	)
	for range min(uint64(workers), count) {
		wg.Go(func() {
			for !stop.Load() {
				c := next.Add(1) - 1
				if c >= count {
					return
				}
				if e := ctx.Err(); e != nil {
					failure(c, e)
					return
				}
				lo := c * chunk
				if e := f(lo, min(lo+chunk, n)); e != nil {
					failure(c, e)
					return
				}
			}
		})
	}
	wg.Wait()
	return err
}

// For calls f(i) for every i in [0, count) on up to workers goroutines
// (0 or less means runtime.GOMAXPROCS(0)): Chunks with chunks of one.
func For(ctx context.Context, workers, count int, f func(i int) error) error {
	if count <= 0 {
		return nil
	}
	return Chunks(ctx, workers, uint64(count), 1, func(lo, _ uint64) error { return f(int(lo)) })
}
