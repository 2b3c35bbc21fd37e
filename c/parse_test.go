package main

import (
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestQuickParse reads boards written in many ways, good and bad, and
// requires parseLine to read each as board.Parse does: the same board, or
// the same message.
func TestQuickParse(t *testing.T) {
	three := board.Size{W: 3, H: 3}
	lines := []string{
		"8 6 7/2 5 4/3 0 1", "8,6,7,2,5,4,3,0,1", " 8  6 7 / 2 5 4 /3 0 1 ", "8\t6\t7\t2\t5\t4\t3\t0\t1\r",
		"008 6 7 2 5 4 3 0 1", "8 6 7/2 5 4/3 . 1", "+8 6 7 2 5 4 3 0 1", "8 6 7/2 5 4 3 0 1", "8 6 7/2 5 4/3 0 1/",
		"8 6 7 2 5 4 3 0", "8 6 7 2 5 4 3 0 1 9", "8 6 7 2 5 4 3 0 9", "8 6 7 2 5 4 3 7 1", "8 6 7 2 5 4 3 1 2",
		"1000 6 7 2 5 4 3 0 1", "256 6 7 2 5 4 3 0 1", "", "/", "//", "8 6 7//2 5 4 3 0 1", "x", "8;6;7;2;5;4;3;0;1",
	}
	for _, line := range lines {
		checkParse(t, three, line)
	}
	checkParse(t, board.Size{W: 16, H: 16}, board.Goal(board.Size{W: 16, H: 16}).String())
}

func checkParse(t *testing.T, size board.Size, line string) {
	t.Helper()
	got, gerr := parseLine(size, []byte(line), make([]uint8, size.Cells()))
	want, werr := board.Parse(size, line)
	if got != want || (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
		t.Errorf("%q: parseLine gives %v, %v; board.Parse %v, %v", line, got, gerr, want, werr)
	}
}

// FuzzQuickParse requires quickParse to read any line it takes as
// board.Parse does.
func FuzzQuickParse(f *testing.F) {
	for _, s := range []string{"8 6 7/2 5 4/3 0 1", "1,2,3,0", "3 1/2 0", " 2  1 3 0 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 3}, {W: 2, H: 3}} {
			if strings.Contains(line, "\n") {
				return
			}
			checkParse(t, size, line)
		}
	})
}
