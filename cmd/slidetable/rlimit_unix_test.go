//go:build unix

package main

import (
	"fmt"
	"syscall"
)

// haveFileLimit says whether setFileLimit can set a limit here.
const haveFileLimit = true

// setFileLimit sets the soft and hard limits of open files of this process
// to n, a number.
func setFileLimit(n string) error {
	var lim syscall.Rlimit
	if _, err := fmt.Sscan(n, &lim.Cur); err != nil { // the field's type varies
		return fmt.Errorf("file limit %q: %w", n, err)
	}
	lim.Max = lim.Cur
	return syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
}
