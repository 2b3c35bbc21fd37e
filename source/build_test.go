package source_test

import (
	"context"
	"errors"
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
		if err != nil || ans.Table == nil || ans.Source == nil || ans.Source.Origin != source.Computed || ans.Goal != goal {
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
	if ans, err := cat.For(context.Background(), goal.Size(), board.SingleTile); err != nil || ans.Table != nil || ans.Search == nil {
		t.Errorf("without BuildCells: %+v, %v; want a search", ans, err)
	}
	twelve := board.MustParse(board.Size{W: 4, H: 3}, "0 1 2 3/4 5 6 7/8 9 10 11")
	cat, err = source.NewCatalog(&source.CatalogOptions{Goals: []board.Board{twelve}, BuildCells: 10})
	if err != nil {
		t.Fatal(err)
	}
	if ans, err := cat.For(context.Background(), twelve.Size(), board.SingleTile); err != nil || ans.Table != nil || ans.Search == nil {
		t.Errorf("12 cells with BuildCells 10: %+v, %v; want a search", ans, err)
	}
}
