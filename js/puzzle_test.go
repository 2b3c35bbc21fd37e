package js_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/js"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// The browser tests of <slidetable-puzzle> play it in headless Chromium,
// in pages served by a plain static file server with the package's files,
// answered by the WebAssembly build in its worker, as a game would embed
// it. They share one browser; each page has a browser context of its own.

var chrome struct {
	once sync.Once
	ctx  context.Context
	stop func()
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if chrome.stop != nil {
		chrome.stop()
	}
	if wasm.dir != "" {
		os.RemoveAll(wasm.dir)
	}
	os.Exit(code)
}

// puzzlePage is a page with a <slidetable-puzzle>, in a tab.
type puzzlePage struct {
	t   *testing.T
	ctx context.Context
}

// openPuzzle serves html as index.html beside the package's files (at /
// and at /node_modules/slidetable/, as an npm install puts them), with
// extra files, and opens it; motion says whether animations run (else
// the tab prefers reduced motion).
func openPuzzle(t *testing.T, html string, extra map[string][]byte, motion bool) *puzzlePage {
	t.Helper()
	path := testenv.Browser(t)
	chrome.once.Do(func() {
		dir, err := os.MkdirTemp("", "slidetable-js-chromium-")
		if err != nil {
			chrome.err = err
			return
		}
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), append(testenv.ChromeOptions(path, dir), chromedp.WindowSize(900, 900))...)
		ctx, cancelB := chromedp.NewContext(actx)
		chrome.ctx, chrome.stop = ctx, func() { cancelB(); cancelA(); os.RemoveAll(dir) }
		chrome.err = chromedp.Do(ctx)
	})
	if chrome.err != nil {
		t.Fatal(chrome.err)
	}
	site := fstest.MapFS{"index.html": {Data: []byte(html)}}
	for name, b := range extra {
		site[name] = &fstest.MapFile{Data: b}
	}
	pkg, err := fs.Sub(js.Files(), ".")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/node_modules/slidetable/", http.StripPrefix("/node_modules/slidetable/", http.FileServerFS(pkg)))
	mux.Handle("/", http.FileServerFS(layers{site, pkg}))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)

	ctx, cancel := chromedp.NewContext(chrome.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	tctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancelT)
	p := &puzzlePage{t: t, ctx: tctx}
	motionValue := "reduce"
	if motion {
		motionValue = "no-preference"
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: motionValue}},
		}); err != nil {
			return err
		}
		// Every event of the element, as the page sees it, and every
		// error thrown on the page.
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
window.events = [];
window.pageErrors = [];
addEventListener("error", (e) => pageErrors.push(String(e.message)));
addEventListener("unhandledrejection", (e) => pageErrors.push(String(e.reason)));
for (const type of ["deal", "move", "distance", "hint", "solving", "solved", "state"]) {
  document.addEventListener(type, (e) => { if (e.target.localName === "slidetable-puzzle") events.push({ type, detail: e.detail }); });
}`})
		return err
	}), chromedp.Navigate(ts.URL+"/index.html"))
	return p
}

func (p *puzzlePage) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

func (p *puzzlePage) eval(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func (p *puzzlePage) json(expr string, v any) {
	p.t.Helper()
	if err := json.Unmarshal([]byte(p.eval("Promise.resolve("+expr+").then((v) => JSON.stringify(v))")), v); err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
}

func (p *puzzlePage) wait(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s: %v (state %s, errors %s)", expr, err, p.eval(`document.querySelector("slidetable-puzzle").state`), p.eval(`JSON.stringify(pageErrors)`))
	}
}

// board reads the board shown, of size.
func (p *puzzlePage) board(sel string, size board.Size) board.Board {
	p.t.Helper()
	var cells []uint8
	p.json(fmt.Sprintf(`document.querySelector(%q).board`, sel), &cells)
	b, err := board.New(size, cells)
	if err != nil {
		p.t.Fatal(err)
	}
	return b
}

// events returns the element's events of a type seen so far.
func (p *puzzlePage) events(typ string) []map[string]any {
	p.t.Helper()
	var evs []map[string]any
	p.json(fmt.Sprintf(`events.filter((e) => e.type === %q).map((e) => e.detail)`, typ), &evs)
	return evs
}

// screenshot saves the element sel as a PNG in $SLIDETABLE_SCREENSHOTS
// (docs/ in the repository), if set.
func (p *puzzlePage) screenshot(sel, name string) {
	p.t.Helper()
	dir := os.Getenv("SLIDETABLE_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// noErrors checks that the page threw nothing.
func (p *puzzlePage) noErrors() {
	p.t.Helper()
	if errs := p.eval(`JSON.stringify(pageErrors)`); errs != "[]" {
		p.t.Errorf("errors on the page: %s", errs)
	}
}

// tile is the JavaScript expression of tile t's button in the element sel.
func tile(sel string, t uint8) string {
	return fmt.Sprintf(`document.querySelector(%q).shadowRoot.querySelector('.tile[data-tile="%d"]')`, sel, t)
}

var puzzleSolvers = struct {
	single, multi *solver.Solver
}{mustSolver(solver.WithSearch()), mustSolver(solver.WithMetric(board.MultiTile), solver.WithSearch())} // never from a level pack: the references

func mustSolver(opts ...solver.Option) *solver.Solver {
	s, err := solver.New(opts...)
	if err != nil {
		panic(err)
	}
	return s
}

// exactIn returns b's distance from the standard goal in the metric m:
// from the built-in tables, or by the solver's search (4x4 boards near
// enough for a test in the multi-tile metric).
func exactIn(t *testing.T, b board.Board, m board.Metric) int {
	t.Helper()
	s := puzzleSolvers.single
	if m == board.MultiTile {
		s = puzzleSolvers.multi
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	d, err := s.Distance(ctx, b)
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return d
}

func abs(x float64) float64 { return max(x, -x) }

// readmeBlock returns the first block of js/README.md fenced as lang.
func readmeBlock(t *testing.T, lang string) string {
	t.Helper()
	return firstBlock(t, "README.md", lang)
}

// TestBrowserPuzzleReadme runs the README's page: the element deals a
// 4x4 board 20 to 30 moves from the goal, the page shows its exact
// distance from the element's events, and the solution the element plays
// ends in a solved event the page shows.
func TestBrowserPuzzleReadme(t *testing.T) {
	html := readmeBlock(t, "html")
	if n := strings.Count(strings.TrimSpace(html), "\n") + 1; n > 12 {
		t.Errorf("the README's embed is %d lines, not about ten", n)
	}
	p := openPuzzle(t, html, nil, false)
	sel := "slidetable-puzzle"
	p.wait(`document.querySelector("slidetable-puzzle").state === "playing" && document.querySelector("#status").textContent.includes("moves from solved")`)
	b := p.board(sel, board.Size{W: 4, H: 4})
	d := exactIn(t, b, board.SingleTile)
	if d < 20 || d > 30 {
		t.Errorf("dealt %s at %d moves, outside 20..30", b, d)
	}
	if got, want := p.eval(`document.querySelector("#status").textContent`), fmt.Sprintf("%d moves from solved", d); got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	p.eval(`(async () => { const e = document.querySelector("slidetable-puzzle"); e.speed = 4; return String(await e.solve()); })()`)
	p.wait(`document.querySelector("#status").textContent.startsWith("Solved in")`)
	if got := p.eval(`document.querySelector("#status").textContent`); !strings.HasPrefix(got, fmt.Sprintf("Solved in %d moves and ", d)) {
		t.Errorf("status %q after the solution, want %d moves", got, d)
	}
	solved := p.events("solved")
	if len(solved) != 1 || solved[0]["moves"] != float64(d) || solved[0]["helped"] != float64(d) || solved[0]["optimum"] != float64(d) {
		t.Errorf("solved events %v, want one of %d moves, all the solver's", solved, d)
	}
	if got := p.board(sel, board.Size{W: 4, H: 4}); got != board.Goal(got.Size()) {
		t.Errorf("board %s after the solution", got)
	}
	// New attributes deal a new board, once for all those set together.
	deals := len(p.events("deal"))
	p.eval(`(() => { const e = document.querySelector("slidetable-puzzle"); e.setAttribute("size", "3x3"); e.setAttribute("min", "5"); e.max = 5; return ""; })()`)
	p.wait(`document.querySelector("slidetable-puzzle").state === "playing" && document.querySelector("slidetable-puzzle").board.length === 9`)
	b = p.board(sel, board.Size{W: 3, H: 3})
	if d := exactIn(t, b, board.SingleTile); d != 5 || len(p.events("deal")) != deals+1 {
		t.Errorf("after new attributes: %s at %d moves, %d deals more; want 5 moves, one deal", b, d, len(p.events("deal"))-deals)
	}
	p.noErrors()
}

// picturePNG returns a picture to cut into tiles: a sun over hills, drawn
// here, so that a piece out of place shows.
func picturePNG(t *testing.T) []byte {
	t.Helper()
	const n = 360
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			c := color.RGBA{uint8(70 + y*100/n), uint8(130 + y*90/n), 235, 255} // the sky
			if dx, dy := float64(x-250), float64(y-110); dx*dx+dy*dy < 55*55 {
				c = color.RGBA{250, 200, 40, 255} // the sun
			}
			hill := 230 + 40*math.Sin(float64(x)/45) // the far hills
			near := 290 + 25*math.Cos(float64(x)/30+1)
			switch {
			case float64(y) > near:
				c = color.RGBA{40, uint8(110 + (x*40)/n), 50, 255}
			case float64(y) > hill:
				c = color.RGBA{90, uint8(160 + (y-int(hill))/2), 80, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestBrowserPuzzlePicture plays a 3x3 board of picture tiles with
// animations on: each tile shows the piece of its home cell, numbers in a
// corner; an arrow key and a click move tiles as the Go rules do; a hint,
// animated, is an optimal move; the solution is played with tiles
// sliding, and the picture is whole at the end. The page sees every move,
// the hint, the solution and the win as events.
func TestBrowserPuzzlePicture(t *testing.T) {
	const sel = "#pic"
	html := `<!doctype html><meta charset="utf-8"><title>picture</title>
<script type="module" src="slidetable-puzzle.js"></script>
<slidetable-puzzle id="pic" size="3x3" image="picture.png" min="12" max="14" seed="3" style="width: 360px"></slidetable-puzzle>`
	p := openPuzzle(t, html, map[string][]byte{"picture.png": picturePNG(t)}, true)
	p.wait(`document.querySelector("#pic").state === "playing" && document.querySelector("#pic").known && document.querySelector("#pic").known.hints !== null`)
	size := board.Size{W: 3, H: 3}
	b := p.board(sel, size)
	d := exactIn(t, b, board.SingleTile)
	if d < 12 || d > 14 {
		t.Errorf("dealt %s at %d moves, outside 12..14", b, d)
	}
	if known := p.eval(`String(document.querySelector("#pic").known.distance)`); known != fmt.Sprint(d) {
		t.Errorf("known distance %s, want %d", known, d)
	}
	// Each tile shows the piece of its home cell of the picture.
	for tl := uint8(1); tl < 9; tl++ {
		var face struct{ Image, Size, Position, Label string }
		p.json(fmt.Sprintf(`(() => { const f = %s.querySelector(".face"), s = getComputedStyle(f), l = getComputedStyle(f.querySelector(".label")); return {Image: s.backgroundImage, Size: s.backgroundSize, Position: f.style.backgroundPosition, Label: l.display + " " + l.position}; })()`, tile(sel, tl)), &face)
		// The piece's corner lies 3% into its cell, as the face does: the
		// picture is as large as the board, its position that of the
		// cell's face (a background at p% lines up its p% point with the
		// face's).
		home := int(tl) - 1
		r, c := home/3, home%3
		var x, y float64
		fmt.Sscanf(face.Position, "%g%% %g%%", &x, &y)
		wx, wy := (float64(c)+0.03)/2.06*100, (float64(r)+0.03)/2.06*100
		if !strings.Contains(face.Image, "picture.png") || abs(x-wx) > 0.01 || abs(y-wy) > 0.01 || face.Size != "319.149% 319.149%" || face.Label != "block absolute" {
			t.Errorf("tile %d: %+v, want picture.png at %.2f%% %.2f%%, 319.149%% large, and a corner number", tl, face, wx, wy)
		}
	}
	// An arrow key on the focused board, then a click.
	p.eval(`(() => { const m = [...document.querySelector("#pic").shadowRoot.querySelectorAll(".tile.movable")][0]; m.focus(); return m.dataset.tile; })()`)
	for _, key := range []string{"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"} {
		next, mv, err := b.Slide(map[string]board.Direction{"ArrowLeft": board.Left, "ArrowRight": board.Right, "ArrowUp": board.Up, "ArrowDown": board.Down}[key])
		if err != nil || next == board.Goal(size) {
			continue
		}
		p.do(chromedp.KeyEvent(map[string]string{"ArrowUp": "\u0304", "ArrowDown": "\u0301", "ArrowLeft": "\u0302", "ArrowRight": "\u0303"}[key]))
		p.wait(`document.querySelector("#pic").moves === 1`)
		if got := p.board(sel, size); got != next {
			t.Fatalf("%s on %s: %s, want %s (tile %d)", key, b, got, next, mv.Tile)
		}
		b = next
		break
	}
	m := b.Moves()[0]
	if next, _ := b.Move(m); next != board.Goal(size) {
		p.do(chromedp.Click(chromedp.JSPath(tile(sel, m))))
		p.wait(`document.querySelector("#pic").moves === 2`)
		if got := p.board(sel, size); got != next {
			t.Fatalf("click on %d: %s, want %s", m, got, next)
		}
		b = next
	}
	moved := p.events("move")
	if len(moved) < 1 || moved[len(moved)-1]["by"] != "player" || moved[len(moved)-1]["tiles"] != float64(1) {
		t.Errorf("move events %v", moved)
	}
	// A hint: an optimal move, its tile marked and pulsing.
	var hint struct {
		Tile, Tiles int
		Direction   string
	}
	p.json(`document.querySelector("#pic").hint()`, &hint)
	next, err := b.Move(uint8(hint.Tile))
	if err != nil || exactIn(t, next, board.SingleTile) != exactIn(t, b, board.SingleTile)-1 || hint.Tiles != 1 {
		t.Fatalf("hint %+v on %s is not optimal (%v)", hint, b, err)
	}
	if p.eval(fmt.Sprintf(`String(%s.classList.contains("hint") && document.querySelector("#pic").shadowRoot.getAnimations().some((a) => a.animationName === "pulse"))`, tile(sel, uint8(hint.Tile)))) != "true" {
		t.Error("the hinted tile is not marked, or does not pulse")
	}
	if hs := p.events("hint"); len(hs) != 1 || hs[0]["tile"] != float64(hint.Tile) {
		t.Errorf("hint events %v", hs)
	}
	p.wait(`!document.querySelector("#pic").shadowRoot.getAnimations().some((a) => a instanceof CSSTransition)`)
	p.screenshot(sel, "puzzle-picture")
	// The solution, played with tiles sliding.
	played := p.eval(`String(document.querySelector("#pic").moves)`)
	p.eval(`(() => { window.solving = document.querySelector("#pic").solve(); return ""; })()`)
	p.wait(`document.querySelector("#pic").shadowRoot.getAnimations().some((a) => a instanceof CSSTransition)`)
	p.wait(`document.querySelector("#pic").state === "solved"`)
	if p.eval(`solving.then(String)`) != "true" {
		t.Error("solve() did not resolve true")
	}
	if got := p.board(sel, size); got != board.Goal(size) {
		t.Fatalf("after the solution: %s", got)
	}
	rest := exactIn(t, b, board.SingleTile)
	var win struct{ Moves, Helped, Optimum int }
	if s := p.events("solved"); len(s) == 1 {
		b, _ := json.Marshal(s[0])
		json.Unmarshal(b, &win)
	}
	if fmt.Sprint(win.Moves-rest) != played || win.Helped != rest || win.Optimum != d {
		t.Errorf("solved %+v, want %s + %d moves, %d by the solver, optimum %d", win, played, rest, rest, d)
	}
	states := p.events("solving")
	if len(states) < 3 || states[0]["state"] != "finding" || states[len(states)-1]["state"] != "played" {
		t.Errorf("solving events %v", states)
	}
	if p.eval(`String(document.querySelector("#pic").shadowRoot.querySelector(".board").classList.contains("done") && document.querySelector("#pic").matches(":state(solved)"))`) != "true" {
		t.Error("the picture is not whole at the end, or the element not :state(solved)")
	}
	time.Sleep(time.Second) // the last piece fades in, the tiles hop
	p.screenshot(sel, "puzzle-picture-solved")
	p.noErrors()
}

// TestBrowserPuzzleMetrics plays both metrics on 3x3 and 4x4: a tap on
// the far tile of the blank's row slides two tiles and counts one
// multi-tile move; levels are dealt at exact distances; hints are optimal
// and solutions shortest in the metric played; a board whose multi-tile
// search runs out of time is bounded by God's number, never beyond; a bad
// board is an error event.
func TestBrowserPuzzleMetrics(t *testing.T) {
	html := `<!doctype html><meta charset="utf-8"><title>metrics</title>
<script type="module" src="slidetable-puzzle.js"></script>
<slidetable-puzzle id="a" size="3x3" metric="multi" board="0,1,2,3,4,5,6,7,8" style="width: 300px"></slidetable-puzzle>
<slidetable-puzzle id="b" size="4x4" manual style="width: 300px"></slidetable-puzzle>
<script type="module">
  window.errors = [];
  document.querySelector("#b").addEventListener("error", (e) => errors.push(e.detail.message));
</script>`
	p := openPuzzle(t, html, nil, false)
	three, four := board.Size{W: 3, H: 3}, board.Size{W: 4, H: 4}
	multiTable, err := source.BuiltinTableIn(three, board.MultiTile)
	if err != nil {
		t.Fatal(err)
	}
	p.wait(`document.querySelector("#a").state === "playing" && document.querySelector("#a").known && document.querySelector("#a").known.exact`)
	b := p.board("#a", three)
	p.do(chromedp.Click(chromedp.JSPath(tile("#a", 2))))
	p.wait(`document.querySelector("#a").moves === 1`)
	want, n, _ := b.Tap(2)
	if got := p.board("#a", three); got != want || n != 2 {
		t.Fatalf("tap 2 on %s: %s, want %s", b, got, want)
	}
	var mv []map[string]any
	p.json(`events.filter((e) => e.type === "move" && e.detail.board.length === 9).map((e) => e.detail)`, &mv)
	if len(mv) != 1 || mv[0]["tiles"] != float64(2) || mv[0]["moves"] != float64(1) || mv[0]["direction"] != "left" {
		t.Errorf("move events %v", mv)
	}
	p.wait(`document.querySelector("#a").known && document.querySelector("#a").known.exact`)
	wd, _ := multiTable.Distance(want)
	if got := p.eval(`String(document.querySelector("#a").known.distance)`); got != fmt.Sprint(wd) {
		t.Errorf("multi-tile distance shown %s, want %d", got, wd)
	}
	p.eval(`(async () => { const e = document.querySelector("#a"); e.speed = 4; return String(await e.solve()); })()`)
	if got := p.board("#a", three); got != board.Goal(three) || p.eval(`String(document.querySelector("#a").moves)`) != fmt.Sprint(1+wd) {
		t.Errorf("after Solve: %s in %s moves, want the goal in %d", got, p.eval(`String(document.querySelector("#a").moves)`), 1+wd)
	}

	// 4x4, single-tile: a level at an exact distance, and its hint.
	p.eval(`document.querySelector("#b").deal({ min: 30, max: 32, seed: 5 }).then(String)`)
	b = p.board("#b", four)
	if d := exactIn(t, b, board.SingleTile); d < 30 || d > 32 {
		t.Errorf("4x4 level %s at %d, outside 30..32", b, d)
	}
	var h struct{ Tile int }
	p.json(`document.querySelector("#b").hint()`, &h)
	if next, err := b.Move(uint8(h.Tile)); err != nil || exactIn(t, next, board.SingleTile) != exactIn(t, b, board.SingleTile)-1 {
		t.Errorf("4x4 hint %d on %s not optimal", h.Tile, b)
	}

	// 4x4, multi-tile: a board 6 taps from the goal; its hint and its
	// solution, in that metric.
	near := board.Goal(four)
	for i := range 6 {
		taps := near.Taps()
		if near, _, err = near.Tap(taps[(i*5+1)%len(taps)]); err != nil {
			t.Fatal(err)
		}
	}
	md := exactIn(t, near, board.MultiTile)
	p.eval(fmt.Sprintf(`document.querySelector("#b").deal({ metric: "multi", board: %q }).then(String)`, near.String()))
	p.wait(fmt.Sprintf(`document.querySelector("#b").known && document.querySelector("#b").known.distance === %d`, md))
	p.json(`document.querySelector("#b").hint()`, &h)
	if next, _, err := near.Tap(uint8(h.Tile)); err != nil || exactIn(t, next, board.MultiTile) != md-1 {
		t.Errorf("multi-tile hint %d on %s not optimal", h.Tile, near)
	}
	p.eval(`(async () => { const e = document.querySelector("#b"); e.speed = 4; return String(await e.solve()); })()`)
	if got := p.board("#b", four); got != board.Goal(four) || p.eval(`String(document.querySelector("#b").moves)`) != fmt.Sprint(md) {
		t.Errorf("multi-tile solution: %s in %s moves, want the goal in %d", got, p.eval(`String(document.querySelector("#b").moves)`), md)
	}

	// A board whose multi-tile search runs out of the element's limit (1
	// ms here: the abstraction database answers it in seconds): it is
	// bounded by its single-tile distance and by God's number, 43.
	far := "15 1 12 4/9 3 8 5/13 0 11 2/14 10 7 6"
	fb, _ := board.Parse(four, far)
	sd := exactIn(t, fb, board.SingleTile)
	p.eval(fmt.Sprintf(`(() => { const e = document.querySelector("#b"); e.searchLimit = 1; e.deal({ metric: "multi", board: %q }); return ""; })()`, far))
	p.wait(`(() => { const k = document.querySelector("#b").known; return !!k && k.far && k.high !== null; })()`)
	var k struct {
		Distance  *int
		Low, High int
		Far       bool
	}
	p.json(`document.querySelector("#b").known`, &k)
	if k.Distance != nil || k.High != min(sd, 43) || k.Low != (sd+2)/3 || !k.Far {
		t.Errorf("far board %s (%d single-tile moves): known %+v, want %d to %d", far, sd, k, (sd+2)/3, min(sd, 43))
	}
	if p.eval(`document.querySelector("#b").hint().then(String)`) != "null" || p.eval(`document.querySelector("#b").solve().then(String)`) != "false" {
		t.Error("a hint or a solution offered for a board too far to search")
	}

	// A multi-tile 4x4 level of the level pack comes with its solution:
	// its hint and its solution need no search, which would give up at
	// once (searchLimit 1 ms, set once the board is dealt).
	p.eval(`(() => { const e = document.querySelector("#b"); e.searchLimit = 15000; return e.deal({ metric: "multi", min: 30, max: 30, seed: 2 }).then(String); })()`)
	p.eval(`(() => { document.querySelector("#b").searchLimit = 1; return ""; })()`)
	packed := p.board("#b", four)
	if d := exactIn(t, packed, board.MultiTile); d != 30 {
		t.Fatalf("a level at 30 taps: %s, %d taps from the goal", packed, d)
	}
	p.json(`document.querySelector("#b").hint()`, &h)
	if next, _, err := packed.Tap(uint8(h.Tile)); err != nil || exactIn(t, next, board.MultiTile) != 29 {
		t.Errorf("the hint %d on %s of the pack is not optimal (%v)", h.Tile, packed, err)
	}
	p.eval(`(async () => { const e = document.querySelector("#b"); e.speed = 4; return String(await e.solve()); })()`)
	if got := p.board("#b", four); got != board.Goal(four) || p.eval(`String(document.querySelector("#b").moves)`) != "30" {
		t.Errorf("Solve on %s of the pack: %s after %s moves, want the goal after 30", packed, got, p.eval(`String(document.querySelector("#b").moves)`))
	}
	// The far board again, as before.
	p.eval(fmt.Sprintf(`(() => { const e = document.querySelector("#b"); e.searchLimit = 1; return e.deal({ metric: "multi", board: %q }).then(String); })()`, far))
	p.wait(`document.querySelector("#b").state === "playing" && document.querySelector("#b").known.far`)

	// A level far out towards a goal of its own in the multi-tile metric
	// (35 to 39 taps: random walks, each measured by a search with no
	// database, which takes minutes at that distance; every level towards
	// the standard goal comes at once, from the level pack): a deal that
	// its AbortSignal calls off resolves false, and one past searchLimit
	// rejects with code "timeout"; either way the board before stays in
	// play.
	before := p.board("#b", four)
	if got := p.eval(`(() => { const e = document.querySelector("#b"); e.searchLimit = 0; const ac = new AbortController(); setTimeout(() => ac.abort(), 300); return e.deal({ metric: "multi", goal: "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15", min: 35, max: 39, seed: 1, signal: ac.signal }).then(String, (err) => "rejected: " + err.message); })()`); got != "false" {
		t.Errorf("a deal called off: %s, want false", got)
	}
	if got, state := p.board("#b", four), p.eval(`document.querySelector("#b").state`); got != before || state != "playing" {
		t.Errorf("after a deal called off: %s, state %s; want %s in play", got, state, before)
	}
	if got := p.eval(`(() => { const e = document.querySelector("#b"); e.searchLimit = 300; return e.deal({ metric: "multi", goal: "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15", min: 35, max: 39, seed: 1 }).then(String, (err) => err.code + ": " + err.message); })()`); got != "timeout: no board at that distance came within 300 ms" {
		t.Errorf("a deal past searchLimit: %q", got)
	}
	if got, state := p.board("#b", four), p.eval(`document.querySelector("#b").state`); got != before || state != "playing" {
		t.Errorf("after a deal past searchLimit: %s, state %s; want %s in play", got, state, before)
	}
	if got := p.eval(`document.querySelector("#b").deal({ signal: "soon" }).then(String, (err) => err.code + ": " + err.message)`); got != "input: signal: want an AbortSignal" {
		t.Errorf("a signal that is no AbortSignal: %q", got)
	}

	// A bad board: an error event; the board before stays in play.
	p.eval(`document.querySelector("#b").deal({ metric: "single", board: "1 2 3" }).then(() => "", (e) => e.message)`)
	if got := p.eval(`errors.join("|")`); !strings.Contains(got, "not a 4x4 board") || p.eval(`document.querySelector("#b").state`) != "playing" {
		t.Errorf("bad board: errors %q, state %s", got, p.eval(`document.querySelector("#b").state`))
	}
	// An element with nothing dealt yet is in error.
	p.eval(`(() => { const e = document.createElement("slidetable-puzzle"); e.id = "c"; e.setAttribute("size", "3x"); document.body.append(e); return ""; })()`)
	p.wait(`document.querySelector("#c").state === "error"`)
	p.noErrors()
}
