//go:build !linux

package mem

import "unsafe"

// hugePages does nothing on this system.
func hugePages(p unsafe.Pointer, size uintptr) {}

// noHugePages does nothing on this system.
func noHugePages(b []byte) {}
