//go:build unix

package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"time"
)

// Mkfifo makes a named pipe (a FIFO) at path, for tests of what must
// refuse one; it fails with errors.ErrUnsupported where the system has
// none.
func Mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

// CPUTime returns the user and system time the process has used so far,
// or 0 where the system does not say.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// DeviceNode makes a character device node in dir, the same device as
// /dev/null, for tests that must see a device refused as output without
// risking the real /dev/null should the refusal regress. It returns ""
// where nodes cannot be made (without privilege, or off Linux, whose
// device numbers it knows).
func DeviceNode(dir string) string {
	if runtime.GOOS != "linux" {
		return ""
	}
	path := filepath.Join(dir, "null")
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		return ""
	}
	return path
}

// lock takes an exclusive lock on the file at path, made if missing,
// waiting for another process that holds it, and returns its release.
func lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %v", path, err)
	}
	return func() { f.Close() }, nil
}
