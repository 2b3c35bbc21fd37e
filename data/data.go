package data

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

//go:generate go run gen.go

//go:embed *.tbl *.pdb
var files embed.FS

// ErrNotEmbedded reports a size whose table is not built in.
var ErrNotEmbedded = errors.New("data: no built-in table for this size")

var sizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}

// Sizes returns the sizes whose tables are built in.
func Sizes() []board.Size { return slices.Clone(sizes) }

// Has reports whether the table of size is built in.
func Has(size board.Size) bool { return slices.Contains(sizes, size) }

// File returns the bytes of the built-in table file of size. It fails with
// ErrNotEmbedded if there is none.
func File(size board.Size) ([]byte, error) {
	if !Has(size) {
		return nil, fmt.Errorf("%w: %s", ErrNotEmbedded, size)
	}
	return files.ReadFile(size.String() + ".tbl")
}

var cache sync.Map // board.Size -> *loaded

type loaded struct {
	once sync.Once
	t    *table.Table
	err  error
}

// Load returns the built-in table of size, whose goal is the standard one.
// The table is decoded on first use and shared afterwards; it is safe for
// concurrent use, and callers must not Close it. It fails with
// ErrNotEmbedded if there is none.
func Load(size board.Size) (*table.Table, error) {
	if !Has(size) {
		return nil, fmt.Errorf("%w: %s", ErrNotEmbedded, size)
	}
	v, _ := cache.LoadOrStore(size, &loaded{})
	l := v.(*loaded)
	l.once.Do(func() {
		var b []byte
		if b, l.err = File(size); l.err == nil {
			l.t, l.err = table.NewReader(bytes.NewReader(b), int64(len(b)))
		}
	})
	return l.t, l.err
}

var pdbSizes = []board.Size{{W: 4, H: 4}}

// PDBSizes returns the sizes whose pattern databases are built in.
func PDBSizes() []board.Size { return slices.Clone(pdbSizes) }

// HasPDB reports whether the pattern database of size is built in.
func HasPDB(size board.Size) bool { return slices.Contains(pdbSizes, size) }

// PDBFile returns the bytes of the built-in pattern database file of size.
// It fails with ErrNotEmbedded if there is none.
func PDBFile(size board.Size) ([]byte, error) {
	if !HasPDB(size) {
		return nil, fmt.Errorf("%w: pattern database %s", ErrNotEmbedded, size)
	}
	return files.ReadFile(size.String() + ".pdb")
}

var pdbCache sync.Map // board.Size -> *loadedPDB

type loadedPDB struct {
	once sync.Once
	db   *pdb.DB
	err  error
}

// PDB returns the built-in pattern database of size (4x4: the partition
// pdb.Partition4x4 of the standard goal's tiles). It is decoded on first
// use and shared afterwards; it is safe for concurrent use. It fails with
// ErrNotEmbedded if there is none.
func PDB(size board.Size) (*pdb.DB, error) {
	if !HasPDB(size) {
		return nil, fmt.Errorf("%w: pattern database %s", ErrNotEmbedded, size)
	}
	v, _ := pdbCache.LoadOrStore(size, &loadedPDB{})
	l := v.(*loadedPDB)
	l.once.Do(func() {
		var b []byte
		if b, l.err = PDBFile(size); l.err == nil {
			l.db, l.err = pdb.NewReader(bytes.NewReader(b), int64(len(b)))
		}
	})
	return l.db, l.err
}
