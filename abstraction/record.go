package abstraction

import (
	"encoding/binary"
	"fmt"
	"unsafe"
)

// layout is the shape of a group's entries in a file. In the multi-tile
// metric the arrangements of a group whose blanks share a row are one move
// from each other, so their distances are the row's least, m, or m+1. A
// group is kept as the search reads it, its word (each arrangement's
// distance modulo 3, 3 for unreached, two bits each: see part.words), and
// beside it, for the proof, each row's least distance (Unreached for a row
// no arrangement of which is reached): with it each remainder names one
// of m and m+1.
type layout struct {
	n, w, h int
}

func layoutOf(n, w int) layout { return layout{n: n, w: w, h: n / w} }

// encode returns the word of a group whose arrangements have the
// distances d (Unreached for those not reached), and sets mins to the
// least distance of each row.
func (l layout) encode(d, mins []byte) uint32 {
	var w uint32
	for r := range l.h {
		m := byte(Unreached)
		for _, v := range d[r*l.w : r*l.w+l.w] {
			m = min(m, v)
		}
		mins[r] = m
	}
	for z, v := range d[:l.n] {
		w |= code(v) << (2 * z)
	}
	return w
}

// depth returns the distance of the arrangement with the blank in cell z
// of a group whose word is w and rows' least distances mins, or Unreached;
// for a group that passes check.
func (l layout) depth(w uint32, mins []byte, z int) uint8 {
	c := w >> (2 * z) & 3
	m := mins[z/l.w]
	switch {
	case c == 3:
		return Unreached
	case uint32(m%3) == c:
		return m
	}
	return m + 1
}

// check reports what is wrong with a group whose word is w and rows'
// least distances mins, in a database whose largest distance is largest,
// or nil: a cell whose remainder is neither its row's least distance's nor
// the next one's, a row without a cell at its least distance or above the
// largest, a row half unreached, or bits set beyond the n cells.
func (l layout) check(w uint32, mins []byte, largest uint8) error {
	if l.n < 16 && w>>(2*l.n) != 0 {
		return fmt.Errorf("bits beyond the %d cells are set", l.n)
	}
	for r := range l.h {
		m := mins[r]
		var at, above, unreached int
		for z := r * l.w; z < r*l.w+l.w; z++ {
			switch c := w >> (2 * z) & 3; {
			case c == 3:
				unreached++
			case m == Unreached:
				return fmt.Errorf("row %d is unreached, yet cell %d has a distance", r, z)
			case uint32(m%3) == c:
				at++
			case uint32((m+1)%3) == c:
				above++
			default:
				return fmt.Errorf("cell %d is %d modulo 3, neither its row's least distance %d nor one more", z, c, m)
			}
		}
		switch {
		case m == Unreached && unreached != l.w:
			return fmt.Errorf("row %d is unreached, yet %d of its cells have a distance", r, l.w-unreached)
		case m == Unreached:
		case unreached > 0:
			return fmt.Errorf("row %d has %d cells unreached beside cells at distance %d", r, unreached, m)
		case at == 0:
			return fmt.Errorf("row %d has no cell at its least distance %d", r, m)
		case m > largest || above > 0 && m >= largest:
			return fmt.Errorf("row %d holds distances beyond the largest, %d", r, largest)
		}
	}
	return nil
}

// A raw block holds the words of its groups, 4 bytes each,
// little-endian, and apart from them their rows' least distances as
// planes: the least of row 0 of each group in order, then of row 1, and
// so on. A compressed block holds, as planes too, each group's rows' least
// distances and then its bits (see bits), which compress better than the
// words (by a fifth); the reader makes the words from them.

// bitBytes returns the bytes of a group's bits: one a cell, n of them.
func (l layout) bitBytes() int { return (l.n + 7) / 8 }

// bits sets b to the bits of a group whose word is w and rows' least
// distances mins: bit z%8 of byte z/8 set if the arrangement with the
// blank in cell z is at its row's least distance plus one.
func (l layout) bits(b []byte, w uint32, mins []byte) {
	clear(b[:l.bitBytes()])
	for z := range l.n {
		c := w >> (2 * z) & 3
		if c != 3 && c != uint32(mins[z/l.w]%3) {
			b[z/8] |= 1 << (z % 8)
		}
	}
}

// fromBits returns the word of a group whose rows' least distances are
// mins and bits b, and false if an unreached row has a bit set or a bit is
// set beyond the n cells, which no word says.
func (l layout) fromBits(mins, b []byte) (uint32, bool) {
	var w uint32
	for z := range l.n {
		bit := b[z/8] >> (z % 8) & 1
		m := mins[z/l.w]
		c := uint32(3)
		switch {
		case m != Unreached:
			c = uint32((m + bit) % 3)
		case bit != 0:
			return 0, false
		}
		w |= c << (2 * z)
	}
	if l.n%8 != 0 && b[l.bitBytes()-1]>>(l.n%8) != 0 {
		return 0, false
	}
	return w, true
}

// wordBytes returns the bytes of words in memory, which are the words'
// little-endian bytes on a little-endian machine; the reader and the
// writer use them as they are there, and convert elsewhere.
func wordBytes(words []uint32) []byte {
	if len(words) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 4*len(words))
}

// littleEndian reports whether the machine keeps words little-endian.
var littleEndian = func() bool {
	x := uint32(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// putWords writes words into dst little-endian.
func putWords(dst []byte, words []uint32) {
	if littleEndian {
		copy(dst, wordBytes(words))
		return
	}
	for i, w := range words {
		binary.LittleEndian.PutUint32(dst[4*i:], w)
	}
}

// getWords reads words little-endian from src.
func getWords(words []uint32, src []byte) {
	if littleEndian {
		copy(wordBytes(words), src)
		return
	}
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(src[4*i:])
	}
}

// planes returns count groups' bytes, held group by group (size bytes
// each), as planes: byte 0 of each group in order, then byte 1, and so on.
func planes(b []byte, count, size int) []byte {
	out := make([]byte, count*size)
	for i := range count {
		for j := range size {
			out[j*count+i] = b[i*size+j]
		}
	}
	return out
}

// unplanes is the inverse of planes.
func unplanes(pl []byte, count, size int) []byte {
	out := make([]byte, count*size)
	for i := range count {
		for j := range size {
			out[i*size+j] = pl[j*count+i]
		}
	}
	return out
}
