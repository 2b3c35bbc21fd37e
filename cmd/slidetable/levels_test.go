package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
)

type levelOut struct {
	Board    []int `json:"board"`
	Distance int   `json:"distance"`
}

func levelLines(t *testing.T, size board.Size, stdout string) []board.Board {
	t.Helper()
	var bs []board.Board
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if strings.Contains(line, `"accepted"`) {
			continue // the summary that ends levels found by solving
		}
		var out levelOut
		if err := json.Unmarshal([]byte(line), &out); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		bs = append(bs, boardOf(t, size, out.Board))
	}
	return bs
}

// TestLevelsAntipodes asks for the 31-move boards of 3x3 and compares them
// with those of the reference search.
func TestLevelsAntipodes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("3x3 reference search in -short mode")
	}
	size := board.Size{W: 3, H: 3}
	var want []string
	for b, d := range reference.Distances(board.Goal(size)) {
		if d == 31 {
			want = append(want, b.String())
		}
	}
	slices.Sort(want)
	for _, mode := range []string{"auto", "exact", "filter"} {
		code, stdout, stderr := slidetable(t, "", "levels", "-min", "31", "-max", "31", "-mode", mode, "-json", "3x3")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var got []string
		for _, b := range levelLines(t, size, stdout) {
			got = append(got, b.String())
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("-mode %s: %v, want %v", mode, got, want)
		}
		if !strings.Contains(stderr, "only 2 boards") {
			t.Errorf("-mode %s: stderr %q does not say that only 2 boards qualify", mode, stderr)
		}
	}
}

// TestLevelsInRange checks the boards of 'levels' on 3x2 and 4x2 against the
// reference search: in range, with the right distance, and no duplicates.
func TestLevelsInRange(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 4, H: 2}} {
		ref := reference.Distances(board.Goal(size))
		for _, mode := range []string{"exact", "filter"} {
			code, stdout, stderr := slidetable(t, "", "levels", "-min", "14", "-max", "16", "-n", "50", "-seed", "3", "-mode", mode, "-json", size.String())
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			seen := map[board.Board]bool{}
			lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
			for i, b := range levelLines(t, size, stdout) {
				var out levelOut
				json.Unmarshal([]byte(lines[i]), &out)
				if d := ref[b]; d != out.Distance || d < 14 || d > 16 || seen[b] {
					t.Fatalf("%s %s: %s at %d, reference %d, repeated %v", size, mode, b, out.Distance, d, seen[b])
				}
				seen[b] = true
			}
			if len(seen) != 50 {
				t.Fatalf("%s %s: %d boards, want 50", size, mode, len(seen))
			}
		}
	}
}

func TestLevelsText(t *testing.T) {
	t.Parallel()
	code, stdout, _ := slidetable(t, "", "levels", "-min", "21", "3x2")
	if want := "21  4 5 0/1 2 3\n"; code != 0 || stdout != want {
		t.Errorf("got %q (exit %d), want %q", stdout, code, want)
	}
	_, a, _ := slidetable(t, "", "levels", "-min", "10", "-max", "12", "-n", "5", "-seed", "4", "3x3")
	_, b, _ := slidetable(t, "", "levels", "-min", "10", "-max", "12", "-n", "5", "-seed", "4", "3x3")
	if a != b || strings.Count(a, "\n") != 5 {
		t.Errorf("the same seed gave %q and %q", a, b)
	}
}

func TestLevelsBadInput(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"levels"},
		{"levels", "-min", "32", "3x3"},
		{"levels", "-min", "5", "-max", "3", "3x3"},
		{"levels", "-max", "-1", "3x3"},
		{"levels", "-n", "0", "3x3"},
		{"levels", "-mode", "fast", "3x3"},
		{"levels", "5x5"},
		{"levels", "-mode", "exact", "-max", "9", "4x4"},
		{"levels", "-mode", "walk", "3x3"},
		{"levels", "-mode", "walk", "-max", "5", "-table", "../../data/3x3-multi.tbl", "-metric", "single", "3x3"},
		{"levels", "-mode", "walk", "-min", "7", "-max", "8", "-n", "1", "2x2"},
	} {
		code, _, stderr := slidetable(t, "", args...)
		if code != exitUsage || stderr == "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 with a message", args, code, stderr)
		}
	}
}

// TestLevelsWalk checks -mode walk against the reference search on 3x2, and
// the walk fallback on 4x4, which has no table, against IDA*'s replayed
// solutions.
func TestLevelsWalk(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 3, H: 2}
	ref := reference.Distances(board.Goal(size))
	code, stdout, stderr := slidetable(t, "", "levels", "-mode", "walk", "-min", "12", "-max", "15", "-n", "20", "-seed", "1", "-json", "3x2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	seen := map[board.Board]bool{}
	for i, b := range levelLines(t, size, stdout) {
		var out levelOut
		json.Unmarshal([]byte(lines[i]), &out)
		if d := ref[b]; d != out.Distance || d < 12 || d > 15 || seen[b] {
			t.Fatalf("%s at %d, reference %d, repeated %v", b, out.Distance, d, seen[b])
		}
		seen[b] = true
	}
	if len(seen) != 20 {
		t.Fatalf("%d boards, want 20", len(seen))
	}

	code, _, stderr = slidetable(t, "", "levels", "-min", "20", "-max", "20", "-n", "3", "-seed", "1", "-json", "4x4")
	if code != exitUsage || !strings.Contains(stderr, "-mode walk") {
		t.Fatalf("4x4 auto at 20 moves: exit %d, stderr %q; want a refusal naming -mode walk", code, stderr)
	}
	code, stdout, stderr = slidetable(t, "", "levels", "-mode", "walk", "-min", "20", "-max", "20", "-n", "3", "-seed", "1", "-json", "4x4")
	if code != 0 {
		t.Fatalf("4x4 walk: exit %d, stderr %q", code, stderr)
	}
	size = board.Size{W: 4, H: 4}
	for _, b := range levelLines(t, size, stdout) {
		_, out, _ := slidetable(t, "", "solve", "-json", "4x4", b.String())
		var s solveOut
		if err := json.Unmarshal([]byte(out), &s); err != nil || *s.Distance != 20 {
			t.Fatalf("4x4 level %s: solve says %s", b, out)
		}
	}
}

// TestLevelsWalkFewer asks random walks for more 4x4 boards one move away
// than there are (two): levels prints the two it found, says so, and
// succeeds, as it does from a table.
func TestLevelsWalkFewer(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := slidetable(t, "", "levels", "-mode", "walk", "-min", "1", "-max", "1", "-n", "5", "-seed", "1", "4x4")
	if code != exitOK {
		t.Fatalf("exit %d; stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(stderr, "found only 2 boards") {
		t.Fatalf("stdout %q, stderr %q; want the 2 boards one move away, and a note", stdout, stderr)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, " 1  ") {
			t.Errorf("line %q is not a board at distance 1", l)
		}
	}
}

// TestLevelsSearch draws uniform 4x4 levels, which have no table: the
// boards are in range by the distance command, the same for a seed, and
// impossible ranges are refused at once.
func TestLevelsSearch(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("solves random 4x4 boards")
	}
	args := []string{"levels", "-min", "42", "-max", "46", "-n", "3", "-seed", "1", "-q", "-json", "4x4"}
	code, stdout, stderr := slidetable(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	bs := levelLines(t, board.Size{W: 4, H: 4}, stdout)
	if len(bs) != 3 {
		t.Fatalf("%d boards, want 3: %q", len(bs), stdout)
	}
	for i, b := range bs {
		var out levelOut
		json.Unmarshal([]byte(lines[i]), &out)
		_, d, _ := slidetable(t, "", "distance", "4x4", b.String())
		if d != fmt.Sprintf("%d\n", out.Distance) || out.Distance < 42 || out.Distance > 46 {
			t.Fatalf("%s at %d, distance says %q", b, out.Distance, d)
		}
	}
	if _, again, _ := slidetable(t, "", args...); again != stdout {
		t.Fatalf("the same seed gave %q and %q", stdout, again)
	}
}

func TestLevelsSearchLimits(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"levels", "-min", "81", "4x4"},
		{"levels", "-min", "81", "-max", "90", "4x4"},
		{"levels", "-max", "30", "4x4"},
		{"levels", "-min", "40", "-max", "50", "-n", "2000000", "4x4"},
		{"levels", "-min", "40", "-max", "50", "-timeout", "-3s", "4x4"},
		{"levels", "-min", "100", "6x5"},
	} {
		code, _, stderr := slidetable(t, "", args...)
		if code != exitUsage || stderr == "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 with a message", args, code, stderr)
		}
	}
	// Too little time for all: the boards found are printed, then one line
	// of error.
	code, stdout, stderr := slidetable(t, "", "levels", "-min", "0", "-max", "80", "-n", "100000", "-seed", "2", "-q", "-timeout", "300ms", "4x4")
	if code != exitFailure || !strings.Contains(stderr, "-timeout 300ms ran out after ") || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "context") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if line == "" {
			continue
		}
		var d int
		var rest string
		if _, err := fmt.Sscanf(line, "%d %s", &d, &rest); err != nil || d > 80 {
			t.Fatalf("line %q", line)
		}
	}
}

// TestLevelsPublishedHardest: the 4x4 boards at 80 moves come from the
// published list, labelled as such.
func TestLevelsPublishedHardest(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := slidetable(t, "", "levels", "-min", "80", "-max", "80", "-n", "100", "4x4")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 17 || !strings.Contains(stderr, "published list") || !strings.Contains(stderr, "Kociemba") {
		t.Fatalf("%d lines, stderr %q", len(lines), stderr)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "80  ") {
			t.Fatalf("line %q", l)
		}
	}
}

// TestLevelsRare: a range uniform boards almost never hit is refused in
// auto mode, saying how rare it is by the published distribution.
func TestLevelsRare(t *testing.T) {
	t.Parallel()
	code, _, stderr := slidetable(t, "", "levels", "-min", "30", "-max", "32", "4x4")
	if code != exitUsage || !strings.Contains(stderr, "30..32 moves from the goal are about 1 in 3,100") || !strings.Contains(stderr, "-mode walk") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}

// TestLevelsAccepted: levels that solve boards end with the distances they
// kept, as a histogram on stderr or a summary object with -json.
func TestLevelsAccepted(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("solves random 4x4 boards")
	}
	code, stdout, stderr := slidetable(t, "", "levels", "-min", "50", "-max", "53", "-n", "4", "-seed", "1", "4x4")
	if code != exitOK || !strings.Contains(stderr, "distances of the 4 boards kept") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = slidetable(t, "", "levels", "-q", "-min", "50", "-max", "53", "-n", "4", "-seed", "1", "-json", "4x4")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if code != exitOK || len(lines) != 5 {
		t.Fatalf("exit %d, stdout %q", code, stdout)
	}
	var sum struct {
		Accepted map[string]uint64 `json:"accepted"`
		Boards   uint64            `json:"boards"`
	}
	if err := json.Unmarshal([]byte(lines[4]), &sum); err != nil || sum.Boards != 4 {
		t.Fatalf("summary %q: %v", lines[4], err)
	}
	var total uint64
	for d, c := range sum.Accepted {
		if d < "50" || d > "53" {
			t.Errorf("distance %s in the summary", d)
		}
		total += c
	}
	if total != 4 {
		t.Fatalf("summary counts %d boards", total)
	}
}

// TestLevelsPack makes packs as data/packs holds them, byte for byte, and
// refuses the flags that do not apply to a pack.
func TestLevelsPack(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ args []string }{
		{[]string{"levels", "-pack", "-q", "3x3"}},
		{[]string{"levels", "-pack", "-q", "-metric", "multi", "2x3"}},
	} {
		code, out, errOut := slidetable(t, "", tc.args...)
		size, metric := tc.args[len(tc.args)-1], board.SingleTile
		if slices.Contains(tc.args, "multi") {
			metric = board.MultiTile
		}
		sz, err := board.ParseSize(size)
		if err != nil {
			t.Fatal(err)
		}
		want, err := data.PackFile(sz, metric)
		if err != nil {
			t.Fatal(err)
		}
		if code != 0 || out != string(want) || errOut != "" {
			t.Errorf("%q: exit %d, %d bytes (%q), want the %d bytes of the built-in pack", tc.args, code, len(out), errOut, len(want))
		}
	}
	code, out, _ := slidetable(t, "", "levels", "-pack", "-q", "-min", "5", "-max", "6", "-n", "2", "-seed", "3", "3x3")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(lines) != 4 || !strings.Contains(lines[0], `"distance":5,`) || !strings.Contains(lines[3], `"distance":6,`) {
		t.Errorf("levels -pack -min 5 -max 6 -n 2: exit %d, %q", code, out)
	}
	for _, flag := range []string{"-json", "-goal=0 1 2/3 4 5/6 7 8"} {
		code, _, errOut := slidetable(t, "", "levels", "-pack", flag, "3x3")
		if code != exitUsage || !strings.Contains(errOut, "does not apply to -pack") {
			t.Errorf("levels -pack %s: exit %d, %q", flag, code, errOut)
		}
	}
	for _, mode := range []string{"walk", "exact"} {
		code, _, errOut := slidetable(t, "", "levels", "-pack", "-mode", mode, "3x3")
		if code != exitUsage || !strings.Contains(errOut, "-pack draws in mode auto, or filter") {
			t.Errorf("levels -pack -mode %s: exit %d, %q", mode, code, errOut)
		}
	}
	// At 30 moves of 3x3, rare, auto draws by ranks in one scan of the
	// table and filter keeps uniform random boards that qualify: other
	// boards, each drawn uniformly.
	_, auto, _ := slidetable(t, "", "levels", "-pack", "-q", "-min", "30", "-max", "30", "-n", "3", "3x3")
	code, filter, errOut := slidetable(t, "", "levels", "-pack", "-q", "-mode", "filter", "-min", "30", "-max", "30", "-n", "3", "3x3")
	if code != 0 || errOut != "" || filter == auto || strings.Count(filter, `"uniform":true`) != 3 || strings.Count(filter, `"distance":30,`) != 3 {
		t.Errorf("levels -pack -mode filter: exit %d, %q, %q (auto: %q)", code, filter, errOut, auto)
	}
}

// TestLevelsPackRare: -pack refuses, at once and before any board is
// solved, distances in the far tail of 4x4's distribution, which uniform
// draws hardly hit in auto mode and random walks reach no more often, as
// plain levels refuses a range too rare, saying how rare and what would
// draw them; -mode filter draws them, saying what it expects to solve;
// the default multi-tile range stops before 39 in auto mode, and says so.
func TestLevelsPackRare(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		says []string // on stderr
	}{
		{[]string{"-metric", "multi", "-min", "39", "-max", "39", "-n", "1"}, exitUsage, []string{"39..39 moves from the goal are about 1 in 3,200", "-mode filter"}},
		{[]string{"-min", "60", "-max", "70"}, exitUsage, []string{"68..68 moves from the goal are about 1 in 2,100", "leave them out with -max 67", "-mode filter"}},
		{[]string{"-mode", "filter", "-min", "79", "-max", "79"}, exitUsage, []string{"1 in 150,000,000,000", "cannot finish"}},
		{[]string{"-mode", "filter", "-metric", "multi", "-min", "39", "-max", "39", "-n", "1", "-timeout", "1ms"}, exitFailure, []string{"1 in 3,200", "expect to solve about 3,200 boards for the 1 kept", "-timeout 1ms ran out"}},
		{[]string{"-metric", "multi", "-min", "30", "-n", "1", "-timeout", "1ms"}, exitFailure, []string{"the pack stops at 38 moves", "-mode filter -min 39"}},
	} {
		args := append(append([]string{"levels", "-pack", "-q"}, tc.args...), "4x4")
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		var out, errOut bytes.Buffer
		code := run(ctx, args, strings.NewReader(""), &out, &errOut)
		late := ctx.Err()
		cancel()
		if code != tc.code || late != nil {
			t.Errorf("%q: exit %d (%v), %q; want exit %d at once", args, code, late, errOut.String(), tc.code)
		}
		for _, s := range tc.says {
			if !strings.Contains(errOut.String(), s) {
				t.Errorf("%q: %q does not say %q", args, errOut.String(), s)
			}
		}
	}
}

// TestLevelsPackHardestN: -n bounds the published boards 80 moves from
// the 4x4 goal too, each searched for a solution (about a minute): a
// long check.
func TestLevelsPackHardestN(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	code, out, errOut := slidetable(t, "", "levels", "-pack", "-q", "-min", "80", "-n", "1", "4x4")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(lines) != 1 || !strings.Contains(lines[0], `"distance":80,`) {
		t.Errorf("levels -pack -min 80 -n 1: exit %d, %q, %q", code, out, errOut)
	}
}
