// Package bitx holds the bit tricks that the ranking of permutations, the
// search and the table files share.
package bitx

import (
	"encoding/binary"
	"math/bits"
)

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

// Appender appends bit strings to Out, from the lowest bit of each byte:
// the bits of the rows and records of the table files. The zero value
// appends to a nil Out.
type Appender struct {
	Out  []byte
	acc  uint64
	nacc uint
}

// Add appends the k <= 32 low bits of v, which has no others.
func (a *Appender) Add(v uint64, k uint) {
	a.acc |= v << a.nacc
	if a.nacc += k; a.nacc >= 32 {
		a.Out = binary.LittleEndian.AppendUint32(a.Out, uint32(a.acc))
		a.acc >>= 32
		a.nacc -= 32
	}
}

// Flush appends the bits left, the last byte's unused high bits zero, and
// returns Out.
func (a *Appender) Flush() []byte {
	for ; a.nacc > 0; a.nacc -= min(a.nacc, 8) {
		a.Out = append(a.Out, byte(a.acc))
		a.acc >>= 8
	}
	return a.Out
}
