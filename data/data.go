package data

import (
	"embed"
	"fmt"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
)

//go:generate go run gen.go

//go:embed *.tbl *.pdb
var files embed.FS

// ErrNotEmbedded reports a size whose file is not embedded.
var ErrNotEmbedded = failure.New(failure.NotFound, "data: no embedded file for this size")

var sizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}

// Sizes returns the sizes whose table files are embedded.
func Sizes() []board.Size { return slices.Clone(sizes) }

// File returns the bytes of the embedded table file of size. It fails with
// ErrNotEmbedded if there is none.
func File(size board.Size) ([]byte, error) {
	if !slices.Contains(sizes, size) {
		return nil, fmt.Errorf("%w: %s table", ErrNotEmbedded, size)
	}
	return files.ReadFile(size.String() + ".tbl")
}

// MultiFile returns the bytes of the embedded table file of size in the
// multi-tile metric (see board.MultiTile), for the sizes of Sizes. It fails
// with ErrNotEmbedded if there is none.
func MultiFile(size board.Size) ([]byte, error) {
	if !slices.Contains(sizes, size) {
		return nil, fmt.Errorf("%w: %s multi-tile table", ErrNotEmbedded, size)
	}
	return files.ReadFile(size.String() + "-multi.tbl")
}

var pdbSizes = []board.Size{{W: 4, H: 4}}

// PDBSizes returns the sizes whose pattern database files are embedded.
func PDBSizes() []board.Size { return slices.Clone(pdbSizes) }

// PDBFile returns the bytes of the embedded pattern database file of size.
// It fails with ErrNotEmbedded if there is none.
func PDBFile(size board.Size) ([]byte, error) {
	if !slices.Contains(pdbSizes, size) {
		return nil, fmt.Errorf("%w: %s pattern database", ErrNotEmbedded, size)
	}
	return files.ReadFile(size.String() + ".pdb")
}
