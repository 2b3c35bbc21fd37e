package table

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/rank"
)

// multiSizes are the boards whose multi-tile tables the tests check
// against the reference search.
var multiSizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}}

// TestMultiBuild checks every distance of the multi-tile tables against the
// plain search of package reference, and that they survive writing and
// reading, in one go and a few slots a block, in encoding 4.
func TestMultiBuild(t *testing.T) {
	t.Parallel()
	for _, size := range multiSizes {
		goal := board.Goal(size)
		tb, err := Build(context.Background(), goal, &bfs.Options{Metric: board.MultiTile})
		if err != nil {
			t.Fatal(err)
		}
		if tb.Metric() != board.MultiTile {
			t.Fatalf("%s: metric %v", size, tb.Metric())
		}
		ref := reference.DistancesIn(goal, board.MultiTile)
		cells := make([]uint8, size.Cells())
		for i := range tb.Boards() {
			rank.Unindex(i, cells)
			b, _ := board.New(size, cells)
			d, ok := tb.Lookup(i)
			if want, wok := ref[b]; ok != wok || ok && d != want {
				t.Fatalf("%s: %v at %d, %v; want %d, %v", size, b, d, ok, want, wok)
			}
		}
		for _, ws := range []uint64{blockSlots, 37} {
			tb := withWrite(tb, writeSettings{slots: ws})
			var buf bytes.Buffer
			if _, err := tb.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			h, err := readHeader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			if err != nil {
				t.Fatal(err)
			}
			if h.scheme != schemeMulti || h.encoding != encodingMultiRows {
				t.Fatalf("%s: scheme %d, encoding %d", size, h.scheme, h.encoding)
			}
			back, err := NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			if err != nil {
				t.Fatal(err)
			}
			if back.Metric() != board.MultiTile || !slices.Equal(back.depth, tb.depth) || !slices.Equal(back.reach, tb.reach) {
				t.Fatalf("%s, %d slots a block: the table read back differs", size, ws)
			}
			// The file writer, which streams and goes back to the header.
			path := filepath.Join(t.TempDir(), "t.tbl")
			if _, err := WriteFile(context.Background(), path, tb); err != nil {
				t.Fatal(err)
			}
			if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, buf.Bytes()) {
				t.Fatalf("%s, %d slots a block: WriteFile differs from WriteTo: %v", size, ws, err)
			}
		}
	}
}

// TestMultiWalk checks the hints and paths of the multi-tile tables against
// the reference search: every board's hints are exactly its taps to a
// board one closer, and its path, played tap by tap, reaches the goal in
// its distance.
func TestMultiWalk(t *testing.T) {
	t.Parallel()
	for _, size := range multiSizes {
		goal := board.Goal(size)
		tb, err := Build(context.Background(), goal, &bfs.Options{Metric: board.MultiTile})
		if err != nil {
			t.Fatal(err)
		}
		ref := reference.DistancesIn(goal, board.MultiTile)
		for b, d := range ref {
			hints, hd, err := tb.Hints(b)
			if err != nil || hd != d {
				t.Fatalf("%s: Hints(%v) = %v, %d, %v; want distance %d", size, b, hints, hd, err, d)
			}
			var want []uint8
			for _, tile := range b.Taps() {
				if next, _, _ := b.Tap(tile); ref[next] == d-1 {
					want = append(want, tile)
				}
			}
			if !slices.Equal(hints, want) {
				t.Fatalf("%s: Hints(%v) = %v, want %v", size, b, hints, want)
			}
			path, err := tb.Path(b)
			if err != nil || len(path) != d {
				t.Fatalf("%s: Path(%v) = %v, %v; want %d moves", size, b, path, err, d)
			}
			at := b
			for _, tile := range path {
				if at, _, err = at.Tap(tile); err != nil {
					t.Fatalf("%s: Path(%v) = %v: %v", size, b, path, err)
				}
			}
			if at != goal {
				t.Fatalf("%s: Path(%v) = %v ends at %v", size, b, path, at)
			}
		}
	}
}

// TestMultiBounds checks, on every board of every table of up to 10 cells,
// that the multi-tile distance is at most the single-tile one and at least
// that divided by max(w-1, h-1), since no move slides more tiles.
func TestMultiBounds(t *testing.T) {
	t.Parallel()
	sizes := append(slices.Clone(multiSizes), board.Size{W: 2, H: 4})
	if testenv.IsLong() {
		sizes = append(sizes, board.Size{W: 5, H: 2}, board.Size{W: 2, H: 5})
	}
	for _, size := range sizes {
		goal := board.Goal(size)
		single, err := Build(context.Background(), goal, nil)
		if err != nil {
			t.Fatal(err)
		}
		multi, err := Build(context.Background(), goal, &bfs.Options{Metric: board.MultiTile})
		if err != nil {
			t.Fatal(err)
		}
		checkBounds(t, single, multi)
	}
}

// checkBounds checks the bounds of TestMultiBounds on every board of two
// tables of one size and goal.
func checkBounds(t *testing.T, single, multi *Table) {
	t.Helper()
	size := single.Size()
	most := uint64(max(size.W-1, size.H-1))
	for i := range single.Boards() {
		s, ok := single.Lookup(i)
		m, mok := multi.Lookup(i)
		if ok != mok {
			t.Fatalf("%s: board %d reachable %v in one metric, %v in the other", size, i, ok, mok)
		}
		if ok && (m > s || uint64(m)*most < uint64(s)) {
			t.Fatalf("%s: board %d at %d single-tile moves, %d multi-tile", size, i, s, m)
		}
	}
}
