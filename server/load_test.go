package server_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/server"
)

// loadResult is what a load run saw.
type loadResult struct {
	elapsed   time.Duration
	latencies map[string][]time.Duration // by endpoint kind, of answered requests
	status    map[string]map[int]int     // by endpoint kind
	errors    []string                   // transport errors and unexpected answers
}

// request is one request of a load run, of some kind ("3x3 distance").
type request struct {
	kind, path string
}

// hammer sends the requests to base from the given number of concurrent
// clients on keep-alive connections, each request once, and stops early
// if ctx ends.
func hammer(ctx context.Context, base string, clients int, reqs []request) loadResult {
	tr := &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var next atomic.Int64
	var mu sync.Mutex
	res := loadResult{latencies: map[string][]time.Duration{}, status: map[string]map[int]int{}}
	start := time.Now()
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			lat := map[string][]time.Duration{}
			status := map[string]map[int]int{}
			var errs []string
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= len(reqs) {
					break
				}
				rq := reqs[i]
				t0 := time.Now()
				resp, err := client.Get(base + rq.path)
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s: %v", rq.path, err))
					continue
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				d := time.Since(t0)
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s: %v", rq.path, err))
					continue
				}
				if status[rq.kind] == nil {
					status[rq.kind] = map[int]int{}
				}
				status[rq.kind][resp.StatusCode]++
				switch {
				case resp.StatusCode == http.StatusOK:
					lat[rq.kind] = append(lat[rq.kind], d)
				case resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "" && strings.Contains(string(body), "busy"):
					// the concurrency limit: expected of searches
				default:
					errs = append(errs, fmt.Sprintf("%s: %d %s", rq.path, resp.StatusCode, body))
				}
			}
			mu.Lock()
			defer mu.Unlock()
			for k, v := range lat {
				res.latencies[k] = append(res.latencies[k], v...)
			}
			for k, m := range status {
				if res.status[k] == nil {
					res.status[k] = map[int]int{}
				}
				for c, n := range m {
					res.status[k][c] += n
				}
			}
			res.errors = append(res.errors, errs...)
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

// quantile returns the q-quantile of ds, which it sorts.
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)-1, int(q*float64(len(ds))))]
}

// boardPath is the query of a board request.
func boardPath(endpoint string, b board.Board) string {
	return "/api/" + endpoint + "?" + boardQuery(b)
}

// mixedRequests returns n requests, in random order, against the distance,
// hint and level endpoints of 3x3 (uniform boards) and 4x4 (boards a
// 24-move walk from the goal, a few milliseconds of search each).
func mixedRequests(n int, seed uint64) []request {
	r := rand.New(rand.NewPCG(seed, 1))
	s3, g4 := board.Size{W: 3, H: 3}, board.Goal(board.Size{W: 4, H: 4})
	out := make([]request, n)
	for i := range out {
		switch k := r.IntN(100); {
		case k < 50:
			b, _ := gen.Uniform(r, s3)
			out[i] = request{"3x3 distance", boardPath("distance", b)}
		case k < 70:
			b, _ := gen.Uniform(r, s3)
			out[i] = request{"3x3 hint", boardPath("hint", b)}
		case k < 80:
			lo := r.IntN(28)
			out[i] = request{"3x3 level", fmt.Sprintf("/api/level?size=3x3&min=%d&max=%d", lo, lo+3)}
		case k < 90:
			b, _, _ := gen.Walk(r, g4, 24, &gen.WalkOptions{NoUndo: true})
			out[i] = request{"4x4 distance", boardPath("distance", b)}
		case k < 96:
			b, _, _ := gen.Walk(r, g4, 24, &gen.WalkOptions{NoUndo: true})
			out[i] = request{"4x4 hint", boardPath("hint", b)}
		default:
			out[i] = request{"4x4 level", "/api/level?size=4x4&min=16&max=20"}
		}
	}
	return out
}

// TestLoad sends a fixed number of mixed requests from many clients on
// loopback (3,000 from 48, or 12,000 with SLIDETABLE_LONG=1): every answer is 200, but for searches beyond the concurrency
// limit, which get 503 with Retry-After; afterwards the goroutines and the
// heap are back to where they started. It logs throughput and latencies.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test; runs without -short")
	}
	clients, n := 48, 3000
	if testenv.IsLong() {
		n = 12000
	}
	reqs := mixedRequests(n, 1)
	heap0, g0 := heapAndGoroutines()

	s := newServer(t, &server.Options{Searches: 2, Timeout: 5 * time.Second,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ts := httptest.NewServer(checked(t, s)) // 127.0.0.1; each answer checked against the document
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res := hammer(ctx, ts.URL, clients, reqs)
	ts.Close()

	if ctx.Err() != nil {
		t.Errorf("the load run did not finish within its time limit")
	}
	for i, e := range res.errors {
		if i == 10 {
			t.Errorf("... %d errors in all", len(res.errors))
			break
		}
		t.Error(e)
	}
	total := 0
	kinds := slices.Sorted(func(yield func(string) bool) {
		for k := range res.status {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range kinds {
		ok, busy := res.status[k][200], res.status[k][503]
		total += ok + busy
		lat := res.latencies[k]
		t.Logf("%-13s %6d ok %5d busy (503)  p50 %8v  p99 %8v", k, ok, busy, quantile(lat, 0.5).Round(time.Microsecond), quantile(lat, 0.99).Round(time.Microsecond))
		if busy > 0 && strings.HasPrefix(k, "3x3") && !strings.HasSuffix(k, "level") {
			t.Errorf("%s: %d answers 503; table lookups have no limit", k, busy)
		}
	}
	if total != n {
		t.Errorf("%d answers, want %d", total, n)
	}
	t.Logf("%d requests from %d clients in %v: %.0f requests/s", n, clients, res.elapsed.Round(time.Millisecond), float64(n)/res.elapsed.Seconds())

	// Memory and goroutines back to the start, once idle connections close.
	var heap1 uint64
	var g1 int
	for range 50 {
		heap1, g1 = heapAndGoroutines()
		if g1 <= g0+2 && heap1 <= heap0+8<<20 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("heap %d KB before, %d KB after; goroutines %d before, %d after", heap0>>10, heap1>>10, g0, g1)
	if g1 > g0+2 {
		t.Errorf("%d goroutines after the run, %d before", g1, g0)
	}
	if heap1 > heap0+8<<20 {
		t.Errorf("heap %d KB after the run, %d KB before", heap1>>10, heap0>>10)
	}
}

func heapAndGoroutines() (uint64, int) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc, runtime.NumGoroutine()
}

// BenchmarkAPIDistance3x3 measures the 3x3 distance endpoint over loopback
// with keep-alive connections, clients and server in one process, with the
// request log formatted (to io.Discard): requests/s, p50 and p99.
func BenchmarkAPIDistance3x3(b *testing.B) {
	benchEndpoint(b, func(r *rand.Rand) string {
		bd, _ := gen.Uniform(r, board.Size{W: 3, H: 3})
		return boardPath("distance", bd)
	})
}

// BenchmarkAPIHint3x3 is BenchmarkAPIDistance3x3 for the hint endpoint.
func BenchmarkAPIHint3x3(b *testing.B) {
	benchEndpoint(b, func(r *rand.Rand) string {
		bd, _ := gen.Uniform(r, board.Size{W: 3, H: 3})
		return boardPath("hint", bd)
	})
}

// BenchmarkAPILevel3x3 is BenchmarkAPIDistance3x3 for levels 20..22.
func BenchmarkAPILevel3x3(b *testing.B) {
	benchEndpoint(b, func(r *rand.Rand) string {
		return fmt.Sprintf("/api/level?size=3x3&min=20&max=22&seed=%d", r.Uint64())
	})
}

// benchEndpoint sends b.N requests for the paths path makes from 32
// clients, each on one keep-alive connection, and reports requests/s and
// the median and 99th percentile latency. The clients speak HTTP/1.1
// directly (rawConn) rather than through net/http's client, which would take
// several times the server's CPU from the same two cores: like a load
// generator such as wrk, they leave the machine to the server.
func benchEndpoint(b *testing.B, path func(r *rand.Rand) string) {
	// Room for every client's level at once: the benchmark measures
	// answers, not refusals.
	s := newServer(b, &server.Options{Searches: 64, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ts := httptest.NewServer(s)
	defer ts.Close()
	r := rand.New(rand.NewPCG(1, 2))
	paths := make([]string, 4096)
	for i := range paths {
		paths[i] = path(r)
	}
	const clients = 32
	conns := make([]*rawConn, clients)
	for i := range conns {
		c, err := dialRaw(ts.Listener.Addr().String())
		if err != nil {
			b.Fatal(err)
		}
		defer c.Close()
		conns[i] = c
	}
	var next atomic.Int64
	lats := make([][]time.Duration, clients)
	errs := make([]error, clients)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Go(func() {
			lat := make([]time.Duration, 0, b.N/clients+1)
			for {
				k := int(next.Add(1)) - 1
				if k >= b.N {
					break
				}
				t0 := time.Now()
				status, err := c.get(paths[k%len(paths)])
				if err == nil && status != http.StatusOK {
					err = fmt.Errorf("%s: status %d", paths[k%len(paths)], status)
				}
				if err != nil {
					errs[i] = err
					return
				}
				lat = append(lat, time.Since(t0))
			}
			lats[i] = lat
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	var all []time.Duration
	for i := range conns {
		if errs[i] != nil {
			b.Fatal(errs[i])
		}
		all = append(all, lats[i]...)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(quantile(all, 0.5).Microseconds()), "p50-µs")
	b.ReportMetric(float64(quantile(all, 0.99).Microseconds()), "p99-µs")
}

// rawConn is a minimal HTTP/1.1 client on one keep-alive connection, for
// answers with a Content-Length (as the API's are).
type rawConn struct {
	net.Conn
	host string
	r    *bufio.Reader
	w    *bufio.Writer
	body []byte
}

func dialRaw(addr string) (*rawConn, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	return &rawConn{Conn: c, host: addr, r: bufio.NewReader(c), w: bufio.NewWriter(c)}, nil
}

// get sends a GET request for path and reads the answer, returning its
// status.
func (c *rawConn) get(path string) (int, error) {
	c.w.WriteString("GET ")
	c.w.WriteString(path)
	c.w.WriteString(" HTTP/1.1\r\nHost: ")
	c.w.WriteString(c.host)
	c.w.WriteString("\r\n\r\n")
	if err := c.w.Flush(); err != nil {
		return 0, err
	}
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	status, err := strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	n := -1
	for {
		line, err := c.r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		if len(line) <= 2 {
			break
		}
		if k, v, ok := bytes.Cut(line, []byte(":")); ok && strings.EqualFold(string(k), "Content-Length") {
			if n, err = strconv.Atoi(string(bytes.TrimSpace(v))); err != nil {
				return 0, fmt.Errorf("bad Content-Length %q", v)
			}
		}
	}
	if n < 0 {
		return 0, fmt.Errorf("%s: answer without Content-Length", path)
	}
	if cap(c.body) < n {
		c.body = make([]byte, n)
	}
	_, err = io.ReadFull(c.r, c.body[:n])
	return status, err
}
