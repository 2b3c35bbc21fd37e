package parallel

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// counter returns a next that gives 0, 1, ..., n-1, then fails with err
// (if not nil) or ends.
func counter(n int, err error) func(context.Context) (int, bool, error) {
	i := 0
	return func(context.Context) (int, bool, error) {
		if i == n {
			return 0, false, err
		}
		i++
		return i - 1, true, nil
	}
}

// jitter squares i after a short random delay, so results finish out of
// order.
func jitter(_ context.Context, i int) (int, error) {
	time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
	return i * i, nil
}

func TestOrderedKeepsOrder(t *testing.T) {
	var got []int
	idles := 0
	err := Ordered(context.Background(), 4, counter(500, nil), jitter,
		func(r int, err error) error {
			if err != nil {
				return err
			}
			got = append(got, r)
			return nil
		},
		func() error { idles++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 500 {
		t.Fatalf("%d results, want 500", len(got))
	}
	for i, r := range got {
		if r != i*i {
			t.Fatalf("result %d is %d, want %d", i, r, i*i)
		}
	}
	if idles == 0 {
		t.Error("idle never called, though results were awaited")
	}
}

func TestOrderedNextError(t *testing.T) {
	bad := errors.New("line 8: not a board")
	var got []int
	err := Ordered(context.Background(), 3, counter(7, bad), jitter,
		func(r int, err error) error {
			if err != nil {
				return err
			}
			got = append(got, r)
			return nil
		}, nil)
	if err != bad || len(got) != 7 {
		t.Fatalf("err %v after %d results, want %v after all 7", err, len(got), bad)
	}
}

func TestOrderedStop(t *testing.T) {
	n := 0
	err := Ordered(context.Background(), 2, counter(1_000_000, nil), jitter,
		func(int, error) error {
			if n++; n == 10 {
				return ErrStop
			}
			return nil
		}, nil)
	if err != nil || n != 10 {
		t.Fatalf("err %v after %d results, want nil after 10", err, n)
	}
}

func TestOrderedWorkError(t *testing.T) {
	err := Ordered(context.Background(), 2, counter(100, nil),
		func(_ context.Context, i int) (int, error) {
			if i == 42 {
				return 0, fmt.Errorf("item %d", i)
			}
			return i, nil
		},
		func(r int, err error) error { return err }, nil)
	if err == nil || err.Error() != "item 42" {
		t.Fatalf("got %v, want item 42", err)
	}
}

func TestOrderedContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := Ordered(ctx, 2, counter(1_000_000, nil), jitter,
		func(int, error) error {
			if n++; n == 5 {
				cancel()
			}
			return nil
		}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// TestOrderedAhead requires OrderedAhead to work on up to ahead items past
// one whose work is slow: the first item's work waits until 20 items
// after it are done, which Ordered's 2*workers in flight would never
// reach.
func TestOrderedAhead(t *testing.T) {
	const workers, after = 2, 20
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var done atomic.Int64
	enough := make(chan struct{})
	work := func(ctx context.Context, i int) (int, error) {
		if i == 0 {
			select {
			case <-enough:
			case <-ctx.Done():
				return 0, ctx.Err()
			}
			return 0, nil
		}
		if done.Add(1) == after {
			close(enough)
		}
		return i, nil
	}
	n := 0
	err := OrderedAhead(ctx, workers, after+workers, counter(50, nil), work, func(r int, err error) error {
		if err != nil {
			return err
		}
		if r != n {
			return fmt.Errorf("result %d in place %d", r, n)
		}
		n++
		return nil
	}, nil)
	if err != nil || n != 50 {
		t.Fatalf("%d results, %v; want 50 and no error", n, err)
	}
}
