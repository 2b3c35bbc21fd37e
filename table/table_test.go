package table_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

var smallSizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}

// roundTrip builds the table of goal, writes it, and reads it back.
func roundTrip(t *testing.T, goal board.Board) (*table.Table, []byte) {
	t.Helper()
	built, err := table.Build(context.Background(), goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	n, err := built.WriteTo(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(buf.Len()) {
		t.Fatalf("WriteTo returned %d, wrote %d bytes", n, buf.Len())
	}
	read, err := table.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	return read, buf.Bytes()
}

// TestDistanceMatchesReference checks every board of each small size, read
// back from a written file, against the plain reference search.
func TestDistanceMatchesReference(t *testing.T) {
	t.Parallel()
	goals := []board.Board{}
	for _, size := range smallSizes {
		goals = append(goals, board.Goal(size))
	}
	goals = append(goals,
		board.MustParse(board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8"),
		board.MustParse(board.Size{W: 4, H: 2}, "7 6 5 4/3 2 1 0"))
	for _, goal := range goals {
		t.Run(goal.Size().String()+" "+goal.String(), func(t *testing.T) {
			tb, _ := roundTrip(t, goal)
			ref := reference.Distances(goal)
			if tb.Goal() != goal || tb.Size() != goal.Size() {
				t.Fatalf("goal %v size %v, want %v", tb.Goal(), tb.Size(), goal)
			}
			if got, want := tb.Reachable(), uint64(len(ref)); got != want {
				t.Fatalf("Reachable() = %d, want %d", got, want)
			}
			n := goal.Len()
			cells := make([]uint8, n)
			maxDepth := 0
			var sum float64
			for _, d := range ref {
				sum += float64(d)
			}
			if got, want := tb.Mean(), sum/float64(len(ref)); math.Abs(got-want) > 1e-12*want {
				t.Fatalf("Mean() = %v, want %v", got, want)
			}
			for i := range tb.Boards() {
				rank.Unindex(i, cells)
				b, err := board.New(goal.Size(), cells)
				if err != nil {
					t.Fatal(err)
				}
				want, ok := ref[b]
				maxDepth = max(maxDepth, want)
				d, err := tb.Distance(b)
				switch {
				case ok && (err != nil || d != want):
					t.Fatalf("Distance(%v) = %d, %v; want %d", b, d, err, want)
				case !ok && !errors.Is(err, table.ErrUnsolvable):
					t.Fatalf("Distance(%v) = %d, %v; want ErrUnsolvable", b, d, err)
				}
				if s, err := tb.Solvable(b); err != nil || s != ok {
					t.Fatalf("Solvable(%v) = %v, %v; want %v", b, s, err, ok)
				}
				if d, found := tb.Lookup(i); found != ok || (ok && d != want) {
					t.Fatalf("Lookup(%d) = %d, %v; want %d, %v", i, d, found, want, ok)
				}
			}
			if tb.Max() != maxDepth {
				t.Fatalf("Max() = %d, want %d", tb.Max(), maxDepth)
			}
		})
	}
}

// TestPublishedDistribution compares the 3x3 distribution with the one
// published for the 8-puzzle (OEIS A089473).
func TestPublishedDistribution(t *testing.T) {
	t.Parallel()
	published := []uint64{1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485,
		5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2}
	tb, _ := roundTrip(t, board.Goal(board.Size{W: 3, H: 3}))
	counts := tb.Counts()
	if len(counts) != len(published) {
		t.Fatalf("%d distances, want %d", len(counts), len(published))
	}
	for d, c := range counts {
		if c != published[d] {
			t.Fatalf("%d boards at distance %d, want %d", c, d, published[d])
		}
	}
}

func TestDeterministic(t *testing.T) {
	t.Parallel()
	goal := board.Goal(board.Size{W: 4, H: 2})
	_, a := roundTrip(t, goal)
	_, b := roundTrip(t, goal)
	if !bytes.Equal(a, b) {
		t.Fatal("two writes of the same table differ")
	}
}

func TestWrongSize(t *testing.T) {
	t.Parallel()
	tb, _ := roundTrip(t, board.Goal(board.Size{W: 2, H: 2}))
	b := board.Goal(board.Size{W: 3, H: 2})
	if _, err := tb.Distance(b); !errors.Is(err, board.ErrMismatch) {
		t.Fatalf("Distance of a 3x2 board in a 2x2 table: error = %v, want ErrMismatch", err)
	}
	if _, err := tb.Solvable(b); !errors.Is(err, board.ErrMismatch) {
		t.Fatalf("Solvable of a 3x2 board in a 2x2 table: error = %v, want ErrMismatch", err)
	}
	if _, ok := tb.Lookup(1 << 40); ok {
		t.Fatal("Lookup out of range reported a board")
	}
}

func TestWriteFileAndOpen(t *testing.T) {
	t.Parallel()
	tb, want := roundTrip(t, board.Goal(board.Size{W: 3, H: 2}))
	path := filepath.Join(t.TempDir(), "3x2.tbl")
	if _, err := table.WriteFile(context.Background(), path, tb); err != nil {
		t.Fatal(err)
	}
	got, err := table.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	var buf bytes.Buffer
	if _, err := got.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatal("a table read from a file writes different bytes")
	}
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*"))
	if len(matches) != 1 {
		t.Fatalf("files left beside the table: %v", matches)
	}
	if _, err := table.Open(filepath.Join(t.TempDir(), "missing.tbl")); err == nil {
		t.Fatal("Open of a missing file succeeded")
	}
}

func TestCheckParity(t *testing.T) {
	t.Parallel()
	for _, size := range smallSizes {
		tb, _ := roundTrip(t, board.Goal(size))
		rep, err := tb.CheckParity(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if rep.Permutations != rank.Factorial(size.Cells()) || rep.Reachable != rep.Permutations/2 || rep.Mismatches != 0 {
			t.Fatalf("%s: %+v", size, rep)
		}
	}
}
