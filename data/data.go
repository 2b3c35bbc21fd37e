package data

import (
	"embed"
	"fmt"
	"io"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/recipe"
)

//go:generate go run gen.go

// files are the files built into every program, the WebAssembly module
// included: those of the recipes of origin recipe.Builtin.
//
//go:embed *.tbl *.pdb
var files embed.FS

// ErrNotEmbedded reports a size whose file is not embedded.
var ErrNotEmbedded = failure.New(failure.NotFound, "data: no embedded file for this size")

// Builtin returns a copy of the bytes of the file built in for r, a
// recipe built into the programs (of origin recipe.Builtin or
// recipe.OnDemand, as recipe.For returns it): embedded, or in the
// WebAssembly build for a file on demand, the bytes it was given (Give;
// until then it fails with an error wrapping ErrNotGiven). It fails with
// ErrNotEmbedded for a recipe of no file built in.
func Builtin(r recipe.Recipe) ([]byte, error) {
	f, size, err := Open(r)
	if err != nil {
		return nil, err
	}
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil && !(err == io.EOF && size == 0) {
		return nil, err
	}
	return b, nil
}

// Open returns what reads the file built in for r in place, without a
// copy of its bytes, and its length, with the errors of Builtin.
func Open(r recipe.Recipe) (io.ReaderAt, int64, error) {
	if !slices.ContainsFunc(recipe.Of(recipe.BuiltIn...), func(b recipe.Recipe) bool {
		return b.Size == r.Size && b.Metric == r.Metric && b.Kind == r.Kind && b.Origin == r.Origin
	}) {
		return nil, 0, fmt.Errorf("%w: %s", ErrNotEmbedded, r.FileName())
	}
	if r.Origin == recipe.OnDemand {
		return openOnDemand(r)
	}
	return openEmbedded(files, r.FileName())
}

// openEmbedded returns what reads the file name of fsys in place, and its
// length.
func openEmbedded(fsys embed.FS, name string) (io.ReaderAt, int64, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	ra, ok := f.(io.ReaderAt)
	if !ok {
		return nil, 0, fmt.Errorf("data: %s cannot be read in place", name)
	}
	return ra, fi.Size(), nil
}

// sizesOf returns the sizes of the files built in of kind in the metric
// m, in the order of the table of recipes.
func sizesOf(kind container.Kind, m board.Metric) []board.Size {
	var out []board.Size
	for _, r := range recipe.Of(recipe.BuiltIn...) {
		if r.Kind == kind && r.Metric == m {
			out = append(out, r.Size)
		}
	}
	return out
}

// fileOf returns the bytes of the file built in of kind for boards of
// size in the metric m, called what in errors.
func fileOf(size board.Size, m board.Metric, kind container.Kind, what string) ([]byte, error) {
	r, ok := recipe.For(size, m, recipe.BuiltIn...)
	if !ok || r.Kind != kind {
		return nil, fmt.Errorf("%w: %s %s", ErrNotEmbedded, size, what)
	}
	return Builtin(r)
}

// Sizes returns the sizes whose table files are embedded, in both
// metrics.
func Sizes() []board.Size { return sizesOf(container.Table, board.SingleTile) }

// File returns the bytes of the embedded table file of size. It fails with
// ErrNotEmbedded if there is none.
func File(size board.Size) ([]byte, error) {
	return fileOf(size, board.SingleTile, container.Table, "table")
}

// MultiFile returns the bytes of the embedded table file of size in the
// multi-tile metric (see board.MultiTile), for the sizes of Sizes. It fails
// with ErrNotEmbedded if there is none.
func MultiFile(size board.Size) ([]byte, error) {
	return fileOf(size, board.MultiTile, container.Table, "multi-tile table")
}

// PDBSizes returns the sizes whose pattern database files are embedded.
func PDBSizes() []board.Size { return sizesOf(container.PatternDB, board.SingleTile) }

// PDBFile returns the bytes of the embedded pattern database file of size.
// It fails with ErrNotEmbedded if there is none.
func PDBFile(size board.Size) ([]byte, error) {
	return fileOf(size, board.SingleTile, container.PatternDB, "pattern database")
}

// AbstractionSizes returns the sizes whose abstraction database files, in
// the multi-tile metric, are built in: 4x4. (The WebAssembly build names
// the same sizes, whose files are given to it rather than embedded.)
func AbstractionSizes() []board.Size { return sizesOf(container.Abstraction, board.MultiTile) }

// AbstractionFile returns the bytes of the abstraction database file of
// size, in the multi-tile metric, built in: embedded, or in the
// WebAssembly build given (see Builtin). It fails with ErrNotEmbedded if
// there is none.
func AbstractionFile(size board.Size) ([]byte, error) {
	return fileOf(size, board.MultiTile, container.Abstraction, "abstraction database")
}
