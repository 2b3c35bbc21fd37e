package server

import (
	"container/list"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// connLimit is a listener that keeps at most max connections open.
//
// A connection is busy from the moment the server has read the empty line
// that ends its request's headers until it waits for its next request.
// Otherwise it is quiet, in one of two ways: partial, when it has sent
// part of a request and no more; or waiting, when it is new and has sent
// nothing yet, or is idle between requests.
//
// At the cap, a new connection sheds the partial connection quiet the
// longest. If there is none, a few more connections are let in
// (extraConns), and the connections that come next shed partial ones to
// bring the count back to max. Beyond those few, it sheds the waiting
// connection quiet the longest, if that one has been quiet for
// ShedWaitingAfter at least. It never sheds one that has sent bytes the
// server has not read yet (a request on its way to being read), where the
// system tells (on Unix). A prompt client sends its whole request at
// once, right after it connects or after its previous answer: it is
// spared until the server has read that request, and from then on it is
// busy. A client that sends its headers a line a second is shed first,
// and one that connects and says nothing, or stays idle, only when there
// is no such client left and once a second has passed. While no quiet
// connection may be shed, the new one waits in Accept for one to become
// sheddable or to close, at most ShedWaitingAfter (the clients after it
// wait in the listen queue meanwhile). If every open connection is busy,
// the new one is refused in the cheapest way there is: a fixed 503 with
// Retry-After, written once without reading anything, and closed.
//
// A new connection is accepted before its victims are closed, so the
// process holds at most max+extraConns(max)+1 connections' files at any
// time. Its state method is the http.Server's ConnState hook.
type connLimit struct {
	net.Listener
	max   int
	extra int // let in beyond max while no partial one may be shed
	log   *slog.Logger

	mu      sync.Mutex
	open    int       // connections counted
	partial list.List // *limitedConn that have sent part of a request, the longest quiet first
	waiting list.List // *limitedConn new and silent, or idle, the longest quiet first

	changed   chan struct{} // a token when a connection changes lines or closes
	done      chan struct{} // closed by Close
	closeOnce sync.Once

	shed, refused int       // since the last log line
	logged        time.Time // of the last log line
}

// limitedConn is a connection of a connLimit.
type limitedConn struct {
	net.Conn
	l     *connLimit
	in    *list.List    // l.partial or l.waiting, or nil while busy
	e     *list.Element // its element in in
	since time.Time     // when it joined in
	gone  bool          // shed or closed: no longer counted
	lines lineState     // of the bytes read, touched by the server's reads only
}

// newConnLimit returns ln limited to max connections, and for a moment
// max+extraConns(max).
func newConnLimit(ln net.Listener, max int, log *slog.Logger) *connLimit {
	return &connLimit{Listener: ln, max: max, extra: extraConns(max), log: log,
		changed: make(chan struct{}, 1), done: make(chan struct{})}
}

// extraConns is how many connections beyond max a connLimit lets in while
// no partial connection may be shed: a thirty-second of max, at most
// MaxExtraConns.
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

// admit counts c in, shedding quiet connections to keep at most max open,
// or max+l.extra while no partial one may be shed, and waiting for one
// beyond that; it returns nil if every connection is busy, and net.ErrClosed if
// the listener is closed while it waits.
func (l *connLimit) admit(c net.Conn) (*limitedConn, error) {
	var timer *time.Timer
	for {
		l.mu.Lock()
		if l.open >= l.max && l.partial.Len()+l.waiting.Len() == 0 {
			l.refused++
			l.report()
			l.mu.Unlock()
			return nil, nil
		}
		var victims []*limitedConn
		wait := time.Duration(0)
		for l.open >= l.max {
			// A waiting one only when the extra ones are in use.
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
			lc = &limitedConn{Conn: c, l: l}
			l.open++
			l.join(lc, &l.waiting, time.Now())
		}
		l.mu.Unlock()
		for _, v := range victims {
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

// victim returns the connection to shed at now, or nil and how long to
// wait before looking again: a partial one if there is one to shed, else,
// if waiting is set, a waiting one. l.mu is held.
func (l *connLimit) victim(now time.Time, waiting bool) (*limitedConn, time.Duration) {
	p, wait := first(&l.partial, now, 0)
	if p != nil || !waiting {
		return p, wait
	}
	w, wwait := first(&l.waiting, now, ShedWaitingAfter)
	return w, min(wait, wwait)
}

// maxLook is how many connections of a line victim looks at before it
// waits.
const maxLook = 64

// first returns the first connection of q quiet for after at least and
// with nothing unread, or nil and how long to wait before looking again.
func first(q *list.List, now time.Time, after time.Duration) (*limitedConn, time.Duration) {
	wait := ShedWaitingAfter // or until one joins, becomes busy or closes (poke)
	e := q.Front()
	for i := 0; e != nil && i < maxLook; e, i = e.Next(), i+1 {
		lc := e.Value.(*limitedConn)
		if quiet := now.Sub(lc.since); quiet < after {
			return nil, min(wait, after-quiet) // and every one after it is newer
		}
		if !unread(lc.Conn) {
			return lc, 0
		}
		// Its request is on its way to being read: spare it, and look
		// again soon.
		wait = time.Millisecond
	}
	return nil, wait
}

// state follows a connection's state (http.Server.ConnState): one that
// waits for its next request is waiting from then on, at the back of the
// line; one that closes is forgotten. (http.StateActive comes once a
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
		if lc.in == nil {
			l.join(lc, &l.waiting, time.Now())
		}
	case http.StateClosed, http.StateHijacked:
		l.drop(lc)
	}
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
// headers makes it busy, which is not shed; the first bytes of a waiting
// one make it partial. It is waiting again when it next waits for a
// request (state).
func (l *connLimit) received(lc *limitedConn, whole bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case lc.gone:
	case whole:
		l.leave(lc)
	case lc.in == &l.waiting:
		l.join(lc, &l.partial, time.Now())
	}
}

// drop forgets a connection. l.mu is held.
func (l *connLimit) drop(lc *limitedConn) {
	l.leave(lc)
	lc.gone = true
	l.open--
	l.poke()
}

// Read reads from the connection, and marks it busy as soon as what it has
// read holds the end of a request's headers, before the server parses it
// (received).
func (c *limitedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.l.received(c, c.lines.scan(p[:n]))
	}
	return n, err
}

// CloseWrite shuts down the writing side, if the connection has one
// (http.Server does so before closing a connection it has answered).
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom lets the connection's own ReadFrom (sendfile, splice) work.
func (c *limitedConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, r)
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
