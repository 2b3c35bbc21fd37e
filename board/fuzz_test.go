package board_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// oneSentinel reports whether err is exactly one of the package's
// sentinels and reads "board: ...".
func oneSentinel(err error) bool {
	n := 0
	for _, s := range sentinels {
		if errors.Is(err, s) {
			n++
		}
	}
	return n == 1 && strings.HasPrefix(err.Error(), "board: ")
}

// FuzzParse parses arbitrary sizes and boards. Neither parser may panic;
// errors are one sentinel each; an accepted size or board prints to text
// that parses back to it, and an accepted board is a permutation whose
// moves and parity agree with each other.
func FuzzParse(f *testing.F) {
	for _, s := range [][2]string{
		{"3x3", "8 6 7/2 5 4/3 0 1"},
		{"2x2", "1 2 3 0"},
		{"4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"},
		{"3x3", "1,2,3,4,5,6,7,8,0"},
		{"2x3", "1 2/3 4/5 0"},
		{"3x2", " 0, 1 ,2/ 3 4 5 "},
		{"16x16", ""},
		{"3x3", "1 2 3/4 5 6/7 7 0"},
		{"3x3", "1 2 3/4 5 6/7 9 0"},
		{"3x", "1 2 3 0"},
		{"+2x2", "-0 +1 2 3"},
		{"2x2", "99999999999999999999 1 2 3"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, sizeText, text string) {
		size, err := board.ParseSize(sizeText)
		if err != nil {
			if !errors.Is(err, board.ErrSize) || !oneSentinel(err) {
				t.Fatalf("ParseSize(%q): error %q is not ErrSize alone", sizeText, err)
			}
			size = board.Size{W: 3, H: 3} // parse the board anyway
		} else if again, err := board.ParseSize(size.String()); err != nil || again != size {
			t.Fatalf("ParseSize(%q) = %v, but ParseSize(%q) = %v, %v", sizeText, size, size.String(), again, err)
		}

		b, err := board.Parse(size, text)
		if err != nil {
			if !oneSentinel(err) {
				t.Fatalf("Parse(%v, %q): error %q is not one sentinel", size, text, err)
			}
			return
		}
		if b.Size() != size || b.Len() != size.Cells() {
			t.Fatalf("Parse(%v, %q) gave a %v board of %d cells", size, text, b.Size(), b.Len())
		}
		seen := make([]bool, b.Len())
		for i := range b.Len() {
			c := b.At(i)
			if int(c) >= b.Len() || seen[c] {
				t.Fatalf("Parse(%v, %q) = %v: not a permutation", size, text, b)
			}
			seen[c] = true
		}
		for _, form := range []string{b.String(), strings.Join(strings.Fields(strings.ReplaceAll(b.String(), "/", " ")), ",")} {
			if again, err := board.Parse(size, form); err != nil || again != b {
				t.Fatalf("Parse(%v, %q) = %v, but Parse(%q) = %v, %v", size, text, b, form, again, err)
			}
		}
		if again, err := board.New(size, b.Cells()); err != nil || again != b {
			t.Fatalf("New(%v) = %v, %v, want %v", b.Cells(), again, err, b)
		}
		var cells []int
		if j, err := json.Marshal(b); err != nil || json.Unmarshal(j, &cells) != nil || len(cells) != b.Len() {
			t.Fatalf("MarshalJSON(%v) = %s, %v", b, j, err)
		}
		_ = b.Grid()
		goal := board.Goal(size)
		if ok, err := b.SolvableTo(goal); err != nil || ok != b.Solvable() {
			t.Fatalf("%v: Solvable() = %v, SolvableTo(goal) = %v, %v", b, b.Solvable(), ok, err)
		}
		for _, m := range b.Moves() {
			next, err := b.Move(m)
			if err != nil {
				t.Fatalf("%v: move %d: %v", b, m, err)
			}
			if back, err := next.Move(m); err != nil || back != b {
				t.Fatalf("%v: move %d and back gave %v, %v", b, m, back, err)
			}
			if next.Solvable() != b.Solvable() {
				t.Fatalf("%v: move %d changed solvability", b, m)
			}
		}
	})
}
