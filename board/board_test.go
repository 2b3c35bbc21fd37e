package board_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/rank"
)

var (
	s2x2 = board.Size{W: 2, H: 2}
	s3x3 = board.Size{W: 3, H: 3}
	s4x4 = board.Size{W: 4, H: 4}
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want board.Size
	}{
		{"3x3", board.Size{W: 3, H: 3}},
		{"4x2", board.Size{W: 4, H: 2}},
		{" 2X5 ", board.Size{W: 2, H: 5}},
		{"16x16", board.Size{W: 16, H: 16}},
	} {
		got, err := board.ParseSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseSize(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		if got.String() != fmt.Sprintf("%dx%d", tc.want.W, tc.want.H) {
			t.Errorf("%v.String() = %q", got, got.String())
		}
	}
	for _, in := range []string{"", "3", "3x", "x3", "1x3", "3x1", "0x0", "-2x3", "axb", "3x3x3", "17x16"} {
		if _, err := board.ParseSize(in); !errors.Is(err, board.ErrSize) {
			t.Errorf("ParseSize(%q) error = %v, want ErrSize", in, err)
		}
	}
}

func TestParseForms(t *testing.T) {
	want := board.Goal(s3x3)
	for _, in := range []string{
		"1 2 3 4 5 6 7 8 0",
		"1,2,3,4,5,6,7,8,0",
		"1, 2, 3,4 5 6 7\t8 0",
		"1 2 3/4 5 6/7 8 0",
		" 1 2 3 / 4 5 6 / 7 8 0 ",
		"1,2,3/4,5,6/7,8,0",
	} {
		got, err := board.Parse(s3x3, in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if got != want {
			t.Errorf("Parse(%q) = %v, want %v", in, got, want)
		}
	}
	if got, want := want.String(), "1 2 3/4 5 6/7 8 0"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := board.MustParse(s2x2, "3 1/0 2").Grid(), "3 1\n. 2\n"; got != want {
		t.Errorf("Grid() = %q, want %q", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want error
		msg  string
	}{
		{"1 2 3 4 5 6 7 8", board.ErrCellCount, "board: 3x3 needs 9 numbers, got 8"},
		{"1 2 3 4 5 6 7 7 0", board.ErrDuplicate, "board: tile 7 appears twice"},
		{"1 2 3 4 5 6 7 9 0", board.ErrRange, "board: tile 9 is out of range for 3x3 (tiles are 1..8, 0 is the blank)"},
		{"1 2 3 4 5 6 7 8 9", board.ErrRange, "board: tile 9 is out of range for 3x3 (tiles are 1..8, 0 is the blank)"},
		{"1 2 3 4 5 6 7 8 8", board.ErrNoBlank, "board: no blank (0) among the 9 numbers"},
		{"foo", board.ErrSyntax, `board: "foo" is not a number`},
		{"# comment", board.ErrSyntax, `board: "#" is not a number`},
		{"1 2 3 4 x 6 7 8 0", board.ErrSyntax, `board: "x" is not a number`},
		{"1 2 3/4 5 6 7/8 0", board.ErrCellCount, "board: row 2 has 4 numbers, 3x3 needs 3"},
		{"1 2 3/4 5 6", board.ErrCellCount, "board: 3x3 needs 3 rows, got 2"},
	} {
		_, err := board.Parse(s3x3, tc.in)
		if !errors.Is(err, tc.want) {
			t.Errorf("Parse(%q) error = %v, want %v", tc.in, err, tc.want)
			continue
		}
		if err.Error() != tc.msg {
			t.Errorf("Parse(%q) error = %q, want %q", tc.in, err, tc.msg)
		}
	}
}

func TestMoves(t *testing.T) {
	b := board.MustParse(s3x3, "1 2 3/4 0 5/6 7 8")
	if got, want := fmt.Sprint(b.Moves()), "[2 7 4 5]"; got != want {
		t.Fatalf("Moves() = %s, want %s", got, want)
	}
	next, err := b.Move(7)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := next.String(), "1 2 3/4 7 5/6 0 8"; got != want {
		t.Fatalf("Move(7) = %s, want %s", got, want)
	}
	if _, err := b.Move(1); !errors.Is(err, board.ErrIllegalMove) {
		t.Fatalf("Move(1) error = %v, want ErrIllegalMove", err)
	}
	if _, err := b.Move(0); !errors.Is(err, board.ErrIllegalMove) {
		t.Fatalf("Move(0) error = %v, want ErrIllegalMove", err)
	}
	// The blank at the end of a row must not wrap to the next row.
	edge := board.MustParse(s3x3, "1 2 0/3 4 5/6 7 8")
	if _, err := edge.Move(3); !errors.Is(err, board.ErrIllegalMove) {
		t.Fatalf("Move across the row end: error = %v, want ErrIllegalMove", err)
	}
	back, err := next.Apply(7, 5, 8)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := back.String(), "1 2 3/4 5 8/6 7 0"; got != want {
		t.Fatalf("Apply = %s, want %s", got, want)
	}
}

func TestJSON(t *testing.T) {
	b, err := json.Marshal(board.Goal(s2x2))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), "[1,2,3,0]"; got != want {
		t.Fatalf("json = %s, want %s", got, want)
	}
}

// TestSolvableMatchesSearch checks the parity formula against the boards a
// plain breadth-first search reaches, for every permutation of each small
// board and for goals other than the standard one.
func TestSolvableMatchesSearch(t *testing.T) {
	for _, tc := range []struct {
		size board.Size
		goal string
	}{
		{board.Size{W: 2, H: 2}, ""},
		{board.Size{W: 3, H: 2}, ""},
		{board.Size{W: 2, H: 3}, ""},
		{board.Size{W: 4, H: 2}, ""},
		{board.Size{W: 2, H: 4}, ""},
		{board.Size{W: 3, H: 3}, ""},
		{board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8"},
		{board.Size{W: 4, H: 2}, "1 2 3 4/5 6 0 7"},
		{board.Size{W: 2, H: 4}, "0 1/2 3/4 5/6 7"},
	} {
		t.Run(tc.size.String()+" "+tc.goal, func(t *testing.T) {
			goal := board.Goal(tc.size)
			if tc.goal != "" {
				goal = board.MustParse(tc.size, tc.goal)
			}
			reach := reference.Distances(goal)
			n := tc.size.Cells()
			cells := make([]uint8, n)
			for i := range rank.Factorial(n) {
				rank.Unindex(i, cells)
				b, err := board.New(tc.size, cells)
				if err != nil {
					t.Fatal(err)
				}
				_, want := reach[b]
				got, err := b.SolvableTo(goal)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("%v.SolvableTo(%v) = %v, search says %v", b, goal, got, want)
				}
				if tc.goal == "" && b.Solvable() != want {
					t.Fatalf("%v.Solvable() = %v, search says %v", b, !want, want)
				}
			}
		})
	}
}

func TestSolvableLarge(t *testing.T) {
	for _, tc := range []struct {
		size board.Size
		in   string
		want bool
	}{
		{s4x4, "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0", true},
		{s4x4, "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", false}, // Sam Loyd's 14-15
		{s4x4, "1 2 3 4/5 6 7 8/9 10 11 0/13 14 15 12", true},
		{s4x4, "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", true},
		{board.Size{W: 5, H: 5}, "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 24 23 0", false},
		{board.Size{W: 5, H: 5}, "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 0/21 22 23 24 20", true},
	} {
		b := board.MustParse(tc.size, tc.in)
		if got := b.Solvable(); got != tc.want {
			t.Errorf("%v.Solvable() = %v, want %v", b, got, tc.want)
		}
	}
	if _, err := board.Goal(s3x3).SolvableTo(board.Goal(s4x4)); !errors.Is(err, board.ErrMismatch) {
		t.Errorf("SolvableTo across sizes: error = %v, want ErrMismatch", err)
	}
}

func TestNewCopies(t *testing.T) {
	cells := []uint8{1, 2, 3, 0}
	b, err := board.New(s2x2, cells)
	if err != nil {
		t.Fatal(err)
	}
	cells[0] = 9
	if b.At(0) != 1 {
		t.Fatal("New kept a reference to the caller's slice")
	}
	c := b.Cells()
	c[0] = 9
	if b.At(0) != 1 {
		t.Fatal("Cells returned the board's own storage")
	}
}
