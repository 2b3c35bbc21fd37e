package python_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

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

// python returns python3 and the library's path, built from the sources
// as they are with the C compiler (testenv.Library); it skips t without
// either.
func python(t testing.TB) (py, lib string) {
	t.Helper()
	py = testenv.Python(t)
	cc := testenv.CC(t)
	return py, filepath.Join(testenv.Library(t, cc), testenv.LibraryName())
}

// env returns the environment of a Python run on lib: the package from
// this folder, a cache folder of its own (so that files installed on this
// machine change nothing), no bytecode written into the folder.
func env(t testing.TB, lib string, extra ...string) []string {
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(), append([]string{"SLIDETABLE_LIBRARY=" + lib, "SLIDETABLE_CACHE=" + t.TempDir(),
		"PYTHONPATH=" + here, "PYTHONDONTWRITEBYTECODE=1"}, extra...)...)
}

// TestUnittest runs the package's tests (python3 -m unittest) with the
// Go answers to compare with, and a 5x2 table installed in the cache
// folder, as 'slidetable build -install 5x2' installs it.
func TestUnittest(t *testing.T) {
	py, lib := python(t)
	path := filepath.Join(t.TempDir(), "expect.json")
	e := expected(t)
	cache := t.TempDir()
	e.Installed = install(t, cache, board.Size{W: 5, H: 2})
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-m", "unittest")
	cmd.Env = env(t, lib, "SLIDETABLE_EXPECT="+path, "SLIDETABLE_CACHE="+cache)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python3 -m unittest: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "skipped 'compares with the Go answers") {
		t.Errorf("the comparisons with Go were skipped:\n%s", out)
	}
	t.Logf("python3 -m unittest:\n%s", out)
}

// expectations are the Go answers the Python tests compare with.
type expectations struct {
	Distances3x3 []int       `json:"distances3x3"` // of every permutation of 0..8, in lexicographic order; -1: unsolvable
	Korf10       []korf      `json:"korf10"`
	Levels       []level     `json:"levels"`
	Random       []randomOne `json:"random"`
	Errors       []badBoard  `json:"errors"`
	File         tableFile   `json:"file"`
	Installed    string      `json:"installed"` // the size of the table installed in the cache folder
}

type korf struct {
	Number   int    `json:"number"`
	Board    string `json:"board"`
	Distance int    `json:"distance"`
	Hints    []int  `json:"hints"`
}

type level struct {
	Ask      map[string]any `json:"ask"`
	Board    []int          `json:"board"`
	Distance int            `json:"distance"`
}

type randomOne struct {
	Size  string `json:"size"`
	Seed  uint64 `json:"seed"`
	Board []int  `json:"board"`
}

type badBoard struct {
	Size    string `json:"size"`
	Board   string `json:"board"`
	Message string `json:"message"`
}

type tableFile struct {
	Path      string `json:"path"`
	Size      string `json:"size"`
	Goal      []int  `json:"goal"`
	Distances []int  `json:"distances"` // of every permutation of 0..5, in lexicographic order; -1: unsolvable
}

// expected returns the Go answers: of the built-in tables, the solver,
// the game 'slidetable serve' plays and the command line's gen.
func expected(t *testing.T) *expectations {
	t.Helper()
	ctx := context.Background()
	e := &expectations{}
	three := board.Size{W: 3, H: 3}
	tbl, err := source.BuiltinTable(three)
	if err != nil {
		t.Fatal(err)
	}
	e.Distances3x3 = distances(t, tbl)

	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	insts := published.Korf100().Instances
	order := make([]int, len(insts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return insts[a].Distance - insts[b].Distance })
	for _, i := range order[:10] {
		hints, d, err := s.Hints(ctx, insts[i].Board)
		if err != nil || d != insts[i].Distance {
			t.Fatalf("Korf #%d: %d, %v; published %d", i+1, d, err, insts[i].Distance)
		}
		e.Korf10 = append(e.Korf10, korf{Number: i + 1, Board: insts[i].Board.String(), Distance: d, Hints: api.Ints(hints)})
	}

	cat, err := source.NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.FromCatalog(cat, &game.CatalogOptions{AnySize: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []map[string]any{
		{"size": "3x3", "min": 31, "max": 31, "seed": 1, "metric": "single"},
		{"size": "3x3", "min": 0, "max": 5, "seed": 7, "metric": "single"},
		{"size": "3x3", "min": 18, "max": 20, "seed": 4, "metric": "multi"},
		{"size": "2x4", "min": 20, "max": 25, "seed": 2, "metric": "single"},
		{"size": "4x4", "min": 50, "max": 55, "seed": 1, "metric": "single"},
		{"size": "4x4", "min": 80, "seed": 2, "metric": "single"},
	} {
		q := url.Values{}
		for k, v := range a {
			q.Set(k, fmt.Sprint(v))
		}
		qn, err := api.ParseQuery("level", q)
		if err != nil {
			t.Fatal(err)
		}
		req, err := g.Ask(qn)
		if err != nil {
			t.Fatal(err)
		}
		v, err := req.Answer(ctx)
		if err != nil {
			t.Fatal(err)
		}
		lv := v.(api.Level)
		e.Levels = append(e.Levels, level{Ask: a, Board: api.Ints(lv.Board.Cells()), Distance: lv.Distance})
	}

	for _, seed := range []uint64{0, 1, 1 << 63} {
		for _, size := range []board.Size{three, {W: 4, H: 4}} {
			// The random source of 'slidetable gen -seed S'.
			b, err := gen.Uniform(gen.NewRand(seed), size)
			if err != nil {
				t.Fatal(err)
			}
			e.Random = append(e.Random, randomOne{Size: size.String(), Seed: seed, Board: api.Ints(b.Cells())})
		}
	}

	for _, bad := range []badBoard{
		{Size: "3x3", Board: "1 2 3/4 5 6/7 7 0"},
		{Size: "3x3", Board: "1 2 3"},
		{Size: "3x3", Board: "1 2 3/4 5 6/7 8 9"},
		{Size: "3x3", Board: "a b c"},
		{Size: "3x3", Board: "1 2 3/4 5 6"},
		{Size: "4x4", Board: "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 16"},
	} {
		size, err := board.ParseSize(bad.Size)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := board.Parse(size, bad.Board); err == nil {
			t.Fatalf("%s parses", bad.Board)
		} else {
			bad.Message = human.Message(err)
		}
		e.Errors = append(e.Errors, bad)
	}

	goal := board.MustParse(board.Size{W: 3, H: 2}, "0 5 4/3 2 1")
	ft, err := table.Build(ctx, goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "3x2.tbl")
	if _, err := table.WriteFile(ctx, path, ft); err != nil {
		t.Fatal(err)
	}
	e.File = tableFile{Path: path, Size: "3x2", Goal: api.Ints(goal.Cells()), Distances: distances(t, ft)}
	return e
}

// install builds the table of size and installs it in the cache folder
// dir, where 'slidetable build -install' puts it, and returns the size.
func install(t *testing.T, dir string, size board.Size) string {
	t.Helper()
	path, err := source.NewResolver(&source.Options{Dir: dir}).InstallPath(size)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := table.Build(context.Background(), board.Goal(size), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.WriteFile(context.Background(), path, tbl); err != nil {
		t.Fatal(err)
	}
	return size.String()
}

// distances returns the distance of every permutation of 0..n-1 in
// lexicographic order in t, -1 for those that cannot reach its goal.
func distances(t *testing.T, tbl *table.Table) []int {
	t.Helper()
	n := tbl.Size().Cells()
	p := make([]uint8, n)
	for i := range p {
		p[i] = uint8(i)
	}
	var out []int
	for {
		b, err := board.New(tbl.Size(), p)
		if err != nil {
			t.Fatal(err)
		}
		d, err := tbl.Distance(b)
		if err != nil {
			d = -1
		}
		out = append(out, d)
		// The next permutation in lexicographic order, as Python's
		// itertools.permutations gives them.
		i := n - 2
		for i >= 0 && p[i] >= p[i+1] {
			i--
		}
		if i < 0 {
			return out
		}
		j := n - 1
		for p[j] <= p[i] {
			j--
		}
		p[i], p[j] = p[j], p[i]
		slices.Reverse(p[i+1:])
	}
}

// pythonBlocks returns the ```python blocks of the Markdown file path,
// each a doctest session (>>> lines).
func pythonBlocks(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, rest := range strings.Split(string(b), "\n```python\n")[1:] {
		block, _, closed := strings.Cut(rest, "\n```\n")
		if !closed || !strings.Contains(block, ">>> ") {
			t.Fatalf("%s: a ```python block that is not a closed doctest session (>>> lines)", path)
		}
		out = append(out, block+"\n")
	}
	if len(out) == 0 {
		t.Fatalf("%s has no ```python block", path)
	}
	return out
}

// TestReadme runs the ```python examples of the repository's README and of
// this folder's (python3 -m doctest), from a folder of the user's, where
// 'slidetable build 5x2' wrote 5x2.tbl for the example that opens it.
func TestReadme(t *testing.T) {
	py, lib := python(t)
	dir := t.TempDir()
	tbl, err := table.Build(context.Background(), board.Goal(board.Size{W: 5, H: 2}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.WriteFile(context.Background(), filepath.Join(dir, "5x2.tbl"), tbl); err != nil {
		t.Fatal(err)
	}
	for _, readme := range []string{filepath.Join("..", "README.md"), "README.md"} {
		for i, block := range pythonBlocks(t, readme) {
			path := filepath.Join(t.TempDir(), "readme.txt")
			if err := os.WriteFile(path, []byte(block), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(py, "-m", "doctest", path)
			cmd.Dir = dir
			cmd.Env = env(t, lib)
			if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
				t.Errorf("%s's Python example %d: %v\n%s", readme, i+1, err, out)
			}
		}
	}
}

// BenchmarkDistances1M measures slidetable.distances on 1,000,000 random
// 3x3 boards from Python, given as a buffer of bytes, a list of lists of
// ints and a list of strings (and a NumPy array where NumPy is
// installed): seconds for the million, the best of three, on one core
// (the process pinned to one with taskset, where there is taskset). The
// loop is Python's: the script runs once, which takes more than the
// benchmark time, so b.N is 1 and ns/op the script's whole run.
func BenchmarkDistances1M(b *testing.B) {
	py, lib := python(b)
	script := `
import random, sys, time
import slidetable
t = slidetable.Table("3x3")
r = random.Random(1)
cells = list(range(9))
boards = []
for _ in range(1000000):
    r.shuffle(cells)
    boards.append(list(cells))
forms = {"bytes": bytes(x for b in boards for x in b), "lists": boards, "strings": [" ".join(map(str, b)) for b in boards]}
try:
    import numpy
    forms["numpy"] = numpy.array(boards, dtype=numpy.uint8)
except ImportError:
    pass
for name, boards in forms.items():
    best = 1e9
    for _ in range(3):
        start = time.perf_counter()
        d = t.distances(boards)
        best = min(best, time.perf_counter() - start)
    assert len(d) == 1000000
    print(name, best)
`
	args := []string{py, "-c", script}
	if taskset, err := exec.LookPath("taskset"); err == nil {
		args = append([]string{taskset, "-c", "0"}, args...)
	} else {
		b.Log("no taskset: the process may use every core")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = env(b, lib)
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("%v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		name, secs, _ := strings.Cut(line, " ")
		v, err := strconv.ParseFloat(secs, 64)
		if err != nil {
			b.Fatalf("%q: %v", line, err)
		}
		b.ReportMetric(v, "s/1M-"+name)
	}
}
