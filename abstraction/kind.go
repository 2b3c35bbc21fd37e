package abstraction

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/human"
)

// An abstraction tier is a kind of file of the container: its codec is
// registered when the package is linked in, so that every reader of the
// container reads, describes, proves and builds tiers.
func init() {
	container.Register(container.Codec{
		Kind: container.Abstraction, Version: kindVersion, Name: "abstraction tier",
		Unit: "arrangements", Subject: "abstraction tier", MaxCells: maxCells,
		Damage: "the bounds it holds read as unknown, so answers stay exact but searches are slower",
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

// ParseClassings reads the classings of goal as a recipe writes them
// (internal/recipe), one a string written as ParseClassing reads it.
func ParseClassings(goal board.Board, texts []string) ([]*Classing, error) {
	out := make([]*Classing, len(texts))
	for i, text := range texts {
		c, err := ParseClassing(goal, text)
		if err != nil {
			return nil, fmt.Errorf("classing %d: %w", i+1, err)
		}
		out[i] = c
	}
	return out, nil
}

// build builds the abstraction tier of goal, in multi-tile moves, of the
// classings params (ParseClassings), which it needs.
func build(ctx context.Context, goal board.Board, m board.Metric, params []string, opts *container.BuildOptions) (container.Built, error) {
	if m != board.MultiTile {
		return nil, fmt.Errorf("%w: an abstraction tier holds bounds in multi-tile moves, not %s-tile", container.ErrParams, m)
	}
	if len(params) == 0 {
		return nil, fmt.Errorf("%w: an abstraction tier needs its classings", container.ErrParams)
	}
	classings, err := ParseClassings(goal, params)
	if err != nil {
		return nil, err
	}
	if opts == nil {
		opts = &container.BuildOptions{}
	}
	o := &Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory}
	if opts.Progress != nil {
		// The arrangements of every classing, as one count.
		var total, before uint64
		for _, c := range classings {
			total += c.Arrangements()
		}
		part := 0
		o.Progress = func(p Progress) {
			if p.Part != part {
				before += classings[part].Arrangements()
				part = p.Part
			}
			opts.Progress(before+p.Visited, total, fmt.Sprintf("classing %d of %d, depth %d", p.Part+1, len(classings), p.Depth))
		}
	}
	db, err := Build(ctx, classings, o)
	if err != nil {
		return nil, err
	}
	return built{db}, nil
}

// built is an abstraction tier a build made.
type built struct{ db *DB }

func (b built) WriteTo(ctx context.Context, w io.Writer) (int64, error) { return b.db.write(ctx, w) }

func (b built) WriteFile(ctx context.Context, path string) ([sha256.Size]byte, error) {
	return WriteFile(ctx, path, b.db)
}

// Describe says "4x4 abstraction database in multi-tile moves, 3
// classings of 605,404,800 arrangements; 303 MB".
func (b built) Describe(bytes uint64) string {
	return fmt.Sprintf("%s abstraction database in multi-tile moves, %d classings of %s arrangements; %s",
		b.db.Size(), len(b.db.parts), human.Group(b.db.Entries()), human.Bytes(bytes))
}

func (b built) Value() (container.Value, error) { return b.db, nil }
