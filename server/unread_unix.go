//go:build unix

package server

import (
	"errors"
	"io"
	"net"
	"os"
	"syscall"
)

// peeks says whether unread can tell.
const peeks = true

// unread reports whether c has received bytes that no one has read yet,
// by peeking at its socket without waiting; false if it cannot tell.
func unread(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	n := 0
	rc.Control(func(fd uintptr) {
		var b [1]byte
		// The socket does not block (the runtime's poller sets it so):
		// with nothing to read, recv fails with EAGAIN at once.
		n, _, _ = syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK)
	})
	return n > 0
}

// rawOf returns the socket of c for readRaw, or nil if c has none.
func rawOf(c net.Conn) syscall.RawConn {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return rc
}

// readRaw reads from c's socket into p. It waits for bytes as the
// connection's own Read does, deadlines included, and then takes them
// from the socket and notes them (note) in one step under c.rmu, which the
// shedder takes before it peeks (first): so it never finds a socket
// emptied of a request that is not noted yet. The reads of a connection
// that is shed take nothing more.
func (c *limitedConn) readRaw(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n := 0
	var rerr error
	err := c.raw.Read(func(fd uintptr) bool {
		c.rmu.Lock()
		defer c.rmu.Unlock()
		if c.cut.Load() {
			rerr = net.ErrClosed
			return true
		}
		for {
			n, rerr = syscall.Read(int(fd), p)
			if rerr != syscall.EINTR {
				break
			}
		}
		if rerr == syscall.EAGAIN {
			n = 0
			return false // wait for bytes
		}
		n = max(n, 0)
		if n > 0 {
			c.note(p[:n])
		}
		return true
	})
	var oe *net.OpError
	switch {
	case errors.As(err, &oe):
		err = oe.Err // a deadline, or the connection closed
	case err == nil && rerr == net.ErrClosed:
		err = rerr
	case err == nil && rerr != nil:
		err = os.NewSyscallError("read", rerr)
	case err == nil && n == 0:
		return 0, io.EOF
	}
	if err != nil {
		return n, &net.OpError{Op: "read", Net: c.LocalAddr().Network(), Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: err}
	}
	return n, nil
}
