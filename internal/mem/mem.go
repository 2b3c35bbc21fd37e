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

// Words32 returns a zeroed slice of n 32-bit words.
func Words32(n uint64) []uint32 {
	w := make([]uint32, n)
	if n > 0 {
		hugePages(unsafe.Pointer(unsafe.SliceData(w)), uintptr(n*4))
	}
	return w
}

// reserveHeap is Reserve in the Go heap.
func reserveHeap(n uint64) ([]byte, func()) { return make([]byte, n), func() {} }
