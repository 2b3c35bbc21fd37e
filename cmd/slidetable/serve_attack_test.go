package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/server"
)

// TestServeUnderSlowClients holds connections that send their headers a
// line a second and keep-alive connections that stay idle, reconnecting
// whenever the server drops one, and meanwhile sends cheap 3x3 distance
// requests, each on a new connection: every one must be answered (no
// reset, no early close, no 503), and the server's memory stay bounded.
// Three times: with room for them all (with SLIDETABLE_LONG=1 only) and
// with a cap of a third of them (-max-conns), 10 ms between requests (with
// SLIDETABLE_LONG=1: 2,000 slow
// and 1,000 idle connections, 200 requests, their latencies logged; otherwise a
// tenth of the connections and 50 requests); and in a child whose limit of
// open files sets the cap, well below the attackers' number, under a flood
// of requests from 16 clients at once (with SLIDETABLE_LONG=1: a limit of
// 1,024 files, 3,000 slow and 1,000 idle connections, 100,000 requests;
// otherwise 256 files, 300 and 100, 3,000 requests). Where the server
// sheds, it must shed attackers only, but for a client that took longer
// than server.ShedSilentAfter to send its request after it began to
// connect (starved of CPU, as the many goroutines of this process may
// starve it): the server may shed such a silent connection, and those are
// counted. Loopback only; it stops by itself. It runs alone, not in
// parallel, so that the other tests do not starve the server.
func TestServeUnderSlowClients(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server in a child process and holds many connections")
	}
	slow, idle, requests := 200, 100, 50
	flood := attack{files: 256, slow: 300, idle: 100, requests: 3000, clients: 16}
	if testenv.IsLong() {
		slow, idle, requests = 2000, 1000, 200
		flood = attack{files: 1024, slow: 3000, idle: 1000, requests: 100_000, clients: 16}
	}
	t.Run("room", func(t *testing.T) {
		testenv.Long(t)
		slowClients(t, attack{slow: slow, idle: idle, requests: requests, clients: 1, pace: 10 * time.Millisecond})
	})
	t.Run("cap", func(t *testing.T) {
		slowClients(t, attack{slow: slow, idle: idle, requests: requests, clients: 1, pace: 10 * time.Millisecond, conns: (slow + idle) / 3})
	})
	t.Run("files", func(t *testing.T) {
		if !haveFileLimit {
			t.Skip("no limit of open files to set here")
		}
		slowClients(t, flood)
	})
}

// attack is a run of TestServeUnderSlowClients.
type attack struct {
	slow, idle int           // connections that send their headers slowly, that stay idle
	requests   int           // cheap requests made meanwhile
	clients    int           // making them at once
	pace       time.Duration // between two requests of a client
	conns      int           // the server's -max-conns, 0 for the default
	files      int           // the server's limit of open files, 0 for the one it has
}

// slowClients runs an attack on a server in a child process.
func slowClients(t *testing.T, a attack) {
	const maxRSS = 300 << 20
	args := []string{"serve", "-addr", "127.0.0.1:0", "-q"}
	if a.conns > 0 {
		args = append(args, "-max-conns", strconv.Itoa(a.conns))
	}
	var env []string
	if a.files > 0 {
		env = append(env, helperFiles+"="+strconv.Itoa(a.files))
	}
	cmd, lines, _ := childEnv(t, env, "", args...)
	var addr string
	for lines.Scan() {
		if _, rest, ok := strings.Cut(lines.Text(), "listening on http://"); ok {
			addr = strings.TrimSuffix(rest, "/")
			break
		}
	}
	if addr == "" {
		t.Fatal("serve did not say where it listens")
	}
	var logged strings.Builder // what else serve says, such as accept errors
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		for lines.Scan() {
			if logged.Len() < 4096 {
				fmt.Fprintln(&logged, lines.Text())
			}
		}
	}()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	var slowUp, idleUp, dials atomic.Int64
	for range a.slow {
		wg.Go(func() { holdSlow(ctx, addr, &slowUp, &dials) })
	}
	for range a.idle {
		wg.Go(func() { holdIdle(ctx, addr, &idleUp, &dials) })
	}
	// Until every attacker has connected, and all are up if there is room.
	room := a.conns == 0 && a.files == 0
	deadline := time.Now().Add(time.Minute)
	for dials.Load() < int64(a.slow+a.idle) || room && (slowUp.Load() < int64(a.slow) || idleUp.Load() < int64(a.idle)) {
		if time.Now().After(deadline) {
			t.Fatalf("only %d slow and %d idle connections up", slowUp.Load(), idleUp.Load())
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)

	const q = "GET /api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
	var (
		mu     sync.Mutex
		took   []time.Duration
		failed int
		late   int // shed before its request came, sent over server.ShedSilentAfter after connecting
		next   atomic.Int64
	)
	capped := a.conns > 0 || a.files > 0
	start := time.Now()
	var clients sync.WaitGroup
	for range a.clients {
		clients.Go(func() {
			var mine []time.Duration
			for i := next.Add(1) - 1; i < int64(a.requests); i = next.Add(1) - 1 {
				if i > 0 {
					time.Sleep(a.pace)
				}
				t0 := time.Now()
				sent, err := ask(addr, q, `"distance":31`)
				mine = append(mine, time.Since(t0))
				switch {
				case err == nil:
				case capped && sent > server.ShedSilentAfter && closedEarly(err):
					// The server may shed a connection silent that
					// long, its client starved of CPU (see package
					// server): allowed, and counted.
					mu.Lock()
					late++
					mu.Unlock()
				default:
					mu.Lock()
					if failed++; failed <= 10 {
						t.Errorf("request %d, sent %v after connecting: %v", i, sent.Round(time.Millisecond), err)
					}
					mu.Unlock()
				}
			}
			mu.Lock()
			took = append(took, mine...)
			mu.Unlock()
		})
	}
	clients.Wait()
	elapsed := time.Since(start)
	held := fmt.Sprintf("%d slow, %d idle connections up (%d connections made)", slowUp.Load(), idleUp.Load(), dials.Load())
	rss, peak := memory(cmd.Process.Pid)
	cancel()
	wg.Wait()

	slices.Sort(took)
	p50, p99 := took[len(took)/2], took[(len(took)*99+99)/100-1]
	t.Logf("%d requests from %d clients in %v during %s: %d failed, %d closed early after a client took over %v to send, p50 %v, p99 %v, max %v; server RSS %d MB, peak %d MB",
		a.requests, a.clients, elapsed.Round(time.Millisecond), held, failed, late, server.ShedSilentAfter, p50, p99, took[len(took)-1], rss>>20, peak>>20)
	if peak > maxRSS {
		t.Errorf("server peak RSS %d MB, more than %d MB", peak>>20, maxRSS>>20)
	}
	// The latencies are logged, not required: on a machine shared with
	// other tests they say more of the load than of the server.
	cmd.Process.Signal(syscall.SIGTERM)
	<-drained
	if err := cmd.Wait(); err != nil {
		t.Errorf("serve: %v", err)
	}
	if out := strings.TrimSpace(strings.TrimSuffix(logged.String(), "slidetable serve: stopped\n")); out != "" {
		t.Errorf("serve said: %s", out)
	}
}

// holdSlow keeps one connection sending a request's headers a line a
// second, never ending them, and opens another when the server drops it,
// until ctx ends; up counts the connections open.
func holdSlow(ctx context.Context, addr string, up, dials *atomic.Int64) {
	for ctx.Err() == nil {
		c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
		if err != nil {
			sleep(ctx, 100*time.Millisecond)
			continue
		}
		dials.Add(1)
		up.Add(1)
		_, err = io.WriteString(c, "GET /api/sizes HTTP/1.1\r\nHost: a\r\n")
		for err == nil && sleep(ctx, time.Second) {
			_, err = io.WriteString(c, "X-Slow: 1\r\n")
		}
		up.Add(-1)
		c.Close()
		sleep(ctx, 50*time.Millisecond) // not a tight loop when shed at once
	}
}

// holdIdle keeps one keep-alive connection idle after a request, and opens
// another when the server drops it, until ctx ends; up counts the
// connections open.
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

// ask sends a request on a new connection and checks that the answer is
// 200 and holds want. It also returns how long after it began to connect
// the request was sent.
func ask(addr, request, want string) (time.Duration, error) {
	start := time.Now()
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	_, err = io.WriteString(c, request)
	sent := time.Since(start)
	if err != nil {
		return sent, err
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return sent, err
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 || !strings.Contains(string(b), want) {
		return sent, fmt.Errorf("HTTP %d %s %v", res.StatusCode, b, err)
	}
	return sent, nil
}

// closedEarly reports whether err is that of a connection the server
// closed before it answered.
func closedEarly(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
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

// memory returns the resident memory of a process and its peak, in bytes,
// or zeros where /proc does not say.
func memory(pid int) (rss, peak uint64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		name, v, ok := strings.Cut(line, ":")
		kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		if !ok || err != nil {
			continue
		}
		switch name {
		case "VmRSS":
			rss = kb << 10
		case "VmHWM":
			peak = kb << 10
		}
	}
	return rss, peak
}
