package table

import (
	"encoding/binary"
	"fmt"

	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/internal/fileformat"
)

// Depth encoding 4 is written for the multi-tile metric. Along a row of a
// slot group (the w slots with the blank in one row) every board is one
// move from every other, so the depths of a row are its least depth m and
// m+1. A block holds the length F of a zstd frame (4 bytes), the frame,
// holding m for each row, or part of a row, in the block, and then one bit
// for every slot of the block, eight a byte from the lowest: 1 if its
// depth is m+1; unused high bits of the last byte are zero. A part of a
// row holds a slot at m.

// encodeMultiRows codes the depths of slots [start, end) of src with
// encoding 4, in buf's space; the result is valid until the next call with
// buf. It returns errModel if a slot has no depth or the depths of a row
// are not two consecutive values.
func encodeMultiRows(src *source, start, end uint64, buf *rowBuffers) ([]byte, error) {
	firsts, bits, err := leastRowData(src, start, end, buf)
	if err != nil {
		return nil, err
	}
	out := append(buf.out[:0], 0, 0, 0, 0)
	// Small tables, as the built-in ones, are worth the strongest level.
	if src.n() <= modelCells {
		out = fileformat.AppendBest(out, firsts)
	} else {
		out = fileformat.AppendFastest(out, firsts)
	}
	binary.LittleEndian.PutUint32(out, uint32(len(out)-4))
	out = append(out, bits...)
	buf.out = out
	return out, nil
}

// leastRowData returns the least depths of the rows of slots [start, end)
// of src, and their bits, as encoding 4 codes them (see
// bfs.Result.LeastRows), in buf's space. It returns errModel if a slot has
// no depth or the depths of a row are not two consecutive values.
func leastRowData(src *source, start, end uint64, buf *rowBuffers) (least, bits []byte, err error) {
	least, bits = buf.firsts[:0], buf.bits[:0]
	if src.leastRows != nil {
		var ok bool
		if least, bits, ok = src.leastRows(start, end, least, bits); !ok {
			return nil, nil, errModel
		}
	} else if least, bits, err = leastRowsOf(src, start, end, least, bits, buf); err != nil {
		return nil, nil, err
	}
	buf.firsts, buf.bits = least, bits
	return least, bits, nil
}

// leastRowsOf appends the least depths of the rows of slots [start, end)
// of src, and their bits, as encoding 4 codes them, from src's depths.
func leastRowsOf(src *source, start, end uint64, firsts, bits []byte, buf *rowBuffers) ([]byte, []byte, error) {
	w := uint64(src.goal.Size().W)
	if uint64(cap(buf.depths)) < end-start {
		buf.depths = make([]uint8, end-start)
	}
	depth := src.depths(start, end, buf.depths[:end-start])
	top := uint8(len(src.counts) - 1)
	var acc uint64
	var nacc uint
	for slot := start; slot < end; {
		rowEnd := min(slot-slot%w+w, end)
		row := depth[slot-start : rowEnd-start]
		m := row[0]
		for _, d := range row {
			m = min(m, d)
		}
		for _, d := range row {
			if d > top || d-m > 1 {
				return nil, nil, errModel // also catches a slot no board reaches
			}
			acc |= uint64(d-m) << nacc
			if nacc++; nacc == 64 {
				bits = binary.LittleEndian.AppendUint64(bits, acc)
				acc, nacc = 0, 0
			}
		}
		firsts = append(firsts, m)
		slot = rowEnd
	}
	for ; nacc > 0; nacc -= min(nacc, 8) {
		bits = append(bits, byte(acc))
		acc >>= 8
	}
	return firsts, bits, nil
}

// multiRowCount returns the number of rows, or parts of rows, of a block.
func multiRowCount(w, start, end uint64) uint64 {
	return (end+w-1)/w - start/w
}

// decodeMultiRows decodes slots [start, end) of t.depth from a block of
// encoding 4 of a table with depths distances.
func decodeMultiRows(t *Table, start, end uint64, depths int, in []byte, dec *zstd.Decoder) error {
	w := uint64(t.size.W)
	nrows, nbits := multiRowCount(w, start, end), end-start
	if len(in) < 4 {
		return fmt.Errorf("%w: block of %d bytes", ErrFormat, len(in))
	}
	flen := uint64(binary.LittleEndian.Uint32(in))
	if flen > uint64(len(in)-4) || uint64(len(in))-4-flen != (nbits+7)/8 {
		return fmt.Errorf("%w: block of %d bytes does not hold %d least depths and %d bits", ErrFormat, len(in), nrows, nbits)
	}
	mins, err := dec.DecodeAll(in[4:4+flen], make([]byte, 0, nrows))
	if err != nil {
		return fmt.Errorf("%w: %w", ErrFormat, err)
	}
	if uint64(len(mins)) != nrows {
		return fmt.Errorf("%w: %d least depths, want %d", ErrFormat, len(mins), nrows)
	}
	bits := in[4+flen:]
	if nbits%8 != 0 && bits[len(bits)-1]>>(nbits%8) != 0 {
		return fmt.Errorf("%w: stray bits at the end of a block", ErrFormat)
	}
	i, b := 0, uint64(0)
	for slot := start; slot < end; i++ {
		rowEnd := min(slot-slot%w+w, end)
		m := int(mins[i])
		l := rowEnd - slot
		p := readBits(bits, b, l)
		b += l
		if p == 1<<l-1 {
			return fmt.Errorf("%w: slot %d: no slot of a row at its least depth", ErrFormat, slot)
		}
		if m+int(b2u64(p != 0)) >= depths {
			return fmt.Errorf("%w: slot %d: a row of distances beyond %d", ErrFormat, slot, depths-1)
		}
		for j := range l {
			t.depth[slot+j] = uint8(m + int(p>>j&1))
		}
		slot = rowEnd
	}
	return nil
}
