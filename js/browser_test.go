package js_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/js"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
)

// layers is a file system made of others: a name is opened in the first
// that has it.
type layers []fs.FS

func (l layers) Open(name string) (fs.File, error) {
	err := error(fs.ErrNotExist)
	for _, f := range l {
		file, ferr := f.Open(name)
		if ferr == nil {
			return file, nil
		}
		err = ferr
	}
	return nil, err
}

// worker serves the module and the test page (testdata) from a plain
// static file server, no API, opens the page in headless Chromium and
// returns a function that calls a method of the module in the page's
// module Worker and returns its answer as JSON and the call's time there.
func worker(t *testing.T) func(method string, args ...any) (string, time.Duration, error) {
	ask, _ := workerIn(t)
	return ask
}

// workerIn is worker, and also returns the browser's user data folder,
// which names its processes.
func workerIn(t *testing.T) (func(method string, args ...any) (string, time.Duration, error), string) {
	t.Helper()
	return workerFor(t, 10*time.Minute)
}

// workerFor is workerIn with the calls' time limit, limit in all.
func workerFor(t *testing.T, limit time.Duration) (func(method string, args ...any) (string, time.Duration, error), string) {
	t.Helper()
	p := openPage(t, limit, nil)
	return p.ask, p.profile
}

// testPage is the test page (testdata) open in headless Chromium.
type testPage struct {
	t       *testing.T
	ctx     context.Context // the browser's, with the calls' time limit
	url     string          // the page's
	profile string          // the browser's user data folder
}

// openPage serves the module and the test page (testdata) from a plain
// static file server, no API, through wrap if not nil, and opens the page
// in headless Chromium; its calls may take limit in all.
func openPage(t *testing.T, limit time.Duration, wrap func(http.Handler) http.Handler) *testPage {
	t.Helper()
	chrome := testenv.Browser(t)
	profile := t.TempDir()
	var files http.Handler = http.FileServerFS(layers{os.DirFS("testdata"), js.Files()})
	if wrap != nil {
		files = wrap(files)
	}
	ts := httptest.NewServer(files)
	t.Cleanup(ts.Close)
	opts := testenv.ChromeOptions(chrome, profile)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelB(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", chrome, err)
	}
	tctx, cancel := context.WithTimeout(ctx, limit)
	t.Cleanup(cancel)
	p := &testPage{t: t, ctx: tctx, url: ts.URL + "/index.html", profile: profile}
	p.visit()
	return p
}

// visit opens the page anew: a new worker, which loads the module anew.
func (p *testPage) visit() {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(p.url)); err != nil {
		p.t.Fatal(err)
	}
}

// evalIn evaluates the JavaScript expression expr in p, awaiting it if
// it is a promise.
func evalIn[T any](p *testPage, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// ask calls a method of the module in the page's module Worker and
// returns its answer as JSON and the call's time there.
func (p *testPage) ask(method string, args ...any) (string, time.Duration, error) {
	p.t.Helper()
	a, err := json.Marshal(append([]any{method}, args...))
	if err != nil {
		p.t.Fatal(err)
	}
	out := evalIn[string](p, fmt.Sprintf(`ask(...%s).then((r) => JSON.stringify(r))`, a))
	var r struct {
		Value  json.RawMessage `json:"value"`
		MS     float64         `json:"ms"`
		Error  string          `json:"error"`
		Name   string          `json:"name"`
		Status int             `json:"status"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		p.t.Fatal(err)
	}
	if r.Error != "" {
		return "", 0, fmt.Errorf("%s (%s, %d)", r.Error, r.Name, r.Status)
	}
	return string(r.Value), time.Duration(r.MS * float64(time.Millisecond)), nil
}

// TestBrowserWorker loads the module in a module Worker of a page served by
// a plain static file server and checks its answers.
func TestBrowserWorker(t *testing.T) {
	ask := worker(t)
	for _, tc := range []struct {
		method string
		args   []any
		want   string
	}{
		{"distance", []any{"3x3", "8 6 7/2 5 4/3 0 1"}, "31"},
		{"distance", []any{"3x3", []int{1, 2, 3, 4, 5, 6, 8, 7, 0}}, "null"},
		{"solvable", []any{"4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}, "false"},
		{"hints", []any{"3x3", "8 6 7/2 5 4/3 0 1"}, `{"distance":31,"moves":[5,3,1]}`},
		{"hints", []any{"4x4", "0 12 5 6/10 7 14 8/13 9 4 3/2 11 1 15"}, `{"distance":50,"moves":[10]}`},
		{"solve", []any{"3x3", "4 1 3/7 2 6/0 5 8"}, `[7,4,1,2,5,8]`},
	} {
		got, _, err := ask(tc.method, tc.args...)
		if err != nil || got != tc.want {
			t.Errorf("%s%v: %s %v, want %s", tc.method, tc.args, got, err, tc.want)
		}
	}
	if _, _, err := ask("distance", "3x3", "1 2 3/4 5 6/7 7 0"); err == nil || err.Error() != "tile 7 appears twice (SlidetableError, 400)" {
		t.Errorf("bad board: %v", err)
	}
	lv, _, err := ask("level", map[string]any{"size": "4x4", "min": 50, "max": 55, "seed": 1})
	if err != nil || !strings.Contains(lv, `"distance":5`) {
		t.Errorf("level: %s %v", lv, err)
	}
}

// TestMeasureWasm compares the search in WebAssembly, in a module Worker of
// headless Chromium, with the native search on the same 4x4 boards (the 20
// of 'gen -n 20 -seed 1 4x4' and Korf's 10 easiest), each side's best of
// two rounds, interleaved; and logs the module's load time and a 3x3
// call's. Run with SLIDETABLE_MEASURE=1; its figures are in
// docs/performance.md.
func TestMeasureWasm(t *testing.T) {
	if os.Getenv("SLIDETABLE_MEASURE") != "1" {
		t.Skip("measures; runs with SLIDETABLE_MEASURE=1")
	}
	ask, profile := workerIn(t)
	loaded, _, err := ask("loaded")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("module loaded in the worker in %s ms", loaded)
	var three []time.Duration
	for range 50 {
		_, d, err := ask("distance", "3x3", "8 6 7/2 5 4/3 0 1")
		if err != nil {
			t.Fatal(err)
		}
		three = append(three, d)
	}
	slices.Sort(three)
	t.Logf("3x3 distance in the worker: median %v, max %v", three[len(three)/2], three[len(three)-1])

	var boards []board.Board
	r := gen.NewRand(1) // as gen -seed 1 draws
	for range 20 {
		b, err := gen.Uniform(r, board.Size{W: 4, H: 4})
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	insts := published.Korf100().Instances
	slices.SortStableFunc(insts, func(a, b published.Instance) int { return a.Distance - b.Distance })
	for _, in := range insts[:10] {
		boards = append(boards, in.Board)
	}
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Distance(context.Background(), boards[0]); err != nil { // load the database
		t.Fatal(err)
	}
	if _, _, err := ask("distance", "4x4", boards[0].String()); err != nil {
		t.Fatal(err)
	}
	native := make([]time.Duration, len(boards))
	wasm := make([]time.Duration, len(boards))
	for round := range 2 {
		for i, b := range boards {
			start := time.Now()
			d, err := s.Distance(context.Background(), b)
			took := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if round == 0 || took < native[i] {
				native[i] = took
			}
			got, took, err := ask("distance", "4x4", b.String())
			if err != nil || got != fmt.Sprint(d) {
				t.Fatalf("%s: %s %v, native %d", b, got, err, d)
			}
			if round == 0 || took < wasm[i] {
				wasm[i] = took
			}
		}
	}
	// The CPU time of the workers' threads in Chromium (the page's worker
	// and the one slidetable.js starts in it), over one more round.
	if threads := workerThreads(profile); len(threads) > 0 {
		before := threadsCPU(threads)
		for _, b := range boards {
			if _, _, err := ask("distance", "4x4", b.String()); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("CPU time of Chromium's worker threads over the %d boards: %v", len(boards), threadsCPU(threads)-before)
	}
	var sumN, sumW time.Duration
	var lines []string
	for i, b := range boards {
		sumN += native[i]
		sumW += wasm[i]
		lines = append(lines, fmt.Sprintf("%-40s native %9v  wasm %9v  %.2fx", b, native[i].Round(time.Microsecond), wasm[i].Round(time.Microsecond), float64(wasm[i])/float64(native[i])))
	}
	t.Logf("4x4 distance, best of 2:\n%s", strings.Join(lines, "\n"))
	t.Logf("all %d boards: native %v, wasm %v: wasm takes %.2f times the native time", len(boards), sumN.Round(time.Millisecond), sumW.Round(time.Millisecond), float64(sumW)/float64(sumN))

	// Hints of the boards at most 50 moves away, in the worker.
	var worst time.Duration
	for _, b := range boards {
		if d, _ := s.Distance(context.Background(), b); d > 50 {
			continue
		}
		_, took, err := ask("hints", "4x4", b.String())
		if err != nil {
			t.Fatal(err)
		}
		worst = max(worst, took)
	}
	t.Logf("4x4 hints of the boards at most 50 moves away: slowest %v", worst)

	// CPU time, which other work on the machine disturbs less: native in
	// this process, WebAssembly in Node.
	bestNative := time.Duration(1 << 62)
	for range 3 {
		start := testenv.CPUTime()
		for _, b := range boards {
			if _, err := s.Distance(context.Background(), b); err != nil {
				t.Fatal(err)
			}
		}
		bestNative = min(bestNative, testenv.CPUTime()-start)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Logf("native CPU time %v; no node for WebAssembly's", bestNative)
		return
	}
	dir := t.TempDir()
	var list strings.Builder
	for _, b := range boards {
		fmt.Fprintln(&list, b)
	}
	os.WriteFile(filepath.Join(dir, "boards.txt"), []byte(list.String()), 0o644)
	here, _ := filepath.Abs("slidetable.js")
	script := `import { load } from ` + strconv.Quote(here) + `;
import { readFileSync } from "node:fs";
const boards = readFileSync(process.argv[2], "utf8").trim().split("\n");
const st = await load();
await st.distance("4x4", boards[0]);
let best = Infinity;
for (let round = 0; round < 3; round++) {
  const c = process.cpuUsage();
  for (const b of boards) await st.distance("4x4", b);
  const d = process.cpuUsage(c);
  best = Math.min(best, (d.user + d.system) / 1000);
}
console.log(best);
`
	os.WriteFile(filepath.Join(dir, "cpu.mjs"), []byte(script), 0o644)
	out, err := exec.Command(node, filepath.Join(dir, "cpu.mjs"), filepath.Join(dir, "boards.txt")).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	ms, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil {
		t.Fatalf("node printed %q", out)
	}
	wasmCPU := time.Duration(ms * float64(time.Millisecond))
	t.Logf("CPU time, best of 3 over the %d boards: native %v, WebAssembly in Node %v (V8's compiler threads included): %.2f times",
		len(boards), bestNative.Round(time.Millisecond), wasmCPU.Round(time.Millisecond), float64(wasmCPU)/float64(bestNative))
}

// workerThreads returns the /proc folders of the threads of the Web
// Workers in the Chromium renderer whose command line names profile.
func workerThreads(profile string) []string {
	var out []string
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		cmdline, err := os.ReadFile(p + "/cmdline")
		if err != nil || !strings.Contains(string(cmdline), profile) || !strings.Contains(string(cmdline), "--type=renderer") {
			continue
		}
		tasks, _ := filepath.Glob(p + "/task/[0-9]*")
		for _, task := range tasks {
			if comm, err := os.ReadFile(task + "/comm"); err == nil && strings.HasPrefix(string(comm), "DedicatedWorker") {
				out = append(out, task)
			}
		}
	}
	return out
}

// threadsCPU returns the CPU time of the threads whose /proc folders are
// tasks, together.
func threadsCPU(tasks []string) time.Duration {
	var sum time.Duration
	for _, task := range tasks {
		sum += threadCPU(task)
	}
	return sum
}

// threadCPU returns the CPU time, user and system, of the thread whose
// /proc folder is task, counted in the kernel's clock ticks of 10 ms.
func threadCPU(task string) time.Duration {
	b, err := os.ReadFile(task + "/stat")
	if err != nil {
		return 0
	}
	_, rest, _ := strings.Cut(string(b), ") ") // after the command name
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseUint(f[11], 10, 64)
	stime, _ := strconv.ParseUint(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// TestMeasureWasmMulti measures hints in multi-tile moves in WebAssembly,
// in a module Worker of headless Chromium, on the first
// $SLIDETABLE_MEASURE_BOARDS (default 30) of the 100 boards of 'gen -n 100
// -seed 1 4x4': the first call, which fetches and checks 4x4-multi.abs,
// then each board's hints, one call at a time, each checked against the
// native search's distance. Run with SLIDETABLE_MEASURE=1; its figures
// are in docs/performance.md.
func TestMeasureWasmMulti(t *testing.T) {
	if os.Getenv("SLIDETABLE_MEASURE") != "1" {
		t.Skip("measures; runs with SLIDETABLE_MEASURE=1")
	}
	n := 30
	if v := os.Getenv("SLIDETABLE_MEASURE_BOARDS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 || n > 100 {
			t.Fatalf("SLIDETABLE_MEASURE_BOARDS=%q: want 1 to 100", v)
		}
	}
	ask, _ := workerFor(t, 2*time.Hour)
	multi := map[string]string{"metric": "multi"}
	// A board off the level pack's solutions, which the tier answers.
	if _, took, err := ask("distance", "4x4", "5 1 3 4/2 0 7 8/9 6 11 12/13 10 14 15", multi); err != nil {
		t.Fatal(err)
	} else {
		t.Logf("first multi-tile 4x4 call, with the fetch and check of 4x4-multi.abs: %v", took.Round(time.Millisecond))
	}
	r := gen.NewRand(1) // as gen -seed 1 draws
	// The reference: a search, never a level pack.
	s, err := solver.New(solver.WithMetric(board.MultiTile), solver.WithSearch())
	if err != nil {
		t.Fatal(err)
	}
	var times []time.Duration
	within := 0
	for range n {
		b, err := gen.Uniform(r, board.Size{W: 4, H: 4})
		if err != nil {
			t.Fatal(err)
		}
		got, took, err := ask("hints", "4x4", b.String(), multi)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		var h struct{ Distance int }
		if err := json.Unmarshal([]byte(got), &h); err != nil {
			t.Fatal(err)
		}
		if d, err := s.Distance(context.Background(), b); err != nil || d != h.Distance {
			t.Fatalf("%s: %d in WebAssembly, %d natively (%v)", b, h.Distance, d, err)
		}
		t.Logf("%s: %d moves, hints in %v", b, h.Distance, took.Round(time.Millisecond))
		times = append(times, took)
		if took <= 2*time.Second {
			within++
		}
	}
	slices.Sort(times)
	var sum time.Duration
	for _, d := range times {
		sum += d
	}
	at := func(p int) time.Duration { return times[(len(times)*p+99)/100-1].Round(time.Millisecond) }
	t.Logf("multi-tile 4x4 hints of %d boards in the worker: median %v, 90th percentile %v, slowest %v, all %v; %d within 2 s",
		n, at(50), at(90), times[n-1].Round(time.Millisecond), sum.Round(time.Millisecond), within)
}

// TestBrowserKeepsAbstraction: a page fetches 4x4-multi.abs and the
// multi-tile 4x4 level pack the first time it asks about 4x4 in
// multi-tile moves, and a later visit takes them from the browser's cache
// (the Cache API) without fetching them; a kept file that is not the
// build's, damaged or of another build, is fetched again and replaced,
// and the answers stay exact.
func TestBrowserKeepsAbstraction(t *testing.T) {
	var abs, pack atomic.Int32
	p := openPage(t, 5*time.Minute, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/4x4-multi.abs":
				abs.Add(1)
			case "/4x4-multi-pack.jsonl":
				pack.Add(1)
			}
			h.ServeHTTP(w, r)
		})
	})
	s, err := solver.New(solver.WithMetric(board.MultiTile), solver.WithSearch()) // the reference: never a level pack
	if err != nil {
		t.Fatal(err)
	}
	size := board.Size{W: 4, H: 4}
	r := rand.New(rand.NewPCG(3, 4))
	hints := func(visit string, wantFetches int32) {
		t.Helper()
		b, _, err := gen.Walk(r, board.Goal(size), 30, &gen.WalkOptions{NoUndo: true})
		if err != nil {
			t.Fatal(err)
		}
		moves, d, err := s.Hints(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Distance int   `json:"distance"`
			Moves    []int `json:"moves"`
		}
		answer, _, err := p.ask("hints", "4x4", b.String(), map[string]any{"metric": "multi"})
		if err == nil {
			err = json.Unmarshal([]byte(answer), &got)
		}
		if err != nil || got.Distance != d || fmt.Sprint(got.Moves) != fmt.Sprint(moves) {
			t.Errorf("%s: hints of %s: %s %v, want distance %d, moves %v", visit, b, answer, err, d, moves)
		}
		if n, m := abs.Load(), pack.Load(); n != wantFetches || m != wantFetches {
			t.Errorf("%s: 4x4-multi.abs fetched %d times in all, 4x4-multi-pack.jsonl %d; want %d each", visit, n, m, wantFetches)
		}
	}
	hints("first visit", 1)
	p.visit()
	hints("second visit", 1)

	// Damage the file kept, and keep one of another build beside it.
	keys := evalIn[[]string](p, `caches.open("slidetable").then(async (c) => {
		const keys = (await c.keys()).map((r) => r.url);
		for (const k of keys) await c.put(k, new Response(new Uint8Array([1, 2, 3])));
		await c.put(new URL("4x4-multi.abs?sha256=" + "0".repeat(64), location.href).href, new Response("old"));
		return keys;
	})`)
	slices.Sort(keys)
	if len(keys) != 2 || !strings.Contains(keys[0], "/4x4-multi-pack.jsonl?sha256=") || !strings.Contains(keys[1], "/4x4-multi.abs?sha256=") {
		t.Fatalf("kept: %q, want 4x4-multi.abs and 4x4-multi-pack.jsonl, each keyed by its SHA-256", keys)
	}
	p.visit()
	hints("a visit with a damaged file kept", 2)
	kept := evalIn[[]string](p, `caches.open("slidetable").then(async (c) => (await c.keys()).map((r) => r.url))`)
	slices.Sort(kept)
	if !slices.Equal(kept, keys) {
		t.Errorf("kept after the file was fetched again: %q, want %q", kept, keys)
	}
	p.visit()
	hints("the visit after", 2)
}
