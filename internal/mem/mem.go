// Package mem allocates the large tables of the search and of a table in
// memory, asking the kernel to back them with huge pages where it can.
//
// Lookups and the search read and write these tables at random; with 4 KiB
// pages nearly every such access also misses the processor's TLB, and
// touching the memory for the first time takes a page fault every 4 KiB.
// The advice is only a hint: where it is not available or not taken, the
// tables are ordinary Go memory all the same.
package mem

import "unsafe"

// Bytes returns a zeroed slice of n bytes.
func Bytes(n uint64) []byte {
	b := make([]byte, n)
	if n > 0 {
		hugePages(unsafe.Pointer(unsafe.SliceData(b)), uintptr(n))
	}
	return b
}

// Words returns a zeroed slice of n 64-bit words.
func Words(n uint64) []uint64 {
	w := make([]uint64, n)
	if n > 0 {
		hugePages(unsafe.Pointer(unsafe.SliceData(w)), uintptr(n*8))
	}
	return w
}
