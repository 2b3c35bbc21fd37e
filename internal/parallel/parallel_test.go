package parallel

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

func TestChunksCoversOnce(t *testing.T) {
	for _, tc := range []struct {
		n, chunk uint64
		workers  int
	}{{0, 4, 2}, {1, 4, 2}, {10, 3, 1}, {10, 3, 4}, {1000, 7, 0}, {64, 64, 3}, {65, 64, 3}, {5, 0, 2}} {
		t.Run(fmt.Sprint(tc), func(t *testing.T) {
			seen := make([]atomic.Int32, tc.n)
			var calls atomic.Int32
			err := Chunks(context.Background(), tc.workers, tc.n, tc.chunk, func(lo, hi uint64) error {
				calls.Add(1)
				if lo >= hi || hi > tc.n || hi-lo > max(tc.chunk, 1) {
					return fmt.Errorf("bad range [%d, %d)", lo, hi)
				}
				for i := lo; i < hi; i++ {
					seen[i].Add(1)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for i := range seen {
				if got := seen[i].Load(); got != 1 {
					t.Fatalf("element %d visited %d times", i, got)
				}
			}
			if want := (tc.n + max(tc.chunk, 1) - 1) / max(tc.chunk, 1); uint64(calls.Load()) != want {
				t.Fatalf("%d calls, want %d", calls.Load(), want)
			}
		})
	}
}

func TestLowestError(t *testing.T) {
	// Chunks 3 and 7 of 0..99 fail, on many workers: always chunk 3's error.
	for range 50 {
		err := For(context.Background(), 8, 100, func(i int) error {
			if i == 3 || i == 7 {
				return fmt.Errorf("chunk %d", i)
			}
			return nil
		})
		if err == nil || err.Error() != "chunk 3" {
			t.Fatalf("got %v, want chunk 3", err)
		}
	}
}

func TestStopsAfterError(t *testing.T) {
	var calls atomic.Int32
	err := For(context.Background(), 1, 1000, func(i int) error {
		calls.Add(1)
		if i == 5 {
			return errors.New("stop")
		}
		return nil
	})
	if err == nil || calls.Load() != 6 {
		t.Fatalf("err %v after %d calls, want an error after 6", err, calls.Load())
	}
}

func TestContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int32
	err := For(ctx, 2, 1000, func(i int) error {
		if calls.Add(1) == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if c := calls.Load(); c >= 1000 {
		t.Fatalf("%d calls after cancel", c)
	}
}
