package server_test

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/server"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// The browser tests drive the game page in headless Chromium, in both of
// the ways it is served: by the server, with the API ("serve"), and as
// the static site that slidetable web writes, served by a plain file
// server ("static"). They share one browser, started by the first of
// them and stopped by TestMain; each test opens tabs in a browser context
// of its own, so that no two share their stored games.

// browser is the Chromium the browser tests share.
var browser struct {
	once sync.Once
	ctx  context.Context
	stop func()
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if browser.stop != nil {
		browser.stop()
	}
	os.Exit(code)
}

// startBrowser returns the shared browser, starting it on first use; it
// skips the test where there is no Chromium (testenv.Browser).
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	chrome := testenv.Browser(t)
	browser.once.Do(func() {
		dir, err := os.MkdirTemp("", "slidetable-chromium-")
		if err != nil {
			browser.err = err
			return
		}
		opts := append(testenv.ChromeOptions(chrome, dir), chromedp.WindowSize(1280, 900))
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelB := chromedp.NewContext(actx)
		browser.ctx = ctx
		browser.stop = func() { cancelB(); cancelA(); os.RemoveAll(dir) }
		// No deadline on the first run: it would stop the whole browser.
		if err := chromedp.Do(ctx); err != nil {
			browser.err = fmt.Errorf("starting %s: %w", chrome, err)
		}
	})
	if browser.err != nil {
		t.Fatal(browser.err)
	}
	return browser.ctx
}

// site is the page served one of its two ways.
type site struct {
	name string // "serve" or "static"
	url  string // ending without a slash
	// down, for the server, makes it drop every connection, as a server
	// that has gone away.
	down atomic.Bool
	// stallLevels, for the server, holds every request for a level until
	// the client goes away, as a server whose search for a board takes long.
	stallLevels atomic.Bool
}

// serveSite serves the page and the API as slidetable serve does, with the
// sizes of newServer: 2x3, 3x3, 4x2 from tables and 4x4 by search.
func serveSite(t *testing.T) *site {
	t.Helper()
	s := checked(t, newServer(t, nil)) // every answer the page gets, against the API's document
	st := &site{name: "serve"}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if st.down.Load() {
			if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
				c.Close()
			}
			return
		}
		if st.stallLevels.Load() && r.URL.Path == "/api/level" {
			<-r.Context().Done()
			return
		}
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	st.url = ts.URL
	return st
}

// staticSite serves the files of the static site that slidetable web
// writes (server.SiteFiles) with a plain file server: no API, so the page
// answers with the WebAssembly build in a worker. It fails the test if
// the page asks for anything under /api/: the page knows it is static.
func staticSite(t *testing.T) *site {
	t.Helper()
	files := http.FileServerFS(server.SiteFiles())
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			t.Errorf("the static site was asked for %s", r.URL)
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return &site{name: "static", url: ts.URL}
}

// sites returns the page served both ways: both always, or with long
// false the server's way, and the static site's only under
// SLIDETABLE_LONG=1, to keep the default tests short.
func sites(t *testing.T, long bool) []*site {
	t.Helper()
	if long && !testenv.IsLong() {
		return []*site{serveSite(t)}
	}
	return []*site{serveSite(t), staticSite(t)}
}

// tabOptions says how a tab looks at the page.
type tabOptions struct {
	width, height int64
	phone         bool   // a touch screen, mobile layout, scale 2
	dark          bool   // prefers-color-scheme: dark
	motion        bool   // animations as a player sees them (default: reduced)
	query         string // after "/?"
	// life bounds everything the tab does, 60 s if 0: a test that asks a
	// tab many slow things gives it longer.
	life time.Duration
}

// tab is a browser tab on the game page, with its helpers.
type tab struct {
	t    *testing.T
	ctx  context.Context
	site *site
	opts tabOptions
}

// openTab opens a tab in a new browser context (its own storage) and
// loads the page.
func openTab(t *testing.T, st *site, o tabOptions) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(startBrowser(t), chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // opens the tab
		t.Fatal(err)
	}
	tctx, cancelT := context.WithTimeout(ctx, cmp.Or(o.life, 60*time.Second))
	t.Cleanup(cancelT)
	p := &tab{t: t, ctx: tctx, site: st, opts: o}
	p.do(p.emulate(), watchPage)
	p.load(o.query)
	return p
}

// sibling opens another tab in the same browser context as p, so with the
// same storage, on the page with the query.
func (p *tab) sibling(query string) *tab {
	p.t.Helper()
	ctx, cancel := chromedp.NewContext(p.ctx)
	p.t.Cleanup(cancel)
	q := &tab{t: p.t, ctx: ctx, site: p.site, opts: p.opts}
	q.do(q.emulate(), watchPage)
	q.load(query)
	return q
}

func (p *tab) emulate() chromedp.Action[chromedp.Void] {
	o := p.opts
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		var vopts []chromedp.EmulateViewportOption
		if o.phone {
			vopts = append(vopts, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)
			if o.width > o.height {
				vopts = append(vopts, chromedp.EmulateLandscape)
			} else {
				vopts = append(vopts, chromedp.EmulatePortrait)
			}
		}
		if _, err := chromedp.EmulateViewport(o.width, o.height, vopts...)(ctx, t); err != nil {
			return err
		}
		scheme, motion := "light", "reduce"
		if o.dark {
			scheme = "dark"
		}
		if o.motion {
			motion = "no-preference"
		}
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{
				{Name: "prefers-color-scheme", Value: scheme},
				{Name: "prefers-reduced-motion", Value: motion},
			},
		})
		return err
	})
}

// watchPage makes each document of the tab collect, before the page's own
// scripts run, its uncaught errors and unhandled rejections in
// window.pageErrors, and in window.shown every distance the page shows
// with its board and metric ("3x3 single 8,6,7,2,5,4,3,0,1=31").
var watchPage = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.pageErrors = [];
window.shown = [];
addEventListener("error", (e) => pageErrors.push(String(e.message)));
addEventListener("unhandledrejection", (e) => pageErrors.push(String(e.reason)));
document.addEventListener("DOMContentLoaded", () => {
  const d = document.getElementById("distance"), b = document.getElementById("board");
  const note = () => {
    if (d.dataset.distance === "" || !b.dataset.board) return;
    const r = b.dataset.size + " " + d.dataset.metric + " " + b.dataset.board + "=" + d.dataset.distance;
    if (shown[shown.length - 1] !== r) shown.push(r);
  };
  const o = new MutationObserver(note);
  o.observe(d, { attributes: true, attributeFilter: ["data-distance", "data-metric"] });
  o.observe(b, { attributes: true, attributeFilter: ["data-board"] });
});`,
	})
	return err
})

// load loads the page with the query, after checking what the page
// showed before, if anything.
func (p *tab) load(query string) {
	p.t.Helper()
	if p.truth(`typeof window.shown !== "undefined"`) {
		p.check()
	}
	p.do(chromedp.Navigate(p.site.url + "/?" + query))
}

func (p *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

func (p *tab) eval(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func (p *tab) number(expr string) int {
	p.t.Helper()
	s := p.eval(expr)
	n, err := strconv.Atoi(s)
	if err != nil {
		p.t.Fatalf("%s = %q: not a number", expr, s)
	}
	return n
}

func (p *tab) truth(expr string) bool {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// atSolverMove makes the page run script, the body of a JavaScript
// function, at the solver's move number n of the next solution it plays:
// in the same task as that move, from the "solving" event the move sends.
// What script returns is kept for atMove. A solution plays a move every
// 90 to 440 ms, while one step of a test can take longer on a busy
// machine: a test that clicked Stop or Faster once it saw a move could
// find the solution played to its end (the player's controls hidden, the
// moves past the one it waited for). At the move itself, no time passes.
func (p *tab) atSolverMove(n int, script string) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`(() => {
  window.atMove = window.atMove || {};
  delete window.atMove[%[1]d];
  const board = document.getElementById("board");
  const act = (ev) => {
    if (ev.detail.state !== "playing" || ev.detail.played !== %[1]d) return;
    board.removeEventListener("solving", act);
    window.atMove[%[1]d] = (() => { %[2]s })();
  };
  board.addEventListener("solving", act);
  return "";
})()`, n, script))
}

// atMove waits for the solver's move n that atSolverMove watches for,
// and returns what its script returned, as JSON.
func (p *tab) atMove(n int) string {
	p.t.Helper()
	p.wait(fmt.Sprintf(`window.atMove !== undefined && window.atMove[%d] !== undefined`, n))
	return p.eval(fmt.Sprintf(`JSON.stringify(window.atMove[%d])`, n))
}

// wait waits until the JavaScript expression is true.
func (p *tab) wait(expr string) {
	p.t.Helper()
	p.waitFor(expr, 20*time.Second)
}

func (p *tab) waitFor(expr string, limit time.Duration) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(limit))); err != nil {
		p.t.Fatalf("waiting for %s: %v (state %q, the board's %q, %s moves, message %q, tip %q)", expr, err,
			p.eval(`document.body.dataset.state`), p.eval(`String(document.getElementById("board").state)`),
			p.eval(`String(document.getElementById("moves").dataset.moves)`),
			p.eval(`document.getElementById("message").hidden ? "" : document.getElementById("message-text").textContent`),
			p.eval(`document.getElementById("tip").textContent`))
	}
}

// ready waits until the board is playable: its distance is shown and its
// optimal moves known, and nothing moves, no tile sliding among them.
func (p *tab) ready() {
	p.t.Helper()
	p.wait(`document.body.dataset.state === "playing" && document.getElementById("distance").dataset.distance !== "" && document.getAnimations().length === 0 && ` + noneSliding)
}

// noneSliding is a JavaScript expression, true when no tile of the board
// is sliding. The tiles live in the board's shadow root, whose animations
// document.getAnimations() does not list: a test that asked it alone
// clicked tiles still sliding, at the place a tile had left (a click
// that moved another tile, or none).
const noneSliding = `!(document.getElementById("board").shadowRoot?.getAnimations() ?? []).some((a) => a instanceof CSSTransition)`

// shadow is the JavaScript expression of the board's shadow root: the
// board is <slidetable-puzzle>, whose tiles live there.
const shadow = `document.getElementById("board").shadowRoot`

// tileJS is the JavaScript expression of tile t's button.
func tileJS(t uint8) string {
	return fmt.Sprintf(`%s.querySelector('.tile[data-tile="%d"]')`, shadow, t)
}

// clickTile clicks tile t, as a player does.
func (p *tab) clickTile(t uint8) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.JSPath(tileJS(t))))
}

// click clicks the element of a CSS selector.
func (p *tab) click(sel string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS(sel)))
}

// key presses a key: a character, or one of kb's (chromedp/kb).
func (p *tab) key(k string, opts ...chromedp.KeyOption) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(k, opts...))
}

var arrowKeys = map[string]string{"ArrowUp": "\u0304", "ArrowDown": "\u0301", "ArrowLeft": "\u0302", "ArrowRight": "\u0303"}

// size reads the size played.
func (p *tab) size() board.Size {
	p.t.Helper()
	s, err := board.ParseSize(p.eval(`document.getElementById("board").dataset.size`))
	if err != nil {
		p.t.Fatal(err)
	}
	return s
}

// board reads the board shown.
func (p *tab) board() board.Board {
	p.t.Helper()
	s := p.eval(`document.getElementById("board").dataset.board`)
	b, err := board.Parse(p.size(), s)
	if err != nil {
		p.t.Fatalf("board %q: %v", s, err)
	}
	return b
}

func (p *tab) distance() int {
	p.t.Helper()
	return p.number(`document.getElementById("distance").dataset.distance`)
}

func (p *tab) moves() int {
	p.t.Helper()
	return p.number(`document.getElementById("moves").dataset.moves`)
}

func (p *tab) text(id string) string {
	p.t.Helper()
	return p.eval(fmt.Sprintf(`document.getElementById(%q).innerText.replace(/\s+/g, " ").trim()`, id))
}

// waitMoves waits until the page has counted n moves and is ready.
func (p *tab) waitMoves(n int) {
	p.t.Helper()
	p.wait(fmt.Sprintf(`document.getElementById("moves").dataset.moves === "%d"`, n))
	p.ready()
}

// check checks that the page threw nothing and that every distance it has
// shown so far is exact.
func (p *tab) check() {
	p.t.Helper()
	p.checkKnowing(board.SingleTile, nil)
}

// checkKnowing is check, but a board of known shown in the metric m is
// held to its distance there instead of one found here: the boards of a
// level pack, whose distances TestBuiltinPacks of package levels proves
// (those far out take a search longer than a test waits).
func (p *tab) checkKnowing(m board.Metric, known map[board.Board]int) {
	p.t.Helper()
	if errs := p.eval(`JSON.stringify(window.pageErrors)`); errs != "[]" {
		p.t.Errorf("errors on the page: %s", errs)
	}
	var shown []string
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`window.shown.splice(0)`))
	if err != nil {
		p.t.Fatal(err)
	}
	shown = v
	for _, rec := range shown {
		sb, ds, _ := strings.Cut(rec, "=")
		sz, rest, _ := strings.Cut(sb, " ")
		ms, cells, _ := strings.Cut(rest, " ")
		size, err := board.ParseSize(sz)
		if err != nil {
			p.t.Fatalf("shown %q: %v", rec, err)
		}
		mb, err := board.ParseMetric(ms)
		if err != nil {
			p.t.Fatalf("shown %q: %v", rec, err)
		}
		b, err := board.Parse(size, cells)
		if err != nil {
			p.t.Fatalf("shown %q: %v", rec, err)
		}
		d, err := strconv.Atoi(ds)
		if err != nil {
			p.t.Fatalf("shown %q: %v", rec, err)
		}
		want, ok := known[b]
		if !ok || mb != m {
			want = exactIn(p.t, b, mb)
		}
		if want != d {
			p.t.Errorf("the page showed %s at distance %d in %s-tile moves; it is %d", b, d, mb, want)
		}
	}
	p.t.Logf("%s: %d distances shown, each exact", p.site.name, len(shown))
}

// tables are the exact tables of the sizes with one, in each metric.
var tables sync.Map // tableKey -> *table.Table

type tableKey struct {
	size   board.Size
	metric board.Metric
}

// builtinTable returns the built-in table of size in the metric m.
func builtinTable(t *testing.T, size board.Size, m board.Metric) *table.Table {
	t.Helper()
	k := tableKey{size, m}
	tv, ok := tables.Load(k)
	if !ok {
		tbl, err := source.BuiltinTableIn(size, m)
		if err != nil {
			t.Fatal(err)
		}
		tv, _ = tables.LoadOrStore(k, tbl)
	}
	return tv.(*table.Table)
}

// exactIn returns the distance of b from the standard goal in the metric
// m: see exact for the single-tile metric; in the multi-tile metric from
// the built-in table of that metric, or for 4x4 by the solver's search
// (which answers the boards near enough for a test).
func exactIn(t *testing.T, b board.Board, m board.Metric) int {
	t.Helper()
	if m == board.SingleTile {
		return exact(t, b)
	}
	if source.HasBuiltin(b.Size()) {
		d, err := builtinTable(t, b.Size(), m).Distance(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		return d
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	d, err := searchMultiSolver.Distance(ctx, b)
	if err != nil {
		t.Fatalf("%s in multi-tile moves: %v", b, err)
	}
	return d
}

// exact returns the distance of b from the standard goal: from a table,
// or for 4x4 by the solver's search (the published list for the boards
// 80 moves away and their neighbours, too far to search in a test).
func exact(t *testing.T, b board.Board) int {
	t.Helper()
	size := b.Size()
	if source.HasBuiltin(size) {
		d, err := builtinTable(t, size, board.SingleTile).Distance(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		return d
	}
	if h, ok := published.HardestOf(size); ok {
		// The published list holds every board at the largest distance,
		// so a move from one of them leads one move closer, and a move
		// from such a board leads to one of them or one move closer.
		far := map[board.Board]bool{}
		for _, hb := range h.Boards {
			far[hb] = true
		}
		near := func(x board.Board) bool {
			for _, m := range x.Moves() {
				if n, _ := x.Move(m); far[n] {
					return true
				}
			}
			return false
		}
		switch {
		case far[b]:
			return h.Distance
		case near(b):
			return h.Distance - 1
		}
		for _, m := range b.Moves() {
			if n, _ := b.Move(m); !far[n] && near(n) {
				return h.Distance - 2
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	d, err := searchSolver.Distance(ctx, b)
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return d
}

// screenshot saves the tab's viewport as a PNG in $SLIDETABLE_SCREENSHOTS,
// if set.
func (p *tab) screenshot(name string) {
	p.t.Helper()
	dir := os.Getenv("SLIDETABLE_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot %s", path)
}

// arrow returns the board after an arrow key: the tile on the opposite
// side of the blank slides into it, if there is one.
func arrow(b board.Board, key string) (board.Board, bool) {
	w, h := b.Size().W, b.Size().H
	z := b.Blank()
	r, c := z/w, z%w
	switch key {
	case "ArrowUp":
		r++
	case "ArrowDown":
		r--
	case "ArrowLeft":
		c++
	case "ArrowRight":
		c--
	}
	if r < 0 || r >= h || c < 0 || c >= w {
		return b, false
	}
	next, err := b.Move(b.At(r*w + c))
	return next, err == nil
}
