// Package bitx holds the bit tricks that the ranking of permutations and
// the search share.
package bitx

import "math/bits"

// NthSet returns the position of the k-th (from 0) set bit of x, which
// must have more than k bits set.
func NthSet(x uint32, k int) uint8 {
	for ; k > 0; k-- {
		x &= x - 1
	}
	return uint8(bits.TrailingZeros32(x))
}

// NthSet64 is NthSet for 64 bits.
func NthSet64(x uint64, k int) uint8 {
	for ; k > 0; k-- {
		x &= x - 1
	}
	return uint8(bits.TrailingZeros64(x))
}
