package data

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"strings"
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

// Sizes lists the sizes whose tables are built in, such as "2x2, 3x2, ...".
func Sizes() string {
	s := make([]string, len(sizes))
	for i, sz := range sizes {
		s[i] = sz.String()
	}
	return strings.Join(s, ", ")
}

// File returns the bytes of the built-in table file of a w x h board.
func File(w, h int) ([]byte, error) {
	b, err := files.ReadFile(fmt.Sprintf("%dx%d.tbl", w, h))
	if err != nil {
		return nil, fmt.Errorf("%w: %dx%d", ErrNotEmbedded, w, h)
	}
	return b, nil
}

var cache sync.Map // board.Size -> *loaded

type loaded struct {
	once sync.Once
	t    *table.Table
	err  error
}

// Load returns the built-in table of a w x h board, whose goal is the
// standard one. The table is decoded on first use and shared afterwards;
// it is safe for concurrent use, and callers must not Close it.
func Load(w, h int) (*table.Table, error) {
	size := board.Size{W: w, H: h}
	v, _ := cache.LoadOrStore(size, &loaded{})
	l := v.(*loaded)
	l.once.Do(func() {
		var b []byte
		if b, l.err = File(w, h); l.err == nil {
			l.t, l.err = table.NewReader(bytes.NewReader(b), int64(len(b)))
		}
	})
	return l.t, l.err
}

// PDBSizes lists the sizes whose pattern databases are built in.
func PDBSizes() string { return "4x4" }

// PDBFile returns the bytes of the built-in pattern database file of a w x
// h board.
func PDBFile(w, h int) ([]byte, error) {
	b, err := files.ReadFile(fmt.Sprintf("%dx%d.pdb", w, h))
	if err != nil {
		return nil, fmt.Errorf("%w: pattern database %dx%d", ErrNotEmbedded, w, h)
	}
	return b, nil
}

var pdbCache sync.Map // board.Size -> *loadedPDB

type loadedPDB struct {
	once sync.Once
	db   *pdb.DB
	err  error
}

// PDB returns the built-in pattern database of a w x h board (4x4: the
// partition pdb.Partition4x4 of the standard goal's tiles). It is decoded
// on first use and shared afterwards; it is safe for concurrent use.
func PDB(w, h int) (*pdb.DB, error) {
	size := board.Size{W: w, H: h}
	v, _ := pdbCache.LoadOrStore(size, &loadedPDB{})
	l := v.(*loadedPDB)
	l.once.Do(func() {
		var b []byte
		if b, l.err = PDBFile(w, h); l.err == nil {
			l.db, l.err = pdb.NewReader(bytes.NewReader(b), int64(len(b)))
		}
	})
	return l.db, l.err
}
