//go:build !linux

package bfs

import "unsafe"

// hugePages does nothing on this system.
func hugePages(p unsafe.Pointer, size uintptr) {}
