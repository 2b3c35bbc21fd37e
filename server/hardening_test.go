package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/server"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// runServer serves s on a loopback port with Run until the test ends and
// returns its address.
func runServer(t *testing.T, s *server.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln, 10*time.Second) }() // a loaded machine may take a while to shut down
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return ln.Addr().String()
}

// raw sends a request written by hand on a new connection and returns the
// status line and the whole answer.
func raw(t *testing.T, addr, request string) (string, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	go io.WriteString(c, request) // the server may answer before reading it all
	b, _ := io.ReadAll(c)
	status, _, _ := strings.Cut(string(b), "\r\n")
	return status, string(b)
}

// TestBodiesAndHeaders checks the limits of a request on a real
// connection: a body over MaxBody is refused with 413 however it is sent,
// chunked included, and a request line and headers over MaxHeader with
// 431.
func TestBodiesAndHeaders(t *testing.T) {
	addr := runServer(t, newServer(t, nil))
	const q = "/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1"

	chunk := strings.Repeat("x", 4096)
	var chunked strings.Builder
	chunked.WriteString("GET " + q + " HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
	// 512 KB of a body that could go on for ever: the server reads at most
	// 256 KB past the limit, then closes the connection.
	for range 128 {
		fmt.Fprintf(&chunked, "%x\r\n%s\r\n", len(chunk), chunk)
	}
	if status, all := raw(t, addr, chunked.String()); !strings.Contains(status, " 413 ") || !strings.Contains(all, "larger than the limit of 1024 bytes") {
		t.Errorf("chunked body: %s", all)
	}
	small := "GET " + q + " HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
	if status, all := raw(t, addr, small); !strings.Contains(status, " 200 ") {
		t.Errorf("small chunked body: %s", all)
	}
	long := "GET " + q + " HTTP/1.1\r\nHost: a\r\nContent-Length: 5000\r\n\r\n" + strings.Repeat("y", 5000)
	if status, all := raw(t, addr, long); !strings.Contains(status, " 413 ") {
		t.Errorf("body with a length: %s", all)
	}

	header := func(n int) string {
		start := "GET " + q + " HTTP/1.1\r\nHost: a\r\nConnection: close\r\nX-Pad: "
		return start + strings.Repeat("p", n-len(start)-4) + "\r\n\r\n"
	}
	if status, all := raw(t, addr, header(server.MaxHeader-100)); !strings.Contains(status, " 200 ") {
		t.Errorf("headers of %d bytes: %.200s", server.MaxHeader-100, all)
	}
	if status, all := raw(t, addr, header(server.MaxHeader+100)); !strings.Contains(status, " 431 ") {
		t.Errorf("headers of %d bytes: %.200s", server.MaxHeader+100, all)
	}
}

// TestHealthz checks /healthz.
func TestHealthz(t *testing.T) {
	s := newServer(t, nil)
	rec := serve(t, s, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	if rec.Code != 200 || rec.Body.String() != "ok\n" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Errorf("/healthz: %d %q %q", rec.Code, rec.Body, rec.Header().Get("Content-Type"))
	}
}

// TestCORS checks that the API answers pages of the allowed origins only,
// preflight included, and that CORS is off by default.
func TestCORS(t *testing.T) {
	const q = "/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1"
	ask := func(s *server.Server, method, path, origin string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, nil)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if method == http.MethodOptions {
			req.Header.Set("Access-Control-Request-Method", "GET")
			req.Header.Set("Access-Control-Request-Headers", "accept")
		}
		rec := serve(t, s, req)
		return rec
	}
	off := newServer(t, nil)
	if rec := ask(off, http.MethodGet, q, "https://game.example"); rec.Code != 200 || rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("off: %d, Allow-Origin %q", rec.Code, rec.Header().Get("Access-Control-Allow-Origin"))
	}
	if rec := ask(off, http.MethodOptions, q, "https://game.example"); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("off, preflight: %d", rec.Code)
	}

	some := newServer(t, &server.Options{CORS: []string{"https://game.example", "http://127.0.0.1:8000"}})
	for _, tc := range []struct {
		method, path, origin string
		code                 int
		allow                string
	}{
		{http.MethodGet, q, "https://game.example", 200, "https://game.example"},
		{http.MethodGet, q, "http://127.0.0.1:8000", 200, "http://127.0.0.1:8000"},
		{http.MethodGet, q, "https://other.example", 200, ""},
		{http.MethodGet, q, "", 200, ""},
		{http.MethodGet, "/", "https://game.example", 200, ""}, // the page: same origin only
		{http.MethodOptions, q, "https://game.example", 204, "https://game.example"},
		{http.MethodOptions, q, "https://other.example", 405, ""},
	} {
		rec := ask(some, tc.method, tc.path, tc.origin)
		if rec.Code != tc.code || rec.Header().Get("Access-Control-Allow-Origin") != tc.allow {
			t.Errorf("%s %s from %q: %d, Allow-Origin %q; want %d, %q", tc.method, tc.path, tc.origin, rec.Code, rec.Header().Get("Access-Control-Allow-Origin"), tc.code, tc.allow)
		}
		if tc.code == 204 && (rec.Header().Get("Access-Control-Allow-Methods") != "GET, HEAD" || rec.Header().Get("Access-Control-Allow-Headers") != "accept") {
			t.Errorf("preflight: %v", rec.Header())
		}
	}

	any := newServer(t, &server.Options{CORS: []string{"*"}})
	if rec := ask(any, http.MethodGet, q, "https://anywhere.example"); rec.Header().Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("*: Allow-Origin %q", rec.Header().Get("Access-Control-Allow-Origin"))
	}
	for _, bad := range []string{"game.example", "ftp://game.example", "https://game.example/path", "https://"} {
		if _, err := serverOf([]game.Puzzle{{Goal: board.Goal(board.Size{W: 2, H: 2}), Solver: testSolver}}, &server.Options{CORS: []string{bad}}); err == nil {
			t.Errorf("CORS origin %q accepted", bad)
		}
	}
}

// TestConnectionLimit fills a server with a cap of 4 connections: quiet
// ones (no request yet, or idle between requests) are shed, the longest
// quiet first, to let a new one in; when all 4 are busy, a new one gets a
// 503 with Retry-After, and the server answers again once they are done.
func TestConnectionLimit(t *testing.T) {
	bl := &blocker{started: make(chan struct{}, 8), release: make(chan struct{})}
	g4 := board.Goal(board.Size{W: 4, H: 4})
	tbl, _ := testSolver.Table(context.Background(), board.Size{W: 3, H: 3})
	s, err := serverOf([]game.Puzzle{{Goal: g4, Solver: bl}, {Goal: tbl.Goal(), Solver: testSolver, Table: tbl}},
		&server.Options{MaxConns: 4, Searches: 8})
	if err != nil {
		t.Fatal(err)
	}
	addr := runServer(t, s)
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// closed reports whether the server has closed c (its read ends, not
	// by the deadline), waiting up to wait for it.
	closed := func(c net.Conn, wait time.Duration) bool {
		c.SetReadDeadline(time.Now().Add(wait))
		_, err := c.Read(make([]byte, 1))
		var ne net.Error
		return err != nil && !(errors.As(err, &ne) && ne.Timeout())
	}
	const cheap = "GET /api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1 HTTP/1.1\r\nHost: a\r\n\r\n"

	// Four quiet connections: two that never send, two idle after a request.
	silent := []net.Conn{dial(), dial()}
	var idle []net.Conn
	for range 2 {
		c := dial()
		idle = append(idle, c)
		io.WriteString(c, cheap)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("first request: %v %v", res, err)
		}
		io.Copy(io.Discard, res.Body)
	}
	// A fifth sheds an idle one at once, and spares the silent ones, which
	// it would shed only after ShedSilentAfter. A connection is idle once
	// the server's goroutine for it reads again, which on a loaded machine
	// takes a while: a fifth that comes before is let in beyond the cap,
	// shedding nothing, and closes after its answer; the next one tries
	// again. All within ReadHeaderTimeout, which would close the silent
	// ones. Which idle one is the longest idle is the server's to know (it
	// counts from that read, as TestVictim checks): the goroutines may read
	// again in either order.
	fifth := strings.Replace(cheap, "\r\n\r\n", "\r\nConnection: close\r\n\r\n", 1)
	shed := -1
	for try := 0; try < 3 && shed < 0; try++ {
		time.Sleep(200 * time.Millisecond)
		if status, all := raw(t, addr, fifth); !strings.Contains(status, " 200 ") {
			t.Fatalf("fifth connection: %s", all)
		}
		for i, c := range idle {
			if closed(c, time.Second/2) {
				shed = i
				break
			}
		}
	}
	if shed < 0 {
		t.Error("no idle connection was shed")
	}
	for i, c := range append(silent, idle[1-max(shed, 0)]) {
		if closed(c, 20*time.Millisecond) {
			t.Errorf("quiet connection %d of 3 was shed too", i+1)
		}
	}

	// Four busy ones: each waits in a search. A connection the server
	// has answered with "Connection: close" counts until the server has
	// closed it, a moment after the client sees the end: a busy one that
	// comes in that moment, with no quiet one left, is refused, and is
	// tried again.
	busy := "GET /api/distance?" + boardQuery(g4) + " HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
	var answers []chan string
	for range 4 {
		for try := 1; ; try++ {
			c := dial()
			io.WriteString(c, busy)
			answer := make(chan string, 1)
			go func() {
				b, _ := io.ReadAll(c)
				answer <- string(b)
			}()
			select {
			case <-bl.started:
				answers = append(answers, answer)
			case a := <-answer:
				if !strings.Contains(a, " 503 ") || try == 50 {
					t.Fatalf("busy connection %d, try %d: answered before its search started: %.100s", len(answers)+1, try, a)
				}
				time.Sleep(20 * time.Millisecond)
				continue
			case <-time.After(30 * time.Second):
				t.Fatalf("busy connection %d: no answer and no search after 30 s", len(answers)+1)
			}
			break
		}
	}
	status, all := raw(t, addr, cheap)
	if !strings.Contains(status, " 503 ") || !strings.Contains(all, "\r\nRetry-After: 1\r\n") {
		t.Errorf("beyond the cap with every connection busy: %s", all)
	}
	close(bl.release)
	for _, answer := range answers {
		if a := <-answer; !strings.Contains(a, " 200 OK") {
			t.Errorf("busy connection: %.100s", a)
		}
	}
	// Once the server has closed them (it may take a moment), room again.
	for range 100 {
		if status, all = raw(t, addr, strings.Replace(cheap, "\r\n\r\n", "\r\nConnection: close\r\n\r\n", 1)); strings.Contains(status, " 200 ") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(status, " 200 ") {
		t.Errorf("after the busy ones: %s", all)
	}
}

// TestTimeoutFinal checks that a search that outlasts the time limit is
// answered as final for this server: 422 with "final":true and no
// Retry-After, which the busy refusals alone carry (TestLimits).
func TestTimeoutFinal(t *testing.T) {
	bl := &blocker{started: make(chan struct{}, 1), release: make(chan struct{})}
	g := board.Goal(board.Size{W: 4, H: 4})
	s, err := serverOf([]game.Puzzle{{Goal: g, Solver: bl}}, &server.Options{Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	rec := serve(t, s, httptest.NewRequest(http.MethodGet, "/api/distance?"+boardQuery(g), nil))
	var body struct {
		Error string
		Final bool
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != http.StatusUnprocessableEntity || rec.Header().Get("Retry-After") != "" || !body.Final || !strings.Contains(body.Error, "time limit of 50ms") {
		t.Errorf("time-out: %d, Retry-After %q, %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
}

// damaged is a Solver whose every answer fails as a table read in place
// fails on a damaged block (see package table).
type damaged struct{ searching }

// errDamaged is the failure of a damaged block of /srv/4x4.tbl, worded as
// package table words it.
var errDamaged = fmt.Errorf("solver: %w", fmt.Errorf("%w: /srv/4x4.tbl: block 3 of 9 (bytes 24576 to 36863) does not match the SHA-256 its header gives: the file is damaged, or changed after it was opened", table.ErrChecksum))

func (damaged) Metric() board.Metric { return board.SingleTile }
func (damaged) Ask(context.Context, board.Board, api.Ask) (source.Reply, error) {
	return source.Reply{}, errDamaged
}
func (damaged) Within(context.Context, board.Board, int) ([]uint8, bool, error) {
	return nil, false, errDamaged
}

// TestDamagedFile checks that a question that meets a damaged block of a
// table is answered as a failure of the server's file, not as a bug and
// not as a failure that asking again may mend: 500 with final true and
// a message that names the file and the block, without Retry-After, and
// not logged as an internal error.
func TestDamagedFile(t *testing.T) {
	var log bytes.Buffer
	g := board.Goal(board.Size{W: 4, H: 4})
	s, err := serverOf([]game.Puzzle{{Goal: g, Solver: damaged{}}}, &server.Options{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for _, endpoint := range []string{"distance", "hint", "solve"} {
		rec := serve(t, s, httptest.NewRequest(http.MethodGet, "/api/"+endpoint+"?"+boardQuery(g), nil))
		var body api.Error
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("%s: %v: %s", endpoint, err, rec.Body)
		}
		if rec.Code != http.StatusInternalServerError || !body.Final || rec.Header().Get("Retry-After") != "" ||
			!strings.HasPrefix(body.Error, "damaged file: checksum mismatch: /srv/4x4.tbl: block 3 of 9") || strings.Contains(body.Error, "internal") {
			t.Errorf("%s: %d, Retry-After %q, %s", endpoint, rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
	}
	if strings.Contains(log.String(), "internal error") {
		t.Errorf("logged as an internal error: %s", log.String())
	}
}
