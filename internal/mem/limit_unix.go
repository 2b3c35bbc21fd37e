//go:build unix

package mem

import "syscall"

// addressSpace returns the process's soft limit on its address space, and
// whether it has one.
func addressSpace() (uint64, bool) {
	var r syscall.Rlimit
	// RLIM_INFINITY is all ones on Linux and 2^63-1 elsewhere.
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<62 {
		return 0, false
	}
	return uint64(r.Cur), true
}
