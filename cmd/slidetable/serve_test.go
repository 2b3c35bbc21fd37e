package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs 'slidetable serve' in-process on a free loopback port and
// returns its base URL and a function that stops it and returns its exit
// code and standard error.
func startServe(t *testing.T, args ...string) (string, func() (int, string)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...), strings.NewReader(""), io.Discard, stderr)
	}()
	deadline := time.Now().Add(time.Minute) // generous: serve proves what it serves first, slow under the race detector
	for {
		if _, rest, ok := strings.Cut(stderr.String(), "listening on "); ok {
			base, _, _ := strings.Cut(rest, "\n")
			stop := func() (int, string) {
				cancel()
				select {
				case code := <-done:
					return code, stderr.String()
				case <-time.After(20 * time.Second):
					t.Fatal("serve did not stop")
					return -1, ""
				}
			}
			t.Cleanup(func() { cancel() })
			return strings.TrimSuffix(base, "/"), stop
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited with %d: %s", code, stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("serve did not start: %s", stderr.String())
		}
	}
}

func get(t *testing.T, u string) (int, string) {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// TestServeAnswersAsTheCLI checks that each endpoint answers with the same
// bytes as the command's -json output, and that serve stops with status 0
// when its context ends, having logged each request.
func TestServeAnswersAsTheCLI(t *testing.T) {
	t.Parallel()
	base, stop := startServe(t)
	tests := []struct {
		path string
		cli  []string
	}{
		{"/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1", []string{"distance", "-json", "3x3", "8,6,7,2,5,4,3,0,1"}},
		{"/api/distance?size=3x3&board=1,2,3,4,5,6,8,7,0", []string{"distance", "-json", "3x3", "1,2,3,4,5,6,8,7,0"}},
		{"/api/hint?size=3x3&board=8,6,7,2,5,4,3,0,1", []string{"hint", "-json", "3x3", "8,6,7,2,5,4,3,0,1"}},
		{"/api/hint?size=4x2&board=0,7,6,5,4,3,2,1", []string{"hint", "-json", "4x2", "0,7,6,5,4,3,2,1"}},
		{"/api/solve?size=2x3&board=0,5,4,3,2,1", []string{"solve", "-json", "2x3", "0,5,4,3,2,1"}},
		{"/api/solve?size=3x3&board=4,1,3,7,2,6,0,5,8", []string{"solve", "-json", "3x3", "4,1,3,7,2,6,0,5,8"}},
		// A 4x4 board off the level pack's solutions, which serve answers
		// from the pack and the command line by a search.
		{"/api/solve?size=4x4&board=1,2,3,4,9,5,7,8,0,6,10,12,13,14,11,15", []string{"solve", "-json", "4x4", "1,2,3,4,9,5,7,8,0,6,10,12,13,14,11,15"}},
		{"/api/hint?size=4x4&board=1,2,3,4,9,5,7,8,0,6,10,12,13,14,11,15", []string{"hint", "-json", "4x4", "1,2,3,4,9,5,7,8,0,6,10,12,13,14,11,15"}},
		{"/api/stats?size=3x3", []string{"stats", "-json", "3x3"}},
		{"/api/stats?size=2x2", []string{"stats", "-json", "2x2"}},
		{"/api/level?size=3x3&min=31&max=31&seed=7", nil}, // checked below
	}
	for _, tt := range tests {
		code, body := get(t, base+tt.path)
		if code != http.StatusOK {
			t.Errorf("%s: status %d: %s", tt.path, code, body)
			continue
		}
		if tt.cli == nil {
			continue
		}
		c, stdout, stderr := slidetable(t, "", tt.cli...)
		if c != 0 {
			t.Fatalf("%v: exit %d: %s", tt.cli, c, stderr)
		}
		if body != stdout {
			t.Errorf("%s\n got %s\nwant %s (slidetable %s)", tt.path, body, stdout, strings.Join(tt.cli, " "))
		}
	}
	// A level is one of the lines of levels -json at the same distances.
	_, level := get(t, base+"/api/level?size=3x3&min=31&max=31&seed=7")
	_, levels, _ := slidetable(t, "", "levels", "-json", "-min", "31", "-max", "31", "3x3")
	if !strings.Contains(levels, level) {
		t.Errorf("level %q is not among %q", level, levels)
	}
	code, log := stop()
	if code != 0 {
		t.Errorf("serve exited with %d, want 0: %s", code, log)
	}
	if n := strings.Count(log, "msg=request"); n != len(tests)+1 {
		t.Errorf("%d request lines logged, want %d:\n%s", n, len(tests)+1, log)
	}
	if !strings.Contains(log, "path=/api/distance query=\"size=3x3&board=8,6,7,2,5,4,3,0,1\" status=200") {
		t.Errorf("no log line for the first request:\n%s", log)
	}
}

func TestServeFlags(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-timeout", "1ns"}, {"-timeout", "1h"}, {"-searches", "-1"}, {"-searches", "1000"},
		{"-max-level", "0"}, {"-max-level", "81"}, {"-search", "4x"}, {"extra"},
		{"-addr", "256.0.0.1:1"}, {"-table", "/nonexistent.tbl"},
		{"-max-conns", "0"}, {"-max-conns", "99999999"}, {"-cors", "game.example"}, {"-cors", "https://game.example/page"},
	} {
		code, _, stderr := slidetable(t, "", append([]string{"serve"}, args...)...)
		if code == 0 {
			t.Errorf("serve %v: exit 0, want an error", args)
		}
		if !strings.Contains(stderr, "slidetable") {
			t.Errorf("serve %v: no message: %q", args, stderr)
		}
	}
}

// TestServeExitStatus checks the one rule of exit statuses for serve: a
// mistake in what was asked is 2 (a folder as -table, an address that is
// not HOST:PORT), a failure to do it 1 (an address in use).
func TestServeExitStatus(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-addr", ln.Addr().String()}, exitFailure, "address already in use"},
		{[]string{"-addr", "localhost"}, exitUsage, "want HOST:PORT"},
		{[]string{"-addr", "127.0.0.1:99999"}, exitUsage, "want HOST:PORT"},
		{[]string{"-table", t.TempDir()}, exitUsage, "is a directory"},
	} {
		code, _, stderr := slidetable(t, "", append([]string{"serve", "-q"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("serve %v: exit %d, %q; want %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

// TestServeSignal stops a real serve process with SIGTERM and SIGINT while a
// request is in flight: the request finishes and the process exits 0.
func TestServeSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		cmd, lines, _ := child(t, "", "serve", "-addr", "127.0.0.1:0", "-q")
		var base string
		for lines.Scan() {
			if _, rest, ok := strings.Cut(lines.Text(), "listening on "); ok {
				base = strings.TrimSuffix(rest, "/")
				break
			}
		}
		if base == "" {
			t.Fatal("serve did not say where it listens")
		}
		go func() {
			for lines.Scan() { // drain
			}
		}()
		// The hints of a 4x4 board 40 moves away keep the search busy for
		// about a second.
		u := base + "/api/hint?" + url.Values{"size": {"4x4"}, "board": {"1,15,0,12,10,7,2,6,5,9,3,4,13,8,14,11"}}.Encode()
		type answer struct {
			code int
			body string
			err  error
		}
		got := make(chan answer, 1)
		wrote := make(chan struct{})
		var once sync.Once
		sent := func() { once.Do(func() { close(wrote) }) }
		go func() {
			defer sent() // also on failure, so that the test goes on to report it
			req, err := http.NewRequest(http.MethodGet, u, nil)
			if err != nil {
				got <- answer{err: err}
				return
			}
			trace := &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) { sent() }}
			res, err := http.DefaultClient.Do(req.WithContext(httptrace.WithClientTrace(req.Context(), trace)))
			if err != nil {
				got <- answer{err: err}
				return
			}
			b, err := io.ReadAll(res.Body)
			res.Body.Close()
			got <- answer{res.StatusCode, string(b), err}
		}()
		<-wrote
		time.Sleep(200 * time.Millisecond) // let the server take the request up
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		a := <-got
		if a.err != nil || a.code != http.StatusOK || !strings.Contains(a.body, `"distance":40`) {
			t.Errorf("%v: request in flight: %d %s %v", sig, a.code, a.body, a.err)
		}
		if err := cmd.Wait(); err != nil {
			t.Errorf("%v: serve exited with %v, want status 0", sig, err)
		}
	}
}

// TestServeTableFile serves a table built for the test with -table: the size
// is listed with its God's number and answers as 'distance -table' does.
func TestServeTableFile(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a 5x2 table")
	}
	path := table5x2(t)
	base, stop := startServe(t, "-q", "-table", path)
	_, sizes := get(t, base+"/api/sizes")
	if !strings.Contains(sizes, `{"size":"5x2","width":5,"height":2,"goal":[1,2,3,4,5,6,7,8,9,0],"table":true,"published":false,"max":55,"max_level":55}`) {
		t.Errorf("sizes: %s", sizes)
	}
	for _, b := range []string{"0,9,8,7,6,5,4,3,2,1", "1,2,3,4,5,6,7,8,0,9", "2,1,3,4,5,6,7,8,9,0"} {
		code, body := get(t, base+"/api/distance?size=5x2&board="+b)
		_, want, _ := slidetable(t, "", "distance", "-json", "-table", path, "5x2", b)
		if code != http.StatusOK || body != want {
			t.Errorf("%s: %d %s, want %s", b, code, body, want)
		}
	}
	if code, log := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, log)
	}
}
