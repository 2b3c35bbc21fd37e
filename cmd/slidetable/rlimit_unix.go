//go:build unix

package main

import (
	"syscall"

	"github.com/slidetable/slidetable/server"
)

// fileReserve is how many open files serve keeps for other than the
// connections of -max-conns: tables, logs, the listener, and the few
// connections the server lets in beyond its cap for a moment.
const fileReserve = 64 + server.MaxExtraConns + 1

// raiseFileLimit raises the soft limit of open files to the hard one (Go
// does so at start on most systems; this makes sure) and returns it.
func raiseFileLimit() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur < lim.Max {
		want := lim
		want.Cur = want.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err == nil {
			lim = want
		}
	}
	return uint64(lim.Cur), nil
}
