package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
)

type solveOut struct {
	Board    []int `json:"board"`
	Solvable bool  `json:"solvable"`
	Distance *int  `json:"distance"`
	Moves    []int `json:"moves"`
}

func boardOf(t *testing.T, size board.Size, cells []int) board.Board {
	t.Helper()
	c := make([]uint8, len(cells))
	for i, v := range cells {
		c[i] = uint8(v)
	}
	b, err := board.New(size, c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSolveJSON checks 'solve -json' on every board of the small sizes and on
// a sample of 3x3: the moves replayed from the board reach the goal, there
// are distance of them, and distance is the reference search's.
func TestSolveJSON(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}} {
		goal := board.Goal(size)
		ref := reference.Distances(goal)
		step := 1
		if size.Cells() == 9 {
			step = 1500
		}
		k := 0
		for b, want := range ref {
			if k++; k%step != 0 {
				continue
			}
			code, stdout, stderr := slidetable(t, "", "solve", "-json", size.String(), b.String())
			if code != 0 {
				t.Fatalf("solve %s: exit %d: %s", b, code, stderr)
			}
			var out solveOut
			if err := json.Unmarshal([]byte(stdout), &out); err != nil {
				t.Fatalf("solve %s: %v: %q", b, err, stdout)
			}
			if got := boardOf(t, size, out.Board); got != b || !out.Solvable || out.Distance == nil {
				t.Fatalf("solve %s: %s", b, stdout)
			}
			if *out.Distance != want || len(out.Moves) != want {
				t.Fatalf("solve %s: distance %d with %d moves, the reference says %d", b, *out.Distance, len(out.Moves), want)
			}
			end := b
			for _, m := range out.Moves {
				next, err := end.Move(uint8(m))
				if err != nil {
					t.Fatalf("solve %s: moves %v: %v", b, out.Moves, err)
				}
				end = next
			}
			if end != goal {
				t.Fatalf("solve %s: moves %v end at %s", b, out.Moves, end)
			}
		}
	}
}

func TestSolveText(t *testing.T) {
	t.Parallel()
	code, stdout, _ := slidetable(t, "", "solve", "3x3", "4 1 3/7 2 6/0 5 8")
	if want := "distance: 6\nmoves: 7 4 1 2 5 8\n"; code != 0 || stdout != want {
		t.Fatalf("got %q (exit %d), want %q", stdout, code, want)
	}
	code, stdout, _ = slidetable(t, "", "solve", "3x3", "2 1 3/4 5 6/7 8 0")
	if code != 0 || stdout != "unsolvable\n" {
		t.Fatalf("unsolvable board: %q (exit %d)", stdout, code)
	}
	code, stdout, _ = slidetable(t, "", "solve", "-json", "3x3", "2 1 3/4 5 6/7 8 0")
	var out solveOut
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != 0 || out.Solvable || out.Distance != nil || out.Moves != nil {
		t.Fatalf("unsolvable board: %q (exit %d, %v)", stdout, code, err)
	}
}

func TestHint(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 3, H: 2}
	ref := reference.Distances(board.Goal(size))
	for b, d := range ref {
		code, stdout, stderr := slidetable(t, "", "hint", "-json", "3x2", b.String())
		if code != 0 {
			t.Fatalf("hint %s: exit %d: %s", b, code, stderr)
		}
		var out solveOut
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		var want []int
		for _, m := range b.Moves() {
			next, _ := b.Move(m)
			if ref[next] == d-1 {
				want = append(want, int(m))
			}
		}
		if *out.Distance != d || len(out.Moves) != len(want) {
			t.Fatalf("hint %s: %s, want distance %d and moves %v", b, stdout, d, want)
		}
		for i := range want {
			if out.Moves[i] != want[i] {
				t.Fatalf("hint %s: %s, want moves %v", b, stdout, want)
			}
		}
	}
	_, stdout, _ := slidetable(t, "", "hint", "3x3", "1 2 3/4 5 6/7 0 8")
	if want := "distance: 1\noptimal moves: 8 (slides left)\n"; stdout != want {
		t.Errorf("got %q, want %q", stdout, want)
	}
	_, stdout, _ = slidetable(t, "", "hint", "3x3", "1 2 3/4 5 6/7 8 0")
	if want := "distance: 0 (solved)\n"; stdout != want {
		t.Errorf("got %q, want %q", stdout, want)
	}
}

func TestSolveBadInput(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"solve"},
		{"solve", "3x3"},
		{"solve", "3x3", "1 2 3"},
		{"solve", "3x", "1 2 3"},
		{"solve", "3x3", "1 2 3/4 5 6/7 8 8"},
		{"solve", "-ida", "-table", "../../data/3x3.tbl", "3x3", "1 2 3/4 5 6/7 8 0"},
		{"hint", "3x3", "1 2 x/4 5 6/7 8 0"},
		{"hint", "-bogus", "3x3", "1 2 3/4 5 6/7 8 0"},
		{"solve", "-table", "", "2x2", "1 2 3 0", "extra"},
	} {
		code, _, stderr := slidetable(t, "", args...)
		if code != exitUsage || stderr == "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 with a message", args, code, stderr)
		}
	}
}

// TestSolveIDA compares 'solve -ida' and 'hint -ida' with the table answers
// on a sample of 3x3 boards, and checks 'solve' on 4x4 boards, which have no
// table, against walks of known length.
func TestSolveIDA(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 3, H: 3}
	k := 0
	for b := range reference.Distances(board.Goal(size)) {
		if k++; k%4000 != 0 {
			continue
		}
		for _, cmd := range []string{"solve", "hint"} {
			// The answers are the same; what answered is not.
			_, want, _ := slidetable(t, "", cmd, "-json", "3x3", b.String())
			code, got, stderr := slidetable(t, "", cmd, "-ida", "-json", "3x3", b.String())
			want, _, _ = strings.Cut(want, `,"source":`)
			if code != 0 || !strings.HasPrefix(got, want+`,"source":{"where":"computed","kind":"computed bound"`) {
				t.Fatalf("%s -ida %s: %q (exit %d, %s), the table gives %q", cmd, b, got, code, stderr, want)
			}
		}
	}
	code, stdout, stderr := slidetable(t, "", "gen", "-method", "walk", "-k", "24", "-n", "5", "-seed", "2", "-json", "4x4")
	if code != 0 {
		t.Fatalf("gen: exit %d: %s", code, stderr)
	}
	size = board.Size{W: 4, H: 4}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var walk struct {
			Board []int `json:"board"`
		}
		json.Unmarshal([]byte(line), &walk)
		b := boardOf(t, size, walk.Board)
		code, out, stderr := slidetable(t, "", "solve", "-json", "4x4", b.String())
		var s solveOut
		if err := json.Unmarshal([]byte(out), &s); code != 0 || err != nil {
			t.Fatalf("solve 4x4 %s: exit %d, %v: %s", b, code, err, stderr)
		}
		end, err := b.Apply(uint8s(s.Moves)...)
		if err != nil || end != board.Goal(size) || len(s.Moves) != *s.Distance || *s.Distance > 24 || *s.Distance%2 != 0 {
			t.Fatalf("solve 4x4 %s: %s", b, out)
		}
	}
}

func uint8s(xs []int) []uint8 {
	out := make([]uint8, len(xs))
	for i, x := range xs {
		out[i] = uint8(x)
	}
	return out
}
