package server

import (
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// limitTest is a connLimit on a loopback listener, without a server: the
// test reads the connections it accepts, as a server would.
type limitTest struct {
	t *testing.T
	l *connLimit
}

func newLimitTest(t *testing.T, max int) *limitTest {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := newConnLimit(ln, max, nil)
	t.Cleanup(func() { l.Close() })
	return &limitTest{t, l}
}

// dial connects a client and sends it what.
func (lt *limitTest) dial(what string) net.Conn {
	c, err := net.Dial("tcp", lt.l.Addr().String())
	if err != nil {
		lt.t.Fatal(err)
	}
	lt.t.Cleanup(func() { c.Close() })
	if what != "" {
		if _, err := io.WriteString(c, what); err != nil {
			lt.t.Fatal(err)
		}
	}
	return c
}

// accept starts an Accept, whose result comes on the channel.
func (lt *limitTest) accept() <-chan net.Conn {
	ch := make(chan net.Conn, 1)
	go func() {
		c, err := lt.l.Accept()
		if err != nil {
			close(ch)
			return
		}
		lt.t.Cleanup(func() { c.Close() })
		ch <- c
	}()
	return ch
}

// now accepts a connection that there is room for.
func (lt *limitTest) now() net.Conn {
	select {
	case c, ok := <-lt.accept():
		if !ok {
			lt.t.Fatal("Accept failed")
		}
		return c
	case <-time.After(10 * time.Second):
		lt.t.Fatal("Accept waits with room")
	}
	return nil
}

// read reads what the client sent to c, as the server would.
func read(t *testing.T, c net.Conn, want string) {
	t.Helper()
	b := make([]byte, len(want))
	if _, err := io.ReadFull(c, b); err != nil || string(b) != want {
		t.Fatalf("read %q, %v; want %q", b, err, want)
	}
}

// shed reports whether the server closed client c within d.
func shed(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := c.Read(make([]byte, 1))
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestConnLimitSpares checks whom a new connection sheds at the cap, and
// when it waits instead: a waiting connection (silent, or idle after a
// request) once quiet for ShedWaitingAfter, a partial one at once, so
// before a waiting one quiet longer; one whose request has come but is
// not read yet not at all, nor one whose headers have been read (busy):
// the new one is refused then.
func TestConnLimitSpares(t *testing.T) {
	const request = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
	t.Run("silent", func(t *testing.T) {
		t.Parallel()
		lt := newLimitTest(t, 1)
		start := time.Now()
		a := lt.dial("")
		lt.now()
		lt.dial(request)
		select {
		case <-lt.accept():
		case <-time.After(10 * time.Second):
			t.Fatal("the silent connection was not shed")
		}
		if took := time.Since(start); took < ShedWaitingAfter {
			t.Errorf("the silent connection was shed after %v, before %v", took, ShedWaitingAfter)
		}
		if !shed(a, 5*time.Second) {
			t.Error("the silent connection is still open")
		}
	})
	t.Run("idle", func(t *testing.T) {
		t.Parallel()
		lt := newLimitTest(t, 1)
		a := lt.dial(request)
		c := lt.now()
		read(t, c, request)
		start := time.Now()
		lt.l.state(c, http.StateIdle) // answered: idle
		lt.dial(request)
		select {
		case <-lt.accept():
		case <-time.After(10 * time.Second):
			t.Fatal("the idle connection was not shed")
		}
		if took := time.Since(start); took < ShedWaitingAfter {
			t.Errorf("the idle connection was shed after %v, before %v", took, ShedWaitingAfter)
		}
		if !shed(a, 5*time.Second) {
			t.Error("the idle connection is still open")
		}
	})
	t.Run("partial sooner", func(t *testing.T) {
		t.Parallel()
		lt := newLimitTest(t, 2)
		silent := lt.dial("")
		lt.now()
		start := time.Now()
		partial := lt.dial("GET / HTTP/1.1\r\n")
		read(t, lt.now(), "GET / HTTP/1.1\r\n")
		lt.dial(request)
		select {
		case <-lt.accept():
		case <-time.After(10 * time.Second):
			t.Fatal("the partial connection was not shed")
		}
		if took := time.Since(start); took > ShedWaitingAfter {
			t.Errorf("the partial connection was shed after %v, not before the silent one could be", took)
		}
		if !shed(partial, 5*time.Second) {
			t.Error("the partial connection is still open")
		}
		if shed(silent, 100*time.Millisecond) {
			t.Error("the silent connection was shed before the partial one")
		}
	})
	t.Run("unread and busy", func(t *testing.T) {
		if !peeks {
			t.Skip("this system does not tell whether a connection has bytes to read")
		}
		t.Parallel()
		lt := newLimitTest(t, 1)
		lt.dial(request)
		c := lt.now()
		refused := lt.dial(request)
		next := lt.accept()
		time.Sleep(ShedWaitingAfter + 200*time.Millisecond)
		select {
		case <-next:
			t.Fatal("a connection with its request not read yet was shed")
		default:
		}
		read(t, c, request) // its headers are whole: busy
		refused.SetReadDeadline(time.Now().Add(10 * time.Second))
		b, err := io.ReadAll(refused) // then reset, as its request was not read
		if !strings.HasPrefix(string(b), "HTTP/1.1 503 ") || !strings.Contains(string(b), "\r\nRetry-After: 1\r\n") {
			t.Errorf("beyond a busy connection: %q, %v", b, err)
		}
	})
	t.Run("close", func(t *testing.T) {
		t.Parallel()
		lt := newLimitTest(t, 1)
		lt.dial("")
		lt.now()
		lt.dial("")
		next := lt.accept()
		time.Sleep(50 * time.Millisecond)
		start := time.Now()
		lt.l.Close()
		select {
		case c, ok := <-next:
			if ok {
				t.Errorf("Accept after Close: %v", c.RemoteAddr())
			}
		case <-time.After(ShedWaitingAfter / 2):
			t.Error("Accept still waits after Close")
		}
		t.Logf("Accept ended %v after Close", time.Since(start))
	})
}

// TestLineState checks that the end of a request's headers is found in
// what is read, however it is cut.
func TestLineState(t *testing.T) {
	for _, tc := range []struct {
		reads []string
		end   int // the read that holds the end, or -1
	}{
		{[]string{"GET / HTTP/1.1\r\nHost: a\r\n\r\n"}, 0},
		{[]string{"GET / HTTP/1.1\r\nHost: a\r\n", "\r\n"}, 1},
		{[]string{"GET / HTTP/1.1\r\nHost: a\r\n\r", "\n"}, 1},
		{[]string{"GET / HTTP/1.1\r\nHost: a\r", "\n", "\r", "\n"}, 3},
		{[]string{"GET / HTTP/1.1\nHost: a\n\n"}, 0},
		{[]string{"GET / HTTP/1.1\r\nHost: a\r\n", "X-Slow: 1\r\n", "X-Slow: 1\r\n"}, -1},
		{[]string{"\r\n", "GET / HTTP/1.1\r\n"}, -1},
		{[]string{"GET / HTTP/1.1\r\nX: \r\r\n"}, -1},
	} {
		var s lineState
		got := -1
		for i, r := range tc.reads {
			if s.scan([]byte(r)) && got < 0 {
				got = i
			}
		}
		if got != tc.end {
			t.Errorf("%q: end in read %d, want %d", tc.reads, got, tc.end)
		}
	}
}
