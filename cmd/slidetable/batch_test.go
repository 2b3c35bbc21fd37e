package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/reference"
)

// TestBatch reads 3x3 boards, some unsolvable, and a blank line from
// standard input and checks that distance, solve and hint answer each line
// in order, as they answer the board given as arguments.
func TestBatch(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 3, H: 3}
	ref := reference.Distances(board.Goal(size))
	r := rand.New(rand.NewPCG(1, 2))
	var in strings.Builder
	var boards []board.Board
	for i := range 200 {
		cells := board.Goal(size).Cells()
		r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		b, _ := board.New(size, cells)
		boards = append(boards, b)
		fmt.Fprintln(&in, b)
		if i == 50 {
			in.WriteString("\n")
		}
	}
	for _, cmd := range []string{"distance", "solve", "hint"} {
		code, stdout, stderr := slidetable(t, in.String(), cmd, "-json", "3x3", "-")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", cmd, code, stderr)
		}
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if len(lines) != len(boards) {
			t.Fatalf("%s: %d lines for %d boards", cmd, len(lines), len(boards))
		}
		_, text, _ := slidetable(t, in.String(), cmd, "3x3", "-")
		textLines := strings.Split(strings.TrimSpace(text), "\n")
		for i, b := range boards {
			var out solveOut
			if err := json.Unmarshal([]byte(lines[i]), &out); err != nil {
				t.Fatalf("%s line %d: %v: %q", cmd, i+1, err, lines[i])
			}
			d, solvable := ref[b]
			if got := boardOf(t, size, out.Board); got != b || out.Solvable != solvable || solvable && *out.Distance != d {
				t.Fatalf("%s line %d: %s for %s at distance %d (%v)", cmd, i+1, lines[i], b, d, solvable)
			}
			_, one, _ := slidetable(t, "", cmd, "-json", "3x3", b.String())
			if one != lines[i]+"\n" {
				t.Fatalf("%s line %d: %q, alone %q", cmd, i+1, lines[i], one)
			}
			want := "unsolvable"
			if solvable {
				want = fmt.Sprint(d)
			}
			if cmd == "distance" && textLines[i] != want || cmd != "distance" && !strings.HasPrefix(textLines[i], want) {
				t.Fatalf("%s line %d: %q, want %q", cmd, i+1, textLines[i], want)
			}
		}
	}
}

// TestBatch4x4 solves uniform 4x4 boards read from standard input, as
// 'gen' prints them, and checks that every path replays to the goal in
// exactly its distance.
func TestBatch4x4(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("solves random 4x4 boards")
	}
	r := rand.New(rand.NewPCG(3, 3))
	goal := board.Goal(board.Size{W: 4, H: 4})
	var in strings.Builder
	var boards []board.Board
	for range 4 {
		b, _, _ := gen.Walk(r, goal, 60, &gen.WalkOptions{NoUndo: true})
		boards = append(boards, b)
		fmt.Fprintln(&in, b)
	}
	code, stdout, stderr := slidetable(t, in.String(), "solve", "-json", "4x4", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for i, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var out solveOut
		if err := json.Unmarshal([]byte(line), &out); err != nil {
			t.Fatal(err)
		}
		end, err := boards[i].Apply(uint8s(out.Moves)...)
		if err != nil || end != goal || len(out.Moves) != *out.Distance {
			t.Fatalf("line %d: %s", i+1, line)
		}
	}
}

func TestBatchBadLine(t *testing.T) {
	t.Parallel()
	in := "1 2 3/4 5 6/7 8 0\n1 2 3/4 5 6/7 0 8\n1 2 3/4 5 6/7 8 9\n1 2 3/4 5 6/0 7 8\n"
	code, stdout, stderr := slidetable(t, in, "distance", "3x3", "-")
	if code != exitUsage || stdout != "0\n1\n" || !strings.Contains(stderr, "line 3") || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 after two answers, naming line 3", code, stdout, stderr)
	}
	long := strings.Repeat("1 ", 40000) + "\n"
	if code, _, stderr := slidetable(t, long, "distance", "3x3", "-"); code != exitUsage || !strings.Contains(stderr, "line 1") {
		t.Fatalf("a long line: exit %d, stderr %q", code, stderr)
	}
}

// TestTimeout checks that a search that runs out of time stops with one
// line and exit status 1, and that -timeout is bounded.
func TestTimeout(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	b, _ := gen.Uniform(r, board.Size{W: 5, H: 5})
	for _, args := range [][]string{
		{"solve", "-timeout", "20ms", "5x5", b.String()},
		{"hint", "-timeout", "20ms", "5x5", b.String()},
		{"distance", "-timeout", "20ms", "-json", "5x5", b.String()},
	} {
		code, stdout, stderr := slidetable(t, "", args...)
		if code != exitFailure || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "-timeout 20ms ran out") || strings.Contains(stderr, "context") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	code, stdout, stderr := slidetable(t, board.Goal(b.Size()).String()+"\n"+b.String()+"\n", "distance", "-timeout", "50ms", "5x5", "-")
	if code != exitFailure || stdout != "0\n" || !strings.Contains(stderr, "ran out") {
		t.Errorf("batch: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, d := range []string{"-1s", "169h", "soon"} {
		if code, _, stderr := slidetable(t, "", "solve", "-timeout", d, "3x3", "1 2 3/4 5 6/7 8 0"); code != exitUsage || stderr == "" {
			t.Errorf("-timeout %s: exit %d, stderr %q", d, code, stderr)
		}
	}
	if code, stdout, _ := slidetable(t, "", "solve", "-timeout", "1m", "3x3", "1 2 3/4 5 6/7 0 8"); code != 0 || stdout != "distance: 1\nmoves: 8\n" {
		t.Errorf("a quick solve with -timeout: exit %d, %q", code, stdout)
	}
}

// TestBatchSlowInput checks that -timeout also ends a batch waiting for
// its next line.
func TestBatchSlowInput(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	go pw.Write([]byte("1 2 3/4 5 6/7 0 8\n"))
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"distance", "-timeout", "200ms", "3x3", "-"}, pr, &stdout, &stderr)
	if code != exitFailure || stdout.String() != "1\n" || !strings.Contains(stderr.String(), "-timeout 200ms ran out") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
