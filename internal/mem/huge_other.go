//go:build !linux

package mem

import "unsafe"

// hugePages does nothing on this system.
func hugePages(p unsafe.Pointer, size uintptr) {}
