package main

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/rank"
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
			t.Setenv(cacheEnv, cache)
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
func TestManyCPUs(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(300))
	dir := t.TempDir()
	t.Setenv(cacheEnv, t.TempDir())
	for _, args := range [][]string{
		{"build", "-q", "-o", filepath.Join(dir, "x.tbl"), "5x2"},
		{"build", "-q", "-metric", "multi", "-o", filepath.Join(dir, "y.tbl"), "5x2"},
		{"verify", "5x2"},
		{"levels", "-goal", "0 1 2 3 4/5 6 7 8 9", "-min", "3", "-max", "3", "-n", "1", "-seed", "1", "5x2"},
	} {
		if code, out, errOut := slidetable(t, "", args...); code != 0 {
			t.Errorf("%q with GOMAXPROCS=300: exit %d, %q %q", args, code, out, errOut)
		}
	}
}
