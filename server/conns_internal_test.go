package server

import (
	"container/list"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
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
// when it waits instead: a silent connection once silent for
// ShedSilentAfter, an idle or partial one at once (TestVictim checks the
// order without a clock); one whose request has come but is not read yet
// not at all, nor one whose headers have been read (busy): the new one is
// refused then.
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
		if took := time.Since(start); took < ShedSilentAfter {
			t.Errorf("the silent connection was shed after %v, before %v", took, ShedSilentAfter)
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
		lt.l.state(c, http.StateIdle) // answered
		go c.Read(make([]byte, 1))    // and read again for the next request: idle
		lt.dial(request)
		select {
		case <-lt.accept():
		case <-time.After(10 * time.Second):
			t.Fatal("the idle connection was not shed")
		}
		if !shed(a, 5*time.Second) {
			t.Error("the idle connection is still open")
		}
	})
	t.Run("partial before silent", func(t *testing.T) {
		t.Parallel()
		lt := newLimitTest(t, 2)
		silent := lt.dial("")
		lt.now()
		partial := lt.dial("GET / HTTP/1.1\r\n")
		read(t, lt.now(), "GET / HTTP/1.1\r\n")
		lt.dial(request)
		select {
		case <-lt.accept():
		case <-time.After(10 * time.Second):
			t.Fatal("the partial connection was not shed")
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
		spared := make(chan struct{}, 1)
		lt.l.spared = func() {
			select {
			case spared <- struct{}{}:
			default:
			}
		}
		lt.dial(request)
		c := lt.now()
		refused := lt.dial(request)
		next := lt.accept()
		// The new connection may shed c once c has been silent long
		// enough, but finds its request unread.
		select {
		case <-spared:
		case c := <-next:
			t.Fatalf("a connection with its request not read yet was shed (accepted: %v)", c != nil)
		case <-time.After(30 * time.Second):
			t.Fatal("the new connection never looked at the one with its request unread")
		}
		read(t, c, request) // its headers are whole: busy, and the shedder may look on
		refused.SetReadDeadline(time.Now().Add(30 * time.Second))
		b, err := io.ReadAll(refused) // then reset, as its request was not read
		if !strings.HasPrefix(string(b), "HTTP/1.1 503 ") || !strings.Contains(string(b), "\r\nRetry-After: 1\r\n") {
			t.Errorf("beyond a busy connection: %q, %v", b, err)
		}
		select {
		case c, ok := <-next:
			if ok {
				t.Errorf("a connection was let in beyond a busy one: %v", c.RemoteAddr())
			}
		default:
		}
	})
	t.Run("close", func(t *testing.T) {
		t.Parallel()
		lt := newLimitTest(t, 1)
		lt.dial(request)
		c := lt.now()
		read(t, c, request)
		lt.l.state(c, http.StateIdle) // answered, and never read again: never shed
		lt.dial("")
		next := lt.accept()
		time.Sleep(50 * time.Millisecond) // most likely waiting by now
		start := time.Now()
		lt.l.Close()
		select {
		case c, ok := <-next:
			if ok {
				t.Errorf("Accept after Close: %v", c.RemoteAddr())
			}
		case <-time.After(30 * time.Second):
			t.Error("Accept still waits after Close")
		}
		t.Logf("Accept ended %v after Close", time.Since(start))
	})
}

// TestVictim checks the order in which a new connection at the cap sheds
// the others, at a fixed time: a partial connection at once, before an
// idle one, at once, before one stuck writing for ShedStuckAfter, before
// a silent one after ShedSilentAfter, and that only once the extra
// connections are in use; never a busy one, nor one answered that the
// server has not read from again (it may hold a request sent with the one
// before). When it sheds none, it says how long to wait.
func TestVictim(t *testing.T) {
	t0 := time.Unix(1e9, 0)
	type conn struct {
		line  string // "partial", "idle", "writing", "silent", "busy", "answered", "between writes"
		since time.Duration
	}
	for _, tc := range []struct {
		name   string
		conns  []conn
		now    time.Duration
		silent bool          // the extra connections are in use
		want   int           // the index of the victim, or -1
		wait   time.Duration // when want is -1
	}{
		{"partial at once", []conn{{"silent", 0}, {"partial", time.Second}}, time.Second, true, 1, 0},
		{"idle at once", []conn{{"silent", 0}, {"idle", time.Second}}, time.Second, true, 1, 0},
		{"partial before idle", []conn{{"idle", 0}, {"partial", time.Second}}, time.Second, true, 1, 0},
		{"idle before stuck", []conn{{"writing", 0}, {"idle", time.Second}}, time.Second, true, 1, 0},
		{"stuck", []conn{{"busy", 0}, {"writing", 0}}, ShedStuckAfter, false, 1, 0},
		{"between writes", []conn{{"between writes", 0}}, time.Hour, true, -1, ShedSilentAfter},
		{"stuck behind one between writes", []conn{{"between writes", 0}, {"writing", time.Millisecond}}, time.Hour, true, 1, 0},
		{"writing, not stuck yet", []conn{{"writing", 0}}, ShedStuckAfter / 4, false, -1, ShedStuckAfter * 3 / 4},
		{"stuck before silent", []conn{{"silent", 0}, {"writing", 0}}, time.Second, true, 1, 0},
		{"silent", []conn{{"silent", 0}}, ShedSilentAfter, true, 0, 0},
		{"silent too soon", []conn{{"silent", 0}}, ShedSilentAfter / 2, true, -1, ShedSilentAfter / 2},
		{"silent, extra ones free", []conn{{"silent", 0}}, time.Hour, false, -1, ShedSilentAfter},
		{"silent, the longest first", []conn{{"silent", 0}, {"silent", time.Millisecond}}, time.Second, true, 0, 0},
		{"idle, the longest first", []conn{{"idle", 0}, {"idle", time.Millisecond}}, time.Second, true, 0, 0},
		{"busy and answered", []conn{{"busy", 0}, {"answered", 0}}, time.Hour, true, -1, ShedSilentAfter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newConnLimit(nil, len(tc.conns), nil)
			var lcs []*limitedConn
			for _, c := range tc.conns {
				a, b := net.Pipe()
				t.Cleanup(func() { a.Close(); b.Close() })
				lc := &limitedConn{Conn: a, l: l}
				l.open++
				lines := map[string]*list.List{"partial": &l.partial, "idle": &l.idle, "writing": &l.writing, "silent": &l.silent}
				switch c.line {
				case "busy":
				case "answered":
					l.state(lc, http.StateIdle)
				case "between writes":
					l.join(lc, &l.writing, t0.Add(c.since))
				default:
					l.join(lc, lines[c.line], t0.Add(c.since))
					lc.inWrite.Store(c.line == "writing")
				}
				lcs = append(lcs, lc)
			}
			hopes := slices.ContainsFunc(tc.conns, func(c conn) bool { return c.line != "busy" })
			if l.hopes() != hopes {
				t.Errorf("hopes %v, want %v", l.hopes(), hopes)
			}
			v, wait := l.victim(t0.Add(tc.now), tc.silent)
			got := slices.Index(lcs, v)
			if got != tc.want || tc.want < 0 && wait != tc.wait {
				t.Errorf("victim %d, wait %v; want %d, wait %v", got, wait, tc.want, tc.wait)
			}
			if v != nil && !v.cut.Load() {
				t.Error("the victim's reads are not cut off")
			}
		})
	}
}

// TestWriteStall checks that an answer its client does not take is ended
// within the write stall (WriteStall, here shortened), though the server
// set no deadline: the write fails with a time-out.
func TestWriteStall(t *testing.T) {
	t.Parallel()
	lt := newLimitTest(t, 4)
	lt.l.stall = 200 * time.Millisecond
	client := lt.dial("")
	c := lt.now()
	start := time.Now()
	done := make(chan error, 1)
	go func() {
		_, err := c.Write(make([]byte, 64<<20)) // far more than the sockets' buffers hold
		done <- err
	}()
	select {
	case err := <-done:
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Errorf("a write the client does not take: %v, want a time-out", err)
		}
		t.Logf("the write ended after %v (stall %v)", time.Since(start).Round(time.Millisecond), lt.l.stall)
	case <-time.After(10 * lt.l.stall):
		t.Fatalf("a write the client does not take still waits after %v", 10*lt.l.stall)
	}
	client.Close()
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
