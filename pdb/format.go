package pdb

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/rank"
)

// Part of the file format; do not change.
const (
	// kindVersion is the version of the parameters and the payload of a
	// pattern database in the container (package internal/container).
	kindVersion = 1
	// The layouts of a database in the container: compressed blocks, read
	// whole, or the entries as they are in memory, read in place.
	layoutCompressed = 1
	layoutRaw        = 2
	// magic and version are those of the format before the container,
	// which this package still reads. Version 2 added groups with an entry
	// for each cell of the blank to version 1; version 3 stored the
	// entries as they are in memory, in blocks checked by their SHA-256,
	// so that a reader reads only the blocks a search needs.
	magic       = "SLIDEPDB"
	version     = 3
	fixedHeader = 20
	groupHeader = 1 + 1 + 1 + 4 // k, (tiles), encoding, largest entry, blocks
	// Blocks as they are in memory start at a multiple of page bytes.
	page    = 4096
	sumSize = 32 // a SHA-256
)

// Limits of this version's writer and reader.
const (
	blockBytes    = 1 << 24 // entry bytes a compressed block, as written
	maxBlockBytes = 1 << 26 // most a reader accepts
	// maxEntryBytes is the most entry bytes a reader allocates: a 7-8
	// partition of 4x4 takes 288 MB in nibbles.
	maxEntryBytes = 1 << 32
)

// rawBlockBytes is the entry bytes of a block of the entries as they are
// in memory, as written: small, so that a search that touches a few
// entries reads little, and large enough that the lengths and SHA-256
// sums of the 4x4 large tier's blocks take 634 KB; a variable so that
// tests can write small databases in many blocks.
var rawBlockBytes = 1 << 14

// rawMin is the least memory a database's tables take for WriteTo to
// write them as they are in memory, read in place, rather than
// compressed; a
// variable so that tests can write small databases in both layouts.
var rawMin uint64 = 32 << 20

// Magic is the first bytes of a pattern database file written before the
// container, which this package still reads.
const Magic = magic

// FormatVersion is the newest version of the format before the container.
// This package reads every version from 1 to FormatVersion, and the
// container; it writes the container.
const FormatVersion = version

// header is what a file's header says.
type header struct {
	// version is the version of a file before the container, 0 for one of
	// the container.
	version uint16
	size    board.Size
	goal    board.Board
	block   int64 // entry bytes a block, S
	groups  []fileGroup
	raw     []byte // the header's bytes, its checksum included
	data    int64  // the offset of the first block, before the container
	// inPlace says the entries are stored as they are in memory, so that
	// they are read in place: version 3, or the container's raw layout.
	inPlace bool
	// ch is the container's header, nil for a file before the container.
	ch *container.Header
}

// fileGroup is a group as a header describes it.
type fileGroup struct {
	tiles        []uint8
	enc, largest uint8 // enc without encBlank
	blank        bool
	count, bytes uint64 // placements; entry bytes
	blocks       int
	// Before the container: in versions 1 and 2, each block's compressed
	// length and CRC-32C; in version 3, each block's SHA-256; and the
	// offset and the length of the group's blocks in the file.
	lens, crcs     []uint32
	sums           []byte
	offset, length int64
}

// container returns the container's header of a database whose header
// is h, whose sections are sections: a group's blocks each.
func (h *header) container(sections []container.Blocks) *container.Header {
	le := binary.LittleEndian
	ch := &container.Header{Kind: container.PatternDB, KindVersion: kindVersion, Metric: board.SingleTile, Goal: h.goal, Sections: sections}
	layout := byte(layoutCompressed)
	if h.inPlace {
		layout, ch.Align = layoutRaw, 12 // a page
	}
	params := []byte{layout, byte(len(h.groups)), 0, 0}
	params = le.AppendUint32(params, uint32(h.block))
	for _, g := range h.groups {
		enc := g.enc
		if g.blank {
			enc += encBlank
		}
		params = append(append(append(params, byte(len(g.tiles))), g.tiles...), enc, g.largest)
		ch.Entries += entryCount(g.count, uint64(h.size.Cells()-len(g.tiles)), g.blank)
	}
	ch.Params = params
	return ch
}

// dataOffset returns where the blocks of a version 3 file start, after a
// header of n bytes: the next multiple of page.
func dataOffset(n int) int64 { return (int64(n) + page - 1) / page * page }

// headerReader reads a header in pieces, each checked against the file's
// size before it is read.
type headerReader struct {
	r    io.ReaderAt
	size int64
	raw  []byte // what was read so far
}

// more reads the next k bytes of the header.
func (hr *headerReader) more(k int64) ([]byte, error) {
	if int64(len(hr.raw))+k > hr.size {
		return nil, fmt.Errorf("%w: header longer than the %d-byte file: %w", ErrFormat, hr.size, io.ErrUnexpectedEOF)
	}
	b := make([]byte, k)
	if err := fileformat.ReadAt(hr.r, b, int64(len(hr.raw)), ErrFormat); err != nil {
		return nil, err
	}
	hr.raw = append(hr.raw, b...)
	return b, nil
}

// readHeader reads and checks the header of a file of size bytes, of the
// container or of the format before it.
func readHeader(r io.ReaderAt, size int64) (*header, error) {
	o, err := container.NewOpened(r, size, "")
	if err != nil {
		return nil, err
	}
	return headerOf(o)
}

// headerOf returns the header of the open file o, which must be a
// pattern database: of the container, from the header read as o was
// opened; before it, read as its version says.
func headerOf(o *container.Opened) (*header, error) {
	if err := o.Want(container.PatternDB); err != nil {
		return nil, err
	}
	if o.Header == nil {
		return readLegacy(o.ReaderAt(), o.Size())
	}
	return containerHeader(o.Header)
}

// containerHeader reads the database's parameters from ch, the header of
// a file of the container, and checks that the sections hold the blocks
// they call for.
func containerHeader(ch *container.Header) (*header, error) {
	switch {
	case ch.Metric != board.SingleTile:
		return nil, fmt.Errorf("%w: a pattern database in the %s-tile metric (they hold the single-tile metric)", ErrFormat, ch.Metric)
	case ch.Goal.Len() > MaxCells:
		return nil, fmt.Errorf("%w: size %s", ErrFormat, ch.Goal.Size())
	}
	f := ch.ParamFields()
	layout, ng, zero := f.Uint8(), int(f.Uint8()), f.Uint16()
	h := &header{size: ch.Goal.Size(), goal: ch.Goal, block: int64(f.Uint32()), raw: ch.Raw(), inPlace: layout == layoutRaw, ch: ch}
	if err := f.Err(); err != nil {
		return nil, err
	}
	if layout != layoutCompressed && layout != layoutRaw {
		return nil, fmt.Errorf("%w: layout %d", ErrFormat, layout)
	}
	if err := h.checkFixed(ng, zero != 0); err != nil {
		return nil, err
	}
	var entries uint64
	for gi := range h.groups {
		tiles := f.Bytes(int(f.Uint8()))
		enc, largest := f.Uint8(), f.Uint8()
		if err := f.Err(); err != nil {
			return nil, err
		}
		if err := h.setGroup(gi, tiles, enc, largest); err != nil {
			return nil, err
		}
		g := &h.groups[gi]
		entries += entryCount(g.count, uint64(h.size.Cells()-len(g.tiles)), g.blank)
	}
	if err := f.Done(); err != nil {
		return nil, err
	}
	if entries != ch.Entries {
		return nil, fmt.Errorf("%w: the groups have %d entries, the header says %d", ErrFormat, entries, ch.Entries)
	}
	if err := h.checkGroups(); err != nil {
		return nil, err
	}
	return h, h.checkSections()
}

// checkSections checks that the container holds a section for each
// group, of its blocks; in place, each of S bytes.
func (h *header) checkSections() error {
	if len(h.ch.Sections) != len(h.groups) {
		return fmt.Errorf("%w: %d sections for %d groups", ErrFormat, len(h.ch.Sections), len(h.groups))
	}
	for gi, sec := range h.ch.Sections {
		if len(sec.Lens) != h.groups[gi].blocks {
			return fmt.Errorf("%w: group %d: %d blocks, want %d", ErrFormat, gi+1, len(sec.Lens), h.groups[gi].blocks)
		}
		for k, l := range sec.Lens {
			if h.inPlace && int64(l) != h.block {
				return fmt.Errorf("%w: group %d, block %d: %d bytes, want %d", ErrFormat, gi+1, k, l, h.block)
			}
		}
	}
	return nil
}

// section returns the blocks of group gi in the file f.
func (h *header) section(f *container.File, gi int) *container.Section {
	label := fmt.Sprintf("group %d", gi+1)
	if h.ch != nil {
		return h.ch.Section(f, gi, label)
	}
	fg := &h.groups[gi]
	return f.FixedSection(label, fg.offset, h.block, fg.blocks, h.block, fg.sums)
}

// checkFixed checks the fields of the header of every version: the
// number of groups, the bytes a block, and reserved bytes, which must be
// zero; it makes the groups' headers.
func (h *header) checkFixed(groups int, reserved bool) error {
	n := h.size.Cells()
	switch {
	case groups < 1 || groups > n-1:
		return fmt.Errorf("%w: %d groups", ErrFormat, groups)
	case reserved:
		return fmt.Errorf("%w: reserved bytes are not zero", ErrFormat)
	case h.block < 1 || h.block > maxBlockBytes:
		return fmt.Errorf("%w: %d bytes a block", ErrFormat, h.block)
	case h.inPlace && (h.block < page || h.block&(h.block-1) != 0):
		return fmt.Errorf("%w: %d bytes a block, not a power of two from %d", ErrFormat, h.block, page)
	}
	h.groups = make([]fileGroup, groups)
	return nil
}

// setGroup sets and checks the header of group gi: its tiles, its entry
// encoding (with encBlank for an entry for each cell of the blank) and
// its largest entry; and its number of blocks.
func (h *header) setGroup(gi int, tiles []uint8, enc, largest uint8) error {
	n := h.size.Cells()
	g := &h.groups[gi]
	k := len(tiles)
	if k < 1 || k > n-2 {
		return fmt.Errorf("%w: group %d of %d tiles", ErrFormat, gi+1, k)
	}
	g.tiles = append([]uint8(nil), tiles...)
	g.enc, g.largest = enc, largest
	if h.version != 1 && (g.enc == encNibble+encBlank || g.enc == encByte+encBlank) {
		g.enc -= encBlank
		g.blank = true
	}
	switch {
	case g.enc != encNibble && g.enc != encByte:
		return fmt.Errorf("%w: group %d: unknown entry encoding %d", ErrFormat, gi+1, enc)
	case gi > 0 && g.blank != h.groups[0].blank:
		return fmt.Errorf("%w: group %d keeps the blank's cell and group 1 does not, or the other way", ErrFormat, gi+1)
	case g.enc == encNibble && g.largest > 15:
		return fmt.Errorf("%w: group %d: largest entry %d in nibbles", ErrFormat, gi+1, g.largest)
	}
	var ok bool
	if g.count, ok = rank.Placements(n, k); !ok {
		return fmt.Errorf("%w: group %d: too many placements", ErrFormat, gi+1)
	}
	g.bytes = entryBytes(entryCount(g.count, uint64(n-k), g.blank), g.enc)
	if g.bytes > maxEntryBytes {
		return fmt.Errorf("%w: group %d would take %d bytes, more than %d", ErrFormat, gi+1, g.bytes, uint64(maxEntryBytes))
	}
	g.blocks = int((int64(g.bytes) + h.block - 1) / h.block)
	return nil
}

// checkGroups checks that each group's tiles are in increasing order,
// that the tables fit what a reader allocates, and that the groups are a
// partition of the goal's tiles.
func (h *header) checkGroups() error {
	tiles := make([][]uint8, len(h.groups))
	var total uint64
	for gi, g := range h.groups {
		tiles[gi] = g.tiles
		total += g.bytes
		for j := 1; j < len(g.tiles); j++ {
			if g.tiles[j] <= g.tiles[j-1] {
				return fmt.Errorf("%w: group %d: tiles out of order", ErrFormat, gi+1)
			}
		}
	}
	if total > maxEntryBytes {
		return fmt.Errorf("%w: the tables would take %d bytes, more than %d", ErrFormat, total, uint64(maxEntryBytes))
	}
	if _, err := checkPartition(h.goal, tiles); err != nil {
		return container.Damaged("", err)
	}
	return nil
}

// readLegacy reads and checks the header of a file before the container
// of size bytes: the magic and the version first, so that a file of
// another version says so whatever follows them; then every length
// against the file's size before reading or allocating what it counts,
// the checksum, the partition, and that the blocks end where the file
// does.
func readLegacy(r io.ReaderAt, size int64) (*header, error) {
	hr := &headerReader{r: r, size: size}
	h, err := hr.fixed()
	if err != nil {
		return nil, err
	}
	for gi := range h.groups {
		if err := hr.group(h, gi); err != nil {
			return nil, err
		}
	}
	if err := hr.finish(h); err != nil {
		return nil, err
	}
	return h, nil
}

// fixed reads the magic, the version, the fixed fields and the goal.
func (hr *headerReader) fixed() (*header, error) {
	le := binary.LittleEndian
	if hr.size < 10 {
		return nil, fmt.Errorf("%w: %d bytes is too short for a pattern database: %w", ErrFormat, max(hr.size, 0), io.ErrUnexpectedEOF)
	}
	start, err := hr.more(10)
	if err != nil {
		return nil, err
	}
	if string(start[:8]) != magic {
		return nil, fmt.Errorf("%w: not a pattern database (no %q at the start)", ErrFormat, magic)
	}
	h := &header{version: le.Uint16(start[8:])}
	if h.version < 1 || h.version > version {
		return nil, fmt.Errorf("%w: version %d (this program reads versions 1 to %d)", ErrVersion, h.version, version)
	}
	if hr.size < fixedHeader {
		return nil, fmt.Errorf("%w: %d bytes is too short for a pattern database: %w", ErrFormat, hr.size, io.ErrUnexpectedEOF)
	}
	f, err := hr.more(fixedHeader - 10)
	if err != nil {
		return nil, err
	}
	w, ht, ng := int(f[0]), int(f[1]), int(f[2])
	h.block = int64(le.Uint32(f[6:]))
	h.inPlace = h.version == 3
	if n := w * ht; w < 2 || ht < 2 || n > MaxCells {
		return nil, fmt.Errorf("%w: size %dx%d", ErrFormat, w, ht)
	}
	h.size = board.Size{W: w, H: ht}
	if err := h.checkFixed(ng, f[3] != 0 || f[4] != 0 || f[5] != 0); err != nil {
		return nil, err
	}
	n := h.size.Cells()
	goalCells, err := hr.more(int64(n))
	if err != nil {
		return nil, err
	}
	if h.goal, err = container.Goal(h.size, goalCells); err != nil {
		return nil, err
	}
	return h, nil
}

// group reads the header of group gi.
func (hr *headerReader) group(h *header, gi int) error {
	le := binary.LittleEndian
	kb, err := hr.more(1)
	if err != nil {
		return err
	}
	k := int(kb[0])
	if k < 1 || k > h.size.Cells()-2 {
		return fmt.Errorf("%w: group %d of %d tiles", ErrFormat, gi+1, k)
	}
	rest, err := hr.more(int64(k + groupHeader - 1))
	if err != nil {
		return err
	}
	if err := h.setGroup(gi, rest[:k], rest[k], rest[k+1]); err != nil {
		return err
	}
	g := &h.groups[gi]
	if h.version < 3 && g.blank != (h.version == 2) {
		return fmt.Errorf("%w: a version %d file whose groups keep the blank's cell: %t", ErrFormat, h.version, g.blank)
	}
	nb := int64(le.Uint32(rest[k+2:]))
	if nb != int64(g.blocks) {
		return fmt.Errorf("%w: group %d: %d blocks, want %d", ErrFormat, gi+1, nb, g.blocks)
	}
	if h.version == 3 {
		if g.sums, err = hr.more(sumSize * nb); err != nil {
			return err
		}
		g.length = nb * h.block
		return nil
	}
	idx, err := hr.more(8 * nb)
	if err != nil {
		return err
	}
	g.lens, g.crcs = make([]uint32, nb), make([]uint32, nb)
	for i := range g.lens {
		g.lens[i], g.crcs[i] = le.Uint32(idx[8*i:]), le.Uint32(idx[8*i+4:])
		g.length += int64(g.lens[i])
	}
	return nil
}

// finish reads and checks the header's checksum, checks the partition
// and that the groups' blocks end where the file does, and places them.
func (hr *headerReader) finish(h *header) error {
	sum, err := hr.more(4)
	if err != nil {
		return err
	}
	if fileformat.Checksum(hr.raw[:len(hr.raw)-4]) != binary.LittleEndian.Uint32(sum) {
		return fmt.Errorf("%w: header", ErrChecksum)
	}
	h.raw = hr.raw
	if err := h.checkGroups(); err != nil {
		return err
	}
	h.data = int64(len(h.raw))
	if h.version == 3 {
		h.data = dataOffset(len(h.raw))
	}
	off := h.data
	for gi := range h.groups {
		h.groups[gi].offset = off
		off += h.groups[gi].length
	}
	if off != hr.size || h.data > hr.size {
		if off > hr.size || h.data > hr.size {
			return fmt.Errorf("%w: blocks end at byte %d of a %d-byte file: %w", ErrFormat, off, hr.size, io.ErrUnexpectedEOF)
		}
		return fmt.Errorf("%w: blocks end at byte %d of a %d-byte file", ErrFormat, off, hr.size)
	}
	if pad := h.data - int64(len(h.raw)); pad > 0 {
		b := make([]byte, pad)
		if err := fileformat.ReadAt(hr.r, b, int64(len(h.raw)), ErrFormat); err != nil {
			return err
		}
		if !allZero(b) {
			return fmt.Errorf("%w: the padding after the header is not zero", ErrFormat)
		}
	}
	return nil
}

// allZero reports whether every byte of b is zero.
func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// log2 returns the exponent of x, a power of two.
func log2(x int64) uint { return uint(bits.TrailingZeros64(uint64(x))) }

// describeLegacy describes a file before the container from its header,
// and its content hash as its reader computes it: for version 3 from the
// header, for versions 1 and 2 from the whole file, which it reads.
func describeLegacy(r io.ReaderAt, size int64) (container.Info, error) {
	h, err := readLegacy(r, size)
	if err != nil {
		return container.Info{}, err
	}
	sum, err := legacyHash(r, size, h)
	if err != nil {
		return container.Info{}, err
	}
	info := container.Info{
		Kind: container.PatternDB, KindVersion: int(h.version), Size: h.size, Metric: board.SingleTile,
		Goal: h.goal, Bytes: size, ContentHash: sum,
	}
	for _, g := range h.groups {
		info.Entries += entryCount(g.count, uint64(h.size.Cells()-len(g.tiles)), g.blank)
	}
	return info, nil
}
