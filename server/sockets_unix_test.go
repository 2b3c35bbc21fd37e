//go:build unix

package server_test

import (
	"context"
	"net"
	"syscall"
)

// smallWindows says whether dialSmallWindow can shrink a receive window.
const smallWindows = true

// dialSmallWindow connects to addr with a receive buffer as small as the
// system allows (set before connecting, so that the window offered is
// small from the start): a client that asks for a large answer and does
// not read holds it in the server's writes.
func dialSmallWindow(ctx context.Context, addr string) (net.Conn, error) {
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var serr error
		if err := c.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024)
		}); err != nil {
			return err
		}
		return serr
	}}
	return d.DialContext(ctx, "tcp", addr)
}

// wasReset reports whether c's socket has an error pending, such as a
// reset from the server, without reading from it.
func wasReset(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return true
	}
	pending := 0
	if err := rc.Control(func(fd uintptr) {
		pending, err = syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_ERROR)
	}); err != nil {
		return true
	}
	return err != nil || pending != 0
}

// hasBytes reports whether c has received bytes, without reading them.
func hasBytes(c net.Conn) bool {
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
		n, _, _ = syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
	})
	return n > 0
}

// fileLimit returns the soft limit of open files of the process, raised
// to its hard limit if it is lower, or 0 if it cannot tell.
func fileLimit() uint64 {
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) != nil {
		return 0
	}
	if lim.Cur < lim.Max {
		want := lim
		want.Cur = want.Max
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want) == nil {
			lim = want
		}
	}
	return uint64(lim.Cur)
}
