package board_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
)

func TestParseMetric(t *testing.T) {
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		got, err := board.ParseMetric(m.String())
		if err != nil || got != m {
			t.Fatalf("ParseMetric(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := board.ParseMetric("double"); !errors.Is(err, board.ErrMetric) {
		t.Fatalf("ParseMetric(double): %v, want ErrMetric", err)
	}
	if board.Metric(7).Valid() || board.Metric(7).String() != "Metric(7)" {
		t.Fatal("Metric(7) is valid or misnamed")
	}
}

// TestTap checks every tap on every board of 3x2 and 2x3 against the
// single-tile moves it is made of: tapping a tile k cells from the blank
// is the k single moves towards it.
func TestTap(t *testing.T) {
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 3}} {
		b := board.Goal(size)
		for range 200 {
			taps := b.Taps()
			if len(taps) != size.W+size.H-2 {
				t.Fatalf("%v: %d taps, want %d", b, len(taps), size.W+size.H-2)
			}
			for _, tile := range taps {
				got, count, err := b.Tap(tile)
				if err != nil {
					t.Fatal(err)
				}
				dir, err := b.TapDirection(tile)
				if err != nil {
					t.Fatal(err)
				}
				// The same by single moves: towards the tapped tile.
				want := b
				for range count {
					z, i := want.Blank(), want.Index(tile)
					var c int
					switch {
					case i%size.W == z%size.W && i < z:
						c = z - size.W
					case i%size.W == z%size.W:
						c = z + size.W
					case i < z:
						c = z - 1
					default:
						c = z + 1
					}
					// Each single move slides the way of the tap.
					if mv, err := want.MoveOf(want.Cells()[c]); err != nil || mv.Dir != dir {
						t.Fatalf("%v tap %d: TapDirection %v, but a move of it is %v, %v", b, tile, dir, mv, err)
					}
					want, err = want.Move(want.Cells()[c])
					if err != nil {
						t.Fatal(err)
					}
				}
				if got != want || count < 1 || got.Index(tile) == want.Blank() {
					t.Fatalf("%v tap %d: %v after %d, want %v", b, tile, got, count, want)
				}
			}
			next, _, _ := b.Tap(taps[len(taps)/2])
			b = next
		}
		if _, _, err := b.Tap(0); !errors.Is(err, board.ErrIllegalMove) {
			t.Fatalf("Tap(0): %v", err)
		}
		if _, err := b.TapDirection(0); !errors.Is(err, board.ErrIllegalMove) {
			t.Fatalf("TapDirection(0): %v", err)
		}
	}
	b := board.MustParse(board.Size{W: 3, H: 3}, "1 2 3/4 5 6/7 8 0")
	if _, _, err := b.Tap(1); !errors.Is(err, board.ErrIllegalMove) {
		t.Fatalf("Tap(1) off the blank's lines: %v", err)
	}
	if _, err := b.TapDirection(1); !errors.Is(err, board.ErrIllegalMove) {
		t.Fatalf("TapDirection(1) off the blank's lines: %v", err)
	}
	// By hand: with the blank bottom right, 3 and 6 slide down, 7 and 8
	// right; with it top left, 3 and 6 slide up, 1 and 2 left.
	top := board.MustParse(board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8")
	for _, c := range []struct {
		b    board.Board
		want map[uint8]board.Direction
	}{
		{b, map[uint8]board.Direction{3: board.Down, 6: board.Down, 7: board.Right, 8: board.Right}},
		{top, map[uint8]board.Direction{3: board.Up, 6: board.Up, 1: board.Left, 2: board.Left}},
	} {
		for tile, want := range c.want {
			if got, err := c.b.TapDirection(tile); err != nil || got != want {
				t.Errorf("%v: TapDirection(%d) = %v, %v, want %v", c.b, tile, got, err, want)
			}
		}
	}
	if got, want := b.Taps(), []uint8{3, 6, 7, 8}; !slices.Equal(got, want) {
		t.Fatalf("Taps() = %v, want %v", got, want)
	}
}

// TestPlay checks that Play moves one tile in the single-tile metric and
// taps in the multi-tile one, as Move and Tap do, and refuses what they
// refuse.
func TestPlay(t *testing.T) {
	b := board.MustParse(board.Size{W: 3, H: 3}, "1 2 3/4 5 6/7 8 0")
	got, err := b.Play(board.MultiTile, 7)
	if want := board.MustParse(board.Size{W: 3, H: 3}, "1 2 3/4 5 6/0 7 8"); err != nil || got != want {
		t.Errorf("tap 7: %s, %v; want %s", got, err, want)
	}
	got, err = b.Play(board.SingleTile, 8)
	if want, _ := b.Move(8); err != nil || got != want {
		t.Errorf("move 8: %s, %v; want %s", got, err, want)
	}
	if _, err := b.Play(board.SingleTile, 7); !errors.Is(err, board.ErrIllegalMove) {
		t.Errorf("move 7, not next to the blank: %v", err)
	}
	if _, err := b.Play(board.MultiTile, 5); !errors.Is(err, board.ErrIllegalMove) {
		t.Errorf("tap 5, off the blank's row and column: %v", err)
	}
}
