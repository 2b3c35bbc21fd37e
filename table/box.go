package table

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"

	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/rank"
)

// A table in the container (package internal/container). Part of the file
// format; do not change.
const (
	// kindVersion is the version of a table's parameters and payload.
	kindVersion = 1
	// The layouts of a table: blocks of depths and a reachable set, read
	// whole (as version 1 before the container), or records, read in place
	// (as version 2).
	layoutWhole   = 1
	layoutRecords = 2
	// paramsFixed is the bytes of a table's parameters before its counts.
	paramsFixed = 12
)

// readLayout returns the layout of the open file o, which must be a
// table: of the container, the one its header gives; before it, its
// version, 1 (whole) or 2 (records).
func readLayout(o *container.Opened) (int, error) {
	if err := o.Want(container.Table); err != nil {
		return 0, err
	}
	ch := o.Header
	if ch == nil {
		return readVersion(o.ReaderAt(), o.Size())
	}
	switch {
	case len(ch.Params) == 0 || ch.Params[0] != layoutWhole && ch.Params[0] != layoutRecords:
		return 0, fmt.Errorf("%w: no layout, or one this program does not know", ErrFormat)
	case ch.Goal.Len() > MaxCells:
		return 0, fmt.Errorf("%w: size %s", ErrFormat, ch.Goal.Size())
	}
	return int(ch.Params[0]), nil
}

// opened reads what kind the file of size bytes that r holds is, which
// must be a table, and its layout.
func opened(r io.ReaderAt, size int64) (*container.Opened, int, error) {
	o, err := container.NewOpened(r, size, "")
	if err != nil {
		return nil, 0, err
	}
	layout, err := readLayout(o)
	return o, layout, err
}

// params reads the fields of a table's parameters before its counts: the
// layout, a byte and the number of distances, D; a field of 32 bits and
// one of 16; and zero bytes.
func params(ch *container.Header) (f *container.Fields, b byte, depths int, x32 uint32, x16 uint16, err error) {
	f = ch.ParamFields()
	f.Uint8() // the layout
	b, depths, x32, x16 = f.Uint8(), int(f.Uint16()), f.Uint32(), f.Uint16()
	if zero := f.Uint16(); zero != 0 {
		return f, 0, 0, 0, 0, fmt.Errorf("%w: reserved parameters are not zero", ErrFormat)
	}
	if depths < 1 || depths > maxDepthsField-1 {
		return f, 0, 0, 0, 0, fmt.Errorf("%w: %d distances", ErrFormat, depths)
	}
	return f, b, depths, x32, x16, f.Err()
}

// wholeHeader returns the header of a table of the container's layout
// whole, as readHeader does for a file of version 1.
func wholeHeader(ch *container.Header) (*header, error) {
	f, encoding, depths, slotsABlock, zero, err := params(ch)
	if err != nil {
		return nil, err
	}
	if zero != 0 {
		return nil, fmt.Errorf("%w: reserved parameters are not zero", ErrFormat)
	}
	size := ch.Goal.Size()
	h := &header{
		w: size.W, h: size.H, scheme: int(schemeOf(ch.Metric)), encoding: int(encoding), depths: depths,
		blockSlots: int(slotsABlock), reachable: ch.Entries, goal: ch.Goal.Cells(), raw: ch.Raw(), ch: ch,
	}
	if len(ch.Sections) != 2 || len(ch.Sections[1].Lens) != 1 {
		return nil, fmt.Errorf("%w: %d sections, want the depths' and the reachable set's, of one block", ErrFormat, len(ch.Sections))
	}
	h.blocks = len(ch.Sections[0].Lens)
	if err := h.check(); err != nil {
		return nil, err
	}
	counts := f.Bytes(8 * depths)
	if err := f.Done(); err != nil {
		return nil, err
	}
	return h, h.setCounts(counts)
}

// recordsHeader returns the header of a table of the container's layout
// of records, as readHeader2 does for a file of version 2.
func recordsHeader(ch *container.Header) (*header2, error) {
	f, fbits, depths, shift, mask, err := params(ch)
	if err != nil {
		return nil, err
	}
	n := ch.Goal.Len()
	switch {
	case uint(fbits) != firstBits(ch.Metric, depths):
		return nil, fmt.Errorf("%w: %d bits of a row's first depth, want %d for %d distances", ErrFormat, fbits, firstBits(ch.Metric, depths), depths)
	case shift < minGroupShift || shift > maxGroupShift:
		return nil, fmt.Errorf("%w: 2^%d slot groups a block", ErrFormat, shift)
	case ch.Entries != rank.Factorial(n)/2:
		return nil, fmt.Errorf("%w: %d boards reach the goal, want one of each of the %d slots", ErrFormat, ch.Entries, rank.Factorial(n)/2)
	case len(ch.Sections) != 1:
		return nil, fmt.Errorf("%w: %d sections, want the records' only", ErrFormat, len(ch.Sections))
	}
	hd := &header2{metric: ch.Metric, raw: ch.Raw(), goal: ch.Goal, ch: ch}
	if err := hd.setMask(uint64(mask)); err != nil {
		return nil, err
	}
	counts := f.Bytes(8 * depths)
	if err := f.Done(); err != nil {
		return nil, err
	}
	if err := hd.setCounts(counts, ch.Entries); err != nil {
		return nil, err
	}
	hd.shape = newRecShape(ch.Goal.Size(), ch.Goal.Blank(), ch.Metric, depths, uint(shift), recordBlockBits)
	sec := ch.Sections[0]
	if uint64(len(sec.Lens)) != hd.shape.blocks {
		return nil, fmt.Errorf("%w: %d blocks, want %d", ErrFormat, len(sec.Lens), hd.shape.blocks)
	}
	for b, l := range sec.Lens {
		if uint64(l) != hd.shape.blockBytes(uint64(b)) {
			return nil, fmt.Errorf("%w: block %d of %d bytes, want %d", ErrFormat, b, l, hd.shape.blockBytes(uint64(b)))
		}
	}
	hd.sums, hd.offset = sec.Sums, ch.Start(0)
	return hd, nil
}

// box returns the container's header of the table of src in the layout,
// the byte and the fields of 32 and 16 bits of its parameters as the
// layout says, and the sections.
func (s *source) box(layout, b byte, x32 uint32, x16 uint16, sections []container.Blocks) *container.Header {
	le := binary.LittleEndian
	ch := &container.Header{Kind: container.Table, KindVersion: kindVersion, Metric: s.metric, Goal: s.goal,
		Entries: s.reachable(), Sections: sections}
	p := []byte{layout, b}
	p = le.AppendUint16(p, uint16(len(s.counts)))
	p = le.AppendUint32(p, x32)
	p = le.AppendUint16(p, x16)
	p = le.AppendUint16(p, 0)
	for _, c := range s.counts {
		p = le.AppendUint64(p, c)
	}
	ch.Params = p
	if layout == layoutRecords {
		ch.Align = 12 // a page: records are read in place
	}
	return ch
}

// wholeBox returns the container's header of the table of src in the
// layout whole, with depth blocks in the encoding, and the reachable set
// set.
func (s *source) wholeBox(encoding int, depths container.Blocks, set []byte) *container.Header {
	var sb container.Blocks
	sb.Add(set)
	return s.box(layoutWhole, byte(encoding), uint32(s.write.slotsPerBlock()), 0, []container.Blocks{depths, sb})
}

// recordsBox returns the container's header of the table of src in the
// layout of records of shape sh and whose reachable set is mask, whose
// blocks have the SHA-256s sums.
func (s *source) recordsBox(sh *recShape, mask uint64, sums []byte) *container.Header {
	sec := container.Blocks{Lens: make([]uint32, sh.blocks), Sums: sums}
	for b := range sh.blocks {
		sec.Lens[b] = uint32(sh.blockBytes(b))
	}
	return s.box(layoutRecords, byte(sh.fbits), uint32(sh.shift), uint16(mask), []container.Blocks{sec})
}

// check checks the fields of the header of a file whose depths are read
// whole, of every version: the size, the metric and the depth encoding,
// the number of distances, the slots a block and the number of blocks.
func (h *header) check() error {
	n := h.w * h.h
	switch {
	case h.w < 2 || h.h < 2 || n > MaxCells:
		return fmt.Errorf("%w: size %dx%d", ErrFormat, h.w, h.h)
	case h.scheme != schemeHalf && h.scheme != schemeMulti:
		return fmt.Errorf("%w: index scheme %d (this program reads schemes %d and %d)", ErrVersion, h.scheme, schemeHalf, schemeMulti)
	case !knownEncoding(h.encoding):
		return fmt.Errorf("%w: depth encoding %d (this program reads encodings 1 to 4)", ErrVersion, h.encoding)
	case !metricEncoding(metricOf(h.scheme), h.encoding):
		return fmt.Errorf("%w: depth encoding %d does not code the %s-tile metric", ErrFormat, h.encoding, metricOf(h.scheme))
	case h.depths < 1 || h.depths > maxDepthsField-1:
		return fmt.Errorf("%w: %d distances", ErrFormat, h.depths)
	case h.blockSlots < 1 || h.blockSlots > maxBlockSlots:
		return fmt.Errorf("%w: %d slots a block", ErrFormat, h.blockSlots)
	}
	slots := rank.Factorial(n) / 2
	if want := (slots + uint64(h.blockSlots) - 1) / uint64(h.blockSlots); uint64(h.blocks) != want {
		return fmt.Errorf("%w: %d blocks, want %d", ErrFormat, h.blocks, want)
	}
	return nil
}

// setCounts sets the counts from b, 8 bytes each, which must add up to
// the reachable boards, at most one a slot.
func (h *header) setCounts(b []byte) error {
	le := binary.LittleEndian
	slots := rank.Factorial(h.w*h.h) / 2
	h.counts = make([]uint64, h.depths)
	var sum, carry uint64
	for d := range h.counts {
		h.counts[d] = le.Uint64(b[8*d:])
		sum, carry = bits.Add64(sum, h.counts[d], carry)
	}
	if carry != 0 || sum != h.reachable || h.reachable > slots {
		return fmt.Errorf("%w: counts add up to %d, header says %d reachable of %d slots", ErrFormat, sum, h.reachable, slots)
	}
	return nil
}

// readSections reads the depth blocks and the reachable set of a file
// whose header is h, each checked against its checksum before any is
// decoded, and returns them with the file's content hash: of the
// container, the SHA-256 of its header; before it, of the whole file,
// hashed as it is read.
func (h *header) readSections(r io.ReaderAt) (comp [][]byte, set []byte, hash [32]byte, err error) {
	comp = make([][]byte, h.blocks)
	if ch := h.ch; ch != nil {
		f := container.NewFile(r, nil, "")
		blocks := ch.Section(f, 0, "depths")
		for i := range comp {
			if comp[i], err = blocks.ReadNew(i); err != nil {
				return nil, nil, hash, err
			}
		}
		if set, err = ch.Section(f, 1, "reachable set").ReadNew(0); err != nil {
			return nil, nil, hash, err
		}
		return comp, set, ch.ContentHash(), nil
	}
	return h.readLegacySections(r)
}
