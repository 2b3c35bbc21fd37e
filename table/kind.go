package table

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/human"
)

// An exact table is a kind of file of the container: its codec is
// registered when the package is linked in, so that every reader of the
// container reads, describes, proves and builds tables.
func init() {
	container.Register(container.Codec{
		Kind: container.Table, Version: kindVersion, Name: "table", Exact: true,
		Unit: "boards", Subject: "distances", Damage: "the boards it holds cannot be answered from it",
		CertifiedCells: CertifiedCells, MaxCells: MaxCells,
		Legacy: []container.Legacy{{Magic: magic, Describe: describeLegacy}},
		Decode: func(o *container.Opened, opts *container.ReadOptions) (container.Value, error) {
			var ro *ReadOptions
			if opts != nil {
				ro = &ReadOptions{MaxMemory: opts.MaxMemory, Damaged: opts.Damaged}
			}
			t, err := open(o, ro)
			if err != nil {
				return nil, err
			}
			return t, nil
		},
		Prove: func(ctx context.Context, v container.Value, opts *container.ProveOptions) error {
			var co CertifyOptions
			if opts != nil {
				co = CertifyOptions{Workers: opts.Workers, Progress: opts.Progress}
			}
			return v.(*Table).Certify(ctx, &co)
		},
		Build: build,
	})
}

// build builds the table of goal in the metric m, which takes no
// parameters: by a breadth-first search, whose result is written as it
// is (Search, WriteResult), or with opts.InMemory made into a table
// (Build).
func build(ctx context.Context, goal board.Board, m board.Metric, params []string, opts *container.BuildOptions) (container.Built, error) {
	if len(params) != 0 {
		return nil, fmt.Errorf("%w: a table takes no parameters, not %q", container.ErrParams, params)
	}
	if opts == nil {
		opts = &container.BuildOptions{}
	}
	bo := &bfs.Options{Workers: opts.Workers, MaxMemory: opts.MaxMemory, Metric: m}
	if opts.Progress != nil {
		bo.Progress = func(p bfs.Progress) { opts.Progress(p.Visited, p.Slots, fmt.Sprintf("depth %d", p.Depth)) }
	}
	if opts.InMemory {
		t, err := Build(ctx, goal, bo)
		if err != nil {
			return nil, err
		}
		return &built{t: t}, nil
	}
	res, err := Search(ctx, goal, bo)
	if err != nil {
		return nil, err
	}
	return &built{res: res}, nil
}

// built is what a build of a table made: the search's result, to be
// written, or the table.
type built struct {
	res *bfs.Result
	t   *Table
}

func (b *built) WriteTo(ctx context.Context, w io.Writer) (int64, error) {
	if b.t != nil {
		return b.t.WriteTo(w)
	}
	return WriteResult(ctx, w, b.res)
}

func (b *built) WriteFile(ctx context.Context, path string) ([sha256.Size]byte, error) {
	if b.t != nil {
		return WriteFile(ctx, path, b.t)
	}
	return WriteResultFile(ctx, path, b.res)
}

// Describe says "3x3, 181,440 boards reach the goal, God's number 31;
// 97.4 KB", with " in multi-tile moves" after the number in that metric.
func (b *built) Describe(bytes uint64) string {
	goal, m, reach, most := board.Board{}, board.SingleTile, uint64(0), 0
	if b.t != nil {
		goal, m, reach, most = b.t.Goal(), b.t.Metric(), b.t.Reachable(), b.t.Max()
	} else {
		goal, m, reach, most = b.res.Goal, b.res.Metric, b.res.Reachable(), b.res.Max()
	}
	in := ""
	if m == board.MultiTile {
		in = " in multi-tile moves"
	}
	return fmt.Sprintf("%s, %s boards reach %s, God's number %d%s; %s",
		goal.Size(), human.Group(reach), board.GoalName(goal), most, in, human.Bytes(bytes))
}

func (b *built) Value() (container.Value, error) {
	if b.t == nil {
		depth, reach := b.res.Expand()
		t, err := newTrusted(b.res.Goal, b.res.Metric, depth, reach, b.res.Counts)
		if err != nil {
			return nil, err
		}
		b.t, b.res = t, nil
	}
	return b.t, nil
}
