package abstraction

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/internal/fileformat"
)

// ErrClosed reports a block of a database read in place that was needed
// after the database was closed.
var ErrClosed = errors.New("abstraction: database closed")

// source is the open file of a database read in place, which its parts'
// blocks are read from.
type source struct {
	r      io.ReaderAt
	closer io.Closer
	dec    *zstd.Decoder // for zstd blocks
	once   sync.Once
	closed atomic.Bool
	mu     sync.Mutex
	err    error // the first block that failed
}

// fail records err if it is the first failure.
func (s *source) fail(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
}

// blocks holds what a part of a database read in place needs to read its
// blocks: each is read the first time a lookup needs one of its groups,
// checked against its SHA-256 and its records checked, and then kept in
// memory as the part's words; it is never read again for a lookup.
type blocks struct {
	src     *source
	pi      int // the part, for messages
	enc     uint8
	lay     layout
	groups  uint64 // the part's
	shift   uint   // log2 of the groups a block
	largest uint8
	offs    []int64
	lens    []uint32 // zstd: each block's length in the file
	sums    []byte
	words   []uint32
	rows    []uint16       // for boards of width 4, see rowTable
	ready   []atomic.Bool  // for each block, whether its words are set
	locks   [64]sync.Mutex // block k is read under locks[k%64]
}

// need makes sure the words of the block of group g are in memory.
func (b *blocks) need(g uint64) {
	if k := g >> b.shift; !b.ready[k].Load() {
		b.load(k)
	}
}

// load reads block k into the words if it is not there yet. A block that
// cannot be read or fails a check reads as unknown entries (code 3), for
// which the heuristic falls back to a smaller bound that stays admissible,
// and the source records the error.
func (b *blocks) load(k uint64) {
	l := &b.locks[k%uint64(len(b.locks))]
	l.Lock()
	defer l.Unlock()
	if b.ready[k].Load() {
		return
	}
	lo := k << b.shift
	hi := min(lo+1<<b.shift, b.groups)
	err := b.withPlanes(k, func(pl []byte) error { return b.setWords(k, pl) })
	if err != nil {
		b.src.fail(err)
		for g := lo; g < hi; g++ {
			b.words[g] = ^uint32(0)
		}
	}
	b.ready[k].Store(true)
}

// setWords checks the records of block k, held in planes (see planes),
// and sets the block's words from them; on failure it returns the error
// of the first group that fails and leaves the words to the caller.
func (b *blocks) setWords(k uint64, pl []byte) error {
	lo := k << b.shift
	count := int(b.blockGroupsOf(k))
	if b.rows == nil {
		return b.setWordsSlow(k, pl)
	}
	words := b.words[lo : lo+uint64(count)]
	// A row at a time, over the row's plane and the plane of its bits: a
	// table gives the codes of the row's four cells, and a bad row.
	var bad uint16
	for r := range b.lay.h {
		mins := pl[r*count : (r+1)*count]
		bits := pl[(b.lay.h+r/2)*count : (b.lay.h+r/2+1)*count]
		shift := 4 * (r % 2)
		for i, m := range mins {
			v := b.rows[int(m)<<4|int(bits[i]>>shift&15)]
			if r == 0 {
				words[i] = uint32(v & 0xFF)
			} else {
				words[i] |= uint32(v&0xFF) << (8 * r)
			}
			bad |= v
		}
	}
	if last := b.lay.size - 1; b.lay.n%8 != 0 {
		for _, v := range pl[last*count : (last+1)*count] {
			bad |= uint16(v>>(b.lay.n%8)) << 8
		}
	}
	if bad>>8 != 0 {
		return b.setWordsSlow(k, pl)
	}
	return nil
}

// setWordsSlow is setWords one record at a time, for any width, and to
// name the group that fails.
func (b *blocks) setWordsSlow(k uint64, pl []byte) error {
	lo := k << b.shift
	count := int(b.blockGroupsOf(k))
	var rec [MaxCells/2 + 2]byte
	for i := range count {
		for j := range b.lay.size {
			rec[j] = pl[j*count+i]
		}
		r := rec[:b.lay.size]
		if err := b.lay.check(r, b.largest); err != nil {
			return fmt.Errorf("%w: classing %d, group %d: %w", ErrFormat, b.pi+1, lo+uint64(i), err)
		}
		b.words[lo+uint64(i)] = b.lay.word(r)
	}
	return nil
}

// rowTable returns, for a board of width 4 whose largest distance is
// largest, the table setWords reads: for each least distance m of a row
// and the bits of its four cells, the codes of the cells (see code) in the
// low byte, and bit 8 set if the row is not a valid one (see
// layout.check).
func rowTable(largest uint8) []uint16 {
	t := make([]uint16, 256*16)
	for m := range 256 {
		for bits := range 16 {
			rec := []byte{byte(m), byte(bits)}
			one := layout{n: 4, w: 4, h: 1, size: 2}
			if one.check(rec, largest) != nil {
				t[m<<4|bits] = 0x100
				continue
			}
			t[m<<4|bits] = uint16(one.word(rec))
		}
	}
	return t
}

// blockGroupsOf returns the groups of block k.
func (b *blocks) blockGroupsOf(k uint64) uint64 {
	lo := k << b.shift
	return min(uint64(1)<<b.shift, b.groups-lo)
}

// records reads block k from the file and returns its records, checked
// against the block's SHA-256 (and, raw, its padding): the records of its
// groups, the last block's fewer.
func (b *blocks) records(k uint64) ([]byte, error) {
	var recs []byte
	err := b.withPlanes(k, func(pl []byte) error {
		recs = unplanes(pl, b.lay.size)
		return nil
	})
	return recs, err
}

// bufs holds the buffers blocks are read and decoded into.
var bufs sync.Pool

// withPlanes reads block k from the file, checks it against its SHA-256
// (and, raw, its padding) and calls f with its records as planes (see
// planes), in a buffer that f must not keep.
func (b *blocks) withPlanes(k uint64, f func(pl []byte) error) error {
	if b.src.closed.Load() {
		return fmt.Errorf("%w: classing %d, block %d is not read", ErrClosed, b.pi+1, k)
	}
	want := int(b.blockGroupsOf(k)) * b.lay.size
	n := int(b.lay.size) << b.shift
	if b.enc == encZstd {
		n = int(b.lens[k])
	}
	buf, _ := bufs.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	defer bufs.Put(buf)
	if cap(*buf) < n+want {
		*buf = make([]byte, n+want)
	}
	stored, pl := (*buf)[:n], (*buf)[n:n+want]
	if err := fileformat.ReadAt(b.src.r, stored, b.offs[k], ErrFormat); err != nil {
		return fmt.Errorf("classing %d, block %d: %w", b.pi+1, k, err)
	}
	if sum := sha256.Sum256(stored); string(sum[:]) != string(b.sums[k*sumSize:(k+1)*sumSize]) {
		return fmt.Errorf("%w: classing %d, block %d", ErrChecksum, b.pi+1, k)
	}
	if b.enc == encRaw {
		if !allZero(stored[want:]) {
			return fmt.Errorf("%w: classing %d: the padding after the last group is not zero", ErrFormat, b.pi+1)
		}
		return f(stored[:want])
	}
	if err := fileformat.DecodeInto(b.src.dec, stored, pl); err != nil {
		return fmt.Errorf("%w: classing %d, block %d: %w", ErrFormat, b.pi+1, k, err)
	}
	return f(pl)
}

// check checks the records of block k (see layout.check).
func (b *blocks) check(k uint64, recs []byte) error {
	for i := 0; i < len(recs); i += b.lay.size {
		if err := b.lay.check(recs[i:i+b.lay.size], b.largest); err != nil {
			g := k<<b.shift + uint64(i/b.lay.size)
			return fmt.Errorf("%w: classing %d, group %d: %w", ErrFormat, b.pi+1, g, err)
		}
	}
	return nil
}

func allZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

// Err returns the first error met reading a block of a database read in
// place: a block that fails its checksum or its checks, or cannot be read,
// or is needed after Close. The entries of such a block read as unknown,
// for which the heuristic falls back to a smaller bound that stays
// admissible: a search using the database still finds shortest solutions,
// only more slowly. Err is nil for a database built in memory.
func (db *DB) Err() error {
	if db.src == nil {
		return nil
	}
	db.src.mu.Lock()
	defer db.src.mu.Unlock()
	return db.src.err
}

// Close closes the file of a database read in place; the blocks already
// read stay usable, and one read first after Close reads as unknown, with
// ErrClosed reported by Err. For a database built in memory it does
// nothing. It returns the error of closing the file, once.
func (db *DB) Close() error {
	if db.src == nil {
		return nil
	}
	var err error
	db.src.once.Do(func() {
		db.src.mu.Lock()
		db.src.closed.Store(true)
		if db.src.closer != nil {
			err = db.src.closer.Close()
		}
		db.src.mu.Unlock()
	})
	return err
}

// ContentHash returns the SHA-256 that identifies the file the database
// was read from, and false for a database that was built, not read: the
// SHA-256 of the header the reader parsed, which holds the SHA-256 of
// every block, and every block is checked against it before its entries
// are used, so two files with the same ContentHash answer the same.
func (db *DB) ContentHash() ([32]byte, bool) { return db.hash, db.src != nil }
