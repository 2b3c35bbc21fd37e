package mem

import (
	"syscall"
	"unsafe"
)

// hugePages asks the kernel to back the 2 MiB-aligned part of a block of
// fresh memory with huge pages. It must come before the memory is first
// touched. Failure changes nothing but speed.
func hugePages(p unsafe.Pointer, size uintptr) {
	const huge = 2 << 20
	if size < 2*huge {
		return
	}
	skip := (huge - uintptr(p)%huge) % huge
	if skip+huge > size {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, skip)), (size-skip)&^(huge-1))
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE
}

// noHugePages asks the kernel not to back b with huge pages, so that
// touching a byte makes one small page resident.
func noHugePages(b []byte) { _ = syscall.Madvise(b, 15) } // MADV_NOHUGEPAGE
