package container

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// Part of the file format; do not change.
const (
	// Magic is the first bytes of every file of the format.
	Magic = "SLIDEBOX"
	// Version is the version of the format this package reads and writes.
	Version = 1
	// fixedLen is the bytes of the header before the goal.
	fixedLen = 32
	// blockEntry is the bytes of a block's entry in the header: its
	// length and its SHA-256.
	blockEntry = 4 + SumSize
)

// Limits of this version's writer and reader.
const (
	// MaxHeader is the most bytes a header may take: the 4x4 tiers hold
	// tens of thousands of blocks, a few MB of entries.
	MaxHeader = 1 << 26
	// MaxAlign is the largest alignment of the first section, as a power
	// of two: 64 KiB.
	MaxAlign = 16
)

// Kind is what a file holds: its number in the header, which its
// package registers with its codec (Register). Part of the file format;
// do not change.
type Kind uint8

// The kinds of file of this program, whose packages register them.
const (
	// Table is an exact table: the distance of every board of a size to
	// its goal (package table).
	Table Kind = 1
	// PatternDB is an additive pattern database: lower bounds of the
	// distance in single-tile moves (package pdb).
	PatternDB Kind = 2
	// Abstraction is an abstraction tier: lower bounds of the distance in
	// multi-tile moves (package abstraction).
	Abstraction Kind = 3
)

// String returns the name its codec gives the kind ("table", "pattern
// database", "abstraction tier"), or "kind 9" for a kind not registered.
func (k Kind) String() string {
	if c, ok := CodecOf(k); ok {
		return c.Name
	}
	return fmt.Sprintf("kind %d", uint8(k))
}

// Valid reports whether k is a kind registered (Register).
func (k Kind) Valid() bool {
	_, ok := CodecOf(k)
	return ok
}

// metric bytes: part of the file format.
const (
	metricSingle = 1
	metricMulti  = 2
)

// Blocks is what the header says of a section: the length and the
// SHA-256 of each of its blocks, which follow each other in the file.
type Blocks struct {
	Lens []uint32
	Sums []byte // SHA-256 of each block, one after the other
}

// Add appends a block of bytes b.
func (s *Blocks) Add(b []byte) {
	sum := sha256.Sum256(b)
	s.Lens = append(s.Lens, uint32(len(b)))
	s.Sums = append(s.Sums, sum[:]...)
}

// Size returns the bytes of every block.
func (s *Blocks) Size() int64 {
	var n int64
	for _, l := range s.Lens {
		n += int64(l)
	}
	return n
}

// Header is what the header of a file says: the kind, its size, metric
// and goal, what the kind holds, and its sections.
type Header struct {
	Kind Kind
	// KindVersion is the version of the kind's parameters and payload,
	// which the kind's reader checks.
	KindVersion uint8
	Metric      board.Metric
	Goal        board.Board
	// Entries is the number of what the kind holds one of for each: the
	// boards of a table, the entries of a pattern database, the
	// arrangements of an abstraction tier.
	Entries uint64
	// Params are the kind's parameters (a pattern database's partition,
	// an abstraction tier's classings), as the kind codes them.
	Params []byte
	// Align is the alignment of the first section, a power of two: 0 for
	// right after the header, 12 for a multiple of 4096, for sections read
	// in place.
	Align uint8
	// Sections are the sections, in the order they follow each other.
	Sections []Blocks

	raw    []byte  // the header's bytes, as read
	starts []int64 // where each section starts, as read
}

// Len returns the bytes of the header, its checksum included.
func (h *Header) Len() int {
	n := fixedLen + h.Goal.Len() + 4 + len(h.Params) + 4
	for _, s := range h.Sections {
		n += 4 + blockEntry*len(s.Lens)
	}
	return n
}

// DataOffset returns where the first section starts: after the header,
// at the next multiple of 1<<Align.
func (h *Header) DataOffset() int64 { return alignUp(int64(h.Len()), h.Align) }

func alignUp(n int64, a uint8) int64 { return (n + 1<<a - 1) &^ (1<<a - 1) }

// Append appends the header to b, its checksum and the zero bytes up to
// the first section included, and returns it. The header must be valid:
// Read would read it back.
func (h *Header) Append(b []byte) []byte {
	le := binary.LittleEndian
	start := len(b)
	size := h.Goal.Size()
	metric := byte(metricSingle)
	if h.Metric == board.MultiTile {
		metric = metricMulti
	}
	b = append(b, Magic...)
	b = le.AppendUint16(b, Version)
	b = append(b, byte(h.Kind), h.KindVersion, byte(size.W), byte(size.H), metric, h.Align)
	b = le.AppendUint32(b, uint32(h.Len()))
	b = le.AppendUint32(b, uint32(len(h.Sections)))
	b = le.AppendUint64(b, h.Entries)
	b = h.Goal.AppendCells(b)
	b = le.AppendUint32(b, uint32(len(h.Params)))
	b = append(b, h.Params...)
	for _, s := range h.Sections {
		b = le.AppendUint32(b, uint32(len(s.Lens)))
		for k, l := range s.Lens {
			b = le.AppendUint32(b, l)
			b = append(b, s.Sums[k*SumSize:(k+1)*SumSize]...)
		}
	}
	b = le.AppendUint32(b, fileformat.Checksum(b[start:]))
	return append(b, make([]byte, h.DataOffset()-int64(len(b)-start))...)
}

// Raw returns the header's bytes as read, its checksum included.
func (h *Header) Raw() []byte { return h.raw }

// ContentHash returns the SHA-256 of the header as read: the content hash
// of the file, which names every byte after the header by the SHA-256 of
// its block. Two files with the same content hash hold the same bytes.
func (h *Header) ContentHash() [sha256.Size]byte { return sha256.Sum256(h.raw) }

// Start returns where section i starts in the file the header was read
// from.
func (h *Header) Start(i int) int64 { return h.starts[i] }

// Section returns section i of the file f that the header was read from,
// named label in errors.
func (h *Header) Section(f *File, i int, label string) *Section {
	s := h.Sections[i]
	ends := make([]int64, len(s.Lens))
	off := h.starts[i]
	for k, l := range s.Lens {
		off += int64(l)
		ends[k] = off
	}
	return f.Section(label, h.starts[i], ends, s.Sums)
}

// ReadHeader reads and checks the header of a file of size bytes, with
// errors that wrap the shared failures (ErrFormat, ErrVersion,
// ErrChecksum). It checks, before it allocates anything but the
// header, whose length must fit the file: the magic and the version
// first, so that a file of another version says so whatever follows
// them; the header's checksum before any other field; every field; that
// the sections fill the file exactly after the header and its zero
// padding. The header's bytes are then those Raw returns.
func ReadHeader(r io.ReaderAt, size int64) (*Header, error) {
	if size < fixedLen {
		return nil, fmt.Errorf("%w: %d bytes is too short for a slidetable file: %w", ErrFormat, max(size, 0), io.ErrUnexpectedEOF)
	}
	var fixed [fixedLen]byte
	if err := readFull(r, fixed[:], 0); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	if string(fixed[:8]) != Magic {
		return nil, fmt.Errorf("%w: not a slidetable file (no %q at the start)", ErrFormat, Magic)
	}
	if v := le.Uint16(fixed[8:]); v != Version {
		return nil, fmt.Errorf("%w: version %d (this program reads version %d)", ErrVersion, v, Version)
	}
	hl := int64(le.Uint32(fixed[16:]))
	if hl < fixedLen+4+4 || hl > MaxHeader || hl > size {
		return nil, fmt.Errorf("%w: a header of %d bytes in a file of %d", ErrFormat, hl, size)
	}
	raw := make([]byte, hl)
	if err := readFull(r, raw, 0); err != nil {
		return nil, err
	}
	if le.Uint32(raw[hl-4:]) != fileformat.Checksum(raw[:hl-4]) {
		return nil, fmt.Errorf("%w: header", ErrChecksum)
	}
	// The length came from an earlier read: a file that changed since
	// would be read by fields it no longer has.
	if !bytes.Equal(raw[:fixedLen], fixed[:]) {
		return nil, fmt.Errorf("%w: the header changed while it was read", ErrFormat)
	}
	h, err := parseHeader(raw)
	if err != nil {
		return nil, err
	}
	return h, h.place(r, size)
}

// parseHeader reads the fields of the header raw, whose checksum holds.
func parseHeader(raw []byte) (*Header, error) {
	le := binary.LittleEndian
	h := &Header{Kind: Kind(raw[10]), KindVersion: raw[11], Align: raw[15], raw: raw}
	size := board.Size{W: int(raw[12]), H: int(raw[13])}
	switch {
	case !h.Kind.Valid():
		return nil, fmt.Errorf("%w: %s, which this program does not read", ErrVersion, h.Kind)
	case raw[14] != metricSingle && raw[14] != metricMulti:
		return nil, fmt.Errorf("%w: metric %d", ErrFormat, raw[14])
	case h.Align > MaxAlign:
		return nil, fmt.Errorf("%w: sections aligned to 2^%d bytes, more than 2^%d", ErrFormat, h.Align, MaxAlign)
	case size.Validate() != nil:
		return nil, fmt.Errorf("%w: size %dx%d", ErrFormat, size.W, size.H)
	}
	h.Metric = board.SingleTile
	if raw[14] == metricMulti {
		h.Metric = board.MultiTile
	}
	nsec := le.Uint32(raw[20:])
	h.Entries = le.Uint64(raw[24:])
	p := NewFields(raw[fixedLen:len(raw)-4], "header fields")
	goal := p.Bytes(size.Cells())
	h.Params = p.Bytes(int(p.Uint32()))
	if err := p.Err(); err != nil {
		return nil, err
	}
	var err error
	if h.Goal, err = Goal(size, goal); err != nil {
		return nil, err
	}
	if uint64(nsec)*4 > uint64(p.Left()) {
		return nil, fmt.Errorf("%w: %d sections in a header of %d bytes", ErrFormat, nsec, len(raw))
	}
	h.Sections = make([]Blocks, nsec)
	for i := range h.Sections {
		nb := p.Uint32()
		if uint64(nb)*blockEntry > uint64(p.Left()) {
			return nil, fmt.Errorf("%w: section %d of %d blocks in a header of %d bytes", ErrFormat, i, nb, len(raw))
		}
		s := &h.Sections[i]
		s.Lens = make([]uint32, nb)
		s.Sums = make([]byte, 0, SumSize*int(nb))
		for k := range s.Lens {
			s.Lens[k] = p.Uint32()
			s.Sums = append(s.Sums, p.Bytes(SumSize)...)
			if s.Lens[k] == 0 {
				return nil, fmt.Errorf("%w: block %d of section %d is empty", ErrFormat, k, i)
			}
		}
	}
	if err := p.Done(); err != nil {
		return nil, err
	}
	return h, nil
}

// place sets where each section starts and checks that they fill the
// file of size bytes exactly after the header and its padding, which
// must be zero.
func (h *Header) place(r io.ReaderAt, size int64) error {
	hl := int64(len(h.raw))
	off := alignUp(hl, h.Align)
	data := off
	h.starts = make([]int64, len(h.Sections))
	for i := range h.Sections {
		h.starts[i] = off
		off += h.Sections[i].Size() // at most 2^26/36 blocks of 2^32 bytes: no overflow
	}
	if off != size {
		if off > size {
			return fmt.Errorf("%w: the sections end at byte %d of a %d-byte file: %w", ErrFormat, off, size, io.ErrUnexpectedEOF)
		}
		return fmt.Errorf("%w: the sections end at byte %d of a %d-byte file", ErrFormat, off, size)
	}
	pad := make([]byte, data-hl)
	if err := readFull(r, pad, hl); err != nil {
		return err
	}
	for _, c := range pad {
		if c != 0 {
			return fmt.Errorf("%w: the padding after the header is not zero", ErrFormat)
		}
	}
	return nil
}
