package pdb

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"runtime"

	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/mem"
)

// ErrClosed reports a block of a database read in place that was needed
// after the database was closed: the container's container.ErrClosed,
// which every kind of file shares.
var ErrClosed = container.ErrClosed

// blocks holds a group's entries that are read from a file in place,
// block by block, the first time a lookup needs one, each checked
// against its SHA-256 before any of its entries is used (container.Cache).
// A block that cannot be read or fails its checks reads as zeros, a bound
// that stays admissible, and the file records the error (DB.Err).
type blocks struct {
	sec   *container.Section
	gi    int
	shift uint   // log2 of the bytes a block
	used  uint64 // entry bytes, the rest of the last block is padding
	// odd says the high nibble of the last entry byte is padding too.
	odd     bool
	largest uint8  // the group's largest entry, as the header says
	entries []byte // every block, padding included
	container.Cache
}

// newBlocks returns the blocks of group gi of the file f whose header is
// h, which are read into entries, a slice of the group's entry bytes
// whose capacity holds whole blocks.
func newBlocks(h *header, gi int, entries []byte, f *container.File) *blocks {
	fg := &h.groups[gi]
	b := &blocks{
		sec: h.section(f, gi),
		gi:  gi, shift: log2(h.block), used: fg.bytes, largest: fg.largest,
		odd:     fg.enc == encNibble && entryCount(fg.count, uint64(h.size.Cells()-len(fg.tiles)), fg.blank)%2 == 1,
		entries: entries[:cap(entries)],
	}
	b.Init(f, uint64(fg.blocks), true, b.read)
	return b
}

// entry returns entry r, in encoding enc, once its block is in memory.
func (b *blocks) entry(enc uint8, r uint64) int {
	if k := byteOf(enc, r) >> b.shift; !b.Ready(k) {
		b.Load(k) // a block that fails reads as zeros; DB.Err says why
	}
	return entryAt(b.entries, enc, r)
}

// read reads block k into its place and checks it: its SHA-256, and that
// its padding after the group's entries is zero. On failure it leaves the
// block zero and returns the error.
func (b *blocks) read(k uint64) error {
	size := uint64(1) << b.shift
	dst := b.entries[k*size : (k+1)*size]
	if err := b.sec.Read(int(k), dst); err != nil {
		return err
	}
	if end := (k + 1) << b.shift; end >= b.used {
		last := b.used - 1 - k<<b.shift // the last entry byte, in dst
		if !allZero(dst[last+1:]) || b.odd && dst[last]>>4 != 0 {
			clear(dst)
			return fmt.Errorf("%w: group %d: the padding after the entries is not zero", ErrFormat, b.gi+1)
		}
	}
	return nil
}

// openInPlace returns the database of the file that r reads, named path,
// whose header is h, read in place: the tables take memory only as their
// blocks are read, and the file stays open until Close, which closes
// closer.
func openInPlace(r io.ReaderAt, closer io.Closer, path string, h *header, opts *ReadOptions) (*DB, error) {
	if err := h.checkMemory(opts, 0); err != nil {
		return nil, err
	}
	file := container.NewFile(r, closer, path)
	var releases []func()
	db := newDB(h, func(gi int) []byte {
		b, release := mem.Reserve(h.tableBytes(&h.groups[gi]))
		releases = append(releases, release)
		return b[:h.groups[gi].bytes]
	})
	runtime.AddCleanup(db, func(rs []func()) {
		for _, r := range rs {
			r()
		}
	}, releases)
	db.file = file
	db.hash = sha256.Sum256(h.raw)
	for gi := range db.groups {
		g := &db.groups[gi]
		g.blocks = newBlocks(h, gi, g.entries, file)
	}
	if err := db.checkGoal(); err != nil {
		return nil, err
	}
	if err := db.Err(); err != nil {
		return nil, err
	}
	// Damage met from now on is reported; before, it failed the opening.
	if opts != nil && opts.Damaged != nil {
		file.OnDamage(opts.Damaged)
	}
	return db, nil
}

// loadAll reads every block of a database read in place that is not yet
// in memory, on workers goroutines (0 for GOMAXPROCS), and returns the
// first error: a block that failed before, or the lowest that fails now.
// It does nothing for a database held in memory.
func (db *DB) loadAll(ctx context.Context, workers int) error {
	if db.file == nil {
		return nil
	}
	if err := db.Err(); err != nil {
		return err
	}
	for gi := range db.groups {
		b := db.groups[gi].blocks
		if err := b.LoadAll(ctx, workers, 0, uint64(b.sec.Blocks())); err != nil {
			return err
		}
	}
	return nil
}

// checkLargest checks, once every block of a database read in place is in
// memory, that each group's largest entry is its header's.
func (db *DB) checkLargest() error {
	for gi := range db.groups {
		g := &db.groups[gi]
		if g.blocks == nil {
			continue
		}
		if m := g.largest(); m != g.blocks.largest {
			return fmt.Errorf("%w: group %d: largest entry %d, the header says %d", ErrFormat, gi+1, m, g.blocks.largest)
		}
	}
	return nil
}

// Err returns the first error met reading a block of a database read in
// place (see OpenWith): a block that fails its checksum, or cannot be
// read, or is needed after Close. The entries of such a block read as
// zero, a bound that stays admissible: a search using the database still
// finds shortest solutions, only more slowly. Err is nil for a database
// held in memory.
func (db *DB) Err() error {
	if db.file == nil {
		return nil
	}
	return db.file.Err()
}

// Close closes the file of a database read in place (see OpenWith); the
// blocks already read stay usable, and one read first after Close reads
// as zeros, with ErrClosed reported by Err. For a database held in memory
// it does nothing. It returns the error of closing the file, once.
func (db *DB) Close() error {
	if db.file == nil {
		return nil
	}
	return db.file.Close()
}

// ContentHash returns the SHA-256 that identifies the file the database
// was read from, and false for a database that was built, not read. For
// a file of the container, and one of version 3 before it, it is the
// SHA-256 of its header, which holds the SHA-256 of every block, and every
// block is checked against it before its entries are used. For a file of
// version 1 or 2 it is the SHA-256 of the whole file. Two files with the
// same ContentHash answer the same.
func (db *DB) ContentHash() ([32]byte, bool) { return db.hash, db.hash != [32]byte{} }
