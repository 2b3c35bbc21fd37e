package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// tableFiles writes table files for the tests into a directory: good ones,
// and damaged copies of the 3x3 file.
func tableFiles(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{}
	write := func(name string, b []byte) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		files[name] = path
	}
	b23, err := data.File(board.Size{W: 2, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	write("2x3.tbl", b23)
	b33, err := data.File(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	flipped := append([]byte(nil), b33...)
	flipped[len(flipped)/2] ^= 0x10
	write("flipped.tbl", flipped)
	write("truncated.tbl", b33[:len(b33)-100])
	future := append([]byte(nil), b33...)
	future[8] = 3 // a version after the newest
	write("future.tbl", future)
	write("text.tbl", []byte("not a table at all\n"))
	write("goal-twice.tbl", goalTileTwice(t, b33))
	b44, err := data.PDBFile(board.Size{W: 4, H: 4})
	if err != nil {
		t.Fatal(err)
	}
	write("goal-twice.pdb", goalTileTwice(t, b44))
	abs, err := os.ReadFile(filepath.Join("..", "..", "abstraction", "testdata", "golden", "container-3x3.abs"))
	if err != nil {
		t.Fatal(err)
	}
	write("goal-twice.abs", goalTileTwice(t, abs))
	write("empty.tbl", nil)
	files["missing.tbl"] = filepath.Join(dir, "missing.tbl")
	return files
}

// goalTileTwice returns a copy of b, a file of the container, whose goal
// has its first tile where its second was, and whose header's checksum
// is made good again: a damaged file that passes every checksum.
func goalTileTwice(t *testing.T, b []byte) []byte {
	t.Helper()
	const goalAt = 32 // the goal's cells in the header (internal/container)
	if string(b[:len(container.Magic)]) != container.Magic {
		t.Fatal("not a file of the container")
	}
	b = append([]byte(nil), b...)
	b[goalAt+1] = b[goalAt]
	le := binary.LittleEndian
	hl := le.Uint32(b[16:])
	le.PutUint32(b[hl-4:], fileformat.Checksum(b[:hl-4]))
	return b
}

// TestBadInput runs the command with bad arguments and bad tables: each
// gets its exit code (2 for bad input, 1 for a file that cannot be used)
// and a message on stderr that names the problem, and nothing on stdout.
// packagePrefix matches a package's name where it would begin an error.
var packagePrefix = regexp.MustCompile(`(^|: )(board|bfs|build|table|data|chart|levels|gen|ida|rank|solve|coverage): `)

func TestBadInput(t *testing.T) {
	t.Parallel()
	files := tableFiles(t)
	const board3 = "8 6 7/2 5 4/3 0 1"
	for _, tc := range []struct {
		name string
		args []string
		code int
		msgs []string // each must appear on stderr
	}{
		// Commands and flags.
		{"no command", nil, 2, []string{"Usage:"}},
		{"unknown command", []string{"solve-it"}, 2, []string{`unknown command "solve-it"`}},
		{"unknown flag", []string{"distance", "-fast", "3x3", board3}, 2, []string{"flag provided but not defined: -fast", "usage: slidetable distance"}},
		{"flag without value", []string{"distance", "3x3", board3, "-table"}, 2, []string{"flag needs an argument: -table"}},
		{"missing size", []string{"distance"}, 2, []string{"missing size and board"}},
		{"missing board", []string{"distance", "3x3"}, 2, []string{"missing board: give the 9 numbers of a 3x3 board"}},

		// Sizes.
		{"size 3", []string{"distance", "3", board3}, 2, []string{`"3" is not written WxH`}},
		{"size 3x", []string{"distance", "3x", board3}, 2, []string{`"3x" is not written WxH`}},
		{"size x3", []string{"solvable", "x3", board3}, 2, []string{`"x3" is not written WxH`}},
		{"size 0x3", []string{"distance", "0x3", board3}, 2, []string{"0x3: width and height must be at least 2"}},
		{"size 1x2", []string{"solvable", "1x2", "1 0"}, 2, []string{"1x2: width and height must be at least 2"}},
		{"size 3x3x3", []string{"distance", "3x3x3", board3}, 2, []string{`"3x3x3" is not written WxH`}},
		{"size +3x3", []string{"distance", "+3x3", board3}, 2, []string{`"+3x3" is not written WxH`}},
		{"size 17x16", []string{"solvable", "17x16", "0"}, 2, []string{"17x16 has more than 256 cells"}},

		// Boards.
		{"too few cells", []string{"distance", "3x3", "1 2 3 4 5 6 7 8"}, 2, []string{"3x3 needs 9 numbers, got 8"}},
		{"too many cells", []string{"distance", "3x3", "1", "2", "3", "4", "5", "6", "7", "8", "0", "9"}, 2, []string{"3x3 needs 9 numbers, got 10"}},
		{"short row", []string{"distance", "3x3", "1 2 3/4 5/6 7 8 0"}, 2, []string{"row 2 has 2 numbers, 3x3 needs 3"}},
		{"duplicate", []string{"distance", "3x3", "1 2 3/4 5 6/7 7 0"}, 2, []string{"tile 7 appears twice"}},
		{"duplicate blank", []string{"solvable", "3x3", "1 2 3/4 5 6/7 0 0"}, 2, []string{"the blank (0) appears twice"}},
		{"out of range", []string{"distance", "3x3", "1 2 3/4 5 6/7 9 0"}, 2, []string{"tile 9 is out of range for 3x3"}},
		{"negative", []string{"solvable", "2x2", "1 2 -3 0"}, 2, []string{"tile -3 is out of range for 2x2"}},
		{"no blank", []string{"distance", "2x2", "1 2 3 3"}, 2, []string{"no blank (0)"}},
		{"not a number", []string{"distance", "3x3", "1 2 3/4 five 6/7 8 0"}, 2, []string{`"five" is not a number`}},
		{"bad goal", []string{"solvable", "-goal", "1 2 3", "3x3", board3}, 2, []string{"-goal: 3x3 needs 9 numbers, got 3"}},
		{"table of another size", []string{"distance", "-table", files["2x3.tbl"], "3x2", "1 2 3/4 5 0"}, 2, []string{files["2x3.tbl"] + ", a table to the standard goal, answers 2x3 in single-tile moves, not 3x2"}},
		{"solve duplicate", []string{"solve", "3x3", "1 2 3/4 5 6/7 7 0"}, 2, []string{"tile 7 appears twice"}},
		{"solve table of another size", []string{"solve", "-table", files["2x3.tbl"], "3x2", "1 2 3/4 5 0"}, 2, []string{"answers 2x3 in single-tile moves, not 3x2"}},
		{"hint not a number", []string{"hint", "3x3", "1 2 3/4 5 6/7 8 x"}, 2, []string{`"x" is not a number`}},
		{"hint bad size", []string{"hint", "1x3", "1 2 0"}, 2, []string{"1x3: width and height must be at least 2"}},
		{"gen bad size", []string{"gen", "3"}, 2, []string{`"3" is not written WxH`}},
		{"levels bad size", []string{"levels", "x3"}, 2, []string{`"x3" is not written WxH`}},
		{"plot bad size", []string{"plot", "3x"}, 2, []string{`"3x" is not written WxH`}},
		{"coverage bad size", []string{"coverage", "3x3x3"}, 2, []string{`"3x3x3" is not written WxH`}},

		// Builds that cannot start.
		{"build no size", []string{"build"}, 2, []string{"want one size, got 0 arguments"}},
		{"build bad size", []string{"build", "3x"}, 2, []string{`"3x" is not written WxH`}},
		{"build too large", []string{"build", "-max-mem", "1M", "-o", files["missing.tbl"], "5x5"}, 2, []string{"not enough memory allowed", "the limit is 1 MB"}},
		{"build far too large", []string{"build", "-o", files["missing.tbl"], "9x9"}, 2, []string{"9x9 has more than 64 cells"}},
		{"build over memory", []string{"build", "-max-mem", "1M", "-o", files["missing.tbl"], "3x3"}, 2, []string{"3x3 needs", "the limit is 1 MB"}},
		{"build bad max-mem", []string{"build", "-max-mem", "lots", "2x2"}, 2, []string{`-max-mem: "lots" is not a size`}},
		{"build bad goal", []string{"build", "-goal", "1 2 3 3", "-o", files["missing.tbl"], "2x2"}, 2, []string{"-goal: no blank (0)"}},
		{"verify bad size", []string{"verify", "x3"}, 2, []string{`"x3" is not written WxH`}},
		{"verify too large", []string{"verify", "5x5"}, 2, []string{"board too large"}},
		{"stats no argument", []string{"stats"}, 2, []string{"want one size or table file"}},
		{"stats bad size", []string{"stats", "3x"}, 2, []string{`"3x" is not written WxH`}},
		{"stats no built-in table", []string{"stats", "3x4"}, 2, []string{"no table for 3x4 is built in"}},
		{"stats too large", []string{"stats", "5x5"}, 2, []string{"5x5 has too many boards for a table"}},

		// Table files that cannot be used: exit 1, naming the file.
		{"flipped table", []string{"distance", "-table", files["flipped.tbl"], "3x3", board3}, 1, []string{files["flipped.tbl"], "checksum mismatch"}},
		{"truncated table", []string{"distance", "-table", files["truncated.tbl"], "3x3", board3}, 1, []string{files["truncated.tbl"], "malformed file", "unexpected EOF"}},
		{"future table", []string{"distance", "-table", files["future.tbl"], "3x3", board3}, 1, []string{files["future.tbl"], "version 3"}},
		{"text file", []string{"distance", "-table", files["text.tbl"], "3x3", board3}, 1, []string{files["text.tbl"], "not a slidetable file"}},
		{"empty file", []string{"distance", "-table", files["empty.tbl"], "3x3", board3}, 1, []string{files["empty.tbl"], "too short"}},
		{"missing file", []string{"distance", "-table", files["missing.tbl"], "3x3", board3}, 1, []string{files["missing.tbl"], "no such file"}},
		{"stats flipped", []string{"stats", files["flipped.tbl"]}, 1, []string{files["flipped.tbl"], "checksum mismatch"}},
		{"stats missing", []string{"stats", files["missing.tbl"]}, 1, []string{files["missing.tbl"], "no such file"}},
		{"verify truncated", []string{"verify", "-table", files["truncated.tbl"], "3x3"}, 1, []string{files["truncated.tbl"], "malformed file"}},
		{"solve flipped", []string{"solve", "-table", files["flipped.tbl"], "3x3", board3}, 1, []string{files["flipped.tbl"], "checksum mismatch"}},
		{"hint truncated", []string{"hint", "-table", files["truncated.tbl"], "3x3", board3}, 1, []string{files["truncated.tbl"], "malformed file"}},
		{"levels flipped", []string{"levels", "-table", files["flipped.tbl"], "3x3"}, 1, []string{files["flipped.tbl"], "checksum mismatch"}},
		// A goal that repeats a tile, its checksum good: a damaged file
		// (1), not bad input (2), in every command and kind.
		{"goal twice in a table", []string{"distance", "-table", files["goal-twice.tbl"], "3x3", board3}, 1, []string{files["goal-twice.tbl"], "tile 1 appears twice"}},
		{"goal twice, info", []string{"info", files["goal-twice.tbl"]}, 1, []string{files["goal-twice.tbl"], "tile 1 appears twice"}},
		{"goal twice, stats", []string{"stats", files["goal-twice.tbl"]}, 1, []string{files["goal-twice.tbl"], "tile 1 appears twice"}},
		{"goal twice, levels", []string{"levels", "-table", files["goal-twice.tbl"], "3x3"}, 1, []string{files["goal-twice.tbl"], "tile 1 appears twice"}},
		{"goal twice in a database", []string{"solve", "-table", files["goal-twice.pdb"], "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"}, 1, []string{files["goal-twice.pdb"], "tile 1 appears twice"}},
		{"goal twice in a database, info", []string{"info", "-json", files["goal-twice.pdb"]}, 1, []string{files["goal-twice.pdb"], "tile 1 appears twice"}},
		{"goal twice in a tier", []string{"hint", "-table", files["goal-twice.abs"], "3x3", board3}, 1, []string{files["goal-twice.abs"], "tile 1 appears twice"}},
		{"goal twice in a tier, verify", []string{"verify", "-table", files["goal-twice.abs"], "3x3"}, 1, []string{files["goal-twice.abs"], "tile 1 appears twice"}},
		{"plot truncated", []string{"plot", "-o", files["missing.tbl"] + ".svg", files["truncated.tbl"]}, 1, []string{files["truncated.tbl"], "malformed file"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := slidetable(t, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			for _, msg := range tc.msgs {
				if !strings.Contains(stderr, msg) {
					t.Errorf("stderr does not say %q:\n%s", msg, stderr)
				}
			}
			// Messages speak of boards and files, not of packages.
			if m := packagePrefix.FindString(stderr); m != "" {
				t.Errorf("stderr names a package, %q:\n%s", m, stderr)
			}
			if stdout != "" {
				t.Errorf("stdout is not empty:\n%s", stdout)
			}
			if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
				t.Errorf("stderr:\n%s", stderr)
			}
		})
	}
}

// TestGoodInput runs a few good commands, so that the bad ones above are
// refused for their fault alone.
func TestGoodInput(t *testing.T) {
	t.Parallel()
	files := tableFiles(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"distance", "3x3", "8 6 7/2 5 4/3 0 1"}, "31\n"},
		{[]string{"distance", "3x3", "8", "6", "7", "2", "5", "4", "3", "0", "1"}, "31\n"},
		{[]string{"distance", "3x3", "6,8,7,2,5,4,3,0,1"}, "unsolvable\n"},
		{[]string{"distance", "-table", files["2x3.tbl"], "2x3", "1 2/3 4/0 5"}, "1\n"},
		{[]string{"distance", "-json", "2x2", "1 2 3 0"}, `{"size":"2x2","board":[1,2,3,0],"solvable":true,"distance":0,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}` + "\n"},
		{[]string{"solvable", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}, "false\n"},
		{[]string{"stats", "-json", files["2x3.tbl"]}, `"max":21`},
	} {
		code, stdout, stderr := slidetable(t, "", tc.args...)
		if code != 0 || !strings.Contains(maskHash(stdout), tc.want) {
			t.Errorf("%q: exit %d, stdout %q, want 0 and %q; stderr:\n%s", tc.args, code, stdout, tc.want, stderr)
		}
	}
}

// TestCorruptTableFile passes damaged copies of the 2x2 table file to
// distance and stats: every byte flipped, and the file cut at every
// length. Each run exits 1 naming the file and the problem, and prints no
// answer.
func TestCorruptTableFile(t *testing.T) {
	t.Parallel()
	good, err := data.File(board.Size{W: 2, H: 2})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "2x2.tbl")
	try := func(what string, b []byte) {
		t.Helper()
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"distance", "-table", path, "2x2", "1 2 3 0"},
			{"stats", path},
		} {
			code, stdout, stderr := slidetable(t, "", args...)
			named := strings.Contains(stderr, path)
			problem := strings.Contains(stderr, "malformed file") || strings.Contains(stderr, "checksum mismatch") ||
				strings.Contains(stderr, "unknown format version")
			if code != exitFailure || stdout != "" || !named || !problem {
				t.Fatalf("%s: %q: exit %d, stdout %q, stderr %q; want exit 1 naming the file and the problem", what, args[0], code, stdout, stderr)
			}
		}
	}
	for i := range good {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0xFF
		try(fmt.Sprintf("byte %d flipped", i), bad)
	}
	for n := range good {
		try(fmt.Sprintf("cut to %d bytes", n), good[:n])
	}
}
