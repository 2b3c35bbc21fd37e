//go:build !unix

package mem

// Reserve returns n zero bytes, and a function that releases them (here,
// the garbage collector does).
func Reserve(n uint64) ([]byte, func()) { return reserveHeap(n) }
