package table_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/table"
)

// TestBadLookups asks a 3x2 table about boards of other sizes and indices
// out of range: errors that name both sizes, and no answers.
func TestBadLookups(t *testing.T) {
	t.Parallel()
	tb, _ := load(t, 3, 2)
	for _, b := range []board.Board{
		board.Goal(board.Size{W: 2, H: 3}),
		board.Goal(board.Size{W: 2, H: 2}),
		board.Goal(board.Size{W: 3, H: 3}),
		{}, // the zero Board
	} {
		d, err := tb.Distance(b)
		if !errors.Is(err, board.ErrMismatch) || d != -1 {
			t.Fatalf("Distance(%v board) = %d, %v, want -1, ErrMismatch", b.Size(), d, err)
		}
		if want := "board is " + b.Size().String() + ", table is 3x2"; !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
		if ok, err := tb.Solvable(b); ok || !errors.Is(err, board.ErrMismatch) {
			t.Fatalf("Solvable(%v board) = %v, %v, want false, ErrMismatch", b.Size(), ok, err)
		}
	}
	for _, i := range []uint64{tb.Boards(), tb.Boards() + 63, tb.Boards() + 64, 1 << 40, ^uint64(0)} {
		if d, ok := tb.Lookup(i); ok || d != -1 {
			t.Fatalf("Lookup(%d) of %d boards = %d, %v, want -1, false", i, tb.Boards(), d, ok)
		}
	}
	if _, err := tb.Distance(board.MustParse(board.Size{W: 3, H: 2}, "2 1 3/4 5 0")); !errors.Is(err, table.ErrUnsolvable) {
		t.Fatalf("Distance of an unsolvable board: %v, want ErrUnsolvable", err)
	}
}
