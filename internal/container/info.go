package container

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
)

// Info is what a file holds, as its header says: what 'slidetable info'
// prints.
type Info struct {
	Kind Kind
	// Version is the version of the container format, 0 for a file of
	// one of the kinds' formats before it, which their packages still read.
	Version int
	// KindVersion is the version of the kind's payload, or of the kind's
	// own format for a file before the container.
	KindVersion int
	Size        board.Size
	Metric      board.Metric
	Goal        board.Board
	// Entries is the number of what the kind holds one of for each: the
	// boards of a table, the entries of a pattern database, the
	// arrangements of an abstraction tier.
	Entries uint64
	// Bytes is the size of the file.
	Bytes int64
	// ContentHash is the content hash of the file, as the kind's reader
	// computes it from the bytes it reads: the key of its proof record.
	ContentHash [sha256.Size]byte
}

// Format returns the name of the file's format and its version:
// "container 1, table payload 1", or "table format 2 (before the
// container)" for a file before the container.
func (i Info) Format() string {
	if i.Version == 0 {
		return fmt.Sprintf("%s format %d (before the container)", i.Kind, i.KindVersion)
	}
	return fmt.Sprintf("container %d, %s payload %d", i.Version, i.Kind, i.KindVersion)
}

// Describe returns what the file at path holds, from its header: a file
// of the container format, or of a registered format before it. It reads
// only regular files: a FIFO would block it, and a device has no size.
func Describe(path string) (Info, error) {
	if err := atomicfile.Check(path); err != nil {
		return Info{}, err
	}
	f, err := os.Open(path)
	if err != nil {
		return Info{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Info{}, err
	}
	info, err := DescribeAt(f, fi.Size())
	if err != nil {
		return Info{}, fmt.Errorf("%s: %w", path, err)
	}
	return info, nil
}

// DescribeAt is Describe for the file of size bytes that r reads.
func DescribeAt(r io.ReaderAt, size int64) (Info, error) {
	o, err := NewOpened(r, size, "")
	if err != nil {
		return Info{}, err
	}
	h := o.Header
	if h == nil {
		return o.legacy.Describe(r, size)
	}
	return Info{
		Kind: h.Kind, Version: Version, KindVersion: int(h.KindVersion),
		Size: h.Goal.Size(), Metric: h.Metric, Goal: h.Goal,
		Entries: h.Entries, Bytes: size, ContentHash: h.ContentHash(),
	}, nil
}
