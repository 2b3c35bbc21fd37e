package pdb

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// Part of the file format; do not change.
const (
	magic = "SLIDEPDB"
	// version is the newest format version. Version 2 adds groups with an
	// entry for each cell of the blank; a database without them is written
	// as version 1, so that every reader of version 1 reads it.
	version     = 2
	fixedHeader = 20
	groupHeader = 1 + 1 + 1 + 4 // k, (tiles), encoding, largest entry, blocks
)

// Limits of this version's writer and reader.
const (
	blockBytes    = 1 << 24 // entry bytes a block, as written
	maxBlockBytes = 1 << 26 // most a reader accepts
	// maxEntryBytes is the most entry bytes a reader allocates: a 7-8
	// partition of 4x4 takes 288 MB in nibbles.
	maxEntryBytes = 1 << 32
)

// Magic is the first bytes of every pattern database file.
const Magic = magic

// FormatVersion is the newest version of the file format, which this
// package writes for a database that keeps the blank's cell (version 1
// otherwise). It reads every version from 1 to FormatVersion.
const FormatVersion = version

// WriteTo writes the database to w in the format described in the package
// documentation and returns the number of bytes written.
func (db *DB) WriteTo(w io.Writer) (int64, error) { return db.write(context.Background(), w) }

func (db *DB) write(ctx context.Context, w io.Writer) (int64, error) {
	var blocks [][]byte
	var lens, crcs [][]uint32
	largest := make([]uint8, len(db.groups))
	for gi := range db.groups {
		g := &db.groups[gi]
		largest[gi] = g.largest()
		nb := (len(g.entries) + blockBytes - 1) / blockBytes
		out := make([][]byte, nb)
		err := parallel.For(ctx, 0, nb, func(i int) error {
			out[i] = fileformat.Compress(g.entries[i*blockBytes : min((i+1)*blockBytes, len(g.entries))])
			return nil
		})
		if err != nil {
			return 0, err
		}
		l, c := make([]uint32, nb), make([]uint32, nb)
		for i, b := range out {
			l[i], c[i] = uint32(len(b)), fileformat.Checksum(b)
		}
		blocks = append(blocks, out...)
		lens, crcs = append(lens, l), append(crcs, c)
	}
	le := binary.LittleEndian
	hdr := make([]byte, 0, 256)
	hdr = append(hdr, magic...)
	v := uint16(1)
	if db.KeepsBlank() {
		v = 2
	}
	hdr = le.AppendUint16(hdr, v)
	hdr = append(hdr, byte(db.size.W), byte(db.size.H), byte(len(db.groups)), 0, 0, 0)
	hdr = le.AppendUint32(hdr, blockBytes)
	hdr = db.goal.AppendCells(hdr)
	for gi, g := range db.groups {
		hdr = append(hdr, byte(len(g.tiles)))
		hdr = append(hdr, g.tiles...)
		enc := g.enc
		if g.blank {
			enc += encBlank
		}
		hdr = append(hdr, enc, largest[gi])
		hdr = le.AppendUint32(hdr, uint32(len(lens[gi])))
		for i := range lens[gi] {
			hdr = le.AppendUint32(hdr, lens[gi][i])
			hdr = le.AppendUint32(hdr, crcs[gi][i])
		}
	}
	hdr = le.AppendUint32(hdr, fileformat.Checksum(hdr))
	var total int64
	for _, part := range append([][]byte{hdr}, blocks...) {
		if err := ctx.Err(); err != nil {
			return total, err
		}
		m, err := w.Write(part)
		total += int64(m)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// largest returns the group's largest entry.
func (g *group) largest() uint8 {
	var m uint8
	for _, b := range g.entries {
		if g.enc == encNibble {
			m = max(m, b&15, b>>4)
		} else {
			m = max(m, b)
		}
	}
	return m
}

// WriteFile writes the database to path atomically: to a temporary file in
// the same directory, renamed over path only when complete. If writing
// fails or ctx ends first, path is left as it was.
func WriteFile(ctx context.Context, path string, db *DB) error {
	err := atomicfile.WriteContext(ctx, path, 0o644, func(f *os.File) error {
		_, err := db.write(ctx, f)
		return err
	})
	if err != nil {
		return fmt.Errorf("pdb: write %w", err)
	}
	return nil
}

// ReadOptions tune OpenWith and NewReaderWith. A nil *ReadOptions means
// the zero value.
type ReadOptions struct {
	// MaxMemory is the most bytes the reader may allocate: the tables and
	// the file's compressed blocks while they are decoded. 0 means the
	// default, half the physical memory.
	MaxMemory uint64
}

// limit returns the memory limit of o, which may be nil.
func (o *ReadOptions) limit() uint64 {
	if o == nil {
		return mem.Limit(0)
	}
	return mem.Limit(o.MaxMemory)
}

// Open reads the pattern database file at path, with the default
// ReadOptions.
func Open(path string) (*DB, error) { return OpenWith(path, nil) }

// OpenWith reads the pattern database file at path. Before it allocates
// the tables it checks that they fit in opts.MaxMemory, and fails with
// ErrMemory, naming the need and the limit, if they do not.
func OpenWith(path string, opts *ReadOptions) (*DB, error) {
	if err := atomicfile.Check(path); err != nil {
		return nil, fmt.Errorf("pdb: %w", err)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("pdb: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("pdb: %w", err)
	}
	db, err := NewReaderWith(f, fi.Size(), opts)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return db, nil
}

// fileGroup is a group as the header describes it.
type fileGroup struct {
	tiles         []uint8
	enc, largest  uint8
	blank         bool
	count, bytes  uint64
	lens, crcs    []uint32
	offset, compr int64 // of its first block in the file, and the blocks' total
}

// NewReader reads a pattern database of size bytes from r, with the
// default ReadOptions. It checks the whole file (see the package
// documentation) and holds the tables in memory; r is not used after it
// returns.
func NewReader(r io.ReaderAt, size int64) (*DB, error) { return NewReaderWith(r, size, nil) }

// NewReaderWith is NewReader with options: before it allocates the
// tables, it checks that they and the file's blocks fit in
// opts.MaxMemory, and fails with ErrMemory, naming the need and the limit,
// if they do not.
func NewReaderWith(r io.ReaderAt, size int64, opts *ReadOptions) (*DB, error) {
	le := binary.LittleEndian
	var fixed [fixedHeader]byte
	if size < 10 {
		return nil, fmt.Errorf("%w: %d bytes is too short for a pattern database: %w", ErrFormat, max(size, 0), io.ErrUnexpectedEOF)
	}
	if err := fileformat.ReadAt(r, fixed[:10], 0, ErrFormat); err != nil {
		return nil, err
	}
	if string(fixed[:8]) != magic {
		return nil, fmt.Errorf("%w: not a pattern database (no %q at the start)", ErrFormat, magic)
	}
	v := le.Uint16(fixed[8:])
	if v < 1 || v > version {
		return nil, fmt.Errorf("%w: version %d (this program reads versions 1 to %d)", ErrVersion, v, version)
	}
	if size < fixedHeader {
		return nil, fmt.Errorf("%w: %d bytes is too short for a pattern database: %w", ErrFormat, size, io.ErrUnexpectedEOF)
	}
	if err := fileformat.ReadAt(r, fixed[:], 0, ErrFormat); err != nil {
		return nil, err
	}
	w, h, ng := int(fixed[10]), int(fixed[11]), int(fixed[12])
	bs := int64(le.Uint32(fixed[16:]))
	n := w * h
	switch {
	case w < 2 || h < 2 || n > MaxCells:
		return nil, fmt.Errorf("%w: size %dx%d", ErrFormat, w, h)
	case ng < 1 || ng > n-1:
		return nil, fmt.Errorf("%w: %d groups", ErrFormat, ng)
	case fixed[13] != 0 || fixed[14] != 0 || fixed[15] != 0:
		return nil, fmt.Errorf("%w: reserved bytes are not zero", ErrFormat)
	case bs < 1 || bs > maxBlockBytes:
		return nil, fmt.Errorf("%w: %d bytes a block", ErrFormat, bs)
	}
	// The header's length is known only group by group; read it in pieces,
	// each checked against the file's size first.
	hdr := append([]byte(nil), fixed[:]...)
	more := func(k int) ([]byte, error) {
		if int64(len(hdr)+k) > size {
			return nil, fmt.Errorf("%w: header longer than the %d-byte file: %w", ErrFormat, size, io.ErrUnexpectedEOF)
		}
		b := make([]byte, k)
		if err := fileformat.ReadAt(r, b, int64(len(hdr)), ErrFormat); err != nil {
			return nil, err
		}
		hdr = append(hdr, b...)
		return b, nil
	}
	goalCells, err := more(n)
	if err != nil {
		return nil, err
	}
	sz := board.Size{W: w, H: h}
	goal, err := board.New(sz, goalCells)
	if err != nil {
		return nil, fmt.Errorf("%w: goal: %w", ErrFormat, err)
	}
	groups := make([]fileGroup, ng)
	tiles := make([][]uint8, ng)
	var totalBytes uint64
	for gi := range groups {
		g := &groups[gi]
		kb, err := more(1)
		if err != nil {
			return nil, err
		}
		k := int(kb[0])
		if k < 1 || k > n-2 {
			return nil, fmt.Errorf("%w: group %d of %d tiles", ErrFormat, gi+1, k)
		}
		rest, err := more(k + groupHeader - 1)
		if err != nil {
			return nil, err
		}
		g.tiles = append([]uint8(nil), rest[:k]...)
		tiles[gi] = g.tiles
		g.enc, g.largest = rest[k], rest[k+1]
		nb := int64(le.Uint32(rest[k+2:]))
		if v >= 2 && (g.enc == encNibble+encBlank || g.enc == encByte+encBlank) {
			g.enc -= encBlank
			g.blank = true
		}
		if g.enc != encNibble && g.enc != encByte {
			return nil, fmt.Errorf("%w: group %d: unknown entry encoding %d", ErrFormat, gi+1, rest[k])
		}
		if gi > 0 && g.blank != groups[0].blank {
			return nil, fmt.Errorf("%w: group %d keeps the blank's cell and group 1 does not, or the other way", ErrFormat, gi+1)
		}
		if g.enc == encNibble && g.largest > 15 {
			return nil, fmt.Errorf("%w: group %d: largest entry %d in nibbles", ErrFormat, gi+1, g.largest)
		}
		var ok bool
		if g.count, ok = rank.Placements(n, k); !ok {
			return nil, fmt.Errorf("%w: group %d: too many placements", ErrFormat, gi+1)
		}
		g.bytes = entryBytes(entryCount(g.count, uint64(n-k), g.blank), g.enc)
		totalBytes += g.bytes
		if totalBytes > maxEntryBytes {
			return nil, fmt.Errorf("%w: the tables would take %d bytes, more than %d", ErrFormat, totalBytes, uint64(maxEntryBytes))
		}
		if want := (int64(g.bytes) + bs - 1) / bs; nb != want {
			return nil, fmt.Errorf("%w: group %d: %d blocks, want %d", ErrFormat, gi+1, nb, want)
		}
		if int64(len(hdr))+8*nb > size {
			return nil, fmt.Errorf("%w: header longer than the %d-byte file: %w", ErrFormat, size, io.ErrUnexpectedEOF)
		}
		idx, err := more(int(8 * nb))
		if err != nil {
			return nil, err
		}
		g.lens, g.crcs = make([]uint32, nb), make([]uint32, nb)
		for i := range g.lens {
			g.lens[i], g.crcs[i] = le.Uint32(idx[8*i:]), le.Uint32(idx[8*i+4:])
			g.compr += int64(g.lens[i])
		}
	}
	if blank := groups[0].blank; blank != (v >= 2) {
		return nil, fmt.Errorf("%w: a version %d file whose groups keep the blank's cell: %t", ErrFormat, v, blank)
	}
	sum, err := more(4)
	if err != nil {
		return nil, err
	}
	if fileformat.Checksum(hdr[:len(hdr)-4]) != le.Uint32(sum) {
		return nil, fmt.Errorf("%w: header", ErrChecksum)
	}
	if _, err := checkPartition(goal, tiles); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	for gi := range tiles {
		for j := 1; j < len(tiles[gi]); j++ {
			if tiles[gi][j] <= tiles[gi][j-1] {
				return nil, fmt.Errorf("%w: group %d: tiles out of order", ErrFormat, gi+1)
			}
		}
	}
	off := int64(len(hdr))
	for gi := range groups {
		groups[gi].offset = off
		off += groups[gi].compr
	}
	if off != size {
		if off > size {
			return nil, fmt.Errorf("%w: blocks end at byte %d of a %d-byte file: %w", ErrFormat, off, size, io.ErrUnexpectedEOF)
		}
		return nil, fmt.Errorf("%w: blocks end at byte %d of a %d-byte file", ErrFormat, off, size)
	}
	if need, limit := totalBytes+uint64(size-int64(len(hdr))), opts.limit(); need > limit {
		return nil, fmt.Errorf("%w: reading the %s database needs %s, the limit is %s", ErrMemory, sz, human.Bytes(need), human.Bytes(limit))
	}

	// Every block read and checked before anything is decoded; the file's
	// size bounds what this allocates.
	comp := make([][][]byte, ng)
	for gi := range groups {
		g := &groups[gi]
		off := g.offset
		comp[gi] = make([][]byte, len(g.lens))
		for i, l := range g.lens {
			b := make([]byte, l)
			if err := fileformat.ReadAt(r, b, off, ErrFormat); err != nil {
				return nil, err
			}
			if fileformat.Checksum(b) != g.crcs[i] {
				return nil, fmt.Errorf("%w: group %d, block %d", ErrChecksum, gi+1, i)
			}
			comp[gi][i] = b
			off += int64(l)
		}
	}

	dec, err := fileformat.NewDecoder(uint64(bs))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	db := &DB{size: sz, goal: goal}
	for gi := range groups {
		fg := &groups[gi]
		g := group{tiles: fg.tiles, count: fg.count, free: uint64(n - len(fg.tiles)), blank: fg.blank, enc: fg.enc, entries: mem.Bytes(fg.bytes)}
		g.rk, _ = rank.NewPartial(n, len(g.tiles))
		largest := make([]uint8, len(fg.lens))
		err := parallel.For(context.Background(), 0, len(fg.lens), func(i int) error {
			lo := int64(i) * bs
			dst := g.entries[lo:min(lo+bs, int64(len(g.entries)))]
			if err := fileformat.DecodeInto(dec, comp[gi][i], dst); err != nil {
				return fmt.Errorf("%w: group %d, block %d: %w", ErrFormat, gi+1, i, err)
			}
			sub := group{enc: g.enc, entries: dst}
			largest[i] = sub.largest()
			comp[gi][i] = nil
			return nil
		})
		if err != nil {
			return nil, err
		}
		var m uint8
		for _, l := range largest {
			m = max(m, l)
		}
		if m != fg.largest {
			return nil, fmt.Errorf("%w: group %d: largest entry %d, the header says %d", ErrFormat, gi+1, m, fg.largest)
		}
		if g.enc == encNibble && entryCount(g.count, g.free, g.blank)%2 == 1 && g.entries[len(g.entries)-1]>>4 != 0 {
			return nil, fmt.Errorf("%w: group %d: padding nibble is not zero", ErrFormat, gi+1)
		}
		db.groups = append(db.groups, g)
	}
	// The goal needs no moves.
	for gi := range db.groups {
		g := &db.groups[gi]
		cells := make([]uint8, len(g.tiles))
		for i, t := range g.tiles {
			cells[i] = uint8(goal.Index(t))
		}
		if e := g.moves(cells, goal.Blank()); e != 0 {
			return nil, fmt.Errorf("%w: group %d: the goal's entry is %d", ErrFormat, gi+1, e)
		}
	}
	return db, nil
}
