//go:build !unix

package mem

// addressSpace reports no limit on the address space where it cannot be
// read.
func addressSpace() (uint64, bool) { return 0, false }
