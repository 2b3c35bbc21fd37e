package table

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
)

// ErrClosed reports a block of a table read in place that a lookup needed
// after the table was closed: the container's container.ErrClosed, which
// every kind of file shares.
var ErrClosed = container.ErrClosed

// records holds the depths of a table of records: the records of its
// slot groups (records.go), read from the file a block at a time, the
// first time a lookup needs one, and checked against the block's SHA-256
// in the header before any of them is used (container.Cache). A block
// read stays in memory; one that fails is never used, and every lookup
// that needs it fails.
type records struct {
	recShape // by value: a lookup reads its fields beside the others
	// mask has bit z set if, of the two boards of a slot with the blank
	// in cell z, the one with the odd tile rank is the one that reaches
	// the goal.
	mask uint64
	sec  *container.Section // the blocks in the file
	// inPlace says the file stays open for the blocks not yet read.
	inPlace bool
	// data holds block b at b*stride, with its slack after it, once it
	// is read and checked and it is ready; until then the block's bytes
	// are zero and untouched. For a table read in place it lies outside
	// the Go heap, taking memory only as blocks are read, and is released
	// once the records are unreachable.
	data   []byte
	stride uint64
	container.Cache

	mu      sync.Mutex
	counted error // the outcome of checkCounts, once it has run
	didSum  bool
}

// newRecords returns the records of shape s of a file whose
// blocks are sec. In place, its blocks' memory is reserved outside the Go
// heap and takes pages only as blocks are read, so that the collector's
// headroom does not double it. Otherwise every block is about to be read:
// the memory is an ordinary allocation.
func newRecords(s *recShape, mask uint64, sec *container.Section, inPlace bool) *records {
	rec := &records{recShape: *s, mask: mask, sec: sec, inPlace: inPlace, stride: s.stride()}
	rec.Init(sec.File(), s.blocks, false, rec.read)
	if !inPlace {
		rec.data = make([]byte, s.memory())
		return rec
	}
	data, release := mem.Reserve(s.memory())
	rec.data = data
	// Every method that reads data keeps rec alive until it has (see
	// keep), so that the release cannot come between.
	runtime.AddCleanup(rec, func(release func()) { release() }, release)
	return rec
}

// stride returns the bytes a block takes in memory: its own and the slack
// a lookup may load, in whole words.
func (s *recShape) stride() uint64 { return (s.fullBytes() + blockSlack + 7) &^ 7 }

// memory returns the bytes the records of shape s take in memory once
// every block is read.
func (s *recShape) memory() uint64 { return s.blocks * s.stride() }

// keep marks the end of a use of r.data: the memory is released once r
// is unreachable, which without it could be before a read of the memory
// that follows r's last use.
func (r *records) keep() { runtime.KeepAlive(r) }

// distance returns the distance of the board with tile rank tiles and the
// blank in cell z, as Table.Distance does.
func (r *records) distance(tiles, z uint64) (int, error) {
	if !r.reached(tiles, z) {
		return -1, ErrUnsolvable
	}
	return r.depth(tiles>>1, z)
}

// depth returns the depth of the slot with the blank in cell z of group
// k, reading its block first if need be.
func (r *records) depth(k, z uint64) (int, error) {
	b, bit := r.record(k)
	if !r.Ready(b) {
		if err := r.Load(b); err != nil {
			return -1, err
		}
	}
	d := r.depthIn(r.block(b), bit, z)
	r.keep()
	return d, nil
}

// at returns the depth of the slot with the blank in cell z of group k,
// whose block must be in memory.
func (r *records) at(k, z uint64) int {
	b, bit := r.record(k)
	d := r.depthIn(r.block(b), bit, z)
	r.keep()
	return d
}

// slotDepths writes into dst the depths of the slots from from on; their
// blocks must be in memory.
func (r *records) slotDepths(from uint64, dst []uint8) {
	var ds [16]uint8
	for i := uint64(0); i < uint64(len(dst)); {
		s := from + i
		k, z := s/r.n, s%r.n
		b, bit := r.record(k)
		r.groupIn(r.block(b), bit, &ds)
		i += uint64(copy(dst[i:], ds[z:r.n]))
	}
	r.keep()
}

// reached reports whether the board with tile rank tiles and the blank in
// cell z reaches the goal.
func (r *records) reached(tiles, z uint64) bool { return (tiles^r.mask>>z)&1 == 0 }

// block returns the memory of block b, with its slack: the block's
// records once it is loaded.
func (r *records) block(b uint64) []byte { return r.data[b*r.stride : (b+1)*r.stride] }

// read reads block b into its place and checks it: its SHA-256, and its
// records (checkBlock). On failure it leaves the place zero.
func (r *records) read(b uint64) error {
	defer r.keep()
	blk := r.block(b)
	if err := r.sec.Read(int(b), blk); err != nil {
		return err
	}
	first, count := r.blockGroups(b)
	if err := r.checkBlock(blk, first, count); err != nil {
		clear(blk)
		return fmt.Errorf("%w: %s: %v", ErrFormat, r.sec.Where(int(b)), err)
	}
	return nil
}

// loadAll reads every block not yet in memory, on workers goroutines (0
// for GOMAXPROCS), until ctx is done, and returns the first error: of the
// lowest block that fails.
func (r *records) loadAll(ctx context.Context, workers int) error {
	return r.LoadAll(ctx, workers, 0, r.blocks)
}

// histogram returns the number of slots at each depth, once every block
// is in memory.
func (r *records) histogram(ctx context.Context, workers int) ([]uint64, error) {
	const chunk = 64 // blocks
	parts := make([][]uint64, (r.blocks+chunk-1)/chunk)
	err := parallel.Chunks(ctx, workers, r.blocks, chunk, func(lo, hi uint64) error {
		rows := make([]uint64, r.rowKeys())
		for b := lo; b < hi; b++ {
			_, count := r.blockGroups(b)
			r.countRows(r.block(b), count, rows)
		}
		parts[lo/chunk] = rows
		r.keep()
		return nil
	})
	if err != nil {
		return nil, err
	}
	rows := make([]uint64, r.rowKeys())
	for _, p := range parts {
		for i, c := range p {
			rows[i] += c
		}
	}
	hist := make([]uint64, r.depths)
	r.spread(rows, hist)
	return hist, nil
}

// close closes the file, once; blocks in memory stay usable.
func (r *records) close() error { return r.sec.File().Close() }

// Load reads every block of a table read in place (see OpenWith) that is
// not yet in memory, checking each, and then that the depths add up to
// the counts; it stops with ctx's error once ctx is done. It returns the
// first error: the lowest block that fails, or counts that do not match.
// Afterwards the table takes all its memory (about 60 MB for 4x3, see
// the package documentation) and no lookup reads the file. For a table
// held in memory it does nothing.
func (t *Table) Load(ctx context.Context) error {
	return t.load(ctx, 0)
}

// load is Load on workers goroutines (0 for GOMAXPROCS).
func (t *Table) load(ctx context.Context, workers int) error {
	r := t.rec
	if r == nil {
		return nil
	}
	if err := r.loadAll(ctx, workers); err != nil {
		return err
	}
	r.mu.Lock()
	done, err := r.didSum, r.counted
	r.mu.Unlock()
	if done {
		return err
	}
	hist, err := r.histogram(ctx, workers)
	if err != nil {
		return err
	}
	err = t.checkCounts(hist)
	r.mu.Lock()
	r.didSum, r.counted = true, err
	r.mu.Unlock()
	return err
}

// Err returns the first error met reading a block of a table read in
// place: a block that fails its SHA-256 or its checks, or cannot be read.
// Lookups never use such a block: Distance, Hints and Path fail with its
// error, and Lookup, which has no error to return, reports the boards of
// the block as not found; Err says why. A block needed after Close is not
// counted (the error is ErrClosed). Err is nil for a table held in memory.
func (t *Table) Err() error {
	if t.rec == nil {
		return nil
	}
	return t.rec.sec.File().Err()
}
