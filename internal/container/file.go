package container

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
)

// The failures of reading a file, shared by every kind: a kind's reader
// returns errors that wrap these, whatever its kind (the ErrFormat,
// ErrVersion, ErrChecksum and ErrClosed of packages table, pdb and
// abstraction are these sentinels under their packages' names), so that
// a damaged file says so in the same words whatever it holds.
var (
	// ErrFormat reports a file that is not of the format or is damaged: a
	// wrong magic, length or field, or bytes missing.
	ErrFormat = failure.New(failure.File, "container: malformed file")
	// ErrVersion reports a file of a version this program does not read:
	// of the container, of a kind's payload, or a kind it does not know.
	ErrVersion = failure.New(failure.File, "container: unknown format version")
	// ErrChecksum reports a header or a block whose checksum does not
	// match.
	ErrChecksum = failure.New(failure.File, "container: checksum mismatch")
	// ErrClosed reports a block needed after its file was closed.
	ErrClosed = failure.New(failure.Cancelled, "container: file closed")
)

// Damaged returns err, the refusal of a value read from a file (a goal
// that repeats a tile, a partition or a classing that is not one), as the
// file's damage: it wraps ErrFormat and says what the value is (unless
// what is "") and what err says (without the names of packages,
// human.Message), but does not wrap err, whose kind is that of the same
// value given by a caller, bad input, which a front end would report as
// the caller's mistake; the mistake is the file's (failure.File).
func Damaged(what string, err error) error {
	if what == "" {
		return fmt.Errorf("%w: %s", ErrFormat, human.Message(err))
	}
	return fmt.Errorf("%w: %s: %s", ErrFormat, what, human.Message(err))
}

// Goal returns the board of size whose cells, in reading order, a file
// holds as its goal, or an error wrapping ErrFormat if they are not one
// (Damaged): every kind's reader, of the container or of the formats
// before it, reads its goal here.
func Goal(size board.Size, cells []byte) (board.Board, error) {
	goal, err := board.New(size, cells)
	if err != nil {
		return board.Board{}, Damaged("goal", err)
	}
	return goal, nil
}

// File is an open file whose blocks are read in place: the first time a
// lookup needs each, checked by its SHA-256 before any of it is used (see
// Section and Cache), while lookups on other goroutines go on. It holds
// what the blocks of every section of the file share: the reader, the
// file's name for errors, whether it is closed, and the first block that
// failed (Err). Close may come while blocks are being read: a read in
// progress ends first, and every read after it fails with ErrClosed. A
// File is safe for concurrent use.
type File struct {
	r      io.ReaderAt
	closer io.Closer
	name   string

	io     sync.RWMutex // reads hold it shared, Close alone
	closed bool

	mu      sync.Mutex
	first   error       // the first block that failed
	damaged func(error) // told of the first block that is damaged
	told    bool
}

// NewFile returns the File that reads r, named name in errors ("" for
// none); closer, if not nil, is closed by Close.
func NewFile(r io.ReaderAt, closer io.Closer, name string) *File {
	return &File{r: r, closer: closer, name: name}
}

// Name returns the file's name, "" if it has none.
func (f *File) Name() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.name
}

// OnDamage has damaged called, once, with the first error of a block that
// fails its checks or cannot be read from now on (not one needed after
// Close). The call comes from the lookup that meets the damage, after its
// block is settled; damaged must not block.
func (f *File) OnDamage(damaged func(error)) {
	f.mu.Lock()
	f.damaged = damaged
	f.mu.Unlock()
}

// ReadAt fills p from the file at off. A short read is ErrFormat
// wrapping io.ErrUnexpectedEOF; a read after Close is ErrClosed.
func (f *File) ReadAt(p []byte, off int64) error {
	f.io.RLock()
	defer f.io.RUnlock()
	if f.closed {
		return ErrClosed
	}
	return readFull(f.r, p, off)
}

// prefix returns what names the file at the start of an error: its name
// and ": ", or "" for a file without a name.
func (f *File) prefix() string {
	if name := f.Name(); name != "" {
		return name + ": "
	}
	return ""
}

// readFull fills p from r at off; a short read is io.ErrUnexpectedEOF
// wrapped in ErrFormat.
func readFull(r io.ReaderAt, p []byte, off int64) error {
	if m, err := r.ReadAt(p, off); err != nil && !(m == len(p) && err == io.EOF) {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("%w: %w", ErrFormat, err)
	}
	return nil
}

// Close closes the file, once, and returns the error of closing it:
// blocks already read stay in memory, every block read from now on fails
// with ErrClosed, and the reader is no longer used.
func (f *File) Close() error {
	f.io.Lock()
	defer f.io.Unlock()
	if f.closed {
		return nil
	}
	f.closed = true
	f.r = nil
	if f.closer != nil {
		return f.closer.Close()
	}
	return nil
}

// IsClosed reports whether err is the error of a block needed after the
// file was closed.
func (f *File) IsClosed(err error) bool { return errors.Is(err, ErrClosed) }

// Err returns the first error of a block that failed: one that did not
// match its SHA-256 or its kind's checks, or could not be read, or (in a
// Cache that keeps failed blocks) was needed after Close. It is nil while
// no block has failed.
func (f *File) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.first
}

// Fail records err, the error of a block the caller read itself (see
// Section.Read), as a block that failed in a Cache that keeps failed
// blocks: Err returns it if it is the first, and a damaged block is told
// to the damaged callback.
func (f *File) Fail(err error) { f.fail(err, true) }

// fail records err, the error of a block, if it is the first; a damaged
// block (not one needed after Close) is told to the damaged callback,
// once. counted says whether an error of a closed file counts as a
// failure, as it does in a Cache that keeps failed blocks.
func (f *File) fail(err error, counted bool) {
	closed := f.IsClosed(err)
	if closed && !counted {
		return
	}
	f.mu.Lock()
	if f.first == nil {
		f.first = err
	}
	var tell func(error)
	if !closed && !f.told && f.damaged != nil {
		tell, f.told = f.damaged, true
	}
	f.mu.Unlock()
	if tell != nil {
		tell(err)
	}
}
