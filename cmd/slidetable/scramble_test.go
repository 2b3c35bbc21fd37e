package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/table"
)

// blankFirst is the goal of the table of another goal the tests of
// -scramble build: the blank in the top left corner.
const blankFirst = "0 1 2/3 4 5/6 7 8"

// goalTable builds the 3x3 table to blankFirst with the command, into a
// folder of t's, and returns its path and the same table built here, the
// reference.
func goalTable(t *testing.T) (string, *table.Table) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g3.tbl")
	if code, _, errOut := slidetable(t, "", "build", "-q", "-goal", blankFirst, "-o", path, "3x3"); code != 0 {
		t.Fatalf("build -goal: exit %d: %s", code, errOut)
	}
	ref, err := table.Build(context.Background(), board.MustParse(board.Size{W: 3, H: 3}, blankFirst), nil)
	if err != nil {
		t.Fatal(err)
	}
	return path, ref
}

// TestScrambleFromFileGoal plays -scramble from the goal a -table FILE
// measures to, which is not the standard one, in every command that takes
// it: R cannot be played there (the blank is in the left column), L is one
// move away, and an empty scramble is the goal itself. Random scrambles
// are measured against the table of that goal built here.
func TestScrambleFromFileGoal(t *testing.T) {
	t.Parallel()
	path, ref := goalTable(t)
	goal := ref.Goal()
	for _, tc := range []struct {
		args []string
		code int
		want string // on stdout, or for exit 2 on stderr
	}{
		{[]string{"distance", "-table", path, "-scramble", "R", "3x3"}, 2, "-scramble: move 1, R: no tile can slide right on 0 1 2/3 4 5/6 7 8"},
		{[]string{"distance", "-table", path, "-scramble", "L", "3x3"}, 0, "1\n"},
		{[]string{"distance", "-table", path, "-scramble", "1", "3x3"}, 0, "1\n"},
		{[]string{"distance", "-table", path, "-scramble", "", "3x3"}, 0, "0\n"},
		{[]string{"distance", "-goal", blankFirst, "-scramble", "L", "3x3"}, 0, "1\n"},
		{[]string{"hint", "-table", path, "-scramble", "R", "3x3"}, 2, "no tile can slide right"},
		{[]string{"hint", "-table", path, "-scramble", "LU", "3x3"}, 0, "distance: 2\noptimal moves: 4 (slides down)\n"},
		{[]string{"solve", "-table", path, "-scramble", "R", "3x3"}, 2, "no tile can slide right"},
		{[]string{"solve", "-table", path, "-scramble", "LU", "3x3"}, 0, "distance: 2\nmoves: 4 1\n"},
		{[]string{"solvable", "-goal", blankFirst, "-scramble", "R", "3x3"}, 2, "no tile can slide right"},
		{[]string{"solvable", "-goal", blankFirst, "-scramble", "LU", "3x3"}, 0, "true\n"},
	} {
		code, out, errOut := slidetable(t, "", tc.args...)
		got := out
		if code == exitUsage {
			got = errOut
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.want)
		}
	}

	r := rand.New(rand.NewPCG(46, 1))
	for range 20 {
		moves := randomLetters(r, goal, 1+r.IntN(40))
		b, err := goal.AfterLetters(moves)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ref.Distance(b)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := slidetable(t, "", "distance", "-json", "-table", path, "-scramble", moves, "3x3")
		var got struct {
			Board    []int
			Distance int
		}
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.Distance != want || fmt.Sprint(got.Board) != fmt.Sprint(ints(b)) {
			t.Errorf("-scramble %s: exit %d, %q, %q; want %s at distance %d", moves, code, out, errOut, b, want)
		}
	}
}

// randomLetters returns n letters that can be played from b, none undoing
// the one before.
func randomLetters(r *rand.Rand, b board.Board, n int) string {
	var sb strings.Builder
	undo := byte(0)
	for sb.Len() < n {
		c := "UDLR"[r.IntN(4)]
		next, err := b.AfterLetters(string(c))
		if err != nil || c == undo {
			continue
		}
		b, undo = next, map[byte]byte{'U': 'D', 'D': 'U', 'L': 'R', 'R': 'L'}[c]
		sb.WriteByte(c)
	}
	return sb.String()
}

// ints returns b's cells as ints, as JSON answers hold them.
func ints(b board.Board) []int {
	out := make([]int, b.Len())
	for i, c := range b.Cells() {
		out[i] = int(c)
	}
	return out
}

// TestScrambleFrontEndsAgree asks the command line, the HTTP API of serve
// and the Python package (over the C library) the same scrambles of a
// table of another goal than the standard one: each plays them from that
// goal, and they agree on the board, the distance and what cannot be
// played. A damaged table, its goal repeating a tile, is a bad file in
// each (exit 1, HTTP 500, Python status "file").
func TestScrambleFrontEndsAgree(t *testing.T) {
	t.Parallel()
	path, ref := goalTable(t)
	damaged := filepath.Join(t.TempDir(), "goal-twice.tbl")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(damaged, goalTileTwice(t, b), 0o644); err != nil {
		t.Fatal(err)
	}
	scrambles := []string{"", "L", "R", "LU", "LLUU", "D", "LURD", "LLUURRDDLU"}
	type answer struct {
		Board    []int
		Distance int
		Refused  bool
	}
	want := map[string]answer{}
	for _, s := range scrambles {
		b, err := ref.Goal().AfterLetters(s)
		if err != nil {
			want[s] = answer{Refused: true}
			continue
		}
		d, err := ref.Distance(b)
		if err != nil {
			t.Fatal(err)
		}
		want[s] = answer{Board: ints(b), Distance: d}
	}
	if !want["R"].Refused || want["L"].Distance != 1 || want[""].Distance != 0 {
		t.Fatalf("the reference: %v", want)
	}
	check := func(who, s string, got answer) {
		t.Helper()
		if w := want[s]; got.Refused != w.Refused || !got.Refused && (fmt.Sprint(got.Board) != fmt.Sprint(w.Board) || got.Distance != w.Distance) {
			t.Errorf("%s, scramble %q: %+v, want %+v", who, s, got, w)
		}
	}

	for _, s := range scrambles {
		code, out, errOut := slidetable(t, "", "distance", "-json", "-table", path, "-scramble", s, "3x3")
		var got answer
		switch {
		case code == exitUsage && strings.Contains(errOut, "-scramble: move 1") && strings.Contains(errOut, "no tile can slide"):
			got.Refused = true
		case code != 0 || json.Unmarshal([]byte(out), &got) != nil:
			t.Fatalf("the command line, -scramble %q: exit %d, %q, %q", s, code, out, errOut)
		}
		check("the command line", s, got)
	}
	if code, _, errOut := slidetable(t, "", "distance", "-table", damaged, "-scramble", "L", "3x3"); code != exitFailure || !strings.Contains(errOut, "appears twice") {
		t.Errorf("the command line, a damaged goal: exit %d, %q; want exit %d", code, errOut, exitFailure)
	}

	base, stop := startServe(t, "-q", "-table", path)
	for _, s := range scrambles {
		code, body := get(t, base+"/api/distance?size=3x3&scramble="+url.QueryEscape(s))
		var got answer
		switch {
		case code == 400 && strings.Contains(body, "no tile can slide"):
			got.Refused = true
		case code != 200 || json.Unmarshal([]byte(body), &got) != nil:
			t.Fatalf("the API, scramble=%q: %d %s", s, code, body)
		}
		check("the API", s, got)
	}
	stop()
	if code, _, errOut := slidetable(t, "", "serve", "-q", "-addr", "127.0.0.1:0", "-table", damaged); code != exitFailure || !strings.Contains(errOut, "appears twice") {
		t.Errorf("serve, a damaged goal: exit %d, %q; want exit %d", code, errOut, exitFailure)
	}

	py := testenv.Python(t)
	lib := filepath.Join(testenv.Library(t, testenv.CC(t)), testenv.LibraryName())
	script := `
import json, sys, slidetable
path, damaged, scrambles = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
out = {}
with slidetable.Table.open(path) as t:
    for s in scrambles:
        try:
            b = t.scramble(s)
            out[s] = {"Board": list(b), "Distance": t.distance(b)}
        except slidetable.SlidetableError as e:
            out[s] = {"Refused": e.status == "input" and "no tile can slide" in str(e)}
try:
    slidetable.Table.open(damaged)
    out["damaged"] = "opened"
except slidetable.SlidetableError as e:
    out["damaged"] = e.status
print(json.dumps(out))
`
	list, err := json.Marshal(scrambles)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", script, path, damaged, string(list))
	cmd.Env = append(os.Environ(), "SLIDETABLE_LIBRARY="+lib, "SLIDETABLE_CACHE="+t.TempDir(),
		"PYTHONPATH="+filepath.Join("..", "..", "python"), "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v: %s", err, out)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("python printed %q: %v", out, err)
	}
	for _, s := range scrambles {
		var a answer
		if err := json.Unmarshal(got[s], &a); err != nil {
			t.Fatalf("python, scramble %q: %s", s, got[s])
		}
		check("python", s, a)
	}
	if status := string(got["damaged"]); status != `"file"` {
		t.Errorf("python, a damaged goal: %s, want the status \"file\"", status)
	}
}
