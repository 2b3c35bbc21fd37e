//go:build unix

package main

import "syscall"

// fileReserve is how many open files serve keeps for other than
// connections: tables, logs, the listener.
const fileReserve = 64

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
