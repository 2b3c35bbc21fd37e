package source

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/pdb"
)

// TestBuiltinMemory checks that MaxMemory applies to the built-in files as
// to those given by path: below what a file needs, it is refused naming
// it, with the reader's ErrMemory; the small tables fit in a megabyte.
func TestBuiltinMemory(t *testing.T) {
	ctx := context.Background()
	g4 := board.Goal(s4x4)
	for _, tc := range []struct {
		metric board.Metric
		kind   error
		name   string
	}{
		{board.SingleTile, pdb.ErrMemory, "the built-in 4x4 " + PDB.String()},
		{board.MultiTile, abstraction.ErrMemory, "the built-in 4x4 " + Abstraction.String()},
	} {
		r := NewResolver(&Options{MaxMemory: 1 << 20, Metric: tc.metric})
		for range 2 { // the second time from what the first found
			src, err := r.For(ctx, g4)
			if !errors.Is(err, tc.kind) || !strings.HasPrefix(err.Error(), tc.name+": ") || src != nil {
				t.Fatalf("%s moves, a limit of 1 MB: %v, %v; want %v naming %s", tc.metric, src, err, tc.kind, tc.name)
			}
		}
		if src, err := NewResolver(&Options{MaxMemory: 100 << 20, Metric: tc.metric}).For(ctx, g4); err != nil || src.Origin != Builtin {
			t.Errorf("%s moves, a limit of 100 MB: %v, %v", tc.metric, src, err)
		}
		if src, err := r.For(ctx, board.Goal(s3x3)); err != nil || src.Table == nil {
			t.Errorf("3x3 in %s moves, a limit of 1 MB: %v, %v", tc.metric, src, err)
		}
	}
}
