package bfs

import (
	"syscall"
	"unsafe"
)

// hugePages asks the kernel to back a large table with huge pages where it
// can: the search reads and writes its tables at random, and with 4 KiB
// pages nearly every such access also misses the processor's TLB. The
// advice is only a hint; failure changes nothing but speed.
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
