package abstraction

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// Errors of reading a file: the failures every kind of file shares, which
// are package internal/container's, named here too for this package's
// callers.
var (
	// ErrFormat reports a file that is not an abstraction database or is
	// damaged: a wrong magic, length, field or padding.
	ErrFormat = container.ErrFormat
	// ErrVersion reports a file of a format version this package does not
	// read.
	ErrVersion = container.ErrVersion
	// ErrChecksum reports a header or block whose checksum does not match.
	ErrChecksum = container.ErrChecksum
)

// Part of the file format; do not change.
const (
	// kindVersion is the version of the parameters and the payload of an
	// abstraction tier in the container (package internal/container).
	kindVersion = 1
	// magic and version are those of the format before the container,
	// which this package still reads.
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

// Magic is the first bytes of an abstraction database file written before
// the container, which this package still reads.
const Magic = magic

// FormatVersion is the newest version of the format before the container
// (package internal/container). This package reads it and the container;
// it writes the container.
const FormatVersion = version

// header is what a file's header says.
type header struct {
	goal   board.Board
	enc    uint8
	groups uint64 // groups a block, G
	parts  []filePart
	raw    []byte // the header's bytes, its checksum included
	data   int64  // the offset of the first block
	// ch is the container's header, nil for a file before the container.
	ch *container.Header
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
	// frame (before the container).
	offs []int64
	offm []int64 // raw: the offset of its rows' least distances
}

// dataOffset returns where the blocks of a raw file start, after a header
// of n bytes: the next multiple of page.
func dataOffset(n int) int64 { return (int64(n) + page - 1) / page * page }

// maxHeader is the most bytes a header may take: a classing of the 4x4
// with the most groups a rank holds (2^32) has a million blocks.
const maxHeader = 1 << 26

// headerOf returns the header of the open file o, which must be an
// abstraction tier: of the container, from the header read as o was
// opened; before it, read as its version says.
func headerOf(o *container.Opened) (*header, error) {
	if err := o.Want(container.Abstraction); err != nil {
		return nil, err
	}
	if o.Header == nil {
		return readLegacy(o.ReaderAt(), o.Size())
	}
	return containerHeader(o.Header)
}

// containerHeader reads the tier's parameters from ch, the header of a
// file of the container, and the sections they call for.
func containerHeader(ch *container.Header) (*header, error) {
	switch {
	case ch.Metric != board.MultiTile:
		return nil, fmt.Errorf("%w: an abstraction tier in the %s-tile metric (tiers hold the multi-tile metric)", ErrFormat, ch.Metric)
	case ch.Goal.Len() < 4 || ch.Goal.Len() > maxCells:
		return nil, fmt.Errorf("%w: size %s: boards of 4 to %d cells have classings", ErrFormat, ch.Goal.Size(), maxCells)
	}
	f := ch.ParamFields()
	h := &header{goal: ch.Goal, enc: f.Uint8(), raw: ch.Raw(), ch: ch}
	parts, zero := f.Uint8(), f.Uint16()
	h.groups = uint64(f.Uint32())
	if err := f.Err(); err != nil {
		return nil, err
	}
	if err := h.checkFixed(parts, zero); err != nil {
		return nil, err
	}
	n := h.goal.Len()
	var entries uint64
	for i := range h.parts {
		p, err := h.newPart(f.Bytes(n), f.Uint8())
		if err := cmp.Or(f.Err(), err); err != nil {
			return nil, fmt.Errorf("classing %d: %w", i+1, err)
		}
		h.parts[i] = p
		entries += p.cl.Arrangements()
	}
	if err := f.Done(); err != nil {
		return nil, err
	}
	if entries != ch.Entries {
		return nil, fmt.Errorf("%w: the classings have %d arrangements, the header says %d", ErrFormat, entries, ch.Entries)
	}
	return h, h.checkSections(ch)
}

// checkSections checks that the container holds the sections of the
// tier's blocks: raw, for each classing its words and its rows' least
// distances, each block of G groups; zstd, for each classing its frames.
func (h *header) checkSections(ch *container.Header) error {
	lay := layoutOf(h.goal.Len(), h.goal.Size().W)
	perPart := 1
	if h.enc == encRaw {
		perPart = 2
	}
	if len(ch.Sections) != perPart*len(h.parts) {
		return fmt.Errorf("%w: %d sections, want %d for %d classings", ErrFormat, len(ch.Sections), perPart*len(h.parts), len(h.parts))
	}
	for i := range h.parts {
		p := &h.parts[i]
		groups, _ := sequences(p.cl)
		for j := range perPart {
			sec := ch.Sections[perPart*i+j]
			if len(sec.Lens) != p.blocks {
				return fmt.Errorf("%w: classing %d: %d blocks, the classing's %d groups need %d", ErrFormat, i+1, len(sec.Lens), groups, p.blocks)
			}
			for k, l := range sec.Lens {
				var ok bool
				switch {
				case h.enc == encZstd:
					// The most a zstd frame of the block's bytes can take.
					ok = int64(l) <= 2*int64(h.blockGroupsIn(groups, k))*int64(lay.h+lay.bitBytes())+1024
				case j == 0:
					ok = uint64(l) == 4*h.groups
				default:
					ok = uint64(l) == uint64(lay.h)*h.groups
				}
				if !ok {
					return fmt.Errorf("%w: classing %d, block %d: %d bytes", ErrFormat, i+1, k, l)
				}
			}
		}
	}
	return nil
}

// readLegacy reads and checks the header of a file of size bytes before
// the container, and the block lengths against the file's size, before
// anything else is allocated: the fixed fields that say how long the
// header is, then the header whole, checked against its checksum before
// its fields are read.
func readLegacy(r io.ReaderAt, size int64) (*header, error) {
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
	if err := size.Validate(); err != nil || size.Cells() > maxCells {
		return nil, fmt.Errorf("%w: size %s: boards of 4 to %d cells have classings", ErrFormat, size, maxCells)
	}
	h := &header{enc: b[14], groups: uint64(binary.LittleEndian.Uint32(b[16:]))}
	if b[12] != metricMulti {
		return nil, fmt.Errorf("%w: metric %d (version %d holds the multi-tile metric, 1)", ErrFormat, b[12], version)
	}
	if err := h.checkFixed(b[13], uint16(b[15])); err != nil {
		return nil, err
	}
	g, err := f.next(size.Cells())
	if err != nil {
		return nil, err
	}
	if h.goal, err = container.Goal(size, g); err != nil {
		return nil, err
	}
	return h, nil
}

// checkFixed checks the fields of the header of every version: the
// number of classings, the block encoding, the groups a block, and a
// reserved field, which must be zero. It makes the classings' headers.
func (h *header) checkFixed(parts uint8, reserved uint16) error {
	switch {
	case parts == 0 || parts > MaxParts:
		return fmt.Errorf("%w: %d classings (1 to %d)", ErrFormat, parts, MaxParts)
	case h.enc != encRaw && h.enc != encZstd:
		return fmt.Errorf("%w: block encoding %d", ErrFormat, h.enc)
	case reserved != 0:
		return fmt.Errorf("%w: a reserved field is %d", ErrFormat, reserved)
	case h.groups < minBlockGroups || h.groups > maxBlockGroups || bits.OnesCount64(h.groups) != 1:
		return fmt.Errorf("%w: %d groups a block (a power of two from %d to %d)", ErrFormat, h.groups, minBlockGroups, maxBlockGroups)
	}
	h.parts = make([]filePart, parts)
	return nil
}

// newPart returns the header of a classing of the given classes and
// largest distance, and its number of blocks.
func (h *header) newPart(classes []byte, largest uint8) (filePart, error) {
	p := filePart{largest: largest}
	var err error
	if p.cl, err = NewClassing(h.goal, classes); err != nil {
		return p, container.Damaged("", err)
	}
	groups, ok := sequences(p.cl)
	if !ok {
		return p, fmt.Errorf("%w: the classing %s has too many arrangements", ErrFormat, p.cl)
	}
	p.blocks = int((groups + h.groups - 1) / h.groups)
	return p, nil
}

// parsePart reads the header of a classing before the container.
func parsePart(f *fields, h *header) (filePart, error) {
	n := h.goal.Len()
	b, err := f.next(n + partHeader)
	if err != nil {
		return filePart{}, err
	}
	x := b[n:]
	if x[1]|x[2]|x[3] != 0 {
		return filePart{}, fmt.Errorf("%w: reserved bytes are not zero", ErrFormat)
	}
	p, err := h.newPart(b[:n], x[0])
	if err != nil {
		return p, err
	}
	if blocks := binary.LittleEndian.Uint32(x[4:]); int64(blocks) != int64(p.blocks) {
		groups, _ := sequences(p.cl)
		return p, fmt.Errorf("%w: %d blocks, the classing's %d groups need %d", ErrFormat, blocks, groups, p.blocks)
	}
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

// describeLegacy describes a file before the container from its header.
func describeLegacy(r io.ReaderAt, size int64) (container.Info, error) {
	h, err := readLegacy(r, size)
	if err != nil {
		return container.Info{}, err
	}
	info := container.Info{
		Kind: container.Abstraction, KindVersion: version, Size: h.goal.Size(), Metric: board.MultiTile,
		Goal: h.goal, Bytes: size, ContentHash: sha256.Sum256(h.raw),
	}
	for _, p := range h.parts {
		info.Entries += p.cl.Arrangements()
	}
	return info, nil
}
