package abstraction

import "fmt"

// layout is the shape of a group's record in a file: in the multi-tile
// metric the arrangements of a group whose blanks share a row are one move
// from each other, so their distances are the row's least, m, or m+1. A
// record holds, for each row, m (Unreached if no arrangement of the row is
// reached), then a bit for each arrangement of the group, set if it is at
// m+1: bit z%8 of byte z/8 of the bits, for the blank in cell z.
type layout struct {
	n, w, h int
	size    int // bytes a record: h + ceil(n/8)
}

func layoutOf(n, w int) layout {
	return layout{n: n, w: w, h: n / w, size: n/w + (n+7)/8}
}

// encode writes into rec the record of a group whose arrangements have
// the distances d (Unreached for those not reached).
func (l layout) encode(rec, d []byte) {
	clear(rec[:l.size])
	for r := range l.h {
		m := byte(Unreached)
		for _, v := range d[r*l.w : r*l.w+l.w] {
			m = min(m, v)
		}
		rec[r] = m
		for z := r * l.w; z < r*l.w+l.w; z++ {
			if d[z] != m {
				rec[l.h+z/8] |= 1 << (z % 8)
			}
		}
	}
}

// depth returns the distance of the arrangement with the blank in cell z
// of the group whose record is rec, or Unreached.
func (l layout) depth(rec []byte, z int) uint8 {
	m := rec[z/l.w]
	if m == Unreached {
		return Unreached
	}
	return m + rec[l.h+z/8]>>(z%8)&1
}

// check reports what is wrong with rec, a record of a database whose
// largest distance is largest, or nil: a row whose least distance is
// above largest (or, for a row with an arrangement at m+1, m+1 is), a
// reached row without an arrangement at its least distance, an unreached
// row with bits set, or a bit set beyond the n cells.
func (l layout) check(rec []byte, largest uint8) error {
	for r := range l.h {
		m := rec[r]
		var ones, all int
		for z := r * l.w; z < r*l.w+l.w; z++ {
			ones += int(rec[l.h+z/8] >> (z % 8) & 1)
			all++
		}
		switch {
		case m == Unreached && ones > 0:
			return fmt.Errorf("row %d is unreached, yet %d of its cells are marked one farther", r, ones)
		case m == Unreached:
		case m > largest || ones > 0 && m >= largest:
			return fmt.Errorf("row %d holds distances %d to %d, beyond the largest, %d", r, m, m+byte(min(ones, 1)), largest)
		case ones == all:
			return fmt.Errorf("row %d has no cell at its least distance %d", r, m)
		}
	}
	if l.n%8 != 0 && rec[l.size-1]>>(l.n%8) != 0 {
		return fmt.Errorf("bits beyond the %d cells are set", l.n)
	}
	return nil
}

// word returns the search's word of the group whose record is rec: each
// arrangement's distance modulo 3, 3 for unreached, two bits each (see
// part.words).
func (l layout) word(rec []byte) uint32 {
	var w uint32
	for z := range l.n {
		w |= code(l.depth(rec, z)) << (2 * z)
	}
	return w
}

// planes returns the records recs, of size bytes each, as a block holds
// them: byte 0 of every record in order, then byte 1, and so on, so that
// bytes of one kind stand together and compress better.
func planes(recs []byte, size int) []byte {
	out := make([]byte, len(recs))
	count := len(recs) / size
	for i := range count {
		for j := range size {
			out[j*count+i] = recs[i*size+j]
		}
	}
	return out
}

// unplanes is the inverse of planes.
func unplanes(pl []byte, size int) []byte {
	out := make([]byte, len(pl))
	count := len(pl) / size
	for i := range count {
		for j := range size {
			out[i*size+j] = pl[j*count+i]
		}
	}
	return out
}
