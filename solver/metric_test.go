package solver_test

import (
	"context"
	"errors"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/table"
)

// TestMultiMetric checks a solver in the multi-tile metric: from the
// built-in table of 3x3 and by search on 5x2, against the reference
// search; and that a table of the other metric is refused.
func TestMultiMetric(t *testing.T) {
	ctx := context.Background()
	s, err := solver.New(solver.WithMetric(board.MultiTile))
	if err != nil {
		t.Fatal(err)
	}
	if !exact(t, s, board.Size{W: 3, H: 3}) || exact(t, s, board.Size{W: 5, H: 2}) {
		t.Fatal("3x3 is not answered from a table, or 5x2 is")
	}
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 3, H: 2}} {
		checked := 0
		for b, d := range reference.DistancesIn(board.Goal(size), board.MultiTile) {
			if checked++; checked > 200 {
				break
			}
			if got, err := s.Distance(ctx, b); err != nil || got != d {
				t.Fatalf("%s: Distance(%v) = %d, %v; want %d", size, b, got, err, d)
			}
			path, err := s.Path(ctx, b)
			at := b
			for _, tile := range path {
				if at, _, err = at.Tap(tile); err != nil {
					break
				}
			}
			if err != nil || len(path) != d || at != board.Goal(size) {
				t.Fatalf("%s: Path(%v) = %v, %v", size, b, path, err)
			}
		}
	}
	// 5x2 by search, against its table: boards some taps from the goal.
	size := board.Size{W: 5, H: 2}
	tb, err := table.Build(ctx, board.Goal(size), &bfs.Options{Metric: board.MultiTile})
	if err != nil {
		t.Fatal(err)
	}
	b := board.Goal(size)
	for i := range 12 {
		taps := b.Taps()
		b, _, _ = b.Tap(taps[(i*7)%len(taps)])
		want, err := tb.Distance(b)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := s.Distance(ctx, b); err != nil || d != want {
			t.Fatalf("5x2 %v: %d, %v; want %d", b, d, err, want)
		}
	}
	single, err := table.Build(ctx, board.Goal(board.Size{W: 3, H: 2}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := solver.New(solver.WithMetric(board.MultiTile), solver.WithTable(single)); !errors.Is(err, solver.ErrConfig) {
		t.Fatalf("a single-tile table in a multi-tile solver: %v, want ErrConfig", err)
	}
}
