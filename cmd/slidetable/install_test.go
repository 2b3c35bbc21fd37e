package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/source"
)

// TestMain keeps the tests off the files installed on this machine: every
// command looks in $SLIDETABLE_CACHE, or else the user's cache directory,
// which is $XDG_CACHE_HOME only on Linux and the BSDs.
//
// A test that changes what the whole process shares (the environment, as
// t.Setenv does, the files installed in that folder, GOMAXPROCS, signals)
// or that times a command or counts its allocations runs alone, as Go
// runs every test that does not call t.Parallel; every other test calls
// it, and they run together once those have run.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "slidetable-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// The go command that a test runs keeps the build cache it had,
	// which by default is in the user's cache directory too.
	if os.Getenv("GOCACHE") == "" {
		if out, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
			os.Setenv("GOCACHE", strings.TrimSpace(string(out)))
		}
	}
	os.Setenv(source.DirEnv, filepath.Join(dir, "slidetable"))
	os.Setenv("XDG_CACHE_HOME", dir)
	built.dir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// built is the 5x2 table of table5x2, made once in the folder of TestMain.
var built struct {
	dir  string
	once sync.Once
	path string
	err  string
}

// table5x2 returns the path of a copy, in a temporary folder of t's, of
// the 5x2 table that 'slidetable build -q -o PATH 5x2' writes, built on
// the first call, for the tests that need a table file but test nothing
// of building it.
func table5x2(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		path := filepath.Join(built.dir, "5x2.tbl")
		if code, _, stderr := slidetable(t, "", "build", "-q", "-o", path, "5x2"); code != 0 {
			built.err = fmt.Sprintf("build 5x2: exit %d, %s", code, stderr)
			return
		}
		built.path = path
	})
	if built.err != "" {
		t.Fatal(built.err)
	}
	b, err := os.ReadFile(built.path)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "5x2.tbl")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestInstall builds a table and a pattern database with -install and
// checks that the commands find them without -table, and that a damaged
// installed file is a failure that names it.
func TestInstall(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(source.DirEnv, dir)
	hard := "0 9 8 7 6/5 4 3 2 1" // 45 moves

	code, _, stderr := slidetable(t, "", "stats", "5x2")
	if code != 2 || !strings.Contains(stderr, "build -install 5x2") {
		t.Fatalf("stats 5x2 before -install: %d %q", code, stderr)
	}
	for _, args := range [][]string{
		{"build", "-install", "-o", "x.tbl", "5x2"},
		{"build", "-install", "-goal", "0 1 2 3 4/5 6 7 8 9", "5x2"},
	} {
		if code, _, stderr := slidetable(t, "", args...); code != 2 {
			t.Fatalf("%q: exit %d, %q; want 2", args, code, stderr)
		}
	}
	if code, out, stderr := slidetable(t, "", "build", "-install", "-q", "5x2"); code != 0 || !strings.Contains(out, filepath.Join(dir, "5x2.tbl")) {
		t.Fatalf("build -install 5x2: %d %q %q", code, out, stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"distance", "5x2", hard}, "45\n"},
		{[]string{"stats", "-json", "5x2"}, `"max":55,`},
	} {
		code, out, stderr := slidetable(t, "", tc.args...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Fatalf("%q: %d %q %q, want %q", tc.args, code, out, stderr, tc.want)
		}
	}

	// A pattern database, above 12 cells: the same distances as the search
	// without it.
	if code, out, stderr := slidetable(t, "", "build", "-install", "-q", "5x3"); code != 0 || !strings.Contains(out, filepath.Join(dir, "5x3.pdb")) {
		t.Fatalf("build -install 5x3: %d %q %q", code, out, stderr)
	}
	near := "1 2 3 4 5/6 7 8 9 10/11 12 0 13 14"
	_, want, _ := slidetable(t, "", "distance", "-ida", "5x3", near)
	if code, out, stderr := slidetable(t, "", "distance", "5x3", near); code != 0 || out != want || want != "2\n" {
		t.Fatalf("distance 5x3 with the installed database: %d %q %q, want %q", code, out, stderr, want)
	}

	// Damaged, each is a failure naming the file, with what to do.
	for _, name := range []string{"5x2.tbl", "5x3.pdb"} {
		path := filepath.Join(dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b[:len(b)/2], 0o644); err != nil {
			t.Fatal(err)
		}
		size, err := board.ParseSize(strings.TrimSuffix(name, filepath.Ext(name)))
		if err != nil {
			t.Fatal(err)
		}
		code, _, stderr := slidetable(t, "", "distance", size.String(), board.Goal(size).String())
		if code != 1 || !strings.Contains(stderr, path) || !strings.Contains(stderr, "build -install "+size.String()) {
			t.Fatalf("distance %s with a damaged %s: %d %q", size, name, code, stderr)
		}
	}
}
