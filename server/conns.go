package server

import (
	"container/list"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// connLimit is a listener that keeps at most max connections open.
//
// A connection is busy from the moment the server has read the empty line
// that ends its request's headers until it is answered; from the first
// write of its answer it is also writing, placed in the writing line by
// the last piece of the answer to leave (Write). Otherwise it is quiet,
// in one of three ways: silent, when it is new and has sent nothing yet;
// partial, when it has sent part of a request and no more; idle, when it
// has been answered and the server reads from it again for its next
// request (not before: the server may hold that request already, sent
// with the one before). Each quiet connection stands in the line of its
// kind, the one there longest first.
//
// At the cap, a new connection sheds, at once, the first partial
// connection, else the first idle one, else the first writing one blocked
// in a write of its answer for ShedStuckAfter (its client takes none of
// it). If there is none, a few more connections are let in (extraConns),
// and the connections that come next shed to bring the count back to max;
// beyond those few, a new one also sheds the first silent connection, once
// it has been silent for ShedSilentAfter. It never sheds a quiet one that
// has sent bytes the server has not read yet (a request on its way to
// being read), where the system tells (on Unix), nor one whose bytes the
// server is taking at that moment: the server's reads and the shedding
// exclude each other (see Read), so that a request the server has read is
// always the request of a busy connection. While none may be shed yet,
// the new one waits in Accept for one to become sheddable or to close
// (the clients after it wait in the listen queue meanwhile). If every open
// connection is busy, none writing nor answered, the new one is refused in
// the cheapest way there is: a fixed 503 with Retry-After, written once
// without reading anything, and closed.
//
// A new connection is accepted before its victims are closed, so the
// process holds at most max+extraConns(max)+1 connections' files at any
// time. Its state method is the http.Server's ConnState hook.
type connLimit struct {
	net.Listener
	max   int
	extra int // let in beyond max while no connection but a silent one may be shed
	log   *slog.Logger
	stall time.Duration // WriteStall; shorter in tests

	mu       sync.Mutex
	open     int       // connections counted
	silent   list.List // *limitedConn new and silent, the longest silent first
	partial  list.List // *limitedConn that have sent part of a request, the longest first
	idle     list.List // *limitedConn answered and read from again, the longest idle first
	writing  list.List // *limitedConn writing, the one whose answer has not moved the longest first
	answered int       // connections answered that the server has not read from again

	changed   chan struct{} // a token when a connection changes lines or closes
	done      chan struct{} // closed by Close
	closeOnce sync.Once

	shed, refused int       // since the last log line
	logged        time.Time // of the last log line

	spared func() // set by tests: called, l.mu held, for each connection spared for its unread bytes
}

// limitedConn is a connection of a connLimit.
type limitedConn struct {
	net.Conn
	l   *connLimit
	raw syscall.RawConn // the socket, read through readRaw; nil to read through Conn

	// Held by a read from the moment it takes bytes from the socket until
	// they are noted (received); a connection whose reader holds it is not
	// shed.
	rmu   sync.Mutex
	lines lineState   // of the bytes read, under rmu
	cut   atomic.Bool // shed: a read takes no more bytes

	wdl     atomic.Int64 // the write deadline the server set, in Unix nanoseconds; 0: none
	inWrite atomic.Bool  // in Write: blocked there, if for long

	// Under l.mu:
	in       *list.List    // the line it is in, or nil while busy and not writing
	e        *list.Element // its element in in
	since    time.Time     // when it joined in (writing: when its last piece began)
	gone     bool          // shed or closed: no longer counted
	stuck    bool          // shed for an answer its client does not take
	answered atomic.Bool   // answered, not read from since (written under l.mu)
}

// newConnLimit returns ln limited to max connections, and for a moment
// max+extraConns(max).
func newConnLimit(ln net.Listener, max int, log *slog.Logger) *connLimit {
	return &connLimit{Listener: ln, max: max, extra: extraConns(max), log: log, stall: WriteStall,
		changed: make(chan struct{}, 1), done: make(chan struct{})}
}

// extraConns is how many connections beyond max a connLimit lets in while
// no connection but a silent one may be shed: a thirty-second of max, at
// most MaxExtraConns.
func extraConns(max int) int { return min(max/32, MaxExtraConns) }

// Accept returns the next connection, having made room for it.
func (l *connLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		lc, err := l.admit(c)
		if err != nil {
			c.Close()
			return nil, err
		}
		if lc == nil {
			refuse(c)
			continue
		}
		return lc, nil
	}
}

// Close closes the listener, and stops an Accept waiting for room.
func (l *connLimit) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// admit counts c in, shedding connections to keep at most max open, or
// max+l.extra while only silent ones may be shed, and waiting for one
// beyond that; it returns nil if every connection is busy and none may
// become sheddable, and net.ErrClosed if the listener is closed while it
// waits.
func (l *connLimit) admit(c net.Conn) (*limitedConn, error) {
	var timer *time.Timer
	for {
		l.mu.Lock()
		if l.open >= l.max && !l.hopes() {
			l.refused++
			l.report()
			l.mu.Unlock()
			return nil, nil
		}
		var victims []*limitedConn
		wait := time.Duration(0)
		for l.open >= l.max {
			// A silent one only when the extra ones are in use.
			v, w := l.victim(time.Now(), l.open >= l.max+l.extra)
			if v == nil {
				wait = w
				break
			}
			l.drop(v)
			l.shed++
			victims = append(victims, v)
		}
		if len(victims) > 0 {
			l.report()
		}
		var lc *limitedConn
		if l.open < l.max+l.extra {
			lc = &limitedConn{Conn: c, l: l, raw: rawOf(c)}
			l.open++
			l.join(lc, &l.silent, time.Now())
		}
		l.mu.Unlock()
		for _, v := range victims {
			if v.stuck {
				discard(v.Conn)
			}
			v.Conn.Close() // its goroutine in the server sees the error and ends
		}
		if lc != nil {
			return lc, nil
		}
		if timer == nil {
			timer = time.NewTimer(wait)
			defer timer.Stop()
		} else {
			timer.Reset(wait)
		}
		select {
		case <-l.changed:
		case <-timer.C:
		case <-l.done:
			return nil, net.ErrClosed
		}
	}
}

// hopes reports whether a connection may be shed now or later: one is
// quiet, writing, or answered and about to be idle. l.mu is held.
func (l *connLimit) hopes() bool {
	return l.silent.Len()+l.partial.Len()+l.idle.Len()+l.writing.Len()+l.answered > 0
}

// victim returns the connection to shed at now, or nil and how long to
// wait before looking again: a partial one, else an idle one, else one
// stuck writing, else, if silent is set, a silent one. l.mu is held.
func (l *connLimit) victim(now time.Time, silent bool) (*limitedConn, time.Duration) {
	wait := ShedSilentAfter // at most, or until a connection changes lines (poke)
	for _, q := range []struct {
		line  *list.List
		after time.Duration
		peek  bool // spare one with bytes unread or being read
	}{
		{&l.partial, 0, true},
		{&l.idle, 0, true},
		{&l.writing, ShedStuckAfter, false},
		{&l.silent, ShedSilentAfter, true},
	} {
		if q.line == &l.silent && !silent {
			break
		}
		v, w := l.first(q.line, now, q.after, q.peek)
		if v != nil {
			return v, 0
		}
		wait = min(wait, w)
	}
	return nil, wait
}

// maxLook is how many connections of a line victim looks at before it
// waits.
const maxLook = 64

// first returns the first connection of q there for after at least that
// may be shed, marked so that its reads take no more bytes, or nil and how
// long to wait before looking again. With peek, it spares a connection the
// server is reading from, or that has received bytes the server has not
// read; without, one that is not blocked in a write (a writing connection
// between two writes). l.mu is held.
func (l *connLimit) first(q *list.List, now time.Time, after time.Duration, peek bool) (*limitedConn, time.Duration) {
	wait := ShedSilentAfter
	e := q.Front()
	for i := 0; e != nil && i < maxLook; e, i = e.Next(), i+1 {
		lc := e.Value.(*limitedConn)
		if there := now.Sub(lc.since); there < after {
			return nil, min(wait, after-there) // and every one after it is newer
		}
		if !peek {
			if !lc.inWrite.Load() {
				continue // between writes: not stuck
			}
			lc.cut.Store(true)
			lc.stuck = true
			return lc, 0
		}
		if lc.rmu.TryLock() {
			if !unread(lc.Conn) {
				lc.cut.Store(true)
				lc.rmu.Unlock()
				return lc, 0
			}
			lc.rmu.Unlock()
		}
		// Its request is on its way to being read: spare it, and look
		// again soon.
		if l.spared != nil {
			l.spared()
		}
		wait = time.Millisecond
	}
	return nil, wait
}

// state follows a connection's state (http.Server.ConnState): one
// answered is idle from the server's next read (Read), so that a request
// the server holds already, sent with the one before, is not taken for
// idleness; one that closes is forgotten. (http.StateActive comes once a
// request's headers are whole, after the connection is marked busy.)
func (l *connLimit) state(c net.Conn, s http.ConnState) {
	lc, ok := c.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if lc.gone {
		return // shed already
	}
	switch s {
	case http.StateIdle:
		if lc.in == &l.writing {
			l.leave(lc)
		}
		if lc.in == nil && !lc.answered.Load() {
			lc.answered.Store(true)
			l.answered++
		}
	case http.StateClosed, http.StateHijacked:
		l.drop(lc)
	}
}

// reading makes lc, answered, idle: the server reads from it for its next
// request.
func (l *connLimit) reading(lc *limitedConn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !lc.gone && l.unanswer(lc) {
		l.join(lc, &l.idle, time.Now())
	}
}

// unanswer clears lc's answered mark, and reports whether it was set.
// l.mu is held.
func (l *connLimit) unanswer(lc *limitedConn) bool {
	if !lc.answered.Load() {
		return false
	}
	lc.answered.Store(false)
	l.answered--
	l.poke()
	return true
}

// join puts lc at the back of q, leaving the line it is in. l.mu is held.
func (l *connLimit) join(lc *limitedConn, q *list.List, now time.Time) {
	l.leave(lc)
	lc.in, lc.e, lc.since = q, q.PushBack(lc), now
	l.poke()
}

// leave takes lc out of its line, if it is in one. l.mu is held.
//
// Every change of the lines wakes an Accept that waits: it may now shed,
// or refuse.
func (l *connLimit) leave(lc *limitedConn) {
	if lc.in != nil {
		lc.in.Remove(lc.e)
		lc.in, lc.e = nil, nil
		l.poke()
	}
}

// poke wakes an Accept that waits, if one does.
func (l *connLimit) poke() {
	select {
	case l.changed <- struct{}{}:
	default:
	}
}

// received follows what the server read from lc: the end of a request's
// headers makes it busy, which is not shed; the first bytes of a silent
// or idle one make it partial. It is idle again when the server next
// reads from it after answering (state, reading).
func (l *connLimit) received(lc *limitedConn, whole bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case lc.gone:
	case whole:
		l.unanswer(lc)
		l.leave(lc)
	case lc.in == &l.silent || lc.in == &l.idle:
		l.join(lc, &l.partial, time.Now())
	}
}

// progress puts lc at the back of the writing line: a piece of its answer
// begins. l.mu is taken.
func (l *connLimit) progress(lc *limitedConn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !lc.gone {
		l.join(lc, &l.writing, time.Now())
	}
}

// drop forgets a connection. l.mu is held.
func (l *connLimit) drop(lc *limitedConn) {
	l.unanswer(lc)
	l.leave(lc)
	lc.gone = true
	l.open--
	l.poke()
}

// Read reads from the connection, and marks it busy as soon as what it has
// read holds the end of a request's headers, before the server parses it
// (received). Taking the bytes and noting them is one step for the
// shedder (rmu, and readRaw where the socket allows): it never sheds a
// connection whose request the server has taken but not yet noted.
func (c *limitedConn) Read(p []byte) (int, error) {
	if c.answered.Load() {
		c.l.reading(c)
	}
	if c.raw != nil {
		return c.readRaw(p)
	}
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.rmu.Lock()
		c.note(p[:n])
		c.rmu.Unlock()
	}
	return n, err
}

// note follows bytes read from the connection (received). c.rmu is held.
func (c *limitedConn) note(p []byte) {
	c.l.received(c, c.lines.scan(p))
}

// Write writes p to the connection a piece of at most writePiece bytes at
// a time, each within WriteStall (or the server's own deadline, if
// sooner), and puts the connection in the writing line, where it stays
// until answered, its place set by the piece that began last: a client
// that stops taking its answer has it ended, and at the connection limit
// may have it shed after ShedStuckAfter.
func (c *limitedConn) Write(p []byte) (int, error) {
	c.inWrite.Store(true)
	defer c.inWrite.Store(false)
	n := 0
	for n < len(p) {
		c.l.progress(c)
		end := min(len(p), n+writePiece)
		deadline := time.Now().Add(c.l.stall)
		if d := c.wdl.Load(); d != 0 && d < deadline.UnixNano() {
			deadline = time.Unix(0, d)
		}
		c.Conn.SetWriteDeadline(deadline)
		k, err := c.Conn.Write(p[n:end])
		n += k
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				discard(c.Conn) // the server closes it next
			}
			return n, err
		}
	}
	return n, nil
}

// discard makes closing c drop what c has not sent yet, with a reset,
// rather than go on offering it to a client that takes nothing.
func discard(c net.Conn) {
	if tc, ok := c.(interface{ SetLinger(sec int) error }); ok {
		tc.SetLinger(0)
	}
}

// writePiece is the most bytes Write hands the connection at once: an
// answer must leave at WriteStall for each of them at least.
const writePiece = 16 << 10

// SetWriteDeadline sets the deadline of the whole of the writes to come,
// which Write applies piece by piece.
func (c *limitedConn) SetWriteDeadline(t time.Time) error {
	var d int64
	if !t.IsZero() {
		d = t.UnixNano()
	}
	c.wdl.Store(d)
	return nil
}

// SetDeadline sets the read deadline, and the write deadline as
// SetWriteDeadline does.
func (c *limitedConn) SetDeadline(t time.Time) error {
	c.SetWriteDeadline(t)
	return c.Conn.SetReadDeadline(t)
}

// CloseWrite shuts down the writing side, if the connection has one
// (http.Server does so before closing a connection it has answered).
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// lineState follows a byte stream for the empty line that ends a
// request's headers: "\n\n" or "\n\r\n", as net/http accepts both.
type lineState uint8

const (
	inLine     lineState = iota // within a line, or at the very start
	lineStart                   // just after a '\n'
	lineStartR                  // after a '\n' and a '\r'
)

// scan follows p and reports whether it holds an empty line.
func (s *lineState) scan(p []byte) bool {
	end := false
	for _, b := range p {
		switch {
		case b == '\n':
			end = end || *s != inLine
			*s = lineStart
		case b == '\r' && *s == lineStart:
			*s = lineStartR
		default:
			*s = inLine
		}
	}
	return end
}

// connKey is the context key of a request's connection (see Run).
type connKey struct{}

// busyHandler marks the connection of each request busy before h serves
// it: a request the server read with the one before (pipelined) is marked
// here, the others as they are read (received).
func (l *connLimit) busyHandler(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := r.Context().Value(connKey{}).(*limitedConn); ok {
			l.received(c, true)
		}
		h.ServeHTTP(w, r)
	})
}

// report logs the connections shed and refused, at most once a second.
func (l *connLimit) report() {
	if l.log == nil || time.Since(l.logged) < time.Second {
		return
	}
	l.log.Warn("at the connection limit", "max", l.max, "shed", l.shed, "refused", l.refused)
	l.shed, l.refused, l.logged = 0, 0, time.Now()
}

// refusal is the whole answer to a connection beyond the limit.
var refusal = func() []byte {
	body := `{"error":"busy: every connection is in use; try again shortly"}` + "\n"
	return []byte(fmt.Sprintf("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: %s\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s",
		retryAfter, len(body), body))
}()

// refuse writes the refusal to c, without waiting on the client, and
// closes it.
func refuse(c net.Conn) {
	c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond)) // a new socket's buffer takes it at once
	c.Write(refusal)
	c.Close()
}
