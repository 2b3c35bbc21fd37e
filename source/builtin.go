package source

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

// ErrNotBuiltin reports a size without a built-in file of the kind asked
// for.
var ErrNotBuiltin = failure.New(failure.NotFound, "source: not built in")

// BuiltinSizes returns the sizes whose tables are built in, smallest
// first: 2x2, 3x2, 2x3, 4x2, 2x4 and 3x3.
func BuiltinSizes() []board.Size {
	sizes := data.Sizes()
	slices.SortStableFunc(sizes, func(a, b board.Size) int { return a.Cells() - b.Cells() })
	return sizes
}

// HasBuiltin reports whether the table of size, to the standard goal, is
// built in, in either metric: data builds in both.
func HasBuiltin(size board.Size) bool { return slices.Contains(data.Sizes(), size) }

// hasBuiltinPDB reports whether a pattern database of size, to the
// standard goal, is built in (4x4).
func hasBuiltinPDB(size board.Size) bool { return slices.Contains(data.PDBSizes(), size) }

// decoded is a built-in file, decoded on first use and shared afterwards.
type decoded[T any] struct {
	once sync.Once
	v    T
	err  error
}

var (
	tables       sync.Map // board.Size -> *decoded[*table.Table]
	multiTables  sync.Map // board.Size -> *decoded[*table.Table], in the multi-tile metric
	pdbs         sync.Map // board.Size -> *decoded[*pdb.DB]
	abstractions sync.Map // board.Size -> *decoded[*abstraction.DB]
)

// load returns the value of size in m, decoding it with read the first
// time.
func load[T any](m *sync.Map, size board.Size, read func() (T, error)) (T, error) {
	v, _ := m.LoadOrStore(size, &decoded[T]{})
	d := v.(*decoded[T])
	d.once.Do(func() { d.v, d.err = read() })
	return d.v, d.err
}

// BuiltinTable returns the built-in table of size, whose goal is the
// standard one. It is decoded on first use and shared afterwards, safe for
// concurrent use; callers must not Close it. It fails with an error
// wrapping ErrNotBuiltin if there is none.
func BuiltinTable(size board.Size) (*table.Table, error) {
	return BuiltinTableIn(size, board.SingleTile)
}

// BuiltinTableIn is BuiltinTable in the given metric.
func BuiltinTableIn(size board.Size, metric board.Metric) (*table.Table, error) {
	if !HasBuiltin(size) {
		return nil, fmt.Errorf("%w: no %s table", ErrNotBuiltin, size)
	}
	m, file := &tables, data.File
	if metric == board.MultiTile {
		m, file = &multiTables, data.MultiFile
	}
	return load(m, size, func() (*table.Table, error) {
		b, err := file(size)
		if err != nil {
			return nil, err
		}
		return table.NewReader(bytes.NewReader(b), int64(len(b)))
	})
}

// BuiltinPDB returns the built-in pattern database of size (4x4: the
// partition pdb.Partition4x4 of the standard goal's tiles), decoded on
// first use and shared afterwards, safe for concurrent use; callers must
// not Close it. It fails with an error wrapping ErrNotBuiltin if there is
// none.
func BuiltinPDB(size board.Size) (*pdb.DB, error) {
	if !hasBuiltinPDB(size) {
		return nil, fmt.Errorf("%w: no %s pattern database", ErrNotBuiltin, size)
	}
	return load(&pdbs, size, func() (*pdb.DB, error) {
		b, err := data.PDBFile(size)
		if err != nil {
			return nil, err
		}
		return pdb.NewReader(bytes.NewReader(b), int64(len(b)))
	})
}

// hasBuiltinAbstraction reports whether an abstraction database of size,
// to the standard goal, for searches in the multi-tile metric, is built in
// (4x4). The WebAssembly build holds it only once it has been given the
// file (data.Give); until then builtinAbstraction fails with
// data.ErrNotGiven.
func hasBuiltinAbstraction(size board.Size) bool {
	return slices.Contains(data.AbstractionSizes(), size)
}

// hasBuiltinDatabase reports whether a database built in bounds searches
// of size in the metric m.
func hasBuiltinDatabase(size board.Size, m board.Metric) bool {
	if m == board.MultiTile {
		return hasBuiltinAbstraction(size)
	}
	return hasBuiltinPDB(size)
}

// builtinAbstraction returns the built-in abstraction database of size
// (4x4: the classings of abstraction.Builtin4x4), read on first use and
// shared afterwards, safe for concurrent use; callers must not Close it.
// It fails with an error wrapping ErrNotBuiltin if there is none.
func builtinAbstraction(size board.Size) (*abstraction.DB, error) {
	if !hasBuiltinAbstraction(size) {
		return nil, fmt.Errorf("%w: no %s abstraction database", ErrNotBuiltin, size)
	}
	if _, err := data.AbstractionFile(size); errors.Is(err, data.ErrNotGiven) {
		return nil, err // not kept: it may be given later
	}
	return load(&abstractions, size, func() (*abstraction.DB, error) {
		b, err := data.AbstractionFile(size)
		if err != nil {
			return nil, err
		}
		return abstraction.NewReader(bytes.NewReader(b), int64(len(b)))
	})
}

// builtin returns the built-in source for goal, see builtinSource, once
// its reading fits in Options.MaxMemory (see fits), proven again under
// Options.Recheck.
func (r *Resolver) builtin(ctx context.Context, goal board.Board, tables bool) (*Source, error) {
	src, err := builtinSource(goal, tables, r.opts.Metric)
	if src == nil || err != nil {
		return src, err
	}
	if err := r.fits(src); err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	if err := r.prove(ctx, src); err != nil {
		return nil, err
	}
	return src, nil
}

// fitKey is a built-in file and a memory limit it was read under.
type fitKey struct {
	kind   Kind
	size   board.Size
	metric board.Metric
	limit  uint64
}

// fitted holds the outcome of fits for each fitKey: nil, or the error.
var fitted sync.Map

// fits fails, as the reader of a file given by path would, if reading the
// built-in file of src takes more than Options.MaxMemory. The files built
// in are read once and shared, under the default limit (mem.DefaultLimit);
// under a lower one fits reads the file again with it, once, and keeps
// the outcome: the readers check the memory they need against the limit
// before they allocate it.
func (r *Resolver) fits(src *Source) error {
	limit := r.opts.MaxMemory
	if limit == 0 || limit >= mem.DefaultLimit() {
		return nil
	}
	key := fitKey{src.Kind(), src.Size(), r.opts.Metric, limit}
	if v, ok := fitted.Load(key); ok {
		err, _ := v.(error)
		return err
	}
	var b []byte
	var err error
	switch src.Kind() {
	case Table:
		file := data.File
		if r.opts.Metric == board.MultiTile {
			file = data.MultiFile
		}
		b, err = file(key.size)
	case PDB:
		b, err = data.PDBFile(key.size)
	case Abstraction:
		b, err = data.AbstractionFile(key.size)
	}
	if err == nil {
		_, err = container.NewReader(bytes.NewReader(b), int64(len(b)), &container.ReadOptions{MaxMemory: limit})
	}
	fitted.Store(key, err)
	return err
}

// builtinSource returns the built-in source for goal in the metric: its
// table if tables is set and there is one, else its database if there is
// one (a pattern database in the single-tile metric, an abstraction
// database in the multi-tile one), else nil.
func builtinSource(goal board.Board, tables bool, metric board.Metric) (*Source, error) {
	size := goal.Size()
	if goal != board.Goal(size) {
		return nil, nil
	}
	if tables && HasBuiltin(size) {
		t, err := BuiltinTableIn(size, metric)
		if err != nil {
			return nil, err
		}
		return &Source{Origin: Builtin, Table: t}, nil
	}
	if !tables && hasBuiltinPDB(size) && metric == board.SingleTile {
		db, err := BuiltinPDB(size)
		if err != nil {
			return nil, err
		}
		return &Source{Origin: Builtin, DB: db}, nil
	}
	if !tables && hasBuiltinAbstraction(size) && metric == board.MultiTile {
		db, err := builtinAbstraction(size)
		if err != nil {
			return nil, err
		}
		return &Source{Origin: Builtin, Abstraction: db}, nil
	}
	return nil, nil
}

// Standard4x4 is the content hash (pdb.DB.ContentHash) of the pattern
// database 'slidetable build 4x4' writes: the 7-8 partition of the
// standard goal's tiles (pdb.DefaultPartition), the same bytes on every
// machine. A copy of it is known to be exact without a proof here; a long
// test builds it and compares.
const Standard4x4 = "fc900b3e7d6c1c3499312622463cdc270f48caeb45c8cc2d192e9042f00e8eda"

// standard4x4V3 is the content hash of the same database as written
// before the container (pdb format version 3), which pdb still reads: a
// copy installed then is known too.
const standard4x4V3 = "caf037464fdcfa5b25abf5a097df9e3247c672638f05d6b4eabf853953777e98"

// known returns the content hashes of the files this program knows to be
// exact without a proof on this machine: the built-in files (builtin),
// proven by their tests, and Standard4x4, as written now and before the
// container.
var known = sync.OnceValue(func() map[[sha256.Size]byte]bool {
	m := maps.Clone(builtin())
	for _, h := range []string{Standard4x4, standard4x4V3} {
		if b, err := hex.DecodeString(h); err == nil && len(b) == sha256.Size {
			m[[sha256.Size]byte(b)] = true
		}
	}
	return m
})

// builtin returns the content hashes of the files built into the program.
var builtin = sync.OnceValue(func() map[[sha256.Size]byte]bool {
	m := map[[sha256.Size]byte]bool{}
	add := func(b []byte, err error) {
		if err != nil {
			return
		}
		if h, err := container.ReadHeader(bytes.NewReader(b), int64(len(b))); err == nil {
			m[h.ContentHash()] = true
		}
	}
	for _, size := range data.Sizes() {
		add(data.File(size))
		add(data.MultiFile(size))
	}
	for _, size := range data.PDBSizes() {
		add(data.PDBFile(size))
	}
	for _, size := range data.AbstractionSizes() {
		add(data.AbstractionFile(size))
	}
	return m
})
