//go:build !unix

package server

import "net"

// peeks says whether unread can tell.
const peeks = false

// unread reports whether c has received bytes that no one has read yet:
// here it cannot tell, and says false.
func unread(net.Conn) bool { return false }
