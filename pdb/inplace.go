package pdb

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"github.com/slidetable/slidetable/failure"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
)

// ErrClosed reports a block of a database read in place that was needed
// after the database was closed.
var ErrClosed = failure.New(failure.Cancelled, "pdb: database closed")

// source is the open file of a database read in place, which its groups'
// blocks are read from.
type source struct {
	r       io.ReaderAt
	path    string // the file, for errors
	closer  io.Closer
	damaged func(error) // ReadOptions.Damaged
	once    sync.Once
	closed  atomic.Bool
	mu      sync.Mutex
	err     error // the first block that failed
}

// fail records err if it is the first failure, and reports it to the
// Damaged callback.
func (s *source) fail(err error) {
	s.mu.Lock()
	first := s.err == nil
	if first {
		s.err = err
	}
	s.mu.Unlock()
	if first && s.damaged != nil && !errors.Is(err, ErrClosed) {
		s.damaged(fmt.Errorf("%s: %w", s.path, err))
	}
}

// blocks holds a group's entries that are read from a file of version 3
// block by block, the first time a lookup needs one, each checked
// against its SHA-256 before any of its entries is used.
type blocks struct {
	src    *source
	gi     int
	offset int64  // of the group's first block in the file
	shift  uint   // log2 of the bytes a block
	used   uint64 // entry bytes, the rest of the last block is padding
	// odd says the high nibble of the last entry byte is padding too.
	odd     bool
	largest uint8 // the group's largest entry, as the header says
	sums    []byte
	entries []byte          // every block, padding included
	loaded  []atomic.Uint64 // a bit for each block that is in entries
	locks   [64]sync.Mutex  // block i is read under locks[i%64]
}

// newBlocks returns the blocks of group gi of the file of src whose
// header is h, which are read into entries, a slice of the group's entry
// bytes whose capacity holds whole blocks.
func newBlocks(h *header, gi int, entries []byte, src *source) *blocks {
	fg := &h.groups[gi]
	return &blocks{
		src: src, gi: gi, offset: fg.offset, shift: log2(h.block), used: fg.bytes, sums: fg.sums, largest: fg.largest,
		odd:     fg.enc == encNibble && entryCount(fg.count, uint64(h.size.Cells()-len(fg.tiles)), fg.blank)%2 == 1,
		entries: entries[:cap(entries)], loaded: make([]atomic.Uint64, (fg.blocks+63)/64),
	}
}

// entry returns entry r, in encoding enc, once its block is in memory.
func (b *blocks) entry(enc uint8, r uint64) int {
	if k := byteOf(enc, r) >> b.shift; b.loaded[k>>6].Load()&(1<<(k&63)) == 0 {
		b.load(k)
	}
	return entryAt(b.entries, enc, r)
}

// load reads block k into memory if it is not yet there. A block that
// cannot be read or fails its checksum reads as zeros, and the source
// records the error.
func (b *blocks) load(k uint64) {
	l := &b.locks[k%uint64(len(b.locks))]
	l.Lock()
	defer l.Unlock()
	if b.loaded[k>>6].Load()&(1<<(k&63)) != 0 {
		return
	}
	if err := b.read(k); err != nil {
		b.src.fail(err)
	}
	b.loaded[k>>6].Or(1 << (k & 63))
}

// read reads block k into its place and checks it: its SHA-256, and that
// its padding after the group's entries is zero. On failure it leaves the
// block zero and returns the error.
func (b *blocks) read(k uint64) error {
	size := uint64(1) << b.shift
	dst := b.entries[k*size : (k+1)*size]
	err := b.readCheck(k, dst)
	if err != nil {
		clear(dst)
	}
	return err
}

// readCheck reads block k into dst and checks it, as read does.
func (b *blocks) readCheck(k uint64, dst []byte) error {
	if b.src.closed.Load() {
		return fmt.Errorf("%w: group %d, block %d is not read", ErrClosed, b.gi+1, k)
	}
	if err := fileformat.ReadAt(b.src.r, dst, b.offset+int64(k)<<b.shift, ErrFormat); err != nil {
		return fmt.Errorf("group %d, block %d: %w", b.gi+1, k, err)
	}
	if sum := sha256.Sum256(dst); string(sum[:]) != string(b.sums[k*sumSize:(k+1)*sumSize]) {
		return fmt.Errorf("%w: group %d, block %d", ErrChecksum, b.gi+1, k)
	}
	if end := (k + 1) << b.shift; end >= b.used {
		last := b.used - 1 - k<<b.shift // the last entry byte, in dst
		if !allZero(dst[last+1:]) || b.odd && dst[last]>>4 != 0 {
			return fmt.Errorf("%w: group %d: the padding after the entries is not zero", ErrFormat, b.gi+1)
		}
	}
	return nil
}

// openInPlace returns the database of the file f of version 3 whose
// header is h, read in place: the tables take memory only as their blocks
// are read, and f stays open until Close.
func openInPlace(f io.ReadCloser, path string, h *header, opts *ReadOptions) (*DB, error) {
	r, ok := f.(io.ReaderAt)
	if !ok {
		return nil, fmt.Errorf("pdb: %T cannot read at an offset", f)
	}
	if err := h.checkMemory(opts, 0); err != nil {
		return nil, err
	}
	src := &source{r: r, path: path, closer: f}
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
	db.src = src
	db.hash = sha256.Sum256(h.raw)
	for gi := range db.groups {
		g := &db.groups[gi]
		g.blocks = newBlocks(h, gi, g.entries, src)
	}
	if err := db.checkGoal(); err != nil {
		return nil, err
	}
	if err := db.Err(); err != nil {
		return nil, err
	}
	// Damage met from now on is reported; before, it failed the opening.
	if opts != nil {
		src.damaged = opts.Damaged
	}
	return db, nil
}

// loadAll reads every block of a database read in place that is not yet
// in memory, on workers goroutines (0 for GOMAXPROCS), and returns the
// first error: a block that failed before, or the lowest that fails now.
// It does nothing for a database held in memory.
func (db *DB) loadAll(ctx context.Context, workers int) error {
	if db.src == nil {
		return nil
	}
	if err := db.Err(); err != nil {
		return err
	}
	for gi := range db.groups {
		b := db.groups[gi].blocks
		n := uint64(len(b.entries)) >> b.shift
		err := parallel.Chunks(ctx, workers, n, 64, func(lo, hi uint64) error {
			for k := lo; k < hi; k++ {
				if b.loaded[k>>6].Load()&(1<<(k&63)) != 0 {
					continue
				}
				l := &b.locks[k%uint64(len(b.locks))]
				l.Lock()
				var err error
				if b.loaded[k>>6].Load()&(1<<(k&63)) == 0 {
					if err = b.read(k); err == nil {
						b.loaded[k>>6].Or(1 << (k & 63))
					}
				}
				l.Unlock()
				if err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
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
	if db.src == nil {
		return nil
	}
	db.src.mu.Lock()
	defer db.src.mu.Unlock()
	return db.src.err
}

// Close closes the file of a database read in place (see OpenWith); the
// blocks already read stay usable, and one read first after Close reads
// as zeros, with ErrClosed reported by Err. For a database held in memory
// it does nothing. It returns the error of closing the file, once.
func (db *DB) Close() error {
	if db.src == nil || db.src.closer == nil {
		return nil
	}
	var err error
	db.src.once.Do(func() {
		db.src.mu.Lock()
		db.src.closed.Store(true)
		err = db.src.closer.Close()
		db.src.mu.Unlock()
	})
	return err
}

// ContentHash returns the SHA-256 that identifies the file the database
// was read from, and false for a database that was built, not read. For
// a file of version 1 or 2 it is the SHA-256 of the whole file. For a file
// of version 3 it is the SHA-256 of its header, which holds the SHA-256 of
// every block, and every block is checked against it before its entries
// are used: two files with the same ContentHash answer the same.
func (db *DB) ContentHash() ([32]byte, bool) { return db.hash, db.hash != [32]byte{} }
