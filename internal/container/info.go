package container

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

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
// "container 1", or "table format 2" for a file before the container.
func (i Info) Format() string {
	if i.Version == 0 {
		return fmt.Sprintf("%s format %d (before the container)", legacyName(i.Kind), i.KindVersion)
	}
	return fmt.Sprintf("container %d, %s payload %d", i.Version, legacyName(i.Kind), i.KindVersion)
}

// legacyName returns the short name of a kind's package.
func legacyName(k Kind) string {
	switch k {
	case Table:
		return "table"
	case PatternDB:
		return "pdb"
	case Abstraction:
		return "abstraction"
	}
	return k.String()
}

// Legacy describes the files of a kind's own format before the container,
// which its package registers (RegisterLegacy): their magic, and the
// reader of their header.
type Legacy struct {
	Magic    string
	Kind     Kind
	Describe func(r io.ReaderAt, size int64) (Info, error)
}

var (
	legacyMu sync.RWMutex
	legacies []Legacy
)

// RegisterLegacy registers the files of a kind's format before the
// container, so that Describe and Sniff know them. The packages of the
// kinds register theirs when they are linked in; every program that opens
// files through package source has them all.
func RegisterLegacy(l Legacy) {
	legacyMu.Lock()
	defer legacyMu.Unlock()
	legacies = append(legacies, l)
}

// legacy returns the registered format whose magic b starts with.
func legacy(b []byte) (Legacy, bool) {
	legacyMu.RLock()
	defer legacyMu.RUnlock()
	for _, l := range legacies {
		if len(b) >= len(l.Magic) && string(b[:len(l.Magic)]) == l.Magic {
			return l, true
		}
	}
	return Legacy{}, false
}

// SniffLen is the bytes of a file's start that Sniff needs.
const SniffLen = 16

// Sniff returns the kind of the file that starts with b, its first
// SniffLen bytes (fewer for a shorter file), from its magic and the kind
// the header names, and false for a file of none: not of the format, nor
// of a registered format before it.
func Sniff(b []byte) (Kind, bool) {
	if len(b) >= 11 && string(b[:len(Magic)]) == Magic {
		k := Kind(b[10])
		return k, k.Valid()
	}
	if l, ok := legacy(b); ok {
		return l.Kind, true
	}
	return 0, false
}

// errUnknown reports a file of no format Describe knows.
var errUnknown = errors.New("not a slidetable file: no table, pattern database or abstraction tier")

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
	start := make([]byte, min(max(size, 0), SniffLen))
	if err := readFull(r, start, 0); err != nil {
		return Info{}, err
	}
	if l, ok := legacy(start); ok {
		return l.Describe(r, size)
	}
	if len(start) < len(Magic) || string(start[:len(Magic)]) != Magic {
		return Info{}, fmt.Errorf("%w: %w", ErrFormat, errUnknown)
	}
	h, err := ReadHeader(r, size)
	if err != nil {
		return Info{}, err
	}
	return Info{
		Kind: h.Kind, Version: Version, KindVersion: int(h.KindVersion),
		Size: h.Goal.Size(), Metric: h.Metric, Goal: h.Goal,
		Entries: h.Entries, Bytes: size, ContentHash: h.ContentHash(),
	}, nil
}
