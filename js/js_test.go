package js_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/js"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
)

// TestFiles checks that the embedded files are the ones in this folder
// that the npm package ships.
func TestFiles(t *testing.T) {
	var names []string
	err := fs.WalkDir(js.Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, path)
			b, _ := fs.ReadFile(js.Files(), path)
			if disk, err := os.ReadFile(path); err != nil || !bytes.Equal(b, disk) {
				t.Errorf("%s: embedded copy differs from the file (%v)", path, err)
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"4x4-multi-pack.jsonl", "4x4-multi.abs", "4x4-pack.jsonl", "GO-LICENSE", "LICENSE", "knowledge.js", "rules.js", "slidetable-puzzle.js", "slidetable-worker.js", "slidetable.js", "slidetable.wasm", "wasm_exec.js"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
}

// TestDeclarations checks that slidetable.d.ts types request for exactly
// the endpoints package game answers, and that the element's declarations
// name every attribute it observes.
func TestDeclarations(t *testing.T) {
	dts, err := os.ReadFile("slidetable.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(dts), "export interface Endpoints {\n")
	body, _, _ = strings.Cut(body, "\n}\n")
	var typed []string
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(line, "   ") {
			continue // inside an endpoint's entry
		}
		if name, _, ok := strings.Cut(strings.TrimSpace(line), ": {"); ok && !strings.Contains(name, " ") {
			typed = append(typed, name)
		}
	}
	if !ok || !slices.Equal(typed, game.Endpoints) {
		t.Errorf("slidetable.d.ts types the endpoints %v, package game answers %v", typed, game.Endpoints)
	}
	src, err := os.ReadFile("slidetable-puzzle.js")
	if err != nil {
		t.Fatal(err)
	}
	el, err := os.ReadFile("slidetable-puzzle.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	_, attrs, _ := strings.Cut(string(src), "static observedAttributes = [")
	attrs, _, _ = strings.Cut(attrs, "]")
	for _, a := range strings.Split(attrs, ",") {
		a = strings.Trim(strings.TrimSpace(a), `"`)
		if a == "board" {
			continue // the property of that name is the board shown; deal({ board }) sets one
		}
		if !strings.Contains(string(el), "\n  "+a+": ") {
			t.Errorf("slidetable-puzzle.d.ts does not declare the attribute %q as a property", a)
		}
	}
}

// TestErrorCodes checks that README.md's table of the codes of a
// SlidetableError, and the type of its code in slidetable.d.ts, list
// exactly the codes the package can give: the codes of the kinds of
// failure (failure.Codes.JS), which the module gives its errors, and
// those slidetable.js gives its own, each with a status.
func TestErrorCodes(t *testing.T) {
	src, err := os.ReadFile("slidetable.js")
	if err != nil {
		t.Fatal(err)
	}
	can := map[string]bool{}
	for _, k := range failure.Kinds() {
		can[k.Codes().JS] = true
	}
	// new SlidetableError(message, 503, "unavailable"), or (..., 503,
	// timeout ? "timeout" : "aborted"); and codeOf's {404: "not-found"}
	// and ?? "failed", the codes of a status without one.
	own := regexp.MustCompile(`\b\d{3}(?:, |: )(?:[a-z]+ \? )?"([a-z-]+)"(?: : "([a-z-]+)")?|\?\? "([a-z-]+)"`)
	found := 0
	for _, m := range own.FindAllStringSubmatch(string(src), -1) {
		for _, c := range m[1:] {
			if c != "" {
				can[c] = true
				found++
			}
		}
	}
	if found < 10 {
		t.Fatalf("found %d codes in slidetable.js: has the way it makes its errors changed?", found)
	}

	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	row := regexp.MustCompile("(?m)^\\| `\"([a-z-]+)\"` \\| (\\d{3}) \\| [^|]+ \\|$")
	for _, m := range row.FindAllStringSubmatch(string(readme), -1) {
		listed[m[1]] = true
	}
	dts, err := os.ReadFile("slidetable.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	typed := map[string]bool{}
	if m := regexp.MustCompile(`\n  code: ((?:"[a-z-]+"(?: \| )?)+);\n`).FindSubmatch(dts); m != nil {
		for _, c := range strings.Split(string(m[1]), " | ") {
			typed[strings.Trim(c, `"`)] = true
		}
	}
	for c := range can {
		if !listed[c] {
			t.Errorf("code %q, which the package gives, is not in README.md's table of codes", c)
		}
		if !typed[c] {
			t.Errorf("code %q, which the package gives, is not in the type of SlidetableError's code in slidetable.d.ts", c)
		}
	}
	for c := range listed {
		if !can[c] {
			t.Errorf("README.md lists the code %q, which nothing gives", c)
		}
	}
	for c := range typed {
		if !can[c] {
			t.Errorf("slidetable.d.ts types the code %q, which nothing gives", c)
		}
	}
}

// TestLicense checks that the package carries the project's license, the
// MIT License, as the repository's LICENSE words it (go generate copies
// it), says so in package.json, and keeps Go's license beside it for
// wasm_exec.js.
func TestLicense(t *testing.T) {
	own, err := os.ReadFile(filepath.Join("..", "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(own, []byte("MIT License\n")) || !bytes.Contains(own, []byte("The slidetable authors")) {
		t.Errorf("../LICENSE is not the MIT License of the slidetable authors:\n%s", own)
	}
	if here, err := os.ReadFile("LICENSE"); err != nil || !bytes.Equal(here, own) {
		t.Errorf("js/LICENSE differs from ../LICENSE (%v): run go generate ./js", err)
	}
	if b, err := os.ReadFile("GO-LICENSE"); err != nil || !bytes.Contains(b, []byte("The Go Authors")) {
		t.Errorf("GO-LICENSE is not Go's license (%v)", err)
	}
	var pkg struct {
		License string   `json:"license"`
		Files   []string `json:"files"`
	}
	b, err := os.ReadFile("package.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.License != "MIT" || !slices.Contains(pkg.Files, "LICENSE") || !slices.Contains(pkg.Files, "GO-LICENSE") {
		t.Errorf("package.json: license %q, files %v; want MIT, with LICENSE and GO-LICENSE", pkg.License, pkg.Files)
	}
}

// buildWasm builds the WebAssembly command from the sources as they are,
// as go generate does, and returns the file's path.
func buildWasm(t *testing.T) string {
	t.Helper()
	wasm.once.Do(func() {
		dir, err := os.MkdirTemp("", "slidetable-wasm-test-")
		if err != nil {
			wasm.err = err
			return
		}
		wasm.dir = dir
		path := filepath.Join(dir, "slidetable.wasm")
		if err := testenv.Build("./wasm", path, []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w"}, "GOOS=js", "GOARCH=wasm"); err != nil {
			wasm.err = fmt.Errorf("GOOS=js GOARCH=wasm: %v", err)
			return
		}
		wasm.path = path
	})
	if wasm.err != nil {
		t.Fatal(wasm.err)
	}
	return wasm.path
}

// wasm is the module buildWasm built, once a test binary, in a folder
// TestMain removes.
var wasm struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// TestWasmBuilds builds the WebAssembly command, so that a change to the
// library that breaks GOOS=js GOARCH=wasm fails here.
func TestWasmBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds for GOOS=js GOARCH=wasm; runs without -short")
	}
	buildWasm(t)
}

// TestUpToDate rebuilds the generated files and requires them unchanged,
// when this Go release is the one that built them.
func TestUpToDate(t *testing.T) {
	testenv.Long(t)
	if runtime.Version() != js.GoVersion {
		t.Skipf("slidetable.wasm was built by %s, this is %s: run go generate ./js with %s to check it", js.GoVersion, runtime.Version(), js.GoVersion)
	}
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "gen.go", "-o", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go: %v\n%s", err, out)
	}
	for _, name := range []string{"slidetable.wasm", "4x4-multi.abs", "4x4-pack.jsonl", "4x4-multi-pack.jsonl", "wasm_exec.js", "GO-LICENSE", "LICENSE", "version.go"} {
		fresh, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		old, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(fresh, old) {
			t.Errorf("%s is out of date: run go generate ./js and commit it", name)
		}
	}
}

// TestPack checks what npm pack puts in the package: the module, its
// declarations, the WebAssembly with Go's support code and license, and
// the README; no Go code, no tests. npm packs the 12 MB for it, a second
// and a half of processor time for a list that only package.json and the
// files of this folder change, so it is a long check.
func TestPack(t *testing.T) {
	testenv.Long(t)
	testenv.Node(t)
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("no npm to check the package's contents")
	}
	cmd := exec.Command(npm, "pack", "--dry-run", "--json", "--ignore-scripts")
	cmd.Env = append(os.Environ(), "npm_config_cache="+t.TempDir(), "npm_config_update_notifier=false")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("npm pack --dry-run: %v", err)
	}
	var packs []struct {
		Name  string `json:"name"`
		Files []struct {
			Path string `json:"path"`
		} `json:"files"`
	}
	if err := json.Unmarshal(out, &packs); err != nil || len(packs) != 1 {
		t.Fatalf("npm pack --json: %v: %s", err, out)
	}
	var got []string
	for _, f := range packs[0].Files {
		got = append(got, f.Path)
	}
	slices.Sort(got)
	want := []string{"4x4-multi-pack.jsonl", "4x4-multi.abs", "4x4-pack.jsonl", "GO-LICENSE", "LICENSE", "README.md", "knowledge.d.ts", "knowledge.js", "package.json", "rules.d.ts", "rules.js", "slidetable-puzzle.d.ts", "slidetable-puzzle.js",
		"slidetable-worker.js", "slidetable.d.ts", "slidetable.js", "slidetable.wasm", "wasm_exec.js"}
	if packs[0].Name != "slidetable" || !slices.Equal(got, want) {
		t.Errorf("npm pack: package %q with %v, want slidetable with %v", packs[0].Name, got, want)
	}
}

// TestInstalled packs the package, installs it into a new project
// (offline: it has no dependencies) and imports it by name, as an ES
// module and from CommonJS.
func TestInstalled(t *testing.T) {
	node := testenv.Node(t)
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("no npm to pack and install the package")
	}
	testenv.Long(t) // packs, installs and starts Node three times
	dir := t.TempDir()
	env := append(os.Environ(), "npm_config_cache="+filepath.Join(dir, "cache"), "npm_config_update_notifier=false",
		"npm_config_audit=false", "npm_config_fund=false")
	run := func(cwd, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = cwd, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return string(out)
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(run(here, npm, "pack", "--ignore-scripts", "--pack-destination", dir))
	tarball := filepath.Join(dir, lines[len(lines)-1]) // npm pack prints its name last
	app := filepath.Join(dir, "app")
	os.Mkdir(app, 0o755)
	os.WriteFile(filepath.Join(app, "package.json"), []byte(`{"name":"app","private":true,"type":"module"}`), 0o644)
	run(app, npm, "install", "--offline", "--ignore-scripts", tarball)
	os.WriteFile(filepath.Join(app, "esm.js"), []byte(`import { load } from "slidetable";
const st = await load();
console.log(await st.distance("3x3", "8 6 7/2 5 4/3 0 1"));
`), 0o644)
	os.WriteFile(filepath.Join(app, "cjs.cjs"), []byte(`import("slidetable").then(async ({ load }) => console.log(await (await load()).distance("2x2", [3, 1, 2, 0])));
`), 0o644)
	if out := run(app, node, "esm.js"); out != "31\n" {
		t.Errorf("import from an installed package: %q, want 31", out)
	}
	if out := run(app, node, "cjs.cjs"); out != "4\n" {
		t.Errorf("import() from CommonJS: %q, want 4", out)
	}
	// The JavaScript examples of the READMEs run as they are, as ES
	// modules (.mjs), in the project that installed the package.
	for _, readme := range []string{filepath.Join("..", "README.md"), "README.md"} {
		block := firstBlock(t, readme, "js")
		name := filepath.Join(app, "readme.mjs")
		if err := os.WriteFile(name, []byte(block), 0o644); err != nil {
			t.Fatal(err)
		}
		run(app, node, name)
	}
}

// firstBlock returns the first code block of the Markdown file path
// fenced as lang.
func firstBlock(t *testing.T, path, lang string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n```"+lang+"\n")
	block, _, closed := strings.Cut(rest, "\n```\n")
	if !ok || !closed {
		t.Fatalf("%s: no ```%s block", path, lang)
	}
	return block + "\n"
}

// TestNode runs the JavaScript tests (node --test) on the WebAssembly
// built from the sources as they are (TestUpToDate checks the committed
// file), with the answers of the Go library to compare with: every 3x3
// board's distance, Korf's 10 easiest boards, levels, sizes, stats and
// error messages. Among them, test/readme.test.js runs the JavaScript
// examples of the READMEs as written, on the committed module, and checks
// what their comments say they answer.
func TestNode(t *testing.T) {
	node := testenv.Node(t)
	start := time.Now()
	module := buildWasm(t)
	t.Logf("built the module in %v", time.Since(start))
	start = time.Now()
	exp := expected(t)
	t.Logf("the Go answers in %v", time.Since(start))
	path := filepath.Join(t.TempDir(), "expect.json")
	b, err := json.Marshal(exp)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "--test", "--test-reporter=dot", "test/")
	cmd.Env = append(os.Environ(), "SLIDETABLE_EXPECT="+path, "SLIDETABLE_WASM="+module)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("node --test:\n%s", out)
}

// expectations are the Go answers the JavaScript tests compare with.
type expectations struct {
	Distances3x3 []int         `json:"distances3x3"` // of every permutation of 0..8, in lexicographic order; -1: unsolvable
	Korf10       []korf        `json:"korf10"`
	Levels       []levelAnswer `json:"levels"`
	Errors       []badBoard    `json:"errors"`
	Sizes        any           `json:"sizes"`
	Stats3x3     any           `json:"stats3x3"`
	Goals        []goalAsk     `json:"goals"`
	// Multi4x4 are questions about uniform 4x4 boards in multi-tile
	// moves, which the module answers once it has fetched 4x4-multi.abs.
	Multi4x4 []goalAsk `json:"multi4x4"`
	// Random are the boards 'slidetable gen -seed S' prints first, which
	// random(size, {seed: S, goal}) must draw.
	Random []drawn `json:"random"`
}

// drawn is a board the command line drew: size, goal (none: the
// standard goal), seed (its digits) and the board.
type drawn struct {
	Size  string `json:"size"`
	Goal  string `json:"goal,omitempty"`
	Seed  string `json:"seed"`
	Board []int  `json:"board"`
}

// goalAsk is a request towards a goal of its own and the Go answer.
type goalAsk struct {
	Endpoint string            `json:"endpoint"`
	Params   map[string]string `json:"params"`
	Answer   any               `json:"answer"`
}

type korf struct {
	Number   int    `json:"number"`
	Board    string `json:"board"`
	Distance int    `json:"distance"`
	Hints    []int  `json:"hints"`
}

type levelAnswer struct {
	Ask   map[string]any `json:"ask"`
	Level struct {
		Board    []int `json:"board"`
		Distance int   `json:"distance"`
		Solution []int `json:"solution,omitempty"` // of a level of a level pack
	} `json:"level"`
}

type badBoard struct {
	Size    string `json:"size"`
	Board   string `json:"board"`
	Message string `json:"message"`
}

// expected returns the Go answers, from the same game the WebAssembly
// build plays.
func expected(t *testing.T) *expectations {
	t.Helper()
	cat, err := source.NewCatalog(&source.CatalogOptions{Searched: []board.Size{{W: 4, H: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.FromCatalog(cat, &game.CatalogOptions{AnySize: true})
	if err != nil {
		t.Fatal(err)
	}
	ask := func(name string, q url.Values, v any) error {
		qn, err := api.ParseQuery(name, q)
		if err != nil {
			return err
		}
		req, err := g.Ask(qn)
		if err != nil {
			return err
		}
		a, err := req.Answer(context.Background())
		if err != nil {
			return err
		}
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		return json.Unmarshal(b, v)
	}
	e := &expectations{}

	three := board.Size{W: 3, H: 3}
	tbl, err := source.BuiltinTable(three)
	if err != nil {
		t.Fatal(err)
	}
	// Every permutation of 0..8 in lexicographic order, as the JavaScript
	// test enumerates them.
	for p := []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}; p != nil; p = nextPermutation(p) {
		b, err := board.New(three, p)
		if err != nil {
			t.Fatal(err)
		}
		d, err := tbl.Distance(b)
		if err != nil {
			d = -1
		}
		e.Distances3x3 = append(e.Distances3x3, d)
	}

	insts := published.Korf100().Instances
	order := make([]int, len(insts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return insts[a].Distance - insts[b].Distance })
	for _, i := range order[:10] {
		var h struct {
			Distance int   `json:"distance"`
			Moves    []int `json:"moves"`
		}
		if err := ask("hint", url.Values{"size": {"4x4"}, "board": {insts[i].Board.String()}}, &h); err != nil {
			t.Fatal(err)
		}
		if h.Distance != insts[i].Distance {
			t.Fatalf("Korf #%d: %d, published %d", i+1, h.Distance, insts[i].Distance)
		}
		e.Korf10 = append(e.Korf10, korf{Number: i + 1, Board: insts[i].Board.String(), Distance: insts[i].Distance, Hints: h.Moves})
	}

	for _, a := range []map[string]any{
		{"size": "3x3", "min": 31, "max": 31, "seed": 1},
		{"size": "3x3", "min": 0, "max": 5, "seed": 7},
		{"size": "2x4", "min": 20, "max": 25, "seed": 2},
		{"size": "4x4", "min": 50, "max": 55, "seed": 1},
		{"size": "4x4", "min": 20, "max": 24, "seed": 3},
		{"size": "4x4", "min": 80, "seed": 2},
	} {
		q := url.Values{}
		for k, v := range a {
			b, _ := json.Marshal(v)
			q.Set(k, strings.Trim(string(b), `"`))
		}
		la := levelAnswer{Ask: a}
		if err := ask("level", q, &la.Level); err != nil {
			t.Fatal(err)
		}
		e.Levels = append(e.Levels, la)
	}

	for _, bad := range []badBoard{
		{Size: "3x3", Board: "1 2 3/4 5 6/7 7 0"},
		{Size: "3x3", Board: "1 2 3"},
		{Size: "3x3", Board: "1 2 3/4 5 6/7 8 9"},
		{Size: "3x3", Board: "a b c"},
		{Size: "3x3", Board: ""},
		{Size: "3x", Board: "1 2 3"},
		{Size: "4x4", Board: "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 15"},
	} {
		err := ask("distance", url.Values{"size": {bad.Size}, "board": {bad.Board}}, nil)
		if failure.KindOf(err) != failure.Input {
			t.Fatalf("%s %q: %v, want a bad request", bad.Size, bad.Board, err)
		}
		bad.Message = err.Error()
		e.Errors = append(e.Errors, bad)
	}

	// askOf asks a's question and returns a with the Go answer.
	askOf := func(a goalAsk) goalAsk {
		q := url.Values{}
		for k, v := range a.Params {
			q.Set(k, v)
		}
		if err := ask(a.Endpoint, q, &a.Answer); err != nil {
			t.Fatalf("%s %v: %v", a.Endpoint, a.Params, err)
		}
		return a
	}
	blankFirst := "0 1 2/3 4 5/6 7 8"
	for _, a := range []goalAsk{
		{Endpoint: "distance", Params: map[string]string{"size": "3x3", "board": "8 6 7/2 5 4/3 0 1", "goal": blankFirst}},
		{Endpoint: "hint", Params: map[string]string{"size": "3x3", "board": "8 6 7/2 5 4/3 0 1", "goal": blankFirst}},
		{Endpoint: "solve", Params: map[string]string{"size": "3x3", "board": "1 2 3/4 5 6/7 8 0", "goal": blankFirst}},
		{Endpoint: "level", Params: map[string]string{"size": "3x3", "min": "25", "max": "27", "seed": "5", "goal": blankFirst}},
		{Endpoint: "stats", Params: map[string]string{"size": "2x4", "goal": "0 1/2 3/4 5/6 7"}},
		{Endpoint: "solvable", Params: map[string]string{"size": "4x4", "board": "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0", "goal": "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0"}},
		{Endpoint: "distance", Params: map[string]string{"size": "4x4", "board": "2 1 3 4/5 6 7 8/9 10 11 12/13 14 0 15", "goal": "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0"}},
	} {
		e.Goals = append(e.Goals, askOf(a))
	}

	// Two uniform boards with the long checks, one asked for its distance,
	// the other for its hints: a search each (a second of processor time or
	// so in Go, more in WebAssembly); otherwise two boards 40 random moves
	// from the goal, nearer, whose searches take a tenth of that.
	r := rand.New(rand.NewPCG(1, 24))
	four := board.Size{W: 4, H: 4}
	for _, endpoint := range []string{"distance", "hint"} {
		var b board.Board
		var err error
		if testenv.IsLong() {
			b, err = gen.Uniform(r, four)
		} else {
			b, _, err = gen.Walk(r, board.Goal(four), 40, &gen.WalkOptions{NoUndo: true})
		}
		if err != nil {
			t.Fatal(err)
		}
		e.Multi4x4 = append(e.Multi4x4, askOf(goalAsk{Endpoint: endpoint, Params: map[string]string{"size": "4x4", "board": b.String(), "metric": "multi"}}))
	}
	e.Multi4x4 = append(e.Multi4x4,
		askOf(goalAsk{Endpoint: "level", Params: map[string]string{"size": "4x4", "min": "31", "max": "32", "seed": "4", "metric": "multi"}}),
		askOf(goalAsk{Endpoint: "sizes", Params: map[string]string{"metric": "multi"}}))

	e.Random = drawnByGen(t)

	if err := ask("sizes", nil, &e.Sizes); err != nil {
		t.Fatal(err)
	}
	if err := ask("stats", url.Values{"size": {"3x3"}}, &e.Stats3x3); err != nil {
		t.Fatal(err)
	}
	return e
}

// drawnByGen builds the command line and returns the boards 'slidetable
// gen -json -seed S [-goal G] WxH' prints, for seeds at both ends of
// their range and sizes with and without a goal of their own.
func drawnByGen(t *testing.T) []drawn {
	t.Helper()
	cli := filepath.Join(t.TempDir(), "slidetable")
	if err := testenv.Build("../cmd/slidetable", cli, nil); err != nil {
		t.Fatal(err)
	}
	var all []drawn
	for _, d := range []drawn{
		{Size: "3x3", Seed: "0"}, {Size: "3x3", Seed: "1"}, {Size: "3x3", Seed: "2"},
		{Size: "4x4", Seed: "1"}, {Size: "4x4", Seed: "9007199254740993"}, {Size: "4x4", Seed: "18446744073709551615"},
		{Size: "5x5", Seed: "9"}, {Size: "2x5", Seed: "12345678901234567890"}, {Size: "12x12", Seed: "3"},
		{Size: "3x3", Goal: "0 1 2/3 4 5/6 7 8", Seed: "1"}, {Size: "4x4", Goal: "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0", Seed: "7"},
	} {
		args := []string{"gen", "-json", "-seed", d.Seed}
		if d.Goal != "" {
			args = append(args, "-goal", d.Goal)
		}
		out, err := exec.Command(cli, append(args, d.Size)...).Output()
		if err != nil {
			t.Fatalf("slidetable %v: %v", args, err)
		}
		var got struct {
			Size  string `json:"size"`
			Board []int  `json:"board"`
		}
		if err := json.Unmarshal(out, &got); err != nil || got.Size != d.Size || len(got.Board) < 4 {
			t.Fatalf("slidetable %v: %v: %s", args, err, out)
		}
		d.Board = got.Board
		all = append(all, d)
	}
	return all
}

// nextPermutation rearranges p into the next permutation in lexicographic
// order and returns it, or returns nil after the last one.
func nextPermutation(p []uint8) []uint8 {
	i := len(p) - 2
	for i >= 0 && p[i] > p[i+1] {
		i--
	}
	if i < 0 {
		return nil
	}
	j := len(p) - 1
	for p[j] < p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return p
}
