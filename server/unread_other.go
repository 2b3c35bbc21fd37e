//go:build !unix

package server

import (
	"net"
	"syscall"
)

// peeks says whether unread can tell.
const peeks = false

// unread reports whether c has received bytes that no one has read yet:
// here it cannot tell, and says false.
func unread(net.Conn) bool { return false }

// rawOf returns nil: here connections are read through their own Read.
func rawOf(net.Conn) syscall.RawConn { return nil }

// readRaw is not used here (rawOf gives no socket).
func (c *limitedConn) readRaw(p []byte) (int, error) { return c.Conn.Read(p) }
