package server_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/server"
)

// cheap is a request for a 3x3 distance, on a connection of its own.
const cheap = "GET /api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"

// TestNonReaders holds as many connections as the server allows (8),
// each asking for slidetable.wasm (7.7 MB) with a small receive window
// and reading nothing, another opened whenever the server resets one,
// and, once the server writes to every one, two clients ask 40 cheap distances, each on a new connection:
// every one must be answered 200, as the server sheds the connections
// stuck writing. The latencies are logged.
func TestNonReaders(t *testing.T) {
	if !smallWindows {
		t.Skip("no way to shrink a receive window here")
	}
	const conns, clients, requests = 8, 2, 40
	addr := runServer(t, newServer(t, &server.Options{MaxConns: conns}))

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	var up, dials atomic.Int64
	for range conns {
		wg.Go(func() { holdNonReader(ctx, addr, &up, &dials) })
	}
	for deadline := time.Now().Add(2 * time.Minute); up.Load() < conns; sleep(ctx, 10*time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the server writes to %d of %d non-readers after 2 minutes", up.Load(), conns)
		}
	}
	took, errs := askAll(addr, clients, requests, nil)
	for i, err := range errs {
		if i == 10 {
			t.Errorf("... %d failed in all", len(errs))
			break
		}
		t.Error(err)
	}
	t.Logf("%d cheap requests from %d clients beside %d non-readers: %d failed; %s; %d non-reading connections made",
		requests, clients, conns, len(errs), latencies(took), dials.Load())
}

// holdNonReader keeps one connection that asks for slidetable.wasm and
// reads nothing, and opens another when the server resets it, until ctx
// ends; up counts the connections the server writes to.
func holdNonReader(ctx context.Context, addr string, up, dials *atomic.Int64) {
	for ctx.Err() == nil {
		c, err := dialSmallWindow(ctx, addr)
		if err != nil {
			sleep(ctx, 50*time.Millisecond)
			continue
		}
		dials.Add(1)
		if _, err := io.WriteString(c, "GET /slidetable.wasm HTTP/1.1\r\nHost: a\r\n\r\n"); err == nil {
			// Up once the answer comes: the server is writing it.
			for !hasBytes(c) && !wasReset(c) && sleep(ctx, 10*time.Millisecond) {
			}
			up.Add(1)
			for !wasReset(c) && sleep(ctx, 10*time.Millisecond) {
			}
			up.Add(-1)
		}
		c.Close()
	}
}

// TestManyIdle (SLIDETABLE_LONG=1) holds 1,100 keep-alive connections
// idle after a request, another opened whenever the server closes one,
// against a server that keeps at most 927 (as serve does under a limit of
// 1,024 open files), while four clients ask cheap 3x3 distances, each on a
// new connection, for 15 s: none may fail. The count of answers and their
// latencies are logged (the aim: a p99 of 200 ms or less).
func TestManyIdle(t *testing.T) {
	testenv.Long(t)
	const idle, maxConns, clients, span = 1100, 927, 4, 15 * time.Second
	if files := fileLimit(); files < 2*idle+256 {
		t.Skipf("the limit of open files, %d, is too low for %d idle connections and the server's", files, idle)
	}
	addr := runServer(t, newServer(t, &server.Options{MaxConns: maxConns}))

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	var up, dials atomic.Int64
	for range idle {
		wg.Go(func() { holdIdle(ctx, addr, &up, &dials) })
	}
	for deadline := time.Now().Add(2 * time.Minute); dials.Load() < idle; sleep(ctx, 10*time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d idle connections made after 2 minutes", dials.Load(), idle)
		}
	}
	stop := time.Now().Add(span)
	took, errs := askAll(addr, clients, 0, func() bool { return time.Now().Before(stop) })
	for i, err := range errs {
		if i == 10 {
			t.Errorf("... %d failed in all", len(errs))
			break
		}
		t.Error(err)
	}
	t.Logf("%d cheap requests answered from %d clients in %v beside %d idle connections (%d open at the end, %d made): %d failed; %s",
		len(took), clients, span, idle, up.Load(), dials.Load(), len(errs), latencies(took))
}

// holdIdle keeps one keep-alive connection idle after a request, and
// opens another when the server closes it, until ctx ends; up counts the
// connections open and idle.
func holdIdle(ctx context.Context, addr string, up, dials *atomic.Int64) {
	for ctx.Err() == nil {
		c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
		if err != nil {
			sleep(ctx, 100*time.Millisecond)
			continue
		}
		dials.Add(1)
		stop := context.AfterFunc(ctx, func() { c.Close() })
		io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
		br := bufio.NewReader(c)
		if res, err := http.ReadResponse(br, nil); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			up.Add(1)
			br.ReadByte() // idle until the server closes it, or ctx ends
			up.Add(-1)
		}
		stop()
		c.Close()
		sleep(ctx, 50*time.Millisecond)
	}
}

// askAll asks cheap from clients at once, each request on a new
// connection: n requests in all, or, if more is set, as long as it says
// so. It returns the time each answer took, and an error for each
// request not answered 200 with the distance.
func askAll(addr string, clients, n int, more func() bool) ([]time.Duration, []error) {
	var mu sync.Mutex
	var took []time.Duration
	var errs []error
	var next atomic.Int64
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if more == nil && i >= int64(n) || more != nil && !more() {
					return
				}
				t0 := time.Now()
				err := ask(addr)
				d := time.Since(t0)
				mu.Lock()
				if err != nil {
					errs = append(errs, fmt.Errorf("request %d, after %v: %w", i, d.Round(time.Millisecond), err))
				} else {
					took = append(took, d)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return took, errs
}

// ask sends cheap on a new connection and checks the answer.
func ask(addr string) error {
	c, err := net.DialTimeout("tcp", addr, 30*time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(c, cheap); err != nil {
		return err
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return err
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	switch {
	case err != nil:
		return fmt.Errorf("HTTP %d, reading the body: %w", res.StatusCode, err)
	case res.StatusCode != 200 || !strings.Contains(string(b), `"distance":31`):
		return fmt.Errorf("HTTP %d %s", res.StatusCode, bytes.TrimSpace(b))
	}
	return nil
}

// latencies sums up ds, which it sorts: its median, 90th and 99th
// percentiles and largest.
func latencies(ds []time.Duration) string {
	if len(ds) == 0 {
		return "no answers"
	}
	slices.Sort(ds)
	r := func(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }
	return fmt.Sprintf("p50 %v, p90 %v, p99 %v, max %v", r(quantile(ds, 0.5)), r(quantile(ds, 0.9)), r(quantile(ds, 0.99)), r(ds[len(ds)-1]))
}

// sleep waits d, and reports false if ctx ends first.
func sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}
