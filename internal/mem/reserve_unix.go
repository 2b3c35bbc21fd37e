//go:build unix

package mem

import "syscall"

// Reserve returns n zero bytes that take memory only as their pages are
// first touched, outside the Go heap where the system allows (an
// anonymous mapping, never backed by huge pages, so that a touch costs one
// small page), and a function that releases them, after which they must
// not be used.
func Reserve(n uint64) ([]byte, func()) {
	if n == 0 || n > uint64(^uint(0)>>1) {
		return reserveHeap(n)
	}
	b, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return reserveHeap(n)
	}
	noHugePages(b)
	return b, func() { _ = syscall.Munmap(b) }
}
