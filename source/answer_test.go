package source

import (
	"context"
	"errors"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
)

// TestAnswerAnswers checks that an Answer answers every question of
// every board of 3x2, by its table and by its search, in both metrics, as
// the reference does: Distance, Path (a solution that reaches the goal in
// that many moves), Hints (each hint one step closer) and Within.
func TestAnswerAnswers(t *testing.T) {
	ctx := context.Background()
	size := board.Size{W: 3, H: 2}
	goal := board.Goal(size)
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		want := reference.DistancesIn(goal, m)
		for _, search := range []bool{false, true} {
			cat, err := NewCatalog(&CatalogOptions{Search: search})
			if err != nil {
				t.Fatal(err)
			}
			a, err := cat.For(ctx, size, m)
			if err != nil {
				t.Fatal(err)
			}
			if a.Exact() == search {
				t.Fatalf("%s, search %v: %s answers", m, search, a)
			}
			for b, d := range want {
				check := func(what string, got int, err error) {
					t.Helper()
					if err != nil || got != d {
						t.Fatalf("%s, %s, %s: %s = %d, %v; the reference says %d", m, a, b, what, got, err, d)
					}
				}
				got, err := a.Distance(ctx, b)
				check("Distance", got, err)
				path, err := a.Path(ctx, b)
				check("len(Path)", len(path), err)
				if end := follow(t, b, path, m); end != goal {
					t.Fatalf("%s, %s, %s: Path %v ends at %s", m, a, b, path, end)
				}
				hints, got, err := a.Hints(ctx, b)
				check("Hints' distance", got, err)
				if (len(hints) == 0) != (d == 0) {
					t.Fatalf("%s, %s, %s: hints %v at distance %d", m, a, b, hints, d)
				}
				for _, h := range hints {
					if next := follow(t, b, []uint8{h}, m); want[next] != d-1 {
						t.Fatalf("%s, %s, %s: hint %d goes to distance %d, not %d", m, a, b, h, want[next], d-1)
					}
				}
				for _, limit := range []int{-1, d, d - 1} {
					path, ok, err := a.Within(ctx, b, limit)
					if err != nil || ok != (limit < 0 || d <= limit) || ok && len(path) != d {
						t.Fatalf("%s, %s, %s at %d: Within(%d) = %v, %v, %v", m, a, b, d, limit, path, ok, err)
					}
				}
			}
			odd := board.MustParse(size, "2 1 3/4 5 0")
			if _, err := a.Distance(ctx, odd); !errors.Is(err, board.ErrUnsolvable) {
				t.Fatalf("%s, %s: an unsolvable board: %v, want board.ErrUnsolvable", m, a, err)
			}
		}
	}
}

// follow plays moves on b (tiles that slide, or in the multi-tile metric
// tiles tapped) and returns where they end.
func follow(t *testing.T, b board.Board, moves []uint8, m board.Metric) board.Board {
	t.Helper()
	for _, tile := range moves {
		next, err := b.Play(m, tile)
		if err != nil {
			t.Fatalf("%s: move %d: %v", b, tile, err)
		}
		b = next
	}
	return b
}
