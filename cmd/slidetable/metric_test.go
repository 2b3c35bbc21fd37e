package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestMetricAnswers checks the answers of -metric multi: distances in
// multi-tile moves, readable moves, JSON that says its metric, and the
// single-tile answers unchanged without the flag.
func TestMetricAnswers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"distance", "-metric", "multi", "3x3", "8 6 7/2 5 4/3 0 1"}, "20\n"},
		{[]string{"distance", "-metric", "single", "3x3", "8 6 7/2 5 4/3 0 1"}, "31\n"},
		{[]string{"distance", "-metric", "multi", "-json", "3x3", "1 2 3/4 5 6/8 7 0"}, `{"size":"3x3","metric":"multi","board":[1,2,3,4,5,6,8,7,0],"solvable":false}` + "\n"},
		{[]string{"hint", "-metric", "multi", "3x3", "1 2 3/4 5 6/0 7 8"}, "distance: 1 (multi-tile moves)\noptimal moves: 8 (2 tiles slide left)\n"},
		{[]string{"solve", "-metric", "multi", "-json", "3x3", "1 2 3/4 0 6/7 5 8"}, `{"size":"3x3","metric":"multi","board":[1,2,3,4,0,6,7,5,8],"solvable":true,"distance":2,"moves":[5,8],"slides":[1,1],"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}` + "\n"},
		{[]string{"solve", "-metric", "multi", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15"}, "distance: 1 (multi-tile moves)\nmoves: 15 (3 tiles slide left)\n"},
		{[]string{"distance", "-metric", "multi", "5x2", "1 2 3 4 5/0 6 7 8 9"}, "1\n"},
		{[]string{"solvable", "-metric", "multi", "-json", "2x2", "2 1 3 0"}, `{"size":"2x2","metric":"multi","board":[2,1,3,0],"solvable":false}` + "\n"},
		{[]string{"verify", "-metric", "multi", "-json", "3x2"}, `{"size":"3x2","metric":"multi","certified":true,"permutations":720,"reachable":360,"mismatches":0,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}` + "\n"},
	} {
		code, out, errOut := slidetable(t, "", tc.args...)
		if code != 0 || maskHash(out) != tc.want {
			t.Errorf("%q: exit %d, %q (stderr %q), want %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestMetricLines checks that a board read from standard input gets, on
// its line, the moves with the tiles each slides and their way, as one
// board given as an argument does.
func TestMetricLines(t *testing.T) {
	t.Parallel()
	in := "1 2 3/4 0 6/7 5 8\n1 2 3/4 5 6/0 7 8\n1 2 3/4 5 6/7 8 0\n"
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{"solve", "2  5 (1 tile slides up), 8 (1 tile slides left)\n1  8 (2 tiles slide left)\n0  none\n"},
		{"hint", "2  5 (1 tile slides up)\n1  8 (2 tiles slide left)\n0  none\n"},
	} {
		code, out, errOut := slidetable(t, in, tc.cmd, "-metric", "multi", "3x3", "-")
		if code != 0 || out != tc.want {
			t.Errorf("%s -metric multi 3x3 -: exit %d, %q %s; want %q", tc.cmd, code, out, errOut, tc.want)
		}
		_, one, _ := slidetable(t, "", tc.cmd, "-metric", "multi", "3x3", "1 2 3/4 5 6/0 7 8")
		if moves := strings.SplitN(strings.Split(tc.want, "\n")[1], "  ", 2)[1]; !strings.Contains(one, ": "+moves+"\n") {
			t.Errorf("%s of one board: %q, without %q", tc.cmd, one, moves)
		}
	}
}

// TestMetricSolutionsReplay plays each multi-tile solution solve prints for
// boards read from standard input: every tap is legal, slides the number
// of tiles said, and the last reaches the goal in exactly the distance.
func TestMetricSolutionsReplay(t *testing.T) {
	t.Parallel()
	in := "8 6 7/2 5 4/3 0 1\n6 4 7/8 5 0/3 2 1\n1 4 7/2 0 8/3 6 5\n1 2 3/4 5 6/7 8 0\n"
	code, out, errOut := slidetable(t, in, "solve", "-metric", "multi", "-json", "3x3", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines: %q", len(lines), out)
	}
	for _, line := range lines {
		var m struct {
			Metric   string
			Board    []int
			Distance *int
			Moves    []uint8
			Slides   []int
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		if m.Metric != "multi" || m.Distance == nil || *m.Distance != len(m.Moves) || len(m.Slides) != len(m.Moves) {
			t.Fatalf("%s: not a multi-tile solution", line)
		}
		at, err := board.Parse(board.Size{W: 3, H: 3}, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(m.Board)), " "), "[]"))
		if err != nil {
			t.Fatal(err)
		}
		for i, tile := range m.Moves {
			next, n, err := at.Tap(tile)
			if err != nil || n != m.Slides[i] {
				t.Fatalf("%s: move %d taps %d: %v, %d slide", line, i, tile, err, n)
			}
			at = next
		}
		if at != board.Goal(at.Size()) {
			t.Fatalf("%s: ends at %s", line, at)
		}
	}
	if !strings.Contains(lines[2], `"distance":24`) {
		t.Errorf("the hardest 3x3 board in multi-tile moves: %s", lines[2])
	}
}

// TestMetricTables builds a multi-tile table and uses it: -table sets the
// metric, a table of the other metric or a pattern database in the
// multi-tile metric is refused, -install puts it where -metric multi finds
// it and the single-tile commands do not.
func TestMetricTables(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "5x2-multi.tbl")
	if code, out, errOut := slidetable(t, "", "build", "-q", "-metric", "multi", "-o", path, "5x2"); code != 0 || !strings.Contains(out, "God's number 36 in multi-tile moves") {
		t.Fatalf("build: exit %d, %q %q", code, out, errOut)
	}
	far := "0 9 8 7 6/5 4 3 2 1"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"distance", "-table", path, "5x2", far}, 0, "18\n"},
		{[]string{"distance", "-metric", "multi", "-table", path, "5x2", far}, 0, "18\n"},
		{[]string{"distance", "-metric", "single", "-table", path, "5x2", far}, 2, "5x2-multi.tbl, a table to the standard goal, answers 5x2 in multi-tile moves, not single-tile"},
		{[]string{"stats", path}, 0, "metric: multi-tile moves\n"},
		{[]string{"verify", "-table", path, "5x2"}, 0, "distances: proven exact (multi-tile moves)\n"},
		{[]string{"distance", "-metric", "multi", "-table", "../../pdb/testdata/golden/3x2-v1.pdb", "3x2", "1 2 3/4 0 5"}, 2, "3x2-v1.pdb, a pattern database to the standard goal, answers 3x2 in single-tile moves, not multi-tile"},
		{[]string{"levels", "-metric", "multi", "-min", "36", "-table", path, "-seed", "1", "5x2"}, 0, "36  "},
		{[]string{"build", "-metric", "multi", "5x4"}, 2, "no pattern database is a lower bound in the multi-tile metric"},
		{[]string{"build", "-metric", "multi", "-install", "3x3"}, 2, "nothing would read it"},
		{[]string{"levels", "-metric", "multi", "-min", "30", "-max", "30", "-n", "1", "-seed", "1", "-q", "4x4"}, 0, "30  "},
		{[]string{"levels", "-metric", "multi", "-min", "30", "5x3"}, 2, "out of reach of the multi-tile search"},
		{[]string{"levels", "-metric", "multi", "-min", "25", "3x3"}, 2, "no 3x3 board is more than 24 moves from the goal"},
		{[]string{"stats", "-metric", "multi", "4x4"}, 0, "published, not computed here: lightln2"},
		{[]string{"distance", "-metric", "many", "3x3", far}, 2, `unknown metric "many"`},
	} {
		code, out, errOut := slidetable(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%q: exit %d, %q %q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.want)
		}
	}
	if code, out, errOut := slidetable(t, "", "build", "-q", "-metric", "multi", "-install", "5x2"); code != 0 || !strings.Contains(out, "5x2-multi.tbl") {
		t.Fatalf("build -install: exit %d, %q %q", code, out, errOut)
	}
	if code, out, _ := slidetable(t, "", "stats", "-metric", "multi", "5x2"); code != 0 || !strings.Contains(out, "God's number: 36") {
		t.Errorf("stats -metric multi 5x2 after -install: exit %d, %q", code, out)
	}
	if code, out, _ := slidetable(t, "", "distance", "5x2", far); code != 0 || out != "45\n" {
		t.Errorf("distance 5x2 (single-tile) after installing the multi-tile table: exit %d, %q", code, out)
	}
}

// TestBuildMultiAbstractionFlags checks what build -metric multi 4x4
// refuses before building: another goal.
func TestBuildMultiAbstractionFlags(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "-metric", "multi", "-goal", "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15", "-o", "x.abs", "4x4"}, "for the standard goal"},
	} {
		code, _, errOut := slidetable(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
