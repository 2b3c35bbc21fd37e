package source_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/source"
)

// TestBuildCells asks a catalogue about a goal of its own: with
// BuildCells it answers from a table built for the question, exact on
// every board against the plain search, and after a build cut short by
// its context builds it on the next question; without, and for a size
// beyond BuildCells, it searches.
func TestBuildCells(t *testing.T) {
	goal := board.MustParse(board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8")
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		cat, err := source.NewCatalog(&source.CatalogOptions{Goals: []board.Board{goal}, BuildCells: 10})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := cat.For(ctx, goal.Size(), m); !errors.Is(err, context.Canceled) {
			t.Fatalf("%v, a question whose context ended: %v", m, err)
		}
		ans, err := cat.For(context.Background(), goal.Size(), m)
		var origin *source.Source
		if err == nil {
			origin, err = ans.Origin(context.Background())
		}
		if err != nil || ans.Table == nil || origin == nil || origin.Origin != source.Computed || ans.Goal != goal {
			t.Fatalf("%v: %+v, %v; want a table built for the goal", m, ans, err)
		}
		ref := reference.DistancesIn(goal, m)
		if got := ans.Table.Reachable(); got != uint64(len(ref)) {
			t.Fatalf("%v: %d boards reach the goal, the plain search says %d", m, got, len(ref))
		}
		for b, want := range ref {
			if d, err := ans.Table.Distance(b); err != nil || d != want {
				t.Fatalf("%v: %v at %d, %v; the plain search says %d", m, b, d, err, want)
			}
		}
	}
	cat, err := source.NewCatalog(&source.CatalogOptions{Goals: []board.Board{goal}})
	if err != nil {
		t.Fatal(err)
	}
	if ans, err := cat.Prepare(context.Background(), goal.Size(), board.SingleTile); err != nil || ans.Table != nil || ans.Kind() != source.ComputedBound {
		t.Errorf("without BuildCells: %+v, %v; want a search", ans, err)
	}
	twelve := board.MustParse(board.Size{W: 4, H: 3}, "0 1 2 3/4 5 6 7/8 9 10 11")
	cat, err = source.NewCatalog(&source.CatalogOptions{Goals: []board.Board{twelve}, BuildCells: 10})
	if err != nil {
		t.Fatal(err)
	}
	if ans, err := cat.Prepare(context.Background(), twelve.Size(), board.SingleTile); err != nil || ans.Table != nil || ans.Kind() != source.ComputedBound {
		t.Errorf("12 cells with BuildCells 10: %+v, %v; want a search", ans, err)
	}
}

// TestBuild builds tables through the one entry, in both metrics, and
// checks every board of each against the plain search, as read back from
// the file written and from the bytes of WriteTo, which must be the
// file's; the progress must end at every board, and a path that is not a
// regular file is refused and left as it was.
func TestBuild(t *testing.T) {
	dir := t.TempDir()
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		goal := board.MustParse(board.Size{W: 3, H: 2}, "1 0 2/3 4 5")
		var last source.BuildProgress
		built, err := source.Build(context.Background(), goal, m, &source.BuildOptions{Progress: func(p source.BuildProgress) { last = p }})
		if err != nil {
			t.Fatal(err)
		}
		if built.Kind != source.Table || built.Goal != goal || built.Metric != m {
			t.Fatalf("%v: built %v of %v in %v", m, built.Kind, built.Goal, built.Metric)
		}
		ref := reference.DistancesIn(goal, m)
		if last.Done != uint64(len(ref)) || last.Total != 360 || !strings.HasPrefix(last.Stage, "depth ") {
			t.Errorf("%v: last progress %+v, want %d of 360 boards", m, last, len(ref))
		}
		path := filepath.Join(dir, m.String()+".tbl")
		if _, err := built.WriteFile(context.Background(), path); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := built.WriteTo(context.Background(), &buf); err != nil {
			t.Fatal(err)
		}
		file, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(file, buf.Bytes()) {
			t.Fatalf("%v: WriteTo wrote %d bytes, WriteFile %d (%v), not the same", m, buf.Len(), len(file), err)
		}
		src, err := source.NewResolver(nil).Open(context.Background(), path)
		if err != nil || src.Table == nil {
			t.Fatalf("%v: read back: %v", m, err)
		}
		for b, want := range ref {
			if d, err := src.Table.Distance(b); err != nil || d != want {
				t.Fatalf("%v: %v at %d, %v; the plain search says %d", m, b, d, err, want)
			}
		}
		want := fmt.Sprintf("3x2, %d boards reach goal 1 0 2/3 4 5, God's number", len(ref))
		if got := built.Describe(uint64(len(file))); !strings.HasPrefix(got, want) {
			t.Errorf("%v: Describe: %q, want it to start %q", m, got, want)
		}
		if _, err := built.WriteFile(context.Background(), dir); !errors.Is(err, source.ErrNotRegular) {
			t.Errorf("%v: WriteFile to a folder: %v, want ErrNotRegular", m, err)
		}
	}
	if _, err := source.Build(context.Background(), board.Goal(board.Size{W: 5, H: 5}), board.MultiTile, nil); !errors.Is(err, source.ErrNoBuild) {
		t.Errorf("5x5 in multi-tile moves: %v, want ErrNoBuild", err)
	}
}
