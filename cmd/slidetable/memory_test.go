package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/table"
)

// addressSpaceKB is the address-space limit (ulimit -v, in KB) the
// commands run under in TestAddressSpaceLimit: 2 GB.
const addressSpaceKB = 2000000

// craftedFiles returns the files the tests craft, hostile or damaged,
// under names that say what each is: those of the readers' tests (the
// testdata of packages table and pdb) and some made here.
func craftedFiles(t *testing.T, dir string) []string {
	t.Helper()
	var paths []string
	for _, glob := range []string{"../../table/testdata/*.tbl", "../../pdb/testdata/*/*.pdb"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	b33, err := data.File(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	b44, err := data.PDBFile(board.Size{W: 4, H: 4})
	if err != nil {
		t.Fatal(err)
	}
	grow := func(b []byte, n int) []byte { return append(append([]byte(nil), b...), make([]byte, n)...) }
	made := map[string][]byte{
		"empty":          nil,
		"magic-only.tbl": []byte(table.Magic),
		"magic-only.pdb": []byte("SLIDEPDB"),
		"half-3x3.tbl":   b33[:len(b33)/2],
		"half-4x4.pdb":   b44[:len(b44)/2],
		"longer-3x3.tbl": grow(b33, 1<<20),
		"longer-4x4.pdb": grow(b44, 1<<20),
	}
	for name, b := range made {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	return paths
}

// TestAddressSpaceLimit runs the commands that read files on every crafted
// file, each in a child process under a 2 GB address-space limit, given
// with -table and installed: none may die of a runtime error (out of
// memory, a panic); each answers or refuses, with exit status 0, 1 or 2.
// A child costs a start of the test binary, and there are seven commands
// for each of some thirty files: every pair runs with SLIDETABLE_LONG=1;
// otherwise each file meets one command, given the file with -table or
// with the file installed in turn, so that every file and every command
// still runs.
func TestAddressSpaceLimit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts a child process for each command and file")
	}
	if runtime.GOOS != "linux" {
		t.Skip("ulimit -v is the Linux shell's")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set ulimit -v")
	}
	dir := t.TempDir()
	for i, path := range craftedFiles(t, dir) {
		name := filepath.Base(path)
		cache := filepath.Join(dir, "cache-"+name)
		if err := os.MkdirAll(cache, 0o755); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, installed := range []string{"5x2.tbl", "5x5.pdb"} {
			if err := os.WriteFile(filepath.Join(cache, installed), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		given := [][]string{
			{"distance", "-table", path, "3x3", "1 2 3/4 5 6/7 0 8"},
			{"stats", path},
			{"verify", "-q", "-table", path, "3x3"},
			{"levels", "-q", "-n", "1", "-table", path, "3x3"},
			{"coverage", "-q", "-n", "1", "-table", path, "4x4"},
		}
		installed := [][]string{
			{"distance", "5x5", board.Goal(board.Size{W: 5, H: 5}).String()},
			{"distance", "5x2", board.Goal(board.Size{W: 5, H: 2}).String()},
		}
		runs := append(given, installed...)
		if !testenv.IsLong() {
			// One child a file: named with -table or installed in turn,
			// each command in its turn.
			runs = [][]string{given[i/2%len(given)]}
			if i%2 == 1 {
				runs = [][]string{installed[i/2%len(installed)]}
			}
		}
		for _, args := range runs {
			how := "-table"
			if !slices.Contains(args, path) {
				how = "installed " + args[1]
			}
			t.Run(name+" "+args[0]+" "+how, func(t *testing.T) {
				code, stderr := limitedChild(t, sh, cache, args)
				if code < 0 || code > 2 || strings.Contains(stderr, "fatal error") || strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic") {
					t.Fatalf("exit %d under ulimit -v %d:\n%s", code, addressSpaceKB, stderr)
				}
			})
		}
	}
}

// limitedChild runs the command with args in a child process (the test
// binary, as TestBuildHelper) under the address-space limit, with cache
// as the folder of installed files, and returns its exit status and
// standard error.
func limitedChild(t *testing.T, sh, cache string, args []string) (int, string) {
	t.Helper()
	argsJSON, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(sh, "-c", `ulimit -v "$1" && shift && exec "$@"`, "sh",
		strconv.Itoa(addressSpaceKB), os.Args[0], "-test.run=^TestBuildHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+string(argsJSON), helperCache+"="+cache, memEnv+"=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stderr.String()
}
