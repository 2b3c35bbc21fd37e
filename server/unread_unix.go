//go:build unix

package server

import (
	"net"
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
