package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/source"
)

// copyPDB writes a copy of the built-in 4x4 pattern database to a file
// called name in a new folder and returns its path.
func copyPDB(t *testing.T, name string) string {
	t.Helper()
	b, err := data.PDBFile(board.Size{W: 4, H: 4})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestServeInstalled serves what is installed: a table's size is listed
// with its God's number and answers from it, without -table.
func TestServeInstalled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 5x2 table")
	}
	t.Setenv(source.DirEnv, t.TempDir())
	if code, _, stderr := slidetable(t, "", "build", "-install", "-q", "5x2"); code != 0 {
		t.Fatalf("build -install 5x2: %d %s", code, stderr)
	}
	base, stop := startServe(t, "-q")
	_, sizes := get(t, base+"/api/sizes")
	if !strings.Contains(sizes, `{"size":"5x2","width":5,"height":2,"goal":[1,2,3,4,5,6,7,8,9,0],"table":true,"published":false,"max":55,"max_level":55}`) {
		t.Errorf("sizes: %s", sizes)
	}
	if code, body := get(t, base+"/api/distance?size=5x2&board=0,9,8,7,6,5,4,3,2,1"); code != 200 || !strings.Contains(body, `"distance":45`) {
		t.Errorf("distance: %d %s", code, body)
	}
	if code, log := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, log)
	}
}

// TestServePDBFile serves the size of a pattern database given with -table
// by search, without -search naming it; no size's "max" is null.
func TestServePDBFile(t *testing.T) {
	t.Parallel()
	path := copyPDB(t, "15.pdb")
	base, stop := startServe(t, "-q", "-search", "5x3", "-table", path)
	_, body := get(t, base+"/api/sizes")
	var sizes []map[string]any
	if err := json.Unmarshal([]byte(body), &sizes); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	seen := map[string]bool{}
	for _, s := range sizes {
		name := s["size"].(string)
		seen[name] = true
		if m, ok := s["max"]; ok && m == nil {
			t.Errorf("%s: \"max\":null", name)
		}
	}
	if !seen["4x4"] || !seen["5x3"] || !seen["3x3"] {
		t.Errorf("sizes served: %v, want 4x4 (the -table file), 5x3 and 3x3", seen)
	}
	if code, body := get(t, base+"/api/distance?size=4x4&board=5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15"); code != 200 || !strings.Contains(body, `"distance":8`) {
		t.Errorf("4x4 distance: %d %s", code, body)
	}
	if code, log := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, log)
	}
}

// TestStatsPDB asks stats and plot of a pattern database: they say what it
// is and that they need a table.
func TestStatsPDB(t *testing.T) {
	t.Parallel()
	path := copyPDB(t, "4x4.pdb")
	for _, args := range [][]string{{"stats", path}, {"stats", "-table", path, "4x4"}, {"plot", path}} {
		code, _, stderr := slidetable(t, "", args...)
		if code != exitUsage || !strings.Contains(stderr, path+", a pattern database to the standard goal, answers 4x4 in single-tile moves with lower bounds that guide a search; this needs an exact table") {
			t.Errorf("%q: exit %d, %q", args, code, stderr)
		}
	}
}

// TestInstallBuiltin refuses to install what nothing would read.
func TestInstallBuiltin(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(source.DirEnv, dir)
	code, stdout, stderr := slidetable(t, "", "build", "-install", "3x3")
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "built-in 3x3 table answers first; nothing written") {
		t.Errorf("build -install 3x3: exit %d, %q %q", code, stdout, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("written: %v", entries)
	}
}

// TestInstalledSkipped puts a directory where an installed table would
// be: each command warns once, naming it, and answers without it.
func TestInstalledSkipped(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(source.DirEnv, dir)
	path := filepath.Join(dir, "5x2.tbl")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "5x3.pdb")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args      []string
		code      int
		out, warn string
	}{
		{[]string{"distance", "5x2", "1 2 3 4 5/6 7 8 0 9"}, 0, "1\n", path + ": a directory, not a file"},
		{[]string{"stats", "5x2"}, exitUsage, "", path + ": a directory, not a file"},
		{[]string{"distance", "5x3", "1 2 3 4 5/6 7 8 9 10/11 12 13 0 14"}, 0, "1\n", filepath.Join(dir, "5x3.pdb") + ": a device, not a file"},
	} {
		code, stdout, stderr := slidetable(t, "", tc.args...)
		if code != tc.code || stdout != tc.out || strings.Count(stderr, tc.warn) != 1 || !strings.Contains(stderr, "warning: skipped "+tc.warn) {
			t.Errorf("%q: exit %d, %q %q; want exit %d, %q and one warning %q", tc.args, code, stdout, stderr, tc.code, tc.out, tc.warn)
		}
	}
}

// TestVerifyPDB proves a pattern database with verify, and records the
// proof for the other commands.
func TestVerifyPDB(t *testing.T) {
	ctx := context.Background()
	cache := t.TempDir()
	t.Setenv(source.DirEnv, cache)
	db, err := pdb.Build(ctx, board.Goal(board.Size{W: 3, H: 3}), [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "3x3.pdb")
	if _, err := pdb.WriteFile(ctx, path, db); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"verify", "-table", path, "3x3"}, "pattern database: proven exact\n"},
		{[]string{"verify", "-json", "-table", path, "3x3"}, `{"size":"3x3","pattern_database":true,"certified":true,"source":{"where":"file","path":"` + filepath.ToSlash(path) + `","kind":"pattern database","exact":false,"hash":"…"}}` + "\n"},
	} {
		if code, stdout, stderr := slidetable(t, "", tc.args...); code != 0 || maskHash(stdout) != tc.want {
			t.Errorf("%q: exit %d, %q %q; want %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	if entries, err := os.ReadDir(filepath.Join(cache, "proofs")); err != nil || len(entries) != 1 {
		t.Errorf("records of proofs: %v %v, want one", entries, err)
	}
}

// TestMaxMem refuses, with exit status 1, a file that needs more memory
// than -max-mem or $SLIDETABLE_MAX_MEM allows, naming the need and the
// limit; a bad $SLIDETABLE_MAX_MEM is a usage error.
func TestMaxMem(t *testing.T) {
	path := copyPDB(t, "4x4.pdb")
	tbl := table5x2(t)
	goal := board.Goal(board.Size{W: 4, H: 4}).String()
	for _, tc := range []struct {
		env  string
		args []string
		code int
		want []string
	}{
		{"", []string{"distance", "-max-mem", "1M", "-table", path, "4x4", goal}, 1, []string{"the limit is 1 MB", "raise -max-mem"}},
		{"1M", []string{"distance", "-table", path, "4x4", goal}, 1, []string{"the limit is 1 MB", "raise -max-mem"}},
		{"1M", []string{"stats", "-table", tbl, "5x2"}, 1, []string{"the limit is 1 MB"}},
		{"1M", []string{"stats", "-max-mem", "1G", "-table", tbl, "5x2"}, 0, []string{""}},
		{"lots", []string{"stats", "3x3"}, 2, []string{`SLIDETABLE_MAX_MEM: "lots" is not a size`}},
		{"", []string{"verify", "-max-mem", "0", "3x3"}, 2, []string{`-max-mem: "0"`}},
	} {
		t.Setenv(memEnv, tc.env)
		code, _, stderr := slidetable(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("%s=%s %q: exit %d, want %d: %s", memEnv, tc.env, tc.args, code, tc.code, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%s=%s %q: %q does not say %q", memEnv, tc.env, tc.args, stderr, w)
			}
		}
	}
}

// TestVerifyCraftedPDB proves the crafted pattern databases of package
// pdb wrong, naming an entry; the commands that would answer from them
// refuse to.
func TestVerifyCraftedPDB(t *testing.T) {
	t.Setenv(source.DirEnv, t.TempDir())
	for _, tc := range []struct{ file, size, board string }{
		{"raised-3x3.pdb", "3x3", "8 6 7/2 5 4/3 0 1"},
		{"zeroed-3x3.pdb", "3x3", "8 6 7/2 5 4/3 0 1"},
		{"swapped-2x7.pdb", "2x7", "1 2/3 4/5 6/7 8/9 10/11 12/13 0"},
	} {
		path := filepath.Join("..", "..", "pdb", "testdata", "crafted", tc.file)
		code, stdout, stderr := slidetable(t, "", "verify", "-q", "-table", path, tc.size)
		if code != exitFailure || !strings.HasPrefix(stdout, "pattern database: WRONG: group 1 (tiles ") || !strings.Contains(stdout, "the entry says") {
			t.Errorf("verify %s: exit %d, %q %q", tc.file, code, stdout, stderr)
		}
		code, stdout, _ = slidetable(t, "", "verify", "-q", "-json", "-table", path, tc.size)
		if code != exitFailure || !strings.Contains(stdout, `"pattern_database":true,"certified":false,"wrong":"group 1 (tiles `) || !strings.Contains(stdout, `"entry":`) {
			t.Errorf("verify -json %s: exit %d, %q", tc.file, code, stdout)
		}
		code, stdout, stderr = slidetable(t, "", "distance", "-table", path, tc.size, tc.board)
		if code != exitFailure || stdout != "" || !strings.Contains(stderr, "prove "+path+": entry refuted: group 1") {
			t.Errorf("distance -table %s: exit %d, %q %q", tc.file, code, stdout, stderr)
		}
	}
}

// TestVerifyInstalled installs a crafted table: verify checks that file,
// the one the other commands would answer from, and finds it wrong; they
// refuse it too.
func TestVerifyInstalled(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(source.DirEnv, dir)
	b, err := os.ReadFile(filepath.Join("..", "..", "table", "testdata", "bad-5x2-swapped.tbl"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "5x2.tbl")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := slidetable(t, "", "verify", "5x2")
	if code != exitFailure || !strings.HasPrefix(stdout, "distances: WRONG: ") {
		t.Errorf("verify 5x2: exit %d, %q %q", code, stdout, stderr)
	}
	code, stdout, stderr = slidetable(t, "", "distance", "5x2", "1 2 3 4 5/6 7 8 0 9")
	if code != exitFailure || stdout != "" || !strings.Contains(stderr, path) || !strings.Contains(stderr, "wrong distance") {
		t.Errorf("distance 5x2: exit %d, %q %q", code, stdout, stderr)
	}
}
