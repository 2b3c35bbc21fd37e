package csharp_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// The library is built from the sources as they are (testenv.Library);
// the C# programs are compiled into a folder TestMain removes, beside a
// link to the library, where mono looks for it.
var built struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// binding returns the binding's source files.
func binding(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("Slidetable", "*.cs"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Slidetable/*.cs: %v", err)
	}
	for i, f := range files {
		if files[i], err = filepath.Abs(f); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// build returns mcs, mono and the folder holding the library, built with
// the C compiler first; it skips t without them.
func build(t testing.TB) (mcs, mono, dir string) {
	t.Helper()
	mcs, mono = testenv.CSharp(t)
	cc := testenv.CC(t)
	lib := filepath.Join(testenv.Library(t, cc), testenv.LibraryName())
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "slidetable-csharp-test-"); built.err != nil {
			return
		}
		built.err = linkOrCopy(lib, filepath.Join(built.dir, testenv.LibraryName()))
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return mcs, mono, built.dir
}

// linkOrCopy makes dst a symbolic link to src, or a copy of it where the
// system makes no links.
func linkOrCopy(src, dst string) error {
	if os.Symlink(src, dst) == nil {
		return nil
	}
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o755)
}

// testsExe returns tests/Tests.cs compiled with the binding, once.
var testsExe struct {
	once sync.Once
	path string
}

func testsProgram(t testing.TB, mcs, dir string) string {
	t.Helper()
	testsExe.once.Do(func() {
		testsExe.path = compile(t, mcs, dir, "tests", []string{"-define:SLIDETABLE_SPAN"},
			append(binding(t), filepath.Join("tests", "Tests.cs"))...)
	})
	if testsExe.path == "" {
		t.Fatal("tests/Tests.cs did not compile")
	}
	return testsExe.path
}

// compile compiles the C# files srcs with mcs into an executable of the
// library's folder, with args before them, warnings counted as errors,
// and returns its path.
func compile(t testing.TB, mcs, dir, name string, args []string, srcs ...string) string {
	t.Helper()
	exe := filepath.Join(dir, name+".exe")
	args = append(append([]string{"-warnaserror+", "-out:" + exe}, args...), srcs...)
	if out, err := exec.Command(mcs, args...).CombinedOutput(); err != nil {
		t.Fatalf("mcs %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return exe
}

// run runs the program exe with mono and a cache folder of its own (so
// that files installed on this machine change nothing), and returns its
// output; err is its exit.
func run(t testing.TB, mono, exe string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(mono, append([]string{"--debug", exe}, args...)...)
	cmd.Env = append(os.Environ(), "SLIDETABLE_CACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestCompiles compiles the binding alone as the older compilers of
// Unity take it: as C# 4 without the overloads that take spans, as C# 7
// with them.
func TestCompiles(t *testing.T) {
	mcs, _, dir := build(t)
	for _, span := range []bool{false, true} {
		args := []string{"-langversion:4", "-target:library"}
		if span {
			args = []string{"-langversion:7", "-target:library", "-define:SLIDETABLE_SPAN"}
		}
		exe := compile(t, mcs, dir, "binding-"+strconv.FormatBool(span), args, binding(t)...)
		if err := os.Remove(exe); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCSharp runs tests/Tests.cs, compiled with the binding, on the Go
// library's answers: it prints its failures and "N passed, M failed".
// Every 3x3 board in both metrics through P/Invoke takes seconds: it runs
// with the long checks; the examples, the exits and the builds run always.
func TestCSharp(t *testing.T) {
	testenv.Long(t)
	mcs, mono, dir := build(t)
	records := expected(t)
	path := filepath.Join(t.TempDir(), "expect.txt")
	if err := os.WriteFile(path, []byte(strings.Join(records, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := testsProgram(t, mcs, dir)
	out, err := run(t, mono, exe, path)
	t.Logf("mono tests.exe:\n%s", out)
	if err != nil {
		t.Fatalf("mono tests.exe: %v", err)
	}
	if want := fmt.Sprintf("records %d\n", len(records)); !strings.HasPrefix(out, want) {
		t.Errorf("the program did not read the %d records of the Go answers", len(records))
	}
	m := regexp.MustCompile(`\n(\d+) passed, (\d+) failed\n$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatal("no line N passed, M failed at the end")
	}
	// Each record is at least one check: a run that skipped them cannot pass.
	if n, _ := strconv.Atoi(m[1]); m[2] != "0" || n < len(records) {
		t.Errorf("%s passed, %s failed, for %d records of Go answers", m[1], m[2], len(records))
	}
}

// TestExitSearching runs a program that returns from Main as a game
// might when it quits (tests.exe -exit-searching): with one table disposed
// while it searched and a search left running on another, which it does
// not dispose. The process must exit, which it would not (the runtime
// waits for the thread in the library) if the binding did not close its
// tables as the process exits, and at once: each run must end within
// exitBound of the line the program prints as Main returns. In Mono a
// thread of the pool whose call ended as the runtime shut down could miss
// its wake-up and keep the process for its idle wait, 5 to 60 s
// (mono/mono#9000): in about 1 run of 20 on a loaded machine when the
// Async calls ran on the pool (27.8 s and 50.4 s late in two runs of
// this test). That race is too rare to be caught every time, so the
// program also says on which thread the search it ended ran, which must
// not be the pool's. The runs go two at a time, exitRuns of them (four
// times as many with the long checks).
func TestExitSearching(t *testing.T) {
	mcs, mono, dir := build(t)
	exe := testsProgram(t, mcs, dir)
	runs := exitRuns
	if testenv.IsLong() {
		runs = 4 * exitRuns
	}
	late := make(chan string, runs)
	var wg sync.WaitGroup
	for pair := 0; pair < runs; pair += 2 {
		for i := pair; i < pair+2 && i < runs; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if msg := exitOnce(t, mono, exe); msg != "" {
					late <- fmt.Sprintf("run %d: %s", i+1, msg)
				}
			}()
		}
		wg.Wait()
	}
	close(late)
	for msg := range late {
		t.Error(msg)
	}
}

const (
	// exitRuns is how many runs TestExitSearching makes.
	exitRuns = 4
	// exitBound bounds the time from Main's return to the process's
	// exit: below the 5 s that Mono's pool thread waited at least, and
	// eight times the longest exit seen on a loaded machine (0.5 s).
	exitBound = 4 * time.Second
)

// exitOnce runs tests.exe -exit-searching once and returns what went
// wrong, or "".
func exitOnce(t *testing.T, mono, exe string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, mono, exe, "-exit-searching")
	cmd.Env = append(os.Environ(), "SLIDETABLE_CACHE="+t.TempDir())
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err.Error()
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return err.Error()
	}
	var out strings.Builder
	var returned time.Time // when Main returned: its last line came
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		out.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "returning from Main") {
			returned = time.Now()
		}
	}
	err = cmd.Wait()
	took := time.Since(returned)
	switch {
	case ctx.Err() != nil:
		return fmt.Sprintf("still running after 2 minutes; it printed\n%s%s", &out, &stderr)
	case err != nil:
		return fmt.Sprintf("%v; it printed\n%s%s", err, &out, &stderr)
	case returned.IsZero():
		return fmt.Sprintf("Main did not return; it printed\n%s%s", &out, &stderr)
	case took > exitBound:
		return fmt.Sprintf("the process exited %.1f s after Main returned; it printed\n%s", took.Seconds(), &out)
	}
	t.Logf("exited %.2f s after Main returned", took.Seconds())
	return ""
}

// TestNoLibrary runs the tests program where there is no library: the
// exception says how to build it.
func TestNoLibrary(t *testing.T) {
	mcs, mono, dir := build(t)
	b, err := os.ReadFile(testsProgram(t, mcs, dir))
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "tests.exe") // a folder without the library
	if err := os.WriteFile(exe, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, mono, exe, "-no-library")
	t.Logf("mono tests.exe -no-library:\n%s", out)
	if err != nil {
		t.Fatalf("mono tests.exe -no-library: %v", err)
	}
}

// TestReadme compiles the README's C# example with the binding, runs it,
// and compares what it prints with its closing "Output:" comment, as a Go
// example's are.
func TestReadme(t *testing.T) {
	mcs, mono, dir := build(t)
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n```csharp\n")
	block, _, closed := strings.Cut(rest, "\n```\n")
	src, want, hasOutput := strings.Cut(block, "\n/* Output:\n")
	if !ok || !closed || !hasOutput || !strings.HasSuffix(want, "\n*/") {
		t.Fatal("README.md has no ```csharp block ending in an /* Output: ... */ comment")
	}
	want = strings.TrimSuffix(want, "*/")
	file := filepath.Join(t.TempDir(), "puzzle.cs")
	if err := os.WriteFile(file, []byte(src+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := compile(t, mcs, dir, "puzzle", nil, append([]string{file}, binding(t)...)...)
	out, err := run(t, mono, exe)
	if err != nil {
		t.Fatalf("README.md's C# example: %v\n%s", err, out)
	}
	if out != want {
		t.Errorf("README.md's C# example prints\n%s\nits Output: comment shows\n%s", out, want)
	}
}

// TestReadmeExamples compiles each ```csharp block of this folder's
// README with the binding, and with stand-ins for the Unity and Godot
// APIs they call (tests/Engines.cs), and runs the first, the class
// Example, whose NextMove the engines' examples stand for: through a
// Main of the test's own (exampleDriver), on boards whose optimal moves
// the Go solver knows. The engines' own examples cannot run without the
// engines.
func TestReadmeExamples(t *testing.T) {
	mcs, mono, dir := build(t)
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(b), "\n```csharp\n")[1:]
	if len(blocks) < 3 {
		t.Fatalf("README.md has %d ```csharp blocks, want the example, Unity's and Godot's", len(blocks))
	}
	engines, err := filepath.Abs(filepath.Join("tests", "Engines.cs"))
	if err != nil {
		t.Fatal(err)
	}
	for i, block := range blocks {
		src, _, ok := strings.Cut(block, "\n```\n")
		if !ok {
			t.Fatalf("block %d is not closed", i+1)
		}
		file := filepath.Join(t.TempDir(), "example.cs")
		if err := os.WriteFile(file, []byte(src+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			runExample(t, mcs, mono, dir, file)
			continue
		}
		exe := compile(t, mcs, dir, "example"+strconv.Itoa(i+1), []string{"-target:library"},
			append([]string{file, engines}, binding(t)...)...)
		if err := os.Remove(exe); err != nil {
			t.Fatal(err)
		}
	}
}

// exampleDriver calls the README's Example.NextMove on each board of its
// arguments (cells separated by commas) and prints the move, or "null".
const exampleDriver = `using System;
using System.Linq;
using System.Threading;

static class Driver
{
	static void Main(string[] args)
	{
		foreach (string arg in args)
		{
			byte[] board = arg.Split(',').Select(byte.Parse).ToArray();
			byte? move = Example.NextMove(board, CancellationToken.None).Result;
			Console.WriteLine(move == null ? "null" : move.ToString());
		}
	}
}
`

// runExample compiles the README's first example, file, with
// exampleDriver, and checks the moves it gives against the Go solver's
// optimal moves: one of them on a board to solve, none at the goal or
// on a board that cannot reach it.
func runExample(t *testing.T, mcs, mono, dir, file string) {
	t.Helper()
	driver := filepath.Join(t.TempDir(), "driver.cs")
	if err := os.WriteFile(driver, []byte(exampleDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := compile(t, mcs, dir, "example1", nil, append([]string{file, driver}, binding(t)...)...)
	size := board.Size{W: 4, H: 4}
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	var args []string
	var want [][]uint8 // the optimal moves of each board, nil for none
	for _, text := range []string{
		"1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0", // the goal
		"1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", // cannot reach it
		"1 2 3 4/5 6 7 8/9 10 11 0/13 14 15 12", // 1 move away
		"0 1 2 3/5 6 7 4/9 10 11 8/13 14 15 12", // 6
		"5 1 2 3/9 6 7 4/0 10 11 8/13 14 15 12", // 8
		"2 3 4 8/1 6 7 12/5 10 11 0/9 13 14 15", // 11
	} {
		bd := board.MustParse(size, text)
		hints, _, err := s.Hints(context.Background(), bd)
		if err != nil && !errors.Is(err, solver.ErrUnsolvable) {
			t.Fatal(err)
		}
		args = append(args, cells(bd.Cells()))
		want = append(want, hints)
	}
	out, err := run(t, mono, exe, args...)
	if err != nil {
		t.Fatalf("the README's Example: %v\n%s", err, out)
	}
	got := strings.Fields(out)
	if len(got) != len(args) {
		t.Fatalf("the README's Example printed\n%s\nwant a move or null for each of %d boards", out, len(args))
	}
	for i, g := range got {
		if len(want[i]) == 0 {
			if g != "null" {
				t.Errorf("NextMove of %s: %s, want null (no move: solved, or it cannot be)", args[i], g)
			}
			continue
		}
		m, err := strconv.Atoi(g)
		if err != nil || !slices.Contains(want[i], uint8(m)) {
			t.Errorf("NextMove of %s: %s, want one of the optimal moves %v", args[i], g, want[i])
		}
	}
}

// cells writes a board's cells as the C# program reads them.
func cells(c []uint8) string {
	s := make([]string, len(c))
	for i, v := range c {
		s[i] = strconv.Itoa(int(v))
	}
	return strings.Join(s, ",")
}

// ints writes numbers as the C# program reads them.
func ints(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// record is one line of the Go answers: fields separated by tabs.
func record(fields ...any) string {
	s := make([]string, len(fields))
	for i, f := range fields {
		s[i] = fmt.Sprint(f)
	}
	return strings.Join(s, "\t")
}

// expected returns the Go answers the C# program compares with, a record
// a line (tests/Tests.cs reads them): of the built-in tables, the solver,
// the game 'slidetable serve' plays, the command line's gen, the board
// package's messages and a table file built here.
func expected(t *testing.T) []string {
	t.Helper()
	var out []string
	three := board.Size{W: 3, H: 3}
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		tbl, err := source.BuiltinTableIn(three, m)
		if err != nil {
			t.Fatal(err)
		}
		all := distances(t, tbl)
		out = append(out, record("every3x3", m, ints(all)))
		// Every thousandth board's hints, for its hints and solution.
		i := 0
		for p := identity(9); p != nil; p = nextPermutation(p) {
			if i%1000 == 0 {
				b, err := board.New(three, p)
				if err != nil {
					t.Fatal(err)
				}
				hints, d, err := tbl.Hints(b)
				if err == board.ErrUnsolvable {
					d = -1
				} else if err != nil {
					t.Fatal(err)
				}
				out = append(out, record("board", "3x3", m, cells(p), d, cells(hints)))
			}
			i++
		}
	}

	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	korf := slices.Clone(published.Korf100().Instances)
	slices.SortStableFunc(korf, func(a, b published.Instance) int { return a.Distance - b.Distance })
	for _, k := range korf[:10] {
		hints, d, err := s.Hints(context.Background(), k.Board)
		if err != nil || d != k.Distance {
			t.Fatalf("%s: %d, %v; published %d", k.Board, d, err, k.Distance)
		}
		out = append(out, record("board", "4x4", board.SingleTile, cells(k.Board.Cells()), d, cells(hints)))
	}

	out = append(out, levels(t)...)

	for _, seed := range []uint64{0, 1, 12345678901234567890} {
		for _, size := range []board.Size{three, {W: 4, H: 4}, {W: 5, H: 3}} {
			// The random source of 'slidetable gen -seed S'.
			b, err := gen.Uniform(gen.NewRand(seed), size)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, record("random", size, seed, cells(b.Cells())))
		}
	}

	for _, bad := range []struct{ size, text string }{
		{"3x3", "1 2 3/4 5 6/7 7 0"},
		{"3x3", "1 2 3"},
		{"3x3", "1 2 3/4 5 6/7 8 9"},
		{"3x3", "a b c"},
		{"3x3", "1 2 3/4 5 6"},
		{"2x2", "1 2 3 0 0"},
		{"4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 16"},
	} {
		size, err := board.ParseSize(bad.size)
		if err != nil {
			t.Fatal(err)
		}
		_, err = board.Parse(size, bad.text)
		if err == nil {
			t.Fatalf("%s parses", bad.text)
		}
		out = append(out, record("bad", bad.size, bad.text, human.Message(err)))
	}

	goal := board.MustParse(board.Size{W: 3, H: 2}, "0 5 4/3 2 1")
	ft, err := table.Build(context.Background(), goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "3x2.tbl")
	if _, err := table.WriteFile(context.Background(), path, ft); err != nil {
		t.Fatal(err)
	}
	return append(out, record("file", path, cells(goal.Cells()), ints(distances(t, ft))))
}

// levels returns the records of the levels 'slidetable serve' gives (the
// game package on the built-in files) for a few requests.
func levels(t *testing.T) []string {
	t.Helper()
	cat, err := source.NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.FromCatalog(cat, &game.CatalogOptions{AnySize: true})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range []struct {
		size   string
		metric board.Metric
		lo, hi int
		seed   uint64
	}{
		{"3x3", board.SingleTile, 31, 31, 1},
		{"3x3", board.SingleTile, 0, 5, 7},
		{"3x3", board.MultiTile, 18, 20, 4},
		{"2x4", board.SingleTile, 20, 25, 2},
		{"4x4", board.SingleTile, 50, 55, 1},
		{"4x4", board.SingleTile, 80, -1, 2},
	} {
		q := url.Values{"size": {a.size}, "min": {strconv.Itoa(a.lo)}, "seed": {strconv.FormatUint(a.seed, 10)},
			"metric": {a.metric.String()}}
		if a.hi >= 0 {
			q.Set("max", strconv.Itoa(a.hi))
		}
		qn, err := api.ParseQuery("level", q)
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
		out = append(out, record("level", a.size, a.metric, a.lo, a.hi, a.seed, cells(lv.Board.Cells()), lv.Distance))
	}
	return out
}

// identity returns 0..n-1.
func identity(n int) []uint8 {
	p := make([]uint8, n)
	for i := range p {
		p[i] = uint8(i)
	}
	return p
}

// nextPermutation returns the permutation after p in lexicographic order,
// in place, or nil after the last, as the C# program steps through them.
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

// distances returns the distance of every permutation of 0..n-1 in
// lexicographic order in tbl, -1 for those that cannot reach its goal.
func distances(t *testing.T, tbl *table.Table) []int {
	t.Helper()
	var out []int
	for p := identity(tbl.Size().Cells()); p != nil; p = nextPermutation(p) {
		b, err := board.New(tbl.Size(), p)
		if err != nil {
			t.Fatal(err)
		}
		d, err := tbl.Distance(b)
		if err == board.ErrUnsolvable {
			d = -1
		} else if err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}
