package table_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// TestWalkAgainstReference checks Hints and Path on every solvable board of the
// small sizes against the distances of the reference search.
func TestWalkAgainstReference(t *testing.T) {
	t.Parallel()
	sizes := []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}, {W: 3, H: 3}}
	for _, size := range sizes {
		t.Run(size.String(), func(t *testing.T) {
			step := 1
			if size.Cells() == 9 {
				if testing.Short() {
					t.Skip("3x3 reference search in -short mode")
				}
				step = 37 // a sample of the 181,440 boards keeps the test fast
			}
			tbl, err := source.BuiltinTable(size)
			if err != nil {
				t.Fatal(err)
			}
			goal := board.Goal(size)
			ref := reference.Distances(goal)
			k := 0
			for b, want := range ref {
				k++
				if k%step != 0 {
					continue
				}
				checkWalk(t, tbl, ref, b, want, goal)
			}
		})
	}
}

func checkWalk(t *testing.T, tbl *table.Table, ref map[board.Board]int, b board.Board, want int, goal board.Board) {
	t.Helper()
	path, err := tbl.Path(b)
	if err != nil {
		t.Fatalf("Path(%s): %v", b, err)
	}
	if got := len(path); got != want {
		t.Fatalf("Path(%s) has %d moves, the reference distance is %d", b, got, want)
	}
	end, err := b.Apply(path...)
	if err != nil {
		t.Fatalf("Path(%s) = %v: %v", b, path, err)
	}
	if end != goal {
		t.Fatalf("Path(%s) = %v ends at %s, not the goal", b, path, end)
	}

	hints, d, err := tbl.Hints(b)
	if err != nil {
		t.Fatalf("Hints(%s): %v", b, err)
	}
	if d != want {
		t.Fatalf("Hints(%s) distance %d, want %d", b, d, want)
	}
	var wantHints []uint8
	for _, m := range b.Moves() {
		next, err := b.Move(m)
		if err != nil {
			t.Fatal(err)
		}
		if ref[next] == want-1 {
			wantHints = append(wantHints, m)
		}
	}
	if !slices.Equal(hints, wantHints) {
		t.Fatalf("Hints(%s) = %v, want %v", b, hints, wantHints)
	}
	if want > 0 && hints[0] != path[0] {
		t.Fatalf("Path(%s) starts with %d, not the first hint %d", b, path[0], hints[0])
	}
}

func TestWalkErrors(t *testing.T) {
	t.Parallel()
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	unsolvable := board.MustParse(board.Size{W: 3, H: 3}, "2 1 3/4 5 6/7 8 0")
	small := board.Goal(board.Size{W: 2, H: 2})
	tests := []struct {
		name string
		b    board.Board
		want error
	}{
		{"unsolvable", unsolvable, table.ErrUnsolvable},
		{"size", small, board.ErrMismatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tbl.Path(tt.b); !errors.Is(err, tt.want) {
				t.Errorf("Path: got %v, want %v", err, tt.want)
			}
			if _, _, err := tbl.Hints(tt.b); !errors.Is(err, tt.want) {
				t.Errorf("Hints: got %v, want %v", err, tt.want)
			}
		})
	}
}

func TestWalkGoal(t *testing.T) {
	t.Parallel()
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	goal := board.Goal(tbl.Size())
	path, err := tbl.Path(goal)
	if err != nil || len(path) != 0 {
		t.Fatalf("Path(goal) = %v, %v; want no moves", path, err)
	}
	hints, d, err := tbl.Hints(goal)
	if err != nil || len(hints) != 0 || d != 0 {
		t.Fatalf("Hints(goal) = %v, %d, %v; want no moves at distance 0", hints, d, err)
	}
}

func BenchmarkWalkPath(b *testing.B) {
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		b.Fatal(err)
	}
	start := board.MustParse(tbl.Size(), "8 6 7/2 5 4/3 0 1")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tbl.Path(start); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWalkZeroTable checks that Hints and Path fail on the zero Table
// rather than panic.
func TestWalkZeroTable(t *testing.T) {
	t.Parallel()
	var zero table.Table
	b := board.Goal(board.Size{W: 3, H: 3})
	if _, _, err := zero.Hints(b); err == nil {
		t.Error("Hints on the zero Table succeeded")
	}
	if _, err := zero.Path(b); err == nil {
		t.Error("Path on the zero Table succeeded")
	}
}
