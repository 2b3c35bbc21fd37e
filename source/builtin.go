package source

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/recipe"
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

// builtinRecipe returns the recipe of the file built in for boards of
// size in the metric m, to the standard goal, that answers exactly (a
// table) if exact is set, else that bounds searches (a pattern database,
// an abstraction tier); false if there is none.
func builtinRecipe(size board.Size, m board.Metric, exact bool) (recipe.Recipe, bool) {
	for _, r := range recipe.Find(size, m, recipe.BuiltIn...) {
		if Kind(r.Kind).Exact() == exact {
			return r, true
		}
	}
	return recipe.Recipe{}, false
}

// hasBuiltinDatabase reports whether a database built in bounds searches
// of size in the metric m (the 4x4 pattern database and abstraction
// tier). The WebAssembly build holds a file on demand only once it has
// been given it (data.Give); until then it is read with data.ErrNotGiven.
func hasBuiltinDatabase(size board.Size, m board.Metric) bool {
	_, ok := builtinRecipe(size, m, false)
	return ok
}

// decoded is a built-in value (a level pack), decoded on first use and
// shared afterwards.
type decoded[T any] struct {
	once sync.Once
	v    T
	err  error
}

// load returns the value of size in m, decoding it with read the first
// time.
func load[T any](m *sync.Map, size board.Size, read func() (T, error)) (T, error) {
	v, _ := m.LoadOrStore(size, &decoded[T]{})
	d := v.(*decoded[T])
	d.once.Do(func() { d.v, d.err = read() })
	return d.v, d.err
}

// decodedFile is a built-in file, decoded on first use and shared
// afterwards, unless it could not be had yet (data.ErrNotGiven).
type decodedFile struct {
	mu   sync.Mutex
	done bool
	v    container.Value
	err  error
}

// builtins holds the built-in files decoded, by name.
var builtins sync.Map // string -> *decodedFile

// builtinValue returns what the built-in file of rec decodes to, decoded
// on first use and shared afterwards: read in place from the program's
// bytes (data.Open). A file on demand not given yet to the WebAssembly
// build fails with data.ErrNotGiven, and is not kept: it may be given
// later.
func builtinValue(rec recipe.Recipe) (container.Value, error) {
	v, _ := builtins.LoadOrStore(rec.FileName(), &decodedFile{})
	d := v.(*decodedFile)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		return d.v, d.err
	}
	r, size, err := data.Open(rec)
	if errors.Is(err, data.ErrNotGiven) {
		return nil, err
	}
	if err == nil {
		d.v, err = container.NewReader(r, size, nil)
	}
	if err == nil && (Kind(d.v.Kind()) != Kind(rec.Kind) || d.v.Goal() != board.Goal(rec.Size) || d.v.Metric() != rec.Metric) {
		err = fmt.Errorf("%w: the built-in %s holds %s to %s in %s-tile moves", ErrKind, rec.FileName(), Kind(d.v.Kind()).WithArticle(), d.v.Goal(), d.v.Metric())
	}
	d.done, d.err = true, err
	return d.v, d.err
}

// builtinOf returns what the built-in file of size in the metric m and of
// the kind want decodes to, or an error wrapping ErrNotBuiltin, naming
// what, if there is none.
func builtinOf(size board.Size, m board.Metric, want Kind, what string) (container.Value, error) {
	rec, ok := builtinRecipe(size, m, want.Exact())
	if !ok || Kind(rec.Kind) != want {
		return nil, fmt.Errorf("%w: no %s %s", ErrNotBuiltin, size, what)
	}
	return builtinValue(rec)
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
	v, err := builtinOf(size, metric, Table, "table")
	if err != nil {
		return nil, err
	}
	return v.(*table.Table), nil
}

// BuiltinPDB returns the built-in pattern database of size (4x4: the
// partition of its recipe, package internal/recipe), decoded on first use
// and shared afterwards, safe for concurrent use; callers must not Close
// it. It fails with an error wrapping ErrNotBuiltin if there is none.
func BuiltinPDB(size board.Size) (*pdb.DB, error) {
	v, err := builtinOf(size, board.SingleTile, PDB, "pattern database")
	if err != nil {
		return nil, err
	}
	return v.(*pdb.DB), nil
}

// builtin returns the built-in source for goal, see builtinSource, once
// its reading fits in Options.MaxMemory (see fits), proven again under
// Options.Recheck.
func (r *Resolver) builtin(ctx context.Context, goal board.Board, tables bool) (*Source, error) {
	src, rec, err := builtinSource(goal, tables, r.opts.Metric)
	if src == nil || err != nil {
		return src, err
	}
	if err := r.fits(rec); err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	if err := r.prove(ctx, src); err != nil {
		return nil, err
	}
	return src, nil
}

// fitKey is a built-in file and a memory limit it was read under.
type fitKey struct {
	name  string
	limit uint64
}

// fitted holds the outcome of fits for each fitKey: nil, or the error.
var fitted sync.Map

// fits fails, as the reader of a file given by path would, if reading the
// built-in file of rec takes more than Options.MaxMemory. The files built
// in are read once and shared, under the default limit (mem.DefaultLimit);
// under a lower one fits reads the file again with it, once, and keeps
// the outcome: the readers check the memory they need against the limit
// before they allocate it.
func (r *Resolver) fits(rec recipe.Recipe) error {
	limit := r.opts.MaxMemory
	if limit == 0 || limit >= mem.DefaultLimit() {
		return nil
	}
	key := fitKey{rec.FileName(), limit}
	if v, ok := fitted.Load(key); ok {
		err, _ := v.(error)
		return err
	}
	f, size, err := data.Open(rec)
	if err == nil {
		var v container.Value
		if v, err = container.NewReader(f, size, &container.ReadOptions{MaxMemory: limit}); err == nil {
			v.Close()
		}
	}
	fitted.Store(key, err)
	return err
}

// builtinSource returns the built-in source for goal in the metric, and
// its recipe: its table if tables is set and there is one, else its
// database if there is one (a pattern database in the single-tile metric,
// an abstraction tier in the multi-tile one), else nil.
func builtinSource(goal board.Board, tables bool, metric board.Metric) (*Source, recipe.Recipe, error) {
	size := goal.Size()
	if goal != board.Goal(size) {
		return nil, recipe.Recipe{}, nil
	}
	rec, ok := builtinRecipe(size, metric, tables)
	if !ok {
		return nil, rec, nil
	}
	v, err := builtinValue(rec)
	if err != nil {
		return nil, rec, err
	}
	return newSource(Builtin, "", v), rec, nil
}

// known returns the content hashes of the files this program knows to be
// exact without a proof on this machine: the built-in files (builtin),
// proven by their tests, and those of the recipes that a build writes the
// same on every machine (recipe.Recipe.Known: the 4x4 pattern database
// 'slidetable build 4x4' writes, as written now and before the
// container), which tests build and compare.
var known = sync.OnceValue(func() map[[sha256.Size]byte]bool {
	m := maps.Clone(builtin())
	for _, r := range recipe.All() {
		for _, h := range r.Known {
			if b, err := hex.DecodeString(h); err == nil && len(b) == sha256.Size {
				m[[sha256.Size]byte(b)] = true
			}
		}
	}
	return m
})

// builtin returns the content hashes of the files built into the program,
// read from their headers.
var builtin = sync.OnceValue(func() map[[sha256.Size]byte]bool {
	m := map[[sha256.Size]byte]bool{}
	for _, rec := range recipe.Of(recipe.BuiltIn...) {
		r, size, err := data.Open(rec)
		if err != nil {
			continue
		}
		if h, err := container.ReadHeader(r, size); err == nil {
			m[h.ContentHash()] = true
		}
	}
	return m
})
