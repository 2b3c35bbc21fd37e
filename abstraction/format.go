package abstraction

import (
	"encoding/binary"
	"fmt"
	"github.com/slidetable/slidetable/failure"
	"io"
	"math/bits"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// Errors of reading a file.
var (
	// ErrFormat reports a file that is not an abstraction database or is
	// damaged: a wrong magic, length, field or padding.
	ErrFormat = failure.New(failure.File, "abstraction: malformed file")
	// ErrVersion reports a file of a format version this package does not
	// read.
	ErrVersion = failure.New(failure.File, "abstraction: unsupported format version")
	// ErrChecksum reports a header or block whose checksum does not match.
	ErrChecksum = failure.New(failure.File, "abstraction: checksum mismatch")
)

// Part of the file format; do not change.
const (
	magic       = "SLIDEABS"
	version     = 1
	fixedHeader = 24
	partHeader  = 1 + 3 + 4 // largest, zero, blocks (after the classes)
	page        = 4096      // raw blocks start at a multiple of page
	sumSize     = 32        // a SHA-256
	metricMulti = 1         // the metric byte: multi-tile moves
	encRaw      = 0         // blocks of records as they are
	encZstd     = 1         // blocks of records, each one zstd frame
)

// Limits of this version's writer and reader.
const (
	minBlockGroups = 64
	maxBlockGroups = 1 << 20
)

// blockGroups is the groups a raw block holds as written: 4096 (24 KiB of
// records for the 4x4), so that a search that touches few groups reads
// little; zstdBlockGroups those of a compressed block, 65536, as larger
// blocks compress better (by a sixth from 4096) and a compressed database
// is small. Variables, so that tests can write small databases in many
// blocks.
var (
	blockGroups     = 4096
	zstdBlockGroups = 65536
)

// Magic is the first bytes of every abstraction database file.
const Magic = magic

// FormatVersion is the version of the file format this package reads and
// writes.
const FormatVersion = version

// header is what a file's header says.
type header struct {
	goal   board.Board
	enc    uint8
	groups uint64 // groups a block, G
	parts  []filePart
	raw    []byte // the header's bytes, its checksum included
	data   int64  // the offset of the first block
}

// filePart is a classing as a header describes it.
type filePart struct {
	cl      *Classing
	largest uint8
	blocks  int
	// Each block's SHA-256: raw, of its words; zstd, of its frame.
	sums []byte
	mins []byte   // raw: each block's SHA-256 of its rows' least distances
	lens []uint32 // zstd: each block's length in the file
	// Each block's offset in the file: raw, of its words; zstd, of its
	// frame.
	offs []int64
	offm []int64 // raw: the offset of its rows' least distances
}

// appendHeader appends the header h describes to b, its checksum
// included, and returns it.
func appendHeader(b []byte, h *header) []byte {
	le := binary.LittleEndian
	start := len(b)
	size := h.goal.Size()
	b = append(b, magic...)
	b = le.AppendUint16(b, version)
	b = append(b, byte(size.W), byte(size.H), metricMulti, byte(len(h.parts)), h.enc, 0)
	b = le.AppendUint32(b, uint32(h.groups))
	lenAt := len(b)
	b = le.AppendUint32(b, 0) // the header's length, set below
	b = h.goal.AppendCells(b)
	for _, p := range h.parts {
		b = append(b, p.cl.cells...)
		b = append(b, p.largest, 0, 0, 0)
		b = le.AppendUint32(b, uint32(p.blocks))
		for k := range p.blocks {
			if h.enc == encZstd {
				b = le.AppendUint32(b, p.lens[k])
			}
			b = append(b, p.sums[k*sumSize:(k+1)*sumSize]...)
			if h.enc == encRaw {
				b = append(b, p.mins[k*sumSize:(k+1)*sumSize]...)
			}
		}
	}
	le.PutUint32(b[lenAt:], uint32(len(b)-start+4))
	return le.AppendUint32(b, fileformat.Checksum(b[start:]))
}

// dataOffset returns where the blocks of a raw file start, after a header
// of n bytes: the next multiple of page.
func dataOffset(n int) int64 { return (int64(n) + page - 1) / page * page }

// maxHeader is the most bytes a header may take: a classing of the 4x4
// with the most groups a rank holds (2^32) has a million blocks.
const maxHeader = 1 << 26

// readHeader reads and checks the header of a file of size bytes, and
// the block lengths against the file's size, before anything else is
// allocated: the fixed fields that say how long the header is, then the
// header whole, checked against its checksum before its fields are read.
func readHeader(r io.ReaderAt, size int64) (*header, error) {
	if size < fixedHeader {
		return nil, fmt.Errorf("%w: %d bytes, fewer than a header's %d: %w", ErrFormat, size, fixedHeader, io.ErrUnexpectedEOF)
	}
	fixed := make([]byte, fixedHeader)
	if err := fileformat.ReadAt(r, fixed, 0, ErrFormat); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	if string(fixed[:8]) != magic {
		return nil, fmt.Errorf("%w: not an abstraction database (magic %q)", ErrFormat, fixed[:8])
	}
	if v := le.Uint16(fixed[8:]); v != version {
		return nil, fmt.Errorf("%w %d (this program reads version %d)", ErrVersion, v, version)
	}
	hl := int64(le.Uint32(fixed[20:]))
	if hl < fixedHeader+4 || hl > maxHeader || hl > size {
		return nil, fmt.Errorf("%w: a header of %d bytes in a file of %d", ErrFormat, hl, size)
	}
	raw := make([]byte, hl)
	if err := fileformat.ReadAt(r, raw, 0, ErrFormat); err != nil {
		return nil, err
	}
	if le.Uint32(raw[hl-4:]) != fileformat.Checksum(raw[:hl-4]) {
		return nil, fmt.Errorf("%w: header", ErrChecksum)
	}
	h, err := parseHeader(raw)
	if err != nil {
		return nil, err
	}
	return h, h.place(size)
}

// fields reads a header's bytes in order.
type fields struct {
	b   []byte
	off int
}

// next returns the next n bytes, or an error if the header ends first.
func (f *fields) next(n int) ([]byte, error) {
	if n < 0 || n > len(f.b)-f.off {
		return nil, fmt.Errorf("%w: the header ends at %d, before the %d bytes at %d", ErrFormat, len(f.b), n, f.off)
	}
	f.off += n
	return f.b[f.off-n : f.off], nil
}

// parseHeader reads the fields of the header raw, whose checksum holds.
func parseHeader(raw []byte) (*header, error) {
	f := &fields{b: raw[:len(raw)-4]}
	h, err := parseFixed(f)
	if err != nil {
		return nil, err
	}
	for i := range h.parts {
		if h.parts[i], err = parsePart(f, h); err != nil {
			return nil, fmt.Errorf("classing %d: %w", i+1, err)
		}
	}
	if f.off != len(f.b) {
		return nil, fmt.Errorf("%w: %d bytes after the last classing's header", ErrFormat, len(f.b)-f.off)
	}
	h.raw = raw
	return h, nil
}

// parseFixed reads the fixed fields and the goal.
func parseFixed(f *fields) (*header, error) {
	b, err := f.next(fixedHeader)
	if err != nil {
		return nil, err
	}
	size := board.Size{W: int(b[10]), H: int(b[11])}
	if err := size.Validate(); err != nil || size.Cells() > MaxCells {
		return nil, fmt.Errorf("%w: size %s: boards of 4 to %d cells have classings", ErrFormat, size, MaxCells)
	}
	h := &header{enc: b[14], groups: uint64(binary.LittleEndian.Uint32(b[16:]))}
	switch {
	case b[12] != metricMulti:
		return nil, fmt.Errorf("%w: metric %d (version %d holds the multi-tile metric, 1)", ErrFormat, b[12], version)
	case b[13] == 0 || b[13] > MaxParts:
		return nil, fmt.Errorf("%w: %d classings (1 to %d)", ErrFormat, b[13], MaxParts)
	case h.enc != encRaw && h.enc != encZstd:
		return nil, fmt.Errorf("%w: block encoding %d", ErrFormat, h.enc)
	case b[15] != 0:
		return nil, fmt.Errorf("%w: reserved byte 15 is %d", ErrFormat, b[15])
	case h.groups < minBlockGroups || h.groups > maxBlockGroups || bits.OnesCount64(h.groups) != 1:
		return nil, fmt.Errorf("%w: %d groups a block (a power of two from %d to %d)", ErrFormat, h.groups, minBlockGroups, maxBlockGroups)
	}
	h.parts = make([]filePart, b[13])
	g, err := f.next(size.Cells())
	if err != nil {
		return nil, err
	}
	if h.goal, err = board.New(size, g); err != nil {
		return nil, fmt.Errorf("%w: goal: %w", ErrFormat, err)
	}
	return h, nil
}

// parsePart reads the header of a classing.
func parsePart(f *fields, h *header) (filePart, error) {
	var p filePart
	n := h.goal.Len()
	b, err := f.next(n + partHeader)
	if err != nil {
		return p, err
	}
	if p.cl, err = NewClassing(h.goal, b[:n]); err != nil {
		return p, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	x := b[n:]
	p.largest = x[0]
	if x[1]|x[2]|x[3] != 0 {
		return p, fmt.Errorf("%w: reserved bytes are not zero", ErrFormat)
	}
	groups, ok := sequences(p.cl)
	if !ok {
		return p, fmt.Errorf("%w: the classing %s has too many arrangements", ErrFormat, p.cl)
	}
	blocks := binary.LittleEndian.Uint32(x[4:])
	if want := (groups + h.groups - 1) / h.groups; uint64(blocks) != want {
		return p, fmt.Errorf("%w: %d blocks, the classing's %d groups need %d", ErrFormat, blocks, groups, want)
	}
	p.blocks = int(blocks)
	entry := 2 * sumSize
	if h.enc == encZstd {
		entry = 4 + sumSize
	}
	list, err := f.next(p.blocks * entry)
	if err != nil {
		return p, err
	}
	p.sums = make([]byte, 0, p.blocks*sumSize)
	for k := range p.blocks {
		e := list[k*entry:][:entry]
		if h.enc == encZstd {
			p.lens = append(p.lens, binary.LittleEndian.Uint32(e))
			p.sums = append(p.sums, e[4:]...)
			continue
		}
		p.sums = append(p.sums, e[:sumSize]...)
		p.mins = append(p.mins, e[sumSize:]...)
	}
	return p, nil
}

// sequences returns the groups of a classing's arrangements, and false if
// they do not fit the 32 bits of a rank.
func sequences(c *Classing) (uint64, bool) {
	n := len(c.cells)
	g := c.Arrangements() / uint64(n)
	return g, g <= 1<<32-1
}

// blockGroupsIn returns the groups of block k of a part of groups
// groups: G, or the rest in the last block.
func (h *header) blockGroupsIn(groups uint64, k int) uint64 {
	return min(h.groups, groups-uint64(k)*h.groups)
}

// place sets the offset of every block and checks that they fill the
// file of size bytes exactly: raw, after the header padded to a multiple
// of page, for each classing the words of its blocks, G each (the last
// padded with zero bytes), then their rows' least distances, G*H bytes
// each (the last padded likewise); zstd, right after the header, the
// frames of the lengths the header says.
func (h *header) place(size int64) error {
	lay := layoutOf(h.goal.Len(), h.goal.Size().W)
	off := int64(len(h.raw))
	if h.enc == encRaw {
		off = dataOffset(len(h.raw))
	}
	h.data = off
	for i := range h.parts {
		p := &h.parts[i]
		groups, _ := sequences(p.cl)
		p.offs = make([]int64, p.blocks)
		if h.enc == encRaw {
			p.offm = make([]int64, p.blocks)
			for k := range p.blocks {
				p.offs[k] = off
				off += 4 * int64(h.groups)
			}
			for k := range p.blocks {
				p.offm[k] = off
				off += int64(lay.h) * int64(h.groups)
			}
			continue
		}
		for k := range p.blocks {
			p.offs[k] = off
			// The most a zstd frame of the block's bytes can take.
			data := int64(h.blockGroupsIn(groups, k)) * int64(lay.h+lay.bitBytes())
			if l := int64(p.lens[k]); l == 0 || l > 2*data+1024 {
				return fmt.Errorf("%w: classing %d, block %d: %d bytes, more than %d bytes can take", ErrFormat, i+1, k, l, data)
			}
			off += int64(p.lens[k])
			if off > size {
				return fmt.Errorf("%w: the blocks go beyond the file's %d bytes", ErrFormat, size)
			}
		}
	}
	if off != size {
		return fmt.Errorf("%w: the header describes %d bytes, the file has %d", ErrFormat, off, size)
	}
	return nil
}
