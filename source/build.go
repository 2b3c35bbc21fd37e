package source

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
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
// or the 4x4 abstraction tier (in multi-tile moves), as BuildKind says.
type Built struct {
	// Kind is what was built.
	Kind Kind
	// Goal and Metric are those of the distances it holds.
	Goal   board.Board
	Metric board.Metric

	res *bfs.Result
	db  *pdb.DB
	abs *abstraction.DB
}

// Build builds the file of BuildKind(goal, m), the one entry for every
// kind: the table by a breadth-first search, the pattern database of the
// size's default partition, or the abstraction tier of the 4x4's large
// classings. A build larger than opts.MaxMemory fails with an error of
// kind failure.Memory, one that cannot be built (ErrNoBuild, a bad
// partition) with one of kind failure.Input.
func Build(ctx context.Context, goal board.Board, m board.Metric, opts *BuildOptions) (*Built, error) {
	if opts == nil {
		opts = &BuildOptions{}
	}
	kind, err := BuildKind(goal, m)
	if err != nil {
		return nil, err
	}
	progress := func(p BuildProgress) {
		if opts.Progress != nil {
			opts.Progress(p)
		}
	}
	b := &Built{Kind: kind, Goal: goal, Metric: m}
	switch kind {
	case Table:
		b.res, err = table.Search(ctx, goal, &bfs.Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory, Metric: m,
			Progress: func(p bfs.Progress) {
				progress(BuildProgress{Done: p.Visited, Total: p.Slots, Stage: fmt.Sprintf("depth %d", p.Depth)})
			}})
	case PDB:
		groups := pdb.DefaultPartition(goal.Size())
		var total uint64
		for _, g := range groups {
			c, _ := rank.Placements(goal.Size().Cells(), len(g))
			total += c
		}
		var before, current uint64
		group := 0
		b.db, err = pdb.Build(ctx, goal, groups, &pdb.Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory,
			Progress: func(p pdb.Progress) {
				if p.Group != group {
					before += current
					group = p.Group
				}
				current = p.Placements
				progress(BuildProgress{Done: before + p.Placements, Total: total,
					Stage: fmt.Sprintf("group %d of %d, depth %d", p.Group+1, p.Groups, p.Depth)})
			}})
	case Abstraction:
		classings := abstraction.Large4x4()
		var total, before uint64
		for _, c := range classings {
			total += c.Arrangements()
		}
		part := 0
		b.abs, err = abstraction.Build(ctx, classings, &abstraction.Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory,
			Progress: func(p abstraction.Progress) {
				if p.Part != part {
					before += classings[part].Arrangements()
					part = p.Part
				}
				progress(BuildProgress{Done: before + p.Visited, Total: total,
					Stage: fmt.Sprintf("classing %d of %d, depth %d", p.Part+1, len(classings), p.Depth)})
			}})
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// WriteTo writes the file to w, and returns the bytes written.
func (b *Built) WriteTo(ctx context.Context, w io.Writer) (int64, error) {
	switch {
	case b.res != nil:
		return table.WriteResult(ctx, w, b.res)
	case b.db != nil:
		return b.db.WriteTo(w)
	}
	return b.abs.WriteTo(w)
}

// WriteFile writes the file to path through a temporary file, renamed
// into place once whole, and returns its content hash, the key of its
// proof record (Resolver.Record). A path that is not a regular file is
// refused with an error wrapping ErrNotRegular, and left untouched (and
// one that becomes one meanwhile, by the error of the kind's writer).
func (b *Built) WriteFile(ctx context.Context, path string) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	if err := atomicfile.Check(path); err != nil {
		var nr *atomicfile.NotRegularError
		if errors.As(err, &nr) {
			return sum, fmt.Errorf("%w: %s is %s", ErrNotRegular, path, nr.Kind)
		}
		return sum, err
	}
	var err error
	switch {
	case b.res != nil:
		sum, err = table.WriteResultFile(ctx, path, b.res)
	case b.db != nil:
		sum, err = pdb.WriteFile(ctx, path, b.db)
	default:
		sum, err = abstraction.WriteFile(ctx, path, b.abs)
	}
	return sum, err
}

// Describe says what was built, for a file of the given bytes: "3x3,
// 181,440 boards reach the goal, God's number 31; 97.4 KB", "4x4 pattern
// database to the goal, groups [...]; 289 MB (... in memory)", "4x4
// abstraction database in multi-tile moves, 4 classings of ...
// arrangements; 303 MB".
func (b *Built) Describe(bytes uint64) string {
	size := b.Goal.Size()
	switch {
	case b.res != nil:
		in := ""
		if b.Metric == board.MultiTile {
			in = " in multi-tile moves"
		}
		return fmt.Sprintf("%s, %s boards reach %s, God's number %d%s; %s",
			size, human.Group(b.res.Reachable()), board.GoalName(b.Goal), b.res.Max(), in, human.Bytes(bytes))
	case b.db != nil:
		return fmt.Sprintf("%s pattern database to %s, groups %v; %s (%s in memory)",
			size, board.GoalName(b.Goal), b.db.Groups(), human.Bytes(bytes), human.Bytes(b.db.Bytes()))
	}
	var total uint64
	classings := b.abs.Classings()
	for _, c := range classings {
		total += c.Arrangements()
	}
	return fmt.Sprintf("%s abstraction database in multi-tile moves, %d classings of %s arrangements; %s",
		size, len(classings), human.Group(total), human.Bytes(bytes))
}
