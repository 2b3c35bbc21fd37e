//go:build !unix

package testenv

import (
	"errors"
	"time"
)

// Mkfifo makes a named pipe (a FIFO) at path, for tests of what must
// refuse one; it fails with errors.ErrUnsupported where the system has
// none.
func Mkfifo(path string) error { return errors.ErrUnsupported }

// CPUTime returns the user and system time the process has used so far,
// or 0 where the system does not say.
func CPUTime() time.Duration { return 0 }

// DeviceNode makes a character device node in dir, the same device as
// /dev/null, for tests that must see a device refused as output without
// risking the real /dev/null should the refusal regress. It returns ""
// where nodes cannot be made (without privilege, or off Linux, whose
// device numbers it knows).
func DeviceNode(dir string) string { return "" }

// lock would take an exclusive lock on the file at path; here it takes
// none, so two processes may build the same library at once, each into a
// folder of its own, the last renamed into place.
func lock(path string) (unlock func(), err error) { return func() {}, nil }
