package server

import (
	"container/list"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// connLimit is a listener that keeps at most max connections open. At the
// cap, a new connection sheds the connection that has been quiet the
// longest: one that has not sent a whole request yet (none, or only part
// of its headers), or one idle between requests. Legitimate clients send their request at once, so under a
// flood of slow or idle connections they are the newest and the attackers'
// are shed first. If every open connection is busy with a request, the
// new one is refused in the cheapest way there is: a fixed 503 with
// Retry-After, written once without reading anything, and closed. Its
// state method is the http.Server's ConnState hook.
type connLimit struct {
	net.Listener
	max int
	log *slog.Logger

	mu    sync.Mutex
	conns map[net.Conn]*connEntry
	quiet list.List // *connEntry with no request in progress, the longest quiet first

	shed, refused int       // since the last log line
	logged        time.Time // of the last log line
}

// connEntry is an open connection; e is its element of quiet, or nil
// while it serves a request.
type connEntry struct {
	c net.Conn
	e *list.Element
}

// newConnLimit returns ln limited to max connections.
func newConnLimit(ln net.Listener, max int, log *slog.Logger) *connLimit {
	return &connLimit{Listener: ln, max: max, log: log, conns: make(map[net.Conn]*connEntry)}
}

// Accept returns the next connection, having made room for it.
func (l *connLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		l.mu.Lock()
		var victim net.Conn
		if len(l.conns) >= l.max {
			front := l.quiet.Front()
			if front == nil {
				l.refused++
				l.report()
				l.mu.Unlock()
				refuse(c)
				continue
			}
			ent := front.Value.(*connEntry)
			l.drop(ent)
			victim = ent.c
			l.shed++
			l.report()
		}
		ent := &connEntry{c: c}
		ent.e = l.quiet.PushBack(ent) // quiet until its first request
		l.conns[c] = ent
		l.mu.Unlock()
		if victim != nil {
			victim.Close() // its goroutine in the server sees the error and ends
		}
		return c, nil
	}
}

// state follows a connection's state (http.Server.ConnState). A
// connection that starts to send a request (http.StateActive, on its first
// byte) stays quiet, in its place, until the request is whole (busy):
// a client that sends its headers a line a second is an attacker to shed
// like an idle one.
func (l *connLimit) state(c net.Conn, s http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ent, ok := l.conns[c]
	if !ok {
		return // shed already
	}
	switch s {
	case http.StateIdle:
		if ent.e == nil {
			ent.e = l.quiet.PushBack(ent)
		}
	case http.StateClosed, http.StateHijacked:
		l.drop(ent)
	}
}

// busy marks c as serving a whole request, which is not shed; the server
// calls it when a request's headers have all come, and c goes back among
// the quiet ones when it next waits for a request (state).
func (l *connLimit) busy(c net.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if ent, ok := l.conns[c]; ok && ent.e != nil {
		l.quiet.Remove(ent.e)
		ent.e = nil
	}
}

// connKey is the context key of a request's connection (see Run).
type connKey struct{}

// busyHandler marks the connection of each request busy (connLimit.busy)
// before h serves it.
func (l *connLimit) busyHandler(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := r.Context().Value(connKey{}).(net.Conn); ok {
			l.busy(c)
		}
		h.ServeHTTP(w, r)
	})
}

// drop forgets a connection.
func (l *connLimit) drop(ent *connEntry) {
	if ent.e != nil {
		l.quiet.Remove(ent.e)
		ent.e = nil
	}
	delete(l.conns, ent.c)
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
