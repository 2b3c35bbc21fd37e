package pdb

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/rank"
)

// An additive pattern database is a kind of file of the container: its
// codec is registered when the package is linked in, so that every reader
// of the container reads, describes, proves and builds pattern databases.
func init() {
	container.Register(container.Codec{
		Kind: container.PatternDB, Version: kindVersion, Name: "pattern database",
		Unit: "entries", Subject: "pattern database", MaxCells: MaxCells,
		Damage: "the bounds it holds read as zero, so answers stay exact but searches are slower",
		Legacy: []container.Legacy{{Magic: magic, Describe: describeLegacy}},
		Decode: func(o *container.Opened, opts *container.ReadOptions) (container.Value, error) {
			var ro *ReadOptions
			if opts != nil {
				ro = &ReadOptions{MaxMemory: opts.MaxMemory, Damaged: opts.Damaged}
			}
			db, err := open(o, ro)
			if err != nil {
				return nil, err
			}
			return db, nil
		},
		Prove: func(ctx context.Context, v container.Value, opts *container.ProveOptions) error {
			var po ProveOptions
			if opts != nil {
				po = ProveOptions{Workers: opts.Workers, MaxMemory: opts.MaxMemory, Progress: opts.Progress}
			}
			return v.(*DB).Prove(ctx, &po)
		},
		Build: build,
	})
}

// ParseGroups reads groups of tiles as a recipe writes them
// (internal/recipe), one a string of tile numbers separated by spaces or
// commas: "1 5 6 9 10 13". Whether they partition a board's tiles is
// Build's to check.
func ParseGroups(texts []string) ([][]uint8, error) {
	groups := make([][]uint8, len(texts))
	for i, text := range texts {
		for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' }) {
			t, err := strconv.Atoi(f)
			if err != nil || t < 1 || t > MaxCells {
				return nil, fmt.Errorf("%w: %q is not a tile, in group %d", ErrPartition, f, i+1)
			}
			groups[i] = append(groups[i], uint8(t))
		}
	}
	return groups, nil
}

// build builds the pattern database of goal, in single-tile moves, of
// the groups params (ParseGroups), or without them of DefaultPartition.
func build(ctx context.Context, goal board.Board, m board.Metric, params []string, opts *container.BuildOptions) (container.Built, error) {
	if m != board.SingleTile {
		return nil, fmt.Errorf("%w: a pattern database holds bounds in single-tile moves, not %s-tile", container.ErrParams, m)
	}
	groups := DefaultPartition(goal.Size())
	if params != nil {
		var err error
		if groups, err = ParseGroups(params); err != nil {
			return nil, err
		}
	}
	if opts == nil {
		opts = &container.BuildOptions{}
	}
	o := &Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory}
	if opts.Progress != nil {
		// The placements of every group, as one count.
		var total, before, current uint64
		for _, g := range groups {
			c, _ := rank.Placements(goal.Len(), len(g))
			total += c
		}
		group := 0
		o.Progress = func(p Progress) {
			if p.Group != group {
				before += current
				group = p.Group
			}
			current = p.Placements
			opts.Progress(before+p.Placements, total, fmt.Sprintf("group %d of %d, depth %d", p.Group+1, p.Groups, p.Depth))
		}
	}
	db, err := Build(ctx, goal, groups, o)
	if err != nil {
		return nil, err
	}
	return built{db}, nil
}

// built is a pattern database a build made.
type built struct{ db *DB }

func (b built) WriteTo(ctx context.Context, w io.Writer) (int64, error) { return b.db.write(ctx, w) }

func (b built) WriteFile(ctx context.Context, path string) ([sha256.Size]byte, error) {
	return WriteFile(ctx, path, b.db)
}

// Describe says "4x4 pattern database to the goal, groups [...]; 289 MB
// (... in memory)".
func (b built) Describe(bytes uint64) string {
	return fmt.Sprintf("%s pattern database to %s, groups %v; %s (%s in memory)",
		b.db.Size(), board.GoalName(b.db.Goal()), b.db.Groups(), human.Bytes(bytes), human.Bytes(b.db.Bytes()))
}

func (b built) Value() (container.Value, error) { return b.db, nil }
