package table

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// Depth encoding 3 is quick to write and read, for the tables of 12 cells.
// Within a row of a slot group the blank moves from cell to cell with the
// tiles in place, so the depths of neighbouring slots of a row differ by
// exactly one. A block keeps the depth of each row's first slot (and of the
// block's first slot), halved, since the parity of a depth is the colour of
// the blank's cell on a checkerboard relative to the goal's, and one bit
// for every other slot: 1 if its depth is one more than the slot before.
//
// A block holds the length of the first depths compressed (4 bytes), those
// depths as one zstd frame, and then the bits, eight a byte, first slot in
// the lowest bit, unused high bits of the last byte zero.

// rowShape describes the rows of a table's slots.
type rowShape struct {
	n, w   uint64
	parity [16]uint8 // parity of the depth of a slot with the blank in cell z
}

func newRowShape(goal board.Board) rowShape {
	r := rowShape{n: uint64(goal.Len()), w: uint64(goal.Size().W)}
	g := uint64(goal.Blank())
	for z := range r.n {
		r.parity[z] = uint8((z/r.w + z%r.w + g/r.w + g%r.w) & 1)
	}
	return r
}

// rowBuffers is scratch space for encodeRows, kept by callers that code
// many blocks one after another.
type rowBuffers struct{ depths, firsts, bits, out []byte }

// encodeRows codes the depths of slots [start, end) of src with encoding
// 3, in buf's space; the result is valid until the next call with buf.
func encodeRows(src *source, start, end uint64, buf *rowBuffers) ([]byte, error) {
	firsts, bits, err := rowData(src, start, end, buf)
	if err != nil {
		return nil, err
	}
	for i := range firsts {
		firsts[i] >>= 1 // the parity is the slot's
	}
	nf := uint64(len(firsts))
	out := append(grow(buf.out, 4+nf+nf/128+1024+uint64(len(bits))+8), 0, 0, 0, 0)
	out = fileformat.AppendFastest(out, firsts)
	binary.LittleEndian.PutUint32(out, uint32(len(out)-4))
	out = append(out, bits...)
	buf.out = out
	return out, nil
}

// grow returns b emptied, with room for n bytes: room for everything at
// once, as growing the buffers would leave garbage the size of a block
// behind.
func grow(b []byte, n uint64) []byte {
	if uint64(cap(b)) < n {
		return make([]byte, 0, n)
	}
	return b[:0]
}

// rowData returns the depths of slots [start, end) of src row by row, in
// buf's space: the depth of the first slot of each row that starts in the
// range, and of the range's first slot, and a bit for every other slot,
// set if its depth is one more than the slot's before (see
// bfs.Result.Rows). It returns errModel if the depths cannot be coded so.
func rowData(src *source, start, end uint64, buf *rowBuffers) (firsts, bits []byte, err error) {
	r := newRowShape(src.goal)
	nfirst, nbits := r.counts(start, end)
	firsts, bits = grow(buf.firsts, nfirst), grow(buf.bits, (nbits+7)/8+8)
	if src.rows != nil {
		var ok bool
		firsts, bits, ok = src.rows(start, end, firsts, bits)
		if !ok {
			return nil, nil, errModel
		}
	} else if firsts, bits, err = rowsOf(src, r, start, end, firsts, bits, buf); err != nil {
		return nil, nil, err
	}
	if uint64(len(firsts)) != nfirst || uint64(len(bits)) != (nbits+7)/8 {
		return nil, nil, errModel
	}
	buf.firsts, buf.bits = firsts, bits
	return firsts, bits, nil
}

// rowsOf appends the first depths and the bits of rowData for slots
// [start, end) to firsts and bits, from the depths of src, checking that
// they can be coded so.
func rowsOf(src *source, r rowShape, start, end uint64, firsts, bits []byte, buf *rowBuffers) ([]byte, []byte, error) {
	top := uint8(len(src.counts) - 1)
	if uint64(cap(buf.depths)) < end-start {
		buf.depths = make([]uint8, end-start)
	}
	// depth[slot-start] is the depth of slot.
	depth := src.depths(start, end, buf.depths[:end-start])
	var acc uint64
	var nacc uint
	z := start % r.n
	for slot := start; slot < end; {
		// One row, or what of it lies in the block.
		rowEnd := min(slot-z%r.w+r.w, end)
		d := depth[slot-start]
		if d > top || d&1 != r.parity[z] {
			return nil, nil, errModel // also catches a slot no board reaches
		}
		firsts = append(firsts, d)
		prev := d
		for s := slot + 1; s < rowEnd; s++ {
			d := depth[s-start]
			// d-prev+1 is 0 or 2 for a move down or up.
			step := d - prev + 1
			if d > top || step&^2 != 0 {
				return nil, nil, errModel
			}
			acc |= uint64(step>>1) << nacc
			if nacc++; nacc == 64 {
				bits = binary.LittleEndian.AppendUint64(bits, acc)
				acc, nacc = 0, 0
			}
			prev = d
		}
		z += rowEnd - slot
		if z >= r.n {
			z -= r.n
		}
		slot = rowEnd
	}
	for ; nacc > 0; nacc -= min(nacc, 8) {
		bits = append(bits, byte(acc))
		acc >>= 8
	}
	return firsts, bits, nil
}

// counts returns the number of first slots and of bits in a block.
func (r *rowShape) counts(start, end uint64) (firsts, bits uint64) {
	// Rows start at the slots that are multiples of w, n being one.
	firsts = (end+r.w-1)/r.w - (start+r.w-1)/r.w
	if start%r.w != 0 {
		firsts++ // the block's first slot
	}
	return firsts, end - start - firsts
}

// decodeRows decodes slots [start, end) of t.depth from a block of
// encoding 3.
func decodeRows(t *Table, start, end uint64, depths int, in []byte, dec *zstd.Decoder) error {
	r := newRowShape(t.goal)
	nfirst, nbits := r.counts(start, end)
	if len(in) < 4 {
		return fmt.Errorf("%w: block of %d bytes", ErrFormat, len(in))
	}
	flen := uint64(binary.LittleEndian.Uint32(in))
	if flen > uint64(len(in)-4) || uint64(len(in))-4-flen != (nbits+7)/8 {
		return fmt.Errorf("%w: block of %d bytes does not hold %d first depths and %d bits", ErrFormat, len(in), nfirst, nbits)
	}
	firsts, err := dec.DecodeAll(in[4:4+flen], make([]byte, 0, nfirst))
	if err != nil {
		return fmt.Errorf("%w: %w", ErrFormat, err)
	}
	if uint64(len(firsts)) != nfirst {
		return fmt.Errorf("%w: %d first depths, want %d", ErrFormat, len(firsts), nfirst)
	}
	bits := in[4+flen:]
	if nbits%8 != 0 && bits[len(bits)-1]>>(nbits%8) != 0 {
		return fmt.Errorf("%w: stray bits at the end of a block", ErrFormat)
	}
	top := int(depths - 1)
	depth := t.depth[:end]
	rows := newRowPatterns(int(r.w))
	var i, b uint64
	z := start % r.n
	for slot := start; slot < end; {
		rowEnd := min(slot-z%r.w+r.w, end)
		f := int(firsts[i])
		i++
		d := f<<1 | int(r.parity[z])
		// The row's depths: each one more or one less than the one
		// before, as the row's bits say.
		l := rowEnd - slot
		p := readBits(bits, b, l-1)
		b += l - 1
		if d+int(rows.lo[p][l-1]) < 0 || d+int(rows.hi[p][l-1]) > top {
			return fmt.Errorf("%w: slot %d: a row of distances leaves 0..%d", ErrFormat, slot, top)
		}
		if slot+8 <= end {
			// All the row's depths at once: d in every byte, plus the
			// positive offsets, minus the negative ones, carry-free as
			// the row's range was checked. Bytes past the row belong to
			// the rows after it, written next.
			binary.LittleEndian.PutUint64(depth[slot:], uint64(d)*0x0101010101010101+rows.pos[p]-rows.neg[p])
		} else {
			for j, off := range rows.off[p][:l] {
				depth[slot+uint64(j)] = uint8(d + int(off))
			}
		}
		z += l
		if z >= r.n {
			z -= r.n
		}
		slot = rowEnd
	}
	return nil
}

// rowPatterns gives, for the bits of a row (bit j: the depth of slot j+1
// is one more than that of slot j), the depth of each slot relative to the
// first, and the least and the most of them over the first l+1 slots.
type rowPatterns struct {
	off      [][]int8
	lo, hi   [][]int8 // [bits][l]
	pos, neg []uint64 // the offsets of the first 8 slots, positive and negative parts, a byte each
}

var rowTables sync.Map // width -> *rowPatterns

func newRowPatterns(w int) *rowPatterns {
	if v, ok := rowTables.Load(w); ok {
		return v.(*rowPatterns)
	}
	r := &rowPatterns{}
	for p := range 1 << (w - 1) {
		off := make([]int8, w)
		lo, hi := make([]int8, w), make([]int8, w)
		for j := 1; j < w; j++ {
			off[j] = off[j-1] - 1 + int8(p>>(j-1)&1)*2
			lo[j], hi[j] = min(lo[j-1], off[j]), max(hi[j-1], off[j])
		}
		var pos, neg uint64
		for j, o := range off {
			if o > 0 {
				pos |= uint64(o) << (8 * j)
			} else {
				neg |= uint64(-o) << (8 * j)
			}
		}
		r.pos = append(r.pos, pos)
		r.neg = append(r.neg, neg)
		r.off = append(r.off, off)
		r.lo = append(r.lo, lo)
		r.hi = append(r.hi, hi)
	}
	v, _ := rowTables.LoadOrStore(w, r)
	return v.(*rowPatterns)
}

// readBits returns the k < 57 bits of b from bit pos on, the first in the
// lowest bit.
func readBits(b []byte, pos, k uint64) uint64 {
	var v uint64
	if i := pos / 8; i+8 <= uint64(len(b)) {
		v = binary.LittleEndian.Uint64(b[i:])
	} else {
		for j := uint64(0); i+j < uint64(len(b)); j++ {
			v |= uint64(b[i+j]) << (8 * j)
		}
	}
	return v >> (pos % 8) & (1<<k - 1)
}
