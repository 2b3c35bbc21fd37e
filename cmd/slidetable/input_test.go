package main

import (
	"strings"
	"testing"
)

// TestBoardsReadBack pipes every kind of line gen and levels print into
// the commands that read boards, which must answer each line: what one
// command prints, another reads back.
func TestBoardsReadBack(t *testing.T) {
	t.Parallel()
	for _, genArgs := range [][]string{
		{"gen", "-n", "5", "-seed", "1", "3x3"},
		{"gen", "-method", "walk", "-k", "12", "-n", "5", "-seed", "1", "3x3"},
		{"gen", "-json", "-n", "5", "-seed", "1", "3x3"},
		{"gen", "-json", "-method", "walk", "-k", "12", "-n", "5", "-seed", "1", "3x3"},
		{"levels", "-min", "12", "-max", "12", "-n", "5", "-seed", "1", "3x3"},
		{"levels", "-json", "-min", "12", "-max", "12", "-n", "5", "-seed", "1", "3x3"},
	} {
		code, lines, stderr := slidetable(t, "", genArgs...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", genArgs, code, stderr)
		}
		for _, cmd := range []string{"distance", "solve", "hint", "solvable"} {
			args := []string{cmd, "3x3", "-"}
			if cmd == "solvable" {
				// solvable takes one board: each line as its argument.
				for _, line := range strings.Split(strings.TrimSpace(lines), "\n") {
					if code, out, stderr := slidetable(t, "", cmd, "3x3", line); code != 0 || strings.TrimSpace(out) != "true" {
						t.Errorf("%v | %s %q: exit %d, %q %q", genArgs, cmd, line, code, out, stderr)
					}
				}
				continue
			}
			code, out, stderr := slidetable(t, lines, args...)
			if code != 0 {
				t.Errorf("%v | %v: exit %d: %s", genArgs, args, code, stderr)
				continue
			}
			if cmd == "distance" && strings.Count(out, "\n") != 5 {
				t.Errorf("%v | %v: %q, want 5 lines", genArgs, args, out)
			}
			if cmd == "distance" && genArgs[0] == "levels" && out != strings.Repeat("12\n", 5) {
				t.Errorf("%v | %v: %q, want 12 five times", genArgs, args, out)
			}
		}
	}
}

func TestParseBoardErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"foo", `"foo" is not a number`},
		{"# comment", `"#" is not a number`},
		{"1 2 3 4 5 6 7 8 99999999999999999999", "tile 99999999999999999999 is out of range"},
		{`{"size":"4x4","board":[0]}`, "a 4x4 board, where 3x3 was asked for"},
		{`{"moves":[1]}`, `without a "board"`},
		{`{"board":`, "not a board, nor a JSON object"},
		{`{"board":[1,2,3,4,5,6,7,8,300]}`, "tile 300 is out of range"},
		{"12  1 2 3/4 5 6/7 8", "row 3 has 2 numbers"}, // a line of levels, its board short

	} {
		code, _, stderr := slidetable(t, tc.in+"\n", "distance", "3x3", "-")
		if code != exitUsage || !strings.Contains(stderr, "line 1: ") || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q on standard input: exit %d, %q; want %d and %q", tc.in, code, stderr, exitUsage, tc.want)
		}
		code, _, stderr = slidetable(t, "", "distance", "3x3", tc.in)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q as the board: exit %d, %q; want %d and %q", tc.in, code, stderr, exitUsage, tc.want)
		}
	}
}
