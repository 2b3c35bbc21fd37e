package table

import (
	"fmt"
	"io"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
)

// ErrMemory reports a file whose reading needs more memory than allowed.
var ErrMemory = failure.New(failure.Memory, "table: not enough memory allowed")

// ReadOptions tune OpenWith and NewReaderWith. A nil *ReadOptions means
// the zero value.
type ReadOptions struct {
	// MaxMemory is the most bytes the reader may allocate: the table, its
	// reachable set and the file's sections while they are decoded; for a
	// file of records, its header and every block it may read. 0 means
	// the default, half the physical memory.
	MaxMemory uint64
	// Damaged, if set, is told of the first block of a table read in
	// place (see OpenWith) that cannot be read or fails its checks when a
	// lookup first needs it, once, with the error every lookup that needs
	// the block then fails with (see Table.Err): the file is damaged, or
	// was written over after it was opened. It is called from the
	// goroutine of that lookup, with no lock of the table held, and must
	// not block.
	Damaged func(error)

	// skipCertify, set only by tests, reads a table of up to
	// CertifiedCells cells without certifying it, so that a test can
	// read a file whose only fault is a wrong distance.
	skipCertify bool
}

// uncertified reports whether o, which may be nil, asks to skip the
// certificate of a small table.
func (o *ReadOptions) uncertified() bool { return o != nil && o.skipCertify }

// Open reads the table file at path with the default ReadOptions: see
// OpenWith.
func Open(path string) (*Table, error) { return OpenWith(path, nil) }

// NewReader reads a table of size bytes from r with the default
// ReadOptions: see NewReaderWith.
func NewReader(r io.ReaderAt, size int64) (*Table, error) { return NewReaderWith(r, size, nil) }

// readMemory returns the most bytes a reader allocates for a table of
// states boards from a file of size bytes: a byte for each two boards,
// the reachable set (at most a bit a board, with a roaring bitmap's
// headers) and the file's sections.
func readMemory(states uint64, size int64) uint64 {
	return states/2 + states/8 + (states/65536+1)*16 + uint64(max(size, 0))
}

// check fails with ErrMemory if need is above the limit of o, which may be
// nil.
func (o *ReadOptions) check(size board.Size, need uint64) error {
	var limit uint64
	if o != nil {
		limit = o.MaxMemory
	}
	if limit = mem.Limit(limit); need > limit {
		return fmt.Errorf("%w: reading the %s table needs %s, the limit is %s", ErrMemory, size, human.Bytes(need), human.Bytes(limit))
	}
	return nil
}
