package source

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/recipe"
)

// MaxWorkers is the most goroutines a build searches with, whatever
// BuildOptions.Workers says.
const MaxWorkers = bfs.MaxWorkers

// BuildOptions are the options of Build; nil means the zero value.
type BuildOptions struct {
	// Workers is the number of goroutines of the search, at most
	// MaxWorkers; 0 means one a core.
	Workers int
	// MaxMemory bounds the bytes the build holds at once; 0 means the
	// default, half the physical memory (or of the address space the
	// process may use, if less). A build that would need more fails at once with an error of
	// kind failure.Memory.
	MaxMemory uint64
	// Progress, if set, is called after each level of the search.
	Progress func(BuildProgress)
	// Builtin builds the file built into the programs for the size and
	// metric (package data, which 'go generate ./data' writes with it),
	// for the standard goal, rather than the one 'slidetable build'
	// writes.
	Builtin bool
}

// BuildProgress is how far a build has come: Done of Total states found
// (boards, placements or arrangements, by the kind), and what it is at,
// such as "depth 12" or "group 2 of 3, depth 7".
type BuildProgress struct {
	Done, Total uint64
	Stage       string
}

// Built is the file a build made, in memory, to be written once: a table
// (of up to 12 cells), a pattern database (beyond, in single-tile moves)
// or the 4x4 abstraction tier (in multi-tile moves), as its recipe says
// (BuildKind).
type Built struct {
	// Kind is what was built.
	Kind Kind
	// Goal and Metric are those of the distances it holds.
	Goal   board.Board
	Metric board.Metric

	b container.Built
}

// buildRecipe returns the recipe of the file built for goal in m: the one
// 'slidetable build' writes (recipe.Build), or with builtin the one built
// into the programs; an error wrapping ErrNoBuild says why there is none.
func buildRecipe(goal board.Board, m board.Metric, builtin bool) (recipe.Recipe, error) {
	size := goal.Size()
	if err := size.Validate(); err != nil {
		return recipe.Recipe{}, err
	}
	var rec recipe.Recipe
	var ok bool
	if builtin {
		rec, ok = recipe.For(size, m, recipe.BuiltIn...)
	} else {
		rec, ok = recipe.Build(size, m)
	}
	if !ok {
		return rec, noBuild(size, m, builtin)
	}
	if !rec.AnyGoal && goal != board.Goal(size) {
		return rec, fmt.Errorf("%w: the %s %s in %s-tile moves is for the standard goal, not %s", ErrNoBuild, size, Kind(rec.Kind), m, goal)
	}
	c := Kind(rec.Kind).codec()
	switch {
	case c == nil || c.Build == nil:
		return rec, fmt.Errorf("%w: no builder of %s is linked into the program", ErrNoBuild, Kind(rec.Kind).WithArticle())
	case size.Cells() > c.MaxCells:
		return rec, fmt.Errorf("%w: %s has %d cells, and %s holds boards of up to %d", ErrNoBuild, size, size.Cells(), Kind(rec.Kind).WithArticle(), c.MaxCells)
	}
	return rec, nil
}

// noBuild says that no recipe builds a file for boards of size in m, and
// which do.
func noBuild(size board.Size, m board.Metric, builtin bool) error {
	if builtin {
		return fmt.Errorf("%w: no file of %s in %s-tile moves is built in", ErrNoBuild, size, m)
	}
	var what []string
	var most recipe.Recipe // the recipe of every size of the most cells below size's
	for _, r := range recipe.All() {
		switch {
		case r.Origin != recipe.Installed || r.Metric != m:
		case r.Size == (board.Size{}):
			what = append(what, fmt.Sprintf("%ss of %d to %d cells", Kind(r.Kind), r.MinCells, r.MaxCells))
			if r.MaxCells < size.Cells() && r.MaxCells > most.MaxCells {
				most = r
			}
		default:
			what = append(what, fmt.Sprintf("the %s %s", r.Size, Kind(r.Kind)))
		}
	}
	// A database of the size in the other metric bounds nothing in m.
	other := ""
	for _, r := range recipe.Find(size, otherMetric(m), recipe.Installed) {
		if !Kind(r.Kind).Exact() {
			other = fmt.Sprintf(", and no %s is a lower bound in the %s-tile metric", Kind(r.Kind), m)
		}
	}
	switch {
	case len(what) == 0:
		return fmt.Errorf("%w: no file is built in %s-tile moves", ErrNoBuild, m)
	case most.MaxCells > 0:
		return fmt.Errorf("%w: %s has more than %d cells, the most %s is built for%s (files are built for %s)", ErrNoBuild, size, most.MaxCells, Kind(most.Kind).WithArticle(), other, joinAnd(what))
	}
	return fmt.Errorf("%w: %s has no file to build in %s-tile moves%s (files are built for %s)", ErrNoBuild, size, m, other, joinAnd(what))
}

// otherMetric returns the metric that is not m.
func otherMetric(m board.Metric) board.Metric {
	if m == board.MultiTile {
		return board.SingleTile
	}
	return board.MultiTile
}

// joinAnd joins words as a sentence lists them: "a", "a and b", "a, b
// and c".
func joinAnd(words []string) string {
	switch n := len(words); n {
	case 0:
		return ""
	case 1:
		return words[0]
	default:
		out := words[0]
		for _, w := range words[1 : n-1] {
			out += ", " + w
		}
		return out + " and " + words[n-1]
	}
}

// Build builds the file of boards towards goal in the metric m, the one
// entry for every kind of file: it reads the recipe of the size and
// metric (package internal/recipe: the kind and its parameters; BuildKind
// says which) and asks the kind's builder. A table is built by a
// breadth-first search, a pattern database of its recipe's partition, an
// abstraction tier of its recipe's classings. A build larger than
// opts.MaxMemory fails with an error of kind failure.Memory, one that
// cannot be built (ErrNoBuild, a bad partition) with one of kind
// failure.Input.
func Build(ctx context.Context, goal board.Board, m board.Metric, opts *BuildOptions) (*Built, error) {
	return build(ctx, goal, m, opts, false)
}

// BuildSource builds, as Build does, what answers boards towards goal in
// the metric m, and returns it in memory as a Source of origin Computed,
// proven as its build is (a table is checked as it is made; see
// table.Build), for a size and goal that no file answers: for drawing
// levels from a table, or to be proven again (ProveBuilt). Its build
// counts, in opts.MaxMemory, what the source takes in memory.
func BuildSource(ctx context.Context, goal board.Board, m board.Metric, opts *BuildOptions) (*Source, error) {
	b, err := build(ctx, goal, m, opts, true)
	if err != nil {
		return nil, err
	}
	v, err := b.b.Value()
	if err != nil {
		return nil, err
	}
	return newSource(Computed, "", v), nil
}

// build is Build, for a source in memory with inMemory.
func build(ctx context.Context, goal board.Board, m board.Metric, opts *BuildOptions, inMemory bool) (*Built, error) {
	if opts == nil {
		opts = &BuildOptions{}
	}
	rec, err := buildRecipe(goal, m, opts.Builtin)
	if err != nil {
		return nil, err
	}
	return buildKind(ctx, goal, m, Kind(rec.Kind), rec.Params, opts, inMemory)
}

// buildKind builds, by the builder of kind, the file of goal in m of the
// kind's parameters params: what build does once it has read the recipe.
func buildKind(ctx context.Context, goal board.Board, m board.Metric, kind Kind, params []string, opts *BuildOptions, inMemory bool) (*Built, error) {
	c := kind.codec()
	if c == nil || c.Build == nil {
		return nil, fmt.Errorf("%w: no builder of %s is linked into the program", ErrNoBuild, kind.WithArticle())
	}
	bo := &container.BuildOptions{Workers: opts.Workers, MaxMemory: opts.MaxMemory, InMemory: inMemory}
	if opts.Progress != nil {
		bo.Progress = func(done, total uint64, stage string) {
			opts.Progress(BuildProgress{Done: done, Total: total, Stage: stage})
		}
	}
	b, err := c.Build(ctx, goal, m, params, bo)
	if err != nil {
		return nil, err
	}
	return &Built{Kind: kind, Goal: goal, Metric: m, b: b}, nil
}

// WriteTo writes the file to w, and returns the bytes written.
func (b *Built) WriteTo(ctx context.Context, w io.Writer) (int64, error) { return b.b.WriteTo(ctx, w) }

// WriteFile writes the file to path through a temporary file, renamed
// into place once whole, and returns its content hash, the key of its
// proof record (Resolver.Record). A path that is not a regular file is
// refused with an error wrapping ErrNotRegular, and left untouched (and
// one that becomes one meanwhile, by the error of the kind's writer).
func (b *Built) WriteFile(ctx context.Context, path string) ([sha256.Size]byte, error) {
	if err := atomicfile.Check(path); err != nil {
		var nr *atomicfile.NotRegularError
		if errors.As(err, &nr) {
			return [sha256.Size]byte{}, fmt.Errorf("%w: %s is %s", ErrNotRegular, path, nr.Kind)
		}
		return [sha256.Size]byte{}, err
	}
	return b.b.WriteFile(ctx, path)
}

// Describe says what was built, for a file of the given bytes: "3x3,
// 181,440 boards reach the goal, God's number 31; 97.4 KB", "4x4 pattern
// database to the goal, groups [...]; 289 MB (... in memory)", "4x4
// abstraction database in multi-tile moves, 3 classings of ...
// arrangements; 303 MB".
func (b *Built) Describe(bytes uint64) string { return b.b.Describe(bytes) }
