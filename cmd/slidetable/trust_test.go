package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// wrong4x3 writes to dir a genuine 4x3 table, good.tbl, and wrong.tbl, the
// same table with one board's distance changed from 1 to 3 and the
// counts to match, every checksum and count valid: only a proof refutes
// it. It returns their paths and the board.
func wrong4x3(t *testing.T, dir string) (good, wrong, b string) {
	t.Helper()
	ctx := context.Background()
	size := board.Size{W: 4, H: 3}
	goal := board.Goal(size)
	res, err := table.Search(ctx, goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	good, wrong = filepath.Join(dir, "good.tbl"), filepath.Join(dir, "wrong.tbl")
	if _, err := table.WriteResultFile(ctx, good, res); err != nil {
		t.Fatal(err)
	}
	b = "1 2 3 4/5 6 7 0/9 10 11 8"
	bd, err := board.Parse(size, b)
	if err != nil {
		t.Fatal(err)
	}
	depth, reach := res.Expand()
	tiles, z := rank.Split(bd.CellString())
	slot := rank.Slot(tiles, uint64(z), uint64(size.Cells()))
	if depth[slot] != 1 {
		t.Fatalf("%s is at %d, want 1", b, depth[slot])
	}
	depth[slot] = 3
	counts := append([]uint64(nil), res.Counts...)
	counts[1]--
	counts[3]++
	tb, err := table.NewTrusted(goal, depth, reach, counts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.WriteFile(ctx, wrong, tb); err != nil {
		t.Fatal(err)
	}
	return good, wrong, b
}

// TestTableSwappedWhileRead is the race of a file swapped while it is read,
// both ways, at several moments: the genuine, recorded table moved over a
// wrong one being read, and, in an empty cache, the wrong one moved over
// the genuine one being read and proven. No command ever answers the
// wrong distance with exit status 0, then or on any later use.
func TestTableSwappedWhileRead(t *testing.T) {
	testenv.Long(t)
	dir := t.TempDir()
	good, wrong, b := wrong4x3(t, dir)
	for _, goodRecorded := range []bool{true, false} {
		for _, delay := range []time.Duration{0, 100 * time.Millisecond, 400 * time.Millisecond} {
			cache := t.TempDir()
			t.Setenv(source.DirEnv, cache)
			path := filepath.Join(t.TempDir(), "p.tbl")
			from, to := wrong, good
			if goodRecorded {
				// Record the genuine file's proof by proving it once.
				if code, out, errOut := slidetable(t, "", "distance", "-table", good, "4x3", b); code != 0 || out != "1\n" {
					t.Fatalf("the genuine table: exit %d, %q %q", code, out, errOut)
				}
			} else {
				from, to = good, wrong
			}
			copyTo(t, from, path)
			done := make(chan struct{})
			go func() {
				defer close(done)
				time.Sleep(delay)
				copyTo(t, to, path)
			}()
			code, out, errOut := slidetable(t, "", "distance", "-table", path, "4x3", b)
			<-done
			if code == 0 && out != "1\n" {
				t.Fatalf("recorded %v, swap after %s: exit 0 with %q (%s)", goodRecorded, delay, out, errOut)
			}
			// Later uses, with no race, of whatever is there now, and of
			// the wrong file itself.
			for _, p := range []string{path, wrong} {
				for _, args := range [][]string{{"distance", "-table", p, "4x3", b}, {"hint", "-table", p, "4x3", b}} {
					code, out, errOut := slidetable(t, "", args...)
					if code == 0 && !strings.HasPrefix(out, "1") && !strings.Contains(out, "distance: 1") {
						t.Fatalf("recorded %v, swap after %s, then %q: exit 0 with %q (%s)", goodRecorded, delay, args, out, errOut)
					}
				}
			}
		}
	}
}

// copyTo copies the file from over to by a rename, as mv does.
func copyTo(t *testing.T, from, to string) {
	b, err := os.ReadFile(from)
	if err != nil {
		t.Error(err)
		return
	}
	tmp := to + ".new"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Error(err)
		return
	}
	if err := os.Rename(tmp, to); err != nil {
		t.Error(err)
	}
}

// TestManyCPUs runs the commands that search on a machine of 300 CPUs, as
// GOMAXPROCS=300 says: the search caps its workers instead of failing.
// Each search then runs bfs.MaxWorkers workers, seconds of processor time
// on a small machine: build runs always, and the other commands, whose
// searches go through the same cap, with SLIDETABLE_LONG=1.
func TestManyCPUs(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(300))
	dir := t.TempDir()
	t.Setenv(source.DirEnv, t.TempDir())
	commands := [][]string{
		{"build", "-q", "-o", filepath.Join(dir, "x.tbl"), "5x2"},
		{"build", "-q", "-metric", "multi", "-o", filepath.Join(dir, "y.tbl"), "5x2"},
		{"verify", "5x2"},
		{"levels", "-goal", "0 1 2 3 4/5 6 7 8 9", "-min", "3", "-max", "3", "-n", "1", "-seed", "1", "5x2"},
	}
	if !testenv.IsLong() {
		commands = commands[:1]
	}
	for _, args := range commands {
		if code, out, errOut := slidetable(t, "", args...); code != 0 {
			t.Errorf("%q with GOMAXPROCS=300: exit %d, %q %q", args, code, out, errOut)
		}
	}
}

// damagedPDB writes a proven, recorded 5x2 pattern database read in place
// (pdb/testdata/golden/5x2-v3-blocks.pdb, in blocks of 4096 bytes) and then
// damages one of its blocks in place, its header intact, so that the
// record still names it: only a search that reads the block finds the
// damage. It returns its path.
func damagedPDB(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "pdb", "testdata", "golden", "5x2-v3-blocks.pdb"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "5x2.pdb")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := slidetable(t, "", "distance", "-table", path, "5x2", "1 2 3 4 5/6 7 8 0 9"); code != 0 || out != "1\n" {
		t.Fatalf("the genuine database: exit %d, %q %q", code, out, errOut)
	}
	b[3*4096+100] ^= 0x11 // the first group's block 2 (the header is one), not the goal's
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDamageSaid: a damaged block met by a search is said once on
// standard error, naming the file and the block and what to do, and every
// answer stays exact; serve says it in its log and in /healthz.
func TestDamageSaid(t *testing.T) {
	t.Setenv(source.DirEnv, t.TempDir())
	path := damagedPDB(t)
	_, boards, _ := slidetable(t, "", "gen", "-n", "20", "-seed", "1", "5x2")
	code, got, errOut := slidetable(t, boards, "distance", "-table", path, "5x2", "-")
	_, want, _ := slidetable(t, boards, "distance", "-ida", "5x2", "-")
	if code != 0 || got != want {
		t.Fatalf("distances from a damaged database: exit %d, stderr %q; equal to the table's: %v", code, errOut, got == want)
	}
	if n := strings.Count(errOut, "warning:"); n != 1 || !strings.Contains(errOut, path+": checksum mismatch: group 1, block 2") || !strings.Contains(errOut, "exact") || !strings.Contains(errOut, "slidetable verify") {
		t.Fatalf("stderr %q: want one warning naming %s, its group and block, and what to do", errOut, path)
	}
}

// TestServeDamageSaid: serve logs a damaged block once, whatever -q says,
// and /healthz says it after "ok"; the answers stay exact.
func TestServeDamageSaid(t *testing.T) {
	t.Setenv(source.DirEnv, t.TempDir())
	path := damagedPDB(t)
	base, stop := startServe(t, "-q", "-table", path)
	if code, body := get(t, base+"/healthz"); code != 200 || body != "ok\n" {
		t.Fatalf("/healthz before any search: %d %q", code, body)
	}
	_, boards, _ := slidetable(t, "", "gen", "-n", "20", "-seed", "1", "5x2")
	_, want, _ := slidetable(t, boards, "distance", "-ida", "5x2", "-")
	var got strings.Builder
	for _, b := range strings.Fields(strings.ReplaceAll(strings.TrimSpace(boards), " ", ",")) {
		code, body := get(t, base+"/api/distance?size=5x2&board="+b)
		if code != 200 {
			t.Fatalf("distance of %s: %d %s", b, code, body)
		}
		var d struct{ Distance int }
		if err := json.Unmarshal([]byte(body), &d); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&got, d.Distance)
	}
	if got.String() != want {
		t.Fatalf("distances served from a damaged database differ from the search's")
	}
	code, body := get(t, base+"/healthz")
	if code != 200 || !strings.HasPrefix(body, "ok\nwarning: ") || !strings.Contains(body, path+": checksum mismatch: group 1, block 2") {
		t.Fatalf("/healthz after the damage: %d %q", code, body)
	}
	if _, stderr := stop(); strings.Count(stderr, "level=WARN") != 1 || !strings.Contains(stderr, "group 1, block 2") {
		t.Fatalf("serve's log %q: want one warning naming the block", stderr)
	}
}

// TestOtherGoalSaid: a table of another goal answers with a note on
// standard error naming its goal, unless -goal names it.
func TestOtherGoalSaid(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "..", "table", "testdata", "v1-3x2-goal-0-5-4-3-2-1.tbl")
	b := "1 2 3/4 5 0"
	note := "note: " + path + " measures distances to the goal 0 5 4/3 2 1, not to the standard one\n"
	for _, tc := range []struct {
		args     []string
		withNote bool
	}{
		{[]string{"distance", "-table", path, "3x2", b}, true},
		{[]string{"hint", "-table", path, "3x2", b}, true},
		{[]string{"stats", "-table", path, "3x2"}, true},
		{[]string{"levels", "-table", path, "-min", "3", "-max", "3", "-seed", "1", "3x2"}, true},
		{[]string{"distance", "-goal", "0 5 4/3 2 1", "-table", path, "3x2", b}, false},
	} {
		code, out, errOut := slidetable(t, "", tc.args...)
		if code != 0 || out == "" || strings.Contains(errOut, note) != tc.withNote {
			t.Errorf("%q: exit %d, %q, stderr %q; want the note: %v", tc.args, code, out, errOut, tc.withNote)
		}
	}
}

// TestFileMetricSaid: a table in multi-tile moves taken without -metric
// answers distance and levels with bare distances, as scripts read them,
// and a note on standard error that they count multi-tile moves; hint,
// JSON and -metric multi say it themselves, and a single-tile table needs
// no note.
func TestFileMetricSaid(t *testing.T) {
	t.Parallel()
	multi := filepath.Join("..", "..", "table", "testdata", "box-2x3-multi.tbl")
	single := filepath.Join("..", "..", "table", "testdata", "box-2x3.tbl")
	b := "0 5/4 3/2 1"
	note := "note: " + multi + " counts multi-tile moves"
	_, want, _ := slidetable(t, "", "distance", "-metric", "multi", "2x3", b)
	for _, tc := range []struct {
		args     []string
		out      string // stdout, if not ""
		withNote bool
	}{
		{[]string{"distance", "-table", multi, "2x3", b}, want, true},
		{[]string{"levels", "-table", multi, "-min", "3", "-max", "3", "-n", "1", "-seed", "1", "2x3"}, "", true},
		{[]string{"distance", "-table", multi, "-metric", "multi", "2x3", b}, want, false},
		{[]string{"distance", "-json", "-table", multi, "2x3", b}, "", false},
		{[]string{"hint", "-table", multi, "2x3", b}, "", false},
		{[]string{"levels", "-json", "-table", multi, "-min", "3", "-max", "3", "-n", "1", "-seed", "1", "2x3"}, "", false},
		{[]string{"distance", "-table", single, "2x3", b}, "", false},
	} {
		code, out, errOut := slidetable(t, "", tc.args...)
		if code != 0 || out == "" || tc.out != "" && out != tc.out || strings.Contains(errOut, note) != tc.withNote {
			t.Errorf("%q: exit %d, %q, stderr %q; want %q and the note: %v", tc.args, code, out, errOut, tc.out, tc.withNote)
		}
	}
}

// TestDamagedTableSaid damages a block of a recorded 4x3 table read in
// place, in the middle of the file, its header intact: a command that
// reads the block fails naming it, and the damage is warned of once.
func TestDamagedTableSaid(t *testing.T) {
	testenv.Long(t)
	t.Setenv(source.DirEnv, t.TempDir())
	path := filepath.Join(t.TempDir(), "4x3.tbl")
	if code, _, errOut := slidetable(t, "", "build", "-q", "-o", path, "4x3"); code != 0 {
		t.Fatalf("build: %d %s", code, errOut)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x5a
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := slidetable(t, "", "stats", "-table", path, "4x3")
	if code != 1 || out != "" || strings.Count(errOut, "warning: damaged file") != 1 || !strings.Contains(errOut, "block") || !strings.Contains(errOut, path) {
		t.Fatalf("stats of a damaged table: exit %d, %q, stderr %q", code, out, errOut)
	}

	// serve answers a question that needs the block as a failure of its
	// file, final, naming the file and the block: not an internal error.
	base, stop := startServe(t, "-q", "-timeout", "5m", "-table", path)
	code, body := get(t, base+"/api/stats?size=4x3")
	var answer struct {
		Error string
		Final bool
	}
	if err := json.Unmarshal([]byte(body), &answer); err != nil || code != 500 || !answer.Final ||
		!strings.HasPrefix(answer.Error, "damaged file: ") || !strings.Contains(answer.Error, path+": ") || !strings.Contains(answer.Error, "block ") {
		t.Fatalf("served stats of a damaged table: %d %s", code, body)
	}
	stop()
}
