package ida_test

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
)

// TestMultiMatchesReference solves every board of the small sizes in the
// multi-tile metric and checks distances, paths and hints against the
// reference search; and that Lines never exceeds a distance.
func TestMultiMatchesReference(t *testing.T) {
	if testenv.Race {
		t.Skip("one sequential search at a time: nothing for the race detector, and 42 s under it (3 s without)")
	}
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}} {
		goal := board.Goal(size)
		ref := reference.DistancesIn(goal, board.MultiTile)
		h := ida.Lines(goal)
		s := ida.NewIn(h, board.MultiTile)
		// Every board of 6 cells or fewer; of 8 cells, a sample (every
		// 40th in the order of their cells) and the farthest.
		boards := slices.SortedFunc(maps.Keys(ref), func(a, b board.Board) int { return strings.Compare(a.CellString(), b.CellString()) })
		for i, b := range boards {
			d := ref[b]
			if size.Cells() > 6 && i%40 != 0 && d < 24 {
				continue
			}
			if est := h.Start(b).H(); est > d {
				t.Fatalf("%s: Lines(%v) = %d above the distance %d", size, b, est, d)
			}
			path, err := s.Solve(context.Background(), b)
			if err != nil || len(path) != d {
				t.Fatalf("%s: Solve(%v) = %v, %v; want %d taps", size, b, path, err, d)
			}
			at := b
			for _, tile := range path {
				if at, _, err = at.Tap(tile); err != nil {
					t.Fatalf("%s: Solve(%v) = %v: %v", size, b, path, err)
				}
			}
			if at != goal {
				t.Fatalf("%s: Solve(%v) = %v ends at %v", size, b, path, at)
			}
			hints, hd, err := s.Hints(context.Background(), b)
			var want []uint8
			for _, tile := range b.Taps() {
				if next, _, _ := b.Tap(tile); ref[next] == d-1 {
					want = append(want, tile)
				}
			}
			if err != nil || hd != d || !slices.Equal(hints, want) {
				t.Fatalf("%s: Hints(%v) = %v, %d, %v; want %v, %d", size, b, hints, hd, err, want, d)
			}
		}
	}
}
