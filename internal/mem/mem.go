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

// reserveHeap is Reserve in the Go heap.
func reserveHeap(n uint64) ([]byte, func()) { return make([]byte, n), func() {} }
