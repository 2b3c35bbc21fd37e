package board_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

var sentinels = []error{board.ErrSize, board.ErrCellCount, board.ErrSyntax, board.ErrRange,
	board.ErrDuplicate, board.ErrNoBlank, board.ErrMismatch, board.ErrIllegalMove}

// checkError checks that err is the sentinel want and no other, and that
// its message starts "board: " and says msg.
func checkError(t *testing.T, err, want error, msg string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %v", want)
	}
	for _, s := range sentinels {
		if got := errors.Is(err, s); got != (s == want) {
			t.Fatalf("error %q: errors.Is(%v) = %v", err, s, got)
		}
	}
	if !strings.HasPrefix(err.Error(), "board: ") || !strings.Contains(err.Error(), msg) {
		t.Fatalf("error %q, want one that starts %q and says %q", err, "board: ", msg)
	}
}

// TestParseSizeErrors checks each malformed size's message and that
// ParseSize returns the zero Size with it.
func TestParseSizeErrors(t *testing.T) {
	for _, tc := range []struct{ in, msg string }{
		{"", `"" is not written WxH`},
		{"3", `"3" is not written WxH`},
		{"3x", `"3x" is not written WxH`},
		{"x3", `"x3" is not written WxH`},
		{"x", `"x" is not written WxH`},
		{"3x3x3", `"3x3x3" is not written WxH`},
		{"3*3", `"3*3" is not written WxH`},
		{"3 x 3", `"3 x 3" is not written WxH`},
		{"a x b", `"a x b" is not written WxH`},
		{"+3x3", `"+3x3" is not written WxH`},
		{"3x-3", `"3x-3" is not written WxH`},
		{"3.0x3", `"3.0x3" is not written WxH`},
		{"0x3", "0x3: width and height must be at least 2"},
		{"1x1", "1x1: width and height must be at least 2"},
		{"3x1", "3x1: width and height must be at least 2"},
		{"17x16", "17x16 has more than 256 cells"},
		{"2x129", "2x129 has more than 256 cells"},
		{"99999999999999999999x2", `"99999999999999999999x2" has more than 256 cells`},
		{"2x99999999999999999999", `"2x99999999999999999999" has more than 256 cells`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			s, err := board.ParseSize(tc.in)
			checkError(t, err, board.ErrSize, tc.msg)
			if s != (board.Size{}) {
				t.Fatalf("ParseSize(%q) = %v with an error, want the zero Size", tc.in, s)
			}
		})
	}
}

// TestParseBadBoards checks each bad board's sentinel, and that it is the
// only one, and its message.
func TestParseBadBoards(t *testing.T) {
	s3 := board.Size{W: 3, H: 3}
	s2 := board.Size{W: 2, H: 2}
	for _, tc := range []struct {
		name string
		size board.Size
		in   string
		want error
		msg  string
	}{
		{"empty", s3, "", board.ErrCellCount, "3x3 needs 9 numbers, got 0"},
		{"too few", s3, "1 2 3 4 5 6 7 8", board.ErrCellCount, "3x3 needs 9 numbers, got 8"},
		{"too many", s3, "1 2 3 4 5 6 7 8 0 9", board.ErrCellCount, "3x3 needs 9 numbers, got 10"},
		{"too few rows", s3, "1 2 3/4 5 6", board.ErrCellCount, "3x3 needs 3 rows, got 2"},
		{"too many rows", s3, "1 2 3/4 5 6/7 8 0/", board.ErrCellCount, "3x3 needs 3 rows, got 4"},
		{"short row", s3, "1 2 3/4 5/6 7 8 0", board.ErrCellCount, "row 2 has 2 numbers, 3x3 needs 3"},
		{"duplicate", s3, "1 2 3/4 5 6/7 7 0", board.ErrDuplicate, "tile 7 appears twice"},
		{"two blanks", s3, "1 2 3/4 5 6/7 0 0", board.ErrDuplicate, "the blank (0) appears twice"},
		{"out of range", s3, "1 2 3/4 5 6/7 9 0", board.ErrRange, "tile 9 is out of range for 3x3 (tiles are 1..8, 0 is the blank)"},
		{"negative", s3, "1 2 3/4 5 6/7 -8 0", board.ErrRange, "tile -8 is out of range"},
		{"huge", s3, "1 2 3/4 5 6/7 99999999999999999999 0", board.ErrRange, "tile 99999999999999999999 is out of range"},
		{"huge without blank", s2, "1 2 3 99999999999999999999", board.ErrRange, "tile 99999999999999999999 is out of range"},
		{"256", s2, "1 2 256 0", board.ErrRange, "tile 256 is out of range for 2x2"},
		{"no blank", s2, "1 2 3 3", board.ErrNoBlank, "no blank (0) among the 4 numbers"},
		{"word", s3, "1 2 3/4 five 6/7 8 0", board.ErrSyntax, `"five" is not a number`},
		{"float", s2, "1 2 3.0 0", board.ErrSyntax, `"3.0" is not a number`},
		{"semicolons", s2, "1;2;3;0", board.ErrSyntax, `"1;2;3;0" is not a number`},
		{"bad size", board.Size{W: 1, H: 4}, "1 2 3 0", board.ErrSize, "1x4: width and height must be at least 2"},
		{"zero size", board.Size{}, "", board.ErrSize, "0x0: width and height must be at least 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := board.Parse(tc.size, tc.in)
			checkError(t, err, tc.want, tc.msg)
			if !b.IsZero() {
				t.Fatalf("Parse returned %v with an error, want the zero Board", b)
			}
		})
	}
}

// TestParseSeparators reads one board written in several ways.
func TestParseSeparators(t *testing.T) {
	s3 := board.Size{W: 3, H: 3}
	want := board.MustParse(s3, "8 6 7/2 5 4/3 0 1")
	for _, in := range []string{
		"8 6 7 2 5 4 3 0 1",
		"8,6,7,2,5,4,3,0,1",
		"8, 6, 7, 2, 5, 4, 3, 0, 1",
		" 8 6 7 / 2 5 4 / 3 0 1 ",
		"8\t6\t7\n2\t5\t4\r\n3\t0\t1\n",
		"08 6 7/2 5 4/3 0 1",
	} {
		got, err := board.Parse(s3, in)
		if err != nil || got != want {
			t.Fatalf("Parse(%q) = %v, %v, want %v", in, got, err, want)
		}
	}
}

func TestNewErrors(t *testing.T) {
	s2 := board.Size{W: 2, H: 2}
	for _, tc := range []struct {
		name  string
		size  board.Size
		cells []uint8
		want  error
		msg   string
	}{
		{"nil", s2, nil, board.ErrCellCount, "2x2 needs 4 cells, got 0"},
		{"too many", s2, []uint8{1, 2, 3, 0, 4}, board.ErrCellCount, "2x2 needs 4 cells, got 5"},
		{"duplicate", s2, []uint8{1, 2, 2, 0}, board.ErrDuplicate, "tile 2 appears twice"},
		{"range", s2, []uint8{1, 2, 4, 0}, board.ErrRange, "tile 4 is out of range for 2x2"},
		{"byte range", s2, []uint8{1, 2, 255, 0}, board.ErrRange, "tile 255 is out of range"},
		{"bad size", board.Size{W: 2, H: -2}, []uint8{0, 1, 2, 3}, board.ErrSize, "2x-2: width and height must be at least 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := board.New(tc.size, tc.cells)
			checkError(t, err, tc.want, tc.msg)
		})
	}
}

func TestSolvableToMismatch(t *testing.T) {
	a := board.Goal(board.Size{W: 3, H: 2})
	b := board.Goal(board.Size{W: 2, H: 3})
	_, err := a.SolvableTo(b)
	checkError(t, err, board.ErrMismatch, "board is 3x2, goal is 2x3")
}

// TestZeroBoard checks that every method of the zero Board returns without
// panicking, and that Goal panics on a size that Validate refuses, such as
// 20x20, whose tiles would not fit in a byte.
func TestZeroBoard(t *testing.T) {
	var b board.Board
	if got := b.Moves(); len(got) != 0 {
		t.Errorf("Moves() = %v, want none", got)
	}
	if _, err := b.Move(1); !errors.Is(err, board.ErrIllegalMove) {
		t.Errorf("Move(1) = %v, want board.ErrIllegalMove", err)
	}
	if b.Solvable() {
		t.Error("the zero Board is solvable")
	}
	if _, err := b.SolvableTo(board.Board{}); !errors.Is(err, board.ErrSize) {
		t.Errorf("SolvableTo(board.Board{}) = %v, want board.ErrSize", err)
	}
	if got := b.BlankRow(); got != 0 {
		t.Errorf("BlankRow() = %d, want 0", got)
	}
	if b.String() != "" || b.Grid() != "" || b.Blank() != -1 || b.Len() != 0 || b.Inversions() != 0 {
		t.Errorf("String %q Grid %q Blank %d Len %d", b.String(), b.Grid(), b.Blank(), b.Len())
	}
	for _, s := range []board.Size{{W: 20, H: 20}, {W: 1, H: 5}, {W: 17, H: 16}, {W: 1 << 40, H: 1 << 40}, {W: -2, H: -3}} {
		if err := s.Validate(); !errors.Is(err, board.ErrSize) {
			t.Errorf("%v.Validate() = %v, want board.ErrSize", s, err)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Goal(%v) did not panic", s)
				}
			}()
			board.Goal(s)
		}()
	}
}

// TestLongInputClipped checks that a message quotes at most the start of a
// long input, not all of it.
func TestLongInputClipped(t *testing.T) {
	long := strings.Repeat("9", 100_000)
	size := board.Size{W: 3, H: 3}
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"tile", func() error { _, err := board.Parse(size, "1 2 3 4 5 6 7 0 "+long); return err }()},
		{"not a number", func() error { _, err := board.Parse(size, "1 2 3 4 5 6 7 0 x"+long); return err }()},
		{"size", func() error { _, err := board.ParseSize(long + "x3"); return err }()},
		{"size syntax", func() error { _, err := board.ParseSize("é" + long); return err }()},
	} {
		if tc.err == nil || len(tc.err.Error()) > 200 || !strings.Contains(tc.err.Error(), "bytes)") {
			t.Errorf("%s: error of %d bytes: %.300v", tc.name, len(tc.err.Error()), tc.err)
		}
	}
}
