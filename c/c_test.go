package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// The tests of this file compile C programs against the library, built
// from the sources as they are, and compare what they print with the Go
// packages' answers. The library is built once for the sources as they
// are (testenv.Library), testdata/check.c once per test binary, in a
// folder TestMain removes.

var built struct {
	once   sync.Once
	libDir string // holds the library
	dir    string // holds the programs
	check  string // testdata/check.c compiled
	err    error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// build builds the library with the C compiler cc, and the check program
// against it, once.
func build(t testing.TB, cc string) {
	t.Helper()
	libDir := testenv.Library(t, cc)
	built.once.Do(func() {
		built.libDir = libDir
		if built.dir, built.err = os.MkdirTemp("", "libslidetable-test-"); built.err != nil {
			return
		}
		built.check, built.err = compile(cc, filepath.Join("testdata", "check.c"), "check")
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
}

// compile compiles the C program src against the library as name, in the
// programs' folder, warnings counted as errors, and returns its path.
func compile(cc, src, name string) (string, error) {
	exe := filepath.Join(built.dir, name)
	args := []string{"-std=c11", "-D_POSIX_C_SOURCE=200809L", "-O2", "-Wall", "-Wextra", "-Werror", "-I", ".",
		"-o", exe, src, "-L", built.libDir, "-lslidetable", "-lpthread"}
	if runtime.GOOS != "windows" {
		args = append(args, "-Wl,-rpath,"+built.libDir)
	}
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s %s: %v\n%s", cc, strings.Join(args, " "), err, out)
	}
	return exe, nil
}

// check runs the check program with args and stdin, with a cache folder
// of its own (so that files installed on this machine change nothing),
// and returns its standard output; it fails t if the program fails.
func check(t testing.TB, stdin string, args ...string) string {
	t.Helper()
	build(t, testenv.CC(t))
	cmd := exec.Command(built.check, args...)
	cmd.Env = append(os.Environ(), "SLIDETABLE_CACHE="+t.TempDir())
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("check %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// nextPermutation returns the permutation after p in lexicographic order,
// in place, or nil after the last, as check.c steps through them.
func nextPermutation(p []uint8) []uint8 {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return nil
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return p
}

// metrics are both metrics, by their numbers in slidetable.h.
var metrics = []board.Metric{board.SingleTile, board.MultiTile}

// TestEvery3x3 compares the library's distance of every permutation of
// 0..8 (asked one at a time, in a batch and as text, which check.c
// requires to agree) with the Go table's, in both metrics, and the hints
// and solutions of every thousandth with the table's.
func TestEvery3x3(t *testing.T) {
	testenv.CC(t)
	three := board.Size{W: 3, H: 3}
	for _, m := range metrics {
		t.Run(m.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "distances")
			sample := check(t, "", "all3x3", strconv.Itoa(int(m)), out)
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			tbl, err := source.BuiltinTableIn(three, m)
			if err != nil {
				t.Fatal(err)
			}
			i := 0
			for p := []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}; p != nil; p = nextPermutation(p) {
				b, err := board.New(three, p)
				if err != nil {
					t.Fatal(err)
				}
				want, err := tbl.Distance(b)
				if err != nil {
					want = unsolvable
				}
				if i >= len(got) || int(int8(got[i])) != want {
					t.Fatalf("board %d, %s: the library says %d, the table %d", i, b, int8(got[min(i, len(got)-1)]), want)
				}
				i++
			}
			if i != len(got) {
				t.Fatalf("%d distances for %d boards", len(got), i)
			}
			lines := checkAnswers(t, board.Goal(three), m, sample, func(b board.Board) (int, []uint8, error) {
				hints, d, err := tbl.Hints(b)
				return d, hints, err
			})
			if lines < 300 {
				t.Errorf("%d hints and solutions checked, want 363", lines)
			}
		})
	}
}

// checkAnswers checks the lines "cells;distance;hints;solution" of text
// against want (distance and hints), and that each solution is as long as
// the distance and reaches goal; it returns the number of lines.
func checkAnswers(t *testing.T, goal board.Board, m board.Metric, text string, want func(board.Board) (int, []uint8, error)) int {
	t.Helper()
	n := 0
	for line := range strings.Lines(text) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), ";")
		if len(f) != 4 {
			t.Fatalf("line %q is not cells;distance;hints;solution", line)
		}
		b, err := board.Parse(goal.Size(), f[0])
		if err != nil {
			t.Fatal(err)
		}
		checkAnswer(t, b, goal, m, strings.Join(f[1:], ";"), want)
		n++
	}
	return n
}

// checkAnswer checks one "distance;hints;solution" of board b towards
// goal.
func checkAnswer(t *testing.T, b, goal board.Board, m board.Metric, got string, want func(board.Board) (int, []uint8, error)) {
	t.Helper()
	f := strings.Split(got, ";")
	d, err := strconv.Atoi(f[0])
	if err != nil {
		t.Fatalf("%s: %q: %v", b, got, err)
	}
	wd, whints, err := want(b)
	if err != nil && err != board.ErrUnsolvable {
		t.Fatal(err)
	}
	if err == board.ErrUnsolvable {
		wd = unsolvable
	}
	if d != wd || f[1] != joinMoves(whints) {
		t.Fatalf("%s: the library says distance %d, hints %q; Go says %d, %q", b, d, f[1], wd, joinMoves(whints))
	}
	if d == unsolvable {
		if f[2] != "" {
			t.Fatalf("%s cannot reach the goal, yet has a solution %q", b, f[2])
		}
		return
	}
	path := strings.Fields(f[2])
	end := b
	for _, s := range path {
		tile, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		if m == board.MultiTile {
			end, _, err = end.Tap(uint8(tile))
		} else {
			end, err = end.Move(uint8(tile))
		}
		if err != nil {
			t.Fatalf("%s: solution %q: %v", b, f[2], err)
		}
	}
	if len(path) != d || end != goal {
		t.Fatalf("%s: a solution of %d moves reaches %s, want %d moves to the goal", b, len(path), end, d)
	}
}

// joinMoves writes moves as check.c prints them.
func joinMoves(moves []uint8) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = strconv.Itoa(int(m))
	}
	return strings.Join(s, " ")
}

// TestKorf10 compares the library's answers on Korf's 10 easiest boards
// (4x4, by search) with their published distances and the Go solver's
// hints, and checks its solutions.
func TestKorf10(t *testing.T) {
	insts := published.Korf100().Instances
	insts = slices.Clone(insts)
	slices.SortStableFunc(insts, func(a, b published.Instance) int { return a.Distance - b.Distance })
	insts = insts[:10]
	var in strings.Builder
	for _, k := range insts {
		in.WriteString(k.Board.String() + "\n")
	}
	out := check(t, in.String(), "boards", "4", "4", "0")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(insts) {
		t.Fatalf("%d answers for %d boards:\n%s", len(lines), len(insts), out)
	}
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range insts {
		checkAnswer(t, k.Board, board.Goal(k.Board.Size()), board.SingleTile, lines[i], func(b board.Board) (int, []uint8, error) {
			hints, d, err := s.Hints(context.Background(), b)
			if err == nil && d != k.Distance {
				t.Fatalf("%s: Go says %d, Korf %d", b, d, k.Distance)
			}
			return d, hints, err
		})
	}
}

// TestLevels compares the library's levels with those 'slidetable serve'
// gives for the same requests (package game, on the built-in files), and
// checks their distances.
func TestLevels(t *testing.T) {
	asks := []struct {
		w, h   int
		metric board.Metric
		lo, hi int
		seed   uint64
	}{
		{3, 3, board.SingleTile, 31, 31, 1},
		{3, 3, board.SingleTile, 0, 5, 7},
		{3, 3, board.MultiTile, 20, 24, 3},
		{2, 4, board.SingleTile, 20, 25, 2},
		{4, 4, board.SingleTile, 50, 55, 1},
		{4, 4, board.SingleTile, 20, 24, 3},
		{4, 4, board.SingleTile, 80, -1, 2},
		{4, 4, board.MultiTile, 10, 12, 5},
	}
	var in strings.Builder
	for _, a := range asks {
		fmt.Fprintf(&in, "%d %d %d %d %d %d\n", a.w, a.h, a.metric, a.lo, a.hi, a.seed)
	}
	out := check(t, in.String(), "levels")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(asks) {
		t.Fatalf("%d levels for %d requests:\n%s", len(lines), len(asks), out)
	}
	cat, err := source.NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.FromCatalog(cat, &game.CatalogOptions{AnySize: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range asks {
		size := board.Size{W: a.w, H: a.h}
		q := url.Values{"size": {size.String()}, "min": {strconv.Itoa(a.lo)}, "seed": {strconv.FormatUint(a.seed, 10)}, "metric": {a.metric.String()}}
		if a.hi >= 0 {
			q.Set("max", strconv.Itoa(a.hi))
		}
		qn, err := api.ParseQuery("level", q) // as the server reads it
		if err != nil {
			t.Fatal(err)
		}
		req, err := g.Ask(qn)
		if err != nil {
			t.Fatal(err)
		}
		v, err := req.Answer(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		lv := v.(api.Level)
		if want := joinMoves(lv.Board.Cells()) + ";" + strconv.Itoa(lv.Distance); lines[i] != want {
			t.Errorf("level %s: the library gives %q, the game %q", q.Encode(), lines[i], want)
		}
		hi := a.hi
		if hi < 0 {
			hi = 80
		}
		if lv.Distance < a.lo || lv.Distance > hi {
			t.Errorf("level %s: distance %d", q.Encode(), lv.Distance)
		}
	}
}

// TestRandom compares slidetable_random with the board 'slidetable gen
// -seed S' draws first (gen.Uniform with the command's random source).
func TestRandom(t *testing.T) {
	for _, seed := range []uint64{0, 1, 12345678901234567890} {
		for _, size := range []board.Size{{W: 3, H: 3}, {W: 4, H: 4}, {W: 5, H: 3}} {
			got := check(t, "", "random", strconv.Itoa(size.W), strconv.Itoa(size.H), strconv.FormatUint(seed, 10))
			b, err := gen.Uniform(gen.NewRand(seed), size)
			if err != nil {
				t.Fatal(err)
			}
			if want := joinMoves(b.Cells()) + "\n"; got != want {
				t.Errorf("seed %d, %s: %q, want %q", seed, size, got, want)
			}
		}
	}
}

// TestLetters gives check.c's letters mode boards as scrambles in letters,
// in both metrics: slidetable_scramble's board is the one Go's
// board.ParseLetters makes; the solution slidetable_letters writes, read
// back by Go, reaches the goal in the table's distance; its hints, each
// read back, are the table's hints.
func TestLetters(t *testing.T) {
	three := board.Size{W: 3, H: 3}
	goal := board.Goal(three)
	scrambles := []string{"R", "RRDD", "R2D2LURDLU", "r2 d2 l u r d l u r", "R2D2L2U2"}
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		tbl, err := source.BuiltinTableIn(three, m)
		if err != nil {
			t.Fatal(err)
		}
		out := check(t, strings.Join(scrambles, "\n")+"\n", "letters", "3", "3", strconv.Itoa(int(m)))
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(scrambles) {
			t.Fatalf("%v: %d lines for %d scrambles: %q", m, len(lines), len(scrambles), out)
		}
		for i, l := range lines {
			parts := strings.Split(l, ";")
			tiles, err := goal.ParseLetters(scrambles[i], board.SingleTile)
			if err != nil {
				t.Fatal(err)
			}
			b, err := goal.Apply(tiles...)
			if err != nil {
				t.Fatal(err)
			}
			if len(parts) != 3 || parts[0] != joinMoves(b.Cells()) {
				t.Fatalf("%v %q: %q, want the board %v", m, scrambles[i], l, b)
			}
			d, err := tbl.Distance(b)
			if err != nil {
				t.Fatal(err)
			}
			path, err := b.ParseLetters(parts[1], m)
			if err != nil || len(path) != d || !reaches(b, path, m, goal) {
				t.Errorf("%v %v: solution %q reads as %v, %v; distance %d", m, b, parts[1], path, err, d)
			}
			hints, _, err := tbl.Hints(b)
			if err != nil {
				t.Fatal(err)
			}
			each := strings.Fields(parts[2])
			if len(each) != len(hints) {
				t.Fatalf("%v %v: hints %q, want %d of them", m, b, parts[2], len(hints))
			}
			for j, h := range each {
				if got, err := b.ParseLetters(h, m); err != nil || len(got) != 1 || got[0] != hints[j] {
					t.Errorf("%v %v: hint %q reads as %v, %v; want tile %d", m, b, h, got, err, hints[j])
				}
			}
		}
	}
}

// reaches reports whether tiles, played from b in metric m, end on goal.
func reaches(b board.Board, tiles []uint8, m board.Metric, goal board.Board) bool {
	for _, t := range tiles {
		var err error
		if b, err = b.Play(m, t); err != nil {
			return false
		}
	}
	return b == goal
}

// TestRandomAsGen compares slidetable_random with what the command line
// prints, run for real.
func TestRandomAsGen(t *testing.T) {
	testenv.Long(t)
	for _, seed := range []string{"1", "99"} {
		out, err := exec.Command("go", "run", "../cmd/slidetable", "gen", "-n", "1", "-seed", seed, "4x4").Output()
		if err != nil {
			t.Fatal(err)
		}
		b, err := board.Parse(board.Size{W: 4, H: 4}, strings.TrimSpace(string(out)))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := check(t, "", "random", "4", "4", seed), joinMoves(b.Cells())+"\n"; got != want {
			t.Errorf("seed %s: %q, slidetable gen prints %q", seed, got, want)
		}
	}
}

// TestThreads runs check.c's threads: two threads ask one table every
// board at once; a search is cancelled from another thread; a table is
// closed under a search.
func TestThreads(t *testing.T) {
	out := check(t, "", "threads")
	for _, want := range []string{"two threads: 362880 boards each", "cancelled: cancelled by its cancel token", "closed: the table was closed during the call"} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("check threads printed\n%s\nwithout %q", out, want)
		}
	}
}

// TestTimeout checks that a 5x5 search given 200 ms returns the time-out
// code with its message, soon after.
func TestTimeout(t *testing.T) {
	out := check(t, "", "timeout", "200")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("check timeout printed\n%s", out)
	}
	timedOut := regexp.MustCompile(`^\w+: (\d+) timed out: the time limit of 200ms ran out before the answer after ([0-9.]+) s`)
	for _, line := range lines {
		m := timedOut.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("%q is not a time-out", line)
		}
		status, _ := strconv.Atoi(m[1])
		secs, _ := strconv.ParseFloat(m[2], 64)
		if status != statusTimeout || secs < 0.2 || secs > 5 {
			t.Errorf("%q: want status %d after 0.2 s (5 s at most on a loaded machine)", line, statusTimeout)
		}
	}
	if !strings.HasSuffix(lines[2], ", 0 answered") {
		t.Errorf("%q: the batch answered a board before the one that ran out", lines[2])
	}
}

// TestBadInput runs check.c's bad: bad pointers, lengths, numbers and
// handles get their codes, never a crash.
func TestBadInput(t *testing.T) {
	out := check(t, "", "bad")
	if !strings.HasSuffix(out, "\nok\n") {
		t.Fatalf("check bad printed\n%s", out)
	}
}

// TestMessages compares the messages of bad boards with the command
// line's (human.Message of the board package's errors).
func TestMessages(t *testing.T) {
	bad := []struct {
		w, h int
		text string
	}{
		{3, 3, "1 2 3/4 5 6/7 7 0"},
		{3, 3, "1 2 3"},
		{3, 3, "1 2 3/4 5 6/7 8 9"},
		{3, 3, "a b c"},
		{3, 3, "1 2 3/4 5 6"},
		{2, 2, "1 2 3 5"},
		{2, 2, "1 2 3 0 0"},
		{4, 4, strings.Repeat("1 ", 16)},
	}
	var in strings.Builder
	for _, b := range bad {
		fmt.Fprintf(&in, "%d %d %s\n", b.w, b.h, b.text)
	}
	out := check(t, in.String(), "messages")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(bad) {
		t.Fatalf("%d messages for %d boards:\n%s", len(lines), len(bad), out)
	}
	for i, b := range bad {
		_, err := board.Parse(board.Size{W: b.w, H: b.h}, strings.TrimSpace(b.text))
		if err == nil {
			t.Fatalf("%q parses", b.text)
		}
		if want := fmt.Sprintf("%d %s", statusInput, human.Message(err)); lines[i] != want {
			t.Errorf("%dx%d %q: %q, want %q", b.w, b.h, b.text, lines[i], want)
		}
	}
}

// TestFiles opens files with slidetable_open_file: a table of another goal
// and one of the multi-tile metric, answering exactly as the Go tables; a
// pattern database, whose searches answer as a table; a damaged table,
// refused with the words the command line uses.
func TestFiles(t *testing.T) {
	testenv.CC(t)
	ctx := context.Background()
	dir := t.TempDir()
	three2 := board.Size{W: 3, H: 2}
	goal := board.MustParse(three2, "0 5 4/3 2 1")
	var boards strings.Builder
	for p := []uint8{0, 1, 2, 3, 4, 5}; p != nil; p = nextPermutation(p) {
		boards.WriteString(joinMoves(p) + "\n")
	}
	for _, tc := range []struct {
		name   string
		goal   board.Board
		metric board.Metric
	}{
		{"goal", goal, board.SingleTile},
		{"multi", board.Goal(three2), board.MultiTile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tbl, err := table.Build(ctx, tc.goal, &bfs.Options{Metric: tc.metric})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, tc.name+".tbl")
			if _, err := table.WriteFile(ctx, path, tbl); err != nil {
				t.Fatal(err)
			}
			out := check(t, boards.String(), "file", path)
			first, rest, _ := strings.Cut(out, "\n")
			if want := fmt.Sprintf("0 3x2 metric %d exact 1 max %d: the table %s", tc.metric, tbl.Max(), path); first != want {
				t.Errorf("info %q, want %q", first, want)
			}
			ans := func(b board.Board) (int, []uint8, error) {
				hints, d, err := tbl.Hints(b)
				return d, hints, err
			}
			if n := checkAnswers(t, tc.goal, tc.metric, prefixBoards(boards.String(), rest), ans); n != 720 {
				t.Errorf("%d answers, want 720", n)
			}
		})
	}
	t.Run("in place", func(t *testing.T) {
		// A file of format version 2, read in place (its blocks when
		// first needed), against the built-in table.
		path, err := filepath.Abs(filepath.Join("..", "table", "testdata", "v2-3x2.tbl"))
		if err != nil {
			t.Fatal(err)
		}
		tbl, err := source.BuiltinTable(three2)
		if err != nil {
			t.Fatal(err)
		}
		out := check(t, boards.String(), "file", path)
		first, rest, _ := strings.Cut(out, "\n")
		if want := "0 3x2 metric 0 exact 1 max 21: the table " + path; first != want {
			t.Errorf("info %q, want %q", first, want)
		}
		ans := func(b board.Board) (int, []uint8, error) {
			hints, d, err := tbl.Hints(b)
			return d, hints, err
		}
		if n := checkAnswers(t, board.Goal(three2), board.SingleTile, prefixBoards(boards.String(), rest), ans); n != 720 {
			t.Errorf("%d answers, want 720", n)
		}
	})
	t.Run("abstraction", func(t *testing.T) {
		// An abstraction tier guides multi-tile searches: a file named
		// answers first, even where the size has a built-in table, whose
		// answers it must give.
		path, err := filepath.Abs(filepath.Join("..", "abstraction", "testdata", "golden", "3x3.abs"))
		if err != nil {
			t.Fatal(err)
		}
		three := board.Size{W: 3, H: 3}
		tbl, err := source.BuiltinTableIn(three, board.MultiTile)
		if err != nil {
			t.Fatal(err)
		}
		var in strings.Builder
		i := 0
		for p := []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}; p != nil; p = nextPermutation(p) {
			if i++; i%997 == 0 {
				in.WriteString(joinMoves(p) + "\n")
			}
		}
		out := check(t, in.String(), "file", path)
		first, rest, _ := strings.Cut(out, "\n")
		if want := "0 3x3 metric 1 exact 0 max 24: a search with the abstraction tier " + path; first != want {
			t.Errorf("info %q, want %q", first, want)
		}
		ans := func(b board.Board) (int, []uint8, error) {
			hints, d, err := tbl.Hints(b)
			return d, hints, err
		}
		if n := checkAnswers(t, board.Goal(three), board.MultiTile, prefixBoards(in.String(), rest), ans); n != 363 {
			t.Errorf("%d answers, want 363", n)
		}
	})
	t.Run("pdb", func(t *testing.T) {
		five := board.Size{W: 5, H: 2}
		db, err := pdb.Build(ctx, board.Goal(five), [][]uint8{{1, 2, 3, 6, 7}, {4, 5, 8, 9}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "5x2.pdb")
		if _, err := pdb.WriteFile(ctx, path, db); err != nil {
			t.Fatal(err)
		}
		tbl, err := table.Build(ctx, board.Goal(five), nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		var in strings.Builder
		for range 20 {
			b, err := gen.Uniform(r, five)
			if err != nil {
				t.Fatal(err)
			}
			in.WriteString(b.String() + "\n")
		}
		out := check(t, in.String(), "file", path)
		first, rest, _ := strings.Cut(out, "\n")
		if want := "0 5x2 metric 0 exact 0 max 55: a search with the pattern database " + path; first != want {
			t.Errorf("info %q, want %q", first, want)
		}
		s, err := solver.New(solver.WithTable(tbl))
		if err != nil {
			t.Fatal(err)
		}
		ans := func(b board.Board) (int, []uint8, error) {
			hints, d, err := s.Hints(ctx, b)
			return d, hints, err
		}
		if n := checkAnswers(t, board.Goal(five), board.SingleTile, prefixBoards(in.String(), rest), ans); n != 20 {
			t.Errorf("%d answers, want 20", n)
		}
	})
	t.Run("damaged", func(t *testing.T) {
		tbl, err := table.Build(ctx, goal, nil)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "damaged.tbl")
		if _, err := table.WriteFile(ctx, path, tbl); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		b[len(b)/2] ^= 0x10
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = source.NewResolver(nil).Open(ctx, path)
		if err == nil {
			t.Fatal("a damaged table opens")
		}
		if got, want := check(t, "", "file", path), fmt.Sprintf("%d %s\n", statusFile, human.Message(err)); got != want {
			t.Errorf("%q, want %q", got, want)
		}
	})
}

// prefixBoards puts each line of boards before the line of answers of
// the same number, separated by ';'.
func prefixBoards(boards, answers string) string {
	b := strings.Split(strings.TrimSuffix(boards, "\n"), "\n")
	a := strings.Split(strings.TrimSuffix(answers, "\n"), "\n")
	var sb strings.Builder
	for i := range min(len(a), len(b)) {
		sb.WriteString(b[i] + ";" + a[i] + "\n")
	}
	return sb.String()
}

// TestHeader compiles slidetable.h alone, as strict C99 and, where there
// is a C++ compiler, as C++.
func TestHeader(t *testing.T) {
	cc := testenv.CC(t)
	src := filepath.Join(t.TempDir(), "h.c")
	if err := os.WriteFile(src, []byte("#include \"slidetable.h\"\nint main(void) { return SLIDETABLE_OK; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(cc, "-std=c99", "-pedantic-errors", "-Wall", "-Wextra", "-Werror", "-I", ".", "-fsyntax-only", src).CombinedOutput(); err != nil {
		t.Errorf("slidetable.h as C99: %v\n%s", err, out)
	}
	for _, cxx := range []string{"c++", "g++", "clang++"} {
		if p, err := exec.LookPath(cxx); err == nil {
			if out, err := exec.Command(p, "-x", "c++", "-std=c++11", "-pedantic-errors", "-Wall", "-Werror", "-I", ".", "-fsyntax-only", src).CombinedOutput(); err != nil {
				t.Errorf("slidetable.h as C++: %v\n%s", err, out)
			}
			return
		}
	}
	t.Log("no C++ compiler: slidetable.h checked as C only")
}

// BenchmarkLookup measures a lookup through an open 3x3 table from C,
// the cgo crossing included: check.c times b.N lookups of random boards
// in a loop of its own (the loop is in C, so it runs b.N times rather
// than b.Loop) and the benchmark reports its figure as ns/lookup, and
// that of b.N calls of slidetable_info, the crossing into Go and back
// with next to no work, as ns/crossing; ns/op counts the program's start
// and both loops.
func BenchmarkLookup(b *testing.B) {
	check(b, "", "bench", "1") // builds the library and the program first
	b.ResetTimer()
	start := time.Now()
	out := check(b, "", "bench", strconv.Itoa(b.N))
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N), "ns/op")
	var ns, crossing float64
	var sum int
	if _, err := fmt.Sscanf(out, "%g ns/lookup (sum %d), %g ns/crossing", &ns, &sum, &crossing); err != nil {
		b.Fatalf("%q: %v", out, err)
	}
	b.ReportMetric(ns, "ns/lookup")
	b.ReportMetric(crossing, "ns/crossing")
}
