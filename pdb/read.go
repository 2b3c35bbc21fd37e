package pdb

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// ReadOptions tune OpenWith and NewReaderWith. A nil *ReadOptions means
// the zero value.
type ReadOptions struct {
	// MaxMemory is the most bytes the reader may allocate: the tables and,
	// for a compressed file, its blocks while they are decoded. 0 means
	// the default, half the physical memory.
	MaxMemory uint64
	// Damaged, if set, is called once, by the lookup that meets it, with
	// the first error of reading a block of a database read in place (see
	// DB.Err): a block that fails its checksum or cannot be read. Its
	// entries then read as zero, which keeps every bound admissible and
	// every answer exact, but makes searches slower. The error names the
	// file, the group and the block. It must not block.
	Damaged func(err error)
}

// limit returns the memory limit of o, which may be nil.
func (o *ReadOptions) limit() uint64 {
	if o == nil {
		return mem.Limit(0)
	}
	return mem.Limit(o.MaxMemory)
}

// tableBytes returns the memory the table of g takes: its entries, read
// in place padded to whole blocks.
func (h *header) tableBytes(g *fileGroup) uint64 {
	if h.inPlace {
		return uint64(g.blocks) * uint64(h.block)
	}
	return g.bytes
}

// checkMemory fails with ErrMemory if the tables of h, and extra bytes
// more, do not fit in the limit of opts.
func (h *header) checkMemory(opts *ReadOptions, extra uint64) error {
	need := extra
	for _, g := range h.groups {
		need += h.tableBytes(&g)
	}
	if limit := opts.limit(); need > limit {
		return fmt.Errorf("%w: reading the %s database needs %s, the limit is %s", ErrMemory, h.size, human.Bytes(need), human.Bytes(limit))
	}
	return nil
}

// Open reads the pattern database file at path, with the default
// ReadOptions: see OpenWith.
func Open(path string) (*DB, error) { return OpenWith(path, nil) }

// OpenWith reads the pattern database file at path. A file of compressed
// blocks is read whole, as NewReaderWith reads it. A file of the entries
// as they are in memory (the large tiers) is read in place: OpenWith reads and checks its header and the blocks of
// the goal's entries, and keeps the file open; a lookup reads the block
// of its entry the first time it needs it, checking it against its
// SHA-256 before using any of its entries (see Err for a block that
// fails). Close the database when done with it.
//
// Before it allocates the tables OpenWith checks that they fit in
// opts.MaxMemory, and fails with ErrMemory, naming the need and the
// limit, if they do not.
func OpenWith(path string, opts *ReadOptions) (*DB, error) {
	return container.Read(path, func(o *container.Opened) (*DB, error) { return open(o, opts) })
}

// open reads the database of the open file o: the entries as they are in
// memory, of a file opened by path, in place (o kept: the database closes
// it), any other whole.
func open(o *container.Opened, opts *ReadOptions) (*DB, error) {
	h, err := headerOf(o)
	switch {
	case err != nil:
		return nil, err
	case h.inPlace && o.IsFile():
		return openInPlace(o.ReaderAt(), o.Keep(), o.Name(), h, opts)
	case h.inPlace:
		return readRaw(o.ReaderAt(), h, opts)
	}
	return readCompressed(o.ReaderAt(), h, opts)
}

// NewReader reads a pattern database of size bytes from r, with the
// default ReadOptions: see NewReaderWith.
func NewReader(r io.ReaderAt, size int64) (*DB, error) { return NewReaderWith(r, size, nil) }

// NewReaderWith reads a pattern database of size bytes from r. It checks
// the whole file (see the package documentation) and holds the tables in
// memory; r is not used after it returns. Before it allocates the tables
// it checks that they, and a compressed file's blocks, fit in
// opts.MaxMemory, and fails with ErrMemory, naming the need and the
// limit, if they do not.
func NewReaderWith(r io.ReaderAt, size int64, opts *ReadOptions) (*DB, error) {
	o, err := container.NewOpened(r, size, "")
	if err != nil {
		return nil, err
	}
	return open(o, opts)
}

// newDB returns the database h describes, with each group's entries set
// by entries(gi).
func newDB(h *header, entries func(gi int) []byte) *DB {
	n := h.size.Cells()
	db := &DB{size: h.size, goal: h.goal}
	for gi, fg := range h.groups {
		g := group{tiles: fg.tiles, count: fg.count, free: uint64(n - len(fg.tiles)), blank: fg.blank, enc: fg.enc, entries: entries(gi)}
		g.rk, _ = rank.NewPartial(n, len(g.tiles))
		db.groups = append(db.groups, g)
	}
	return db
}

// readCompressed reads the compressed blocks of a file whose header is h
// and decodes them. The file's size bounds what it allocates before the
// checksums have passed.
func readCompressed(r io.ReaderAt, h *header, opts *ReadOptions) (*DB, error) {
	comp, hash, err := h.readBlocks(r, opts)
	if err != nil {
		return nil, err
	}
	dec, err := fileformat.NewDecoder(uint64(h.block))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	db := newDB(h, func(gi int) []byte { return mem.Bytes(h.groups[gi].bytes) })
	db.hash = hash
	for gi := range db.groups {
		g := &db.groups[gi]
		err := parallel.For(context.Background(), 0, h.groups[gi].blocks, func(i int) error {
			lo := int64(i) * h.block
			dst := g.entries[lo:min(lo+h.block, int64(len(g.entries)))]
			if err := fileformat.DecodeInto(dec, comp[gi][i], dst); err != nil {
				return fmt.Errorf("%w: group %d, block %d: %w", ErrFormat, gi+1, i, err)
			}
			comp[gi][i] = nil
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if err := db.checkEntries(h); err != nil {
		return nil, err
	}
	return db, nil
}

// readBlocks reads every compressed block of a file whose header is h,
// each checked against its checksum before any is decoded, and returns
// them, group by group, with the file's content hash: of the container,
// the SHA-256 of its header; before it, of the whole file, hashed as it
// is read. It first checks that the tables and the blocks fit in the
// memory limit of opts.
func (h *header) readBlocks(r io.ReaderAt, opts *ReadOptions) ([][][]byte, [32]byte, error) {
	var sum [32]byte
	var stored int64
	for gi := range h.groups {
		if h.ch != nil {
			stored += h.ch.Sections[gi].Size()
		} else {
			stored += h.groups[gi].length
		}
	}
	if err := h.checkMemory(opts, uint64(stored)); err != nil {
		return nil, sum, err
	}
	comp := make([][][]byte, len(h.groups))
	if h.ch != nil {
		f := container.NewFile(r, nil, "")
		for gi := range h.groups {
			sec := h.section(f, gi)
			comp[gi] = make([][]byte, sec.Blocks())
			for i := range comp[gi] {
				var err error
				if comp[gi][i], err = sec.ReadNew(i); err != nil {
					return nil, sum, err
				}
			}
		}
		return comp, h.ch.ContentHash(), nil
	}
	hash := sha256.New()
	hash.Write(h.raw)
	for gi := range h.groups {
		g := &h.groups[gi]
		off := g.offset
		comp[gi] = make([][]byte, g.blocks)
		for i, l := range g.lens {
			b := make([]byte, l)
			if err := fileformat.ReadAt(r, b, off, ErrFormat); err != nil {
				return nil, sum, err
			}
			if fileformat.Checksum(b) != g.crcs[i] {
				return nil, sum, fmt.Errorf("%w: group %d, block %d", ErrChecksum, gi+1, i)
			}
			hash.Write(b)
			comp[gi][i] = b
			off += int64(l)
		}
	}
	hash.Sum(sum[:0])
	return comp, sum, nil
}

// readRaw reads every block of a file read in place, whose header is h,
// into memory, checking each against its SHA-256.
func readRaw(r io.ReaderAt, h *header, opts *ReadOptions) (*DB, error) {
	if err := h.checkMemory(opts, 0); err != nil {
		return nil, err
	}
	db := newDB(h, func(gi int) []byte {
		return mem.Bytes(h.tableBytes(&h.groups[gi]))[:h.groups[gi].bytes]
	})
	db.hash = sha256.Sum256(h.raw)
	f := container.NewFile(r, nil, "")
	for gi := range db.groups {
		g := &db.groups[gi]
		bl := newBlocks(h, gi, g.entries, f)
		err := parallel.For(context.Background(), 0, h.groups[gi].blocks, func(i int) error {
			return bl.read(uint64(i))
		})
		if err != nil {
			return nil, err
		}
	}
	if err := db.checkEntries(h); err != nil {
		return nil, err
	}
	return db, nil
}

// checkEntries checks the entries of a database read whole against its
// header h: the largest entry of each group is the header's, a last odd
// nibble is zero, and the goal's entries are zero.
func (db *DB) checkEntries(h *header) error {
	for gi := range db.groups {
		g := &db.groups[gi]
		if m := g.largest(); m != h.groups[gi].largest {
			return fmt.Errorf("%w: group %d: largest entry %d, the header says %d", ErrFormat, gi+1, m, h.groups[gi].largest)
		}
		if g.enc == encNibble && entryCount(g.count, g.free, g.blank)%2 == 1 && g.entries[len(g.entries)-1]>>4 != 0 {
			return fmt.Errorf("%w: group %d: padding nibble is not zero", ErrFormat, gi+1)
		}
	}
	return db.checkGoal()
}

// checkGoal checks that the goal's entries are zero: the goal needs no
// moves.
func (db *DB) checkGoal() error {
	for gi := range db.groups {
		g := &db.groups[gi]
		cells := make([]uint8, len(g.tiles))
		for i, t := range g.tiles {
			cells[i] = uint8(db.goal.Index(t))
		}
		if e := g.moves(cells, db.goal.Blank()); e != 0 {
			return fmt.Errorf("%w: group %d: the goal's entry is %d", ErrFormat, gi+1, e)
		}
	}
	return nil
}
