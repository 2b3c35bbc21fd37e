package server_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/testenv"
)

// browserTest starts the server and a headless browser for one test, and
// returns the server's URL and a browser context for a first tab.
func browserTest(t *testing.T) (string, context.Context) {
	t.Helper()
	chrome := testenv.Browser(t)
	ts := httptest.NewServer(newServer(t, nil)) // on 127.0.0.1
	t.Cleanup(ts.Close)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 850),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelB(); cancelA() })
	// Start the browser without a deadline (a deadline on the first Run
	// would stop the whole browser), then bound each test.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", chrome, err)
	}
	tctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	t.Cleanup(cancel)
	return ts.URL, tctx
}

// catchErrors makes each document of the tab collect its uncaught errors
// and unhandled promise rejections in window.pageErrors, before the page's
// own scripts run.
var catchErrors = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.pageErrors = [];
addEventListener("error", (e) => pageErrors.push(String(e.message)));
addEventListener("unhandledrejection", (e) => pageErrors.push(String(e.reason)));`,
	})
	return err
})

// tab is a tab on the game page with its helpers.
type tab struct {
	t    *testing.T
	ctx  context.Context
	dir  string // screenshots
	shot int
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

// wait waits until the JavaScript expression is true.
func (p *tab) wait(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s: %v (state %q, message %q)", expr, err,
			p.eval(`document.body.dataset.state`), p.eval(`document.getElementById("message").textContent`))
	}
}

// ready waits until the board is playable, its distance is shown and no
// tile is sliding.
func (p *tab) ready() {
	p.t.Helper()
	p.wait(`document.body.dataset.state === "playing" && document.getElementById("distance").dataset.distance !== "" && document.getAnimations().length === 0`)
}

// board reads the board shown.
func (p *tab) board(size board.Size) board.Board {
	p.t.Helper()
	s := p.eval(`document.getElementById("board").dataset.board`)
	b, err := board.Parse(size, s)
	if err != nil {
		p.t.Fatalf("board %q: %v", s, err)
	}
	return b
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

func (p *tab) distance() int {
	return p.number(`document.getElementById("distance").dataset.distance`)
}
func (p *tab) moves() int { return p.number(`document.getElementById("moves").dataset.moves`) }

// noErrors checks that the page threw nothing uncaught.
func (p *tab) noErrors() {
	p.t.Helper()
	if errs := p.eval(`JSON.stringify(window.pageErrors)`); errs != "[]" {
		p.t.Errorf("errors on the page: %s", errs)
	}
}

// screenshot saves the tab's viewport as a PNG in the test's directory.
func (p *tab) screenshot(name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	p.shot++
	path := filepath.Join(p.dir, fmt.Sprintf("%02d-%s.png", p.shot, name))
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	if dir := os.Getenv("SLIDETABLE_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, filepath.Base(path)), png, 0o644)
	}
	p.t.Logf("screenshot %s", path)
}

// arrow returns the board after an arrow key: the tile on the opposite side
// of the blank slides into it, if there is one.
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

var arrowKeys = map[string]string{"ArrowUp": "\u0304", "ArrowDown": "\u0301", "ArrowLeft": "\u0302", "ArrowRight": "\u0303"}

// TestBrowserPlay3x3 plays the 3x3 puzzle on a desktop-sized page: keys and
// clicks, each shown distance against the table, Hint, Solve, and a new game
// of a chosen difficulty.
func TestBrowserPlay3x3(t *testing.T) {
	base, ctx := browserTest(t)
	tbl, err := data.Load(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	size := tbl.Size()
	p := &tab{t: t, ctx: ctx, dir: t.TempDir()}
	dist := func(b board.Board) int {
		d, err := tbl.Distance(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		return d
	}

	start := time.Now()
	p.do(catchErrors, chromedp.Navigate(base+"/?size=3x3"))
	p.ready()
	t.Logf("page load to a playable board: %v", time.Since(start))
	b := p.board(size)
	if got, want := p.distance(), dist(b); got != want {
		t.Fatalf("shown distance %d, table %d for %s", got, want, b)
	}
	if p.moves() != 0 {
		t.Fatalf("moves %d at the start", p.moves())
	}
	// Medium on 3x3 is 13..19.
	if d := dist(b); d < 13 || d > 19 {
		t.Errorf("first board %s at %d, outside Medium 13..19", b, d)
	}
	p.screenshot("start")

	// Arrow keys: the board follows, the count grows and the distance
	// shown is the table's.
	moves := 0
	for _, key := range []string{"ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowUp"} {
		want, ok := arrow(b, key)
		if !ok {
			continue
		}
		if want == board.Goal(size) {
			break
		}
		p.do(chromedp.KeyEvent(arrowKeys[key]))
		moves++
		p.wait(fmt.Sprintf(`document.getElementById("moves").dataset.moves === "%d"`, moves))
		p.ready()
		if got := p.board(size); got != want {
			t.Fatalf("%s on %s: board %s, want %s", key, b, got, want)
		}
		b = want
		if got, want := p.distance(), dist(b); got != want {
			t.Fatalf("after %s: shown distance %d, table %d", key, got, want)
		}
	}
	if moves < 3 {
		t.Fatalf("only %d arrow moves made", moves)
	}
	p.screenshot("after-keys")

	// Clicks on each movable tile in turn, and Enter on a focused tile.
	for i := range 3 {
		ms := b.Moves()
		m := ms[i%len(ms)]
		next, _ := b.Move(m)
		if next == board.Goal(size) {
			break
		}
		sel := chromedp.CSS(fmt.Sprintf(`#board .tile[data-tile="%d"]`, m))
		if i == 2 {
			p.do(chromedp.Focus(sel), chromedp.KeyEvent("\r"))
		} else {
			p.do(chromedp.Click(sel))
		}
		moves++
		p.wait(fmt.Sprintf(`document.getElementById("moves").dataset.moves === "%d"`, moves))
		p.ready()
		b = next
		if got := p.board(size); got != b {
			t.Fatalf("tile %d: board %s, want %s", m, got, b)
		}
		if got, want := p.distance(), dist(b); got != want {
			t.Fatalf("after tile %d: shown distance %d, table %d", m, got, want)
		}
	}
	p.screenshot("after-clicks")

	// Hint: the highlighted tile's move is optimal.
	p.do(chromedp.Click(chromedp.CSS(`#hint`)))
	p.wait(`document.getElementById("board").dataset.hint !== "" && document.querySelector(".tile.hint") !== null`)
	h := p.number(`document.getElementById("board").dataset.hint`)
	if cls := p.eval(fmt.Sprintf(`document.querySelector('.tile[data-tile="%d"]').className`, h)); !strings.Contains(cls, "hint") {
		t.Errorf("hinted tile %d has class %q", h, cls)
	}
	// It stands out: the hint's colour, whether or not the tile is home.
	if bg := p.eval(fmt.Sprintf(`getComputedStyle(document.querySelector('.tile[data-tile="%d"] span')).backgroundColor`, h)); bg != "rgb(242, 183, 5)" {
		t.Errorf("hinted tile %d is coloured %s, not the hint's rgb(242, 183, 5)", h, bg)
	}
	if tip := p.eval(`document.getElementById("tip").textContent`); !strings.Contains(tip, fmt.Sprintf("slide tile %d ", h)) {
		t.Errorf("tip %q does not name tile %d", tip, h)
	}
	next, err := b.Move(uint8(h))
	if err != nil {
		t.Fatalf("hint %d on %s: %v", h, b, err)
	}
	if dist(next) != dist(b)-1 {
		t.Fatalf("hint %d on %s leads to distance %d, not %d", h, b, dist(next), dist(b)-1)
	}
	p.screenshot("hint")

	// Solve: the board ends solved in exactly the distance, and the result
	// compares the moves made with the optimum from the start.
	d := dist(b)
	p.do(chromedp.Click(chromedp.CSS(`#solve`)))
	p.wait(`document.body.dataset.state === "animating"`)
	p.screenshot("solving")
	p.wait(`document.body.dataset.state === "solved"`)
	if got := p.board(size); got != board.Goal(size) {
		t.Fatalf("after Solve: board %s", got)
	}
	if got, want := p.moves(), moves+d; got != want {
		t.Fatalf("after Solve: %d moves, want %d + %d", got, moves, d)
	}
	if p.distance() != 0 {
		t.Fatalf("after Solve: distance %d shown", p.distance())
	}
	result := p.eval(`document.getElementById("result").textContent`)
	if want := fmt.Sprintf("Solved in %d moves", moves+d); !strings.Contains(result, want) || !strings.Contains(result, "optimum from the start was") {
		t.Errorf("result %q, want %q and the optimum", result, want)
	}
	p.screenshot("solved")

	// A difficulty range: the new board's distance lies in it.
	for _, rg := range [][2]int{{20, 22}, {31, 31}} {
		old := p.eval(`document.getElementById("board").dataset.board`)
		p.do(chromedp.SetValue(chromedp.CSS(`#min`), strconv.Itoa(rg[0])),
			chromedp.SetValue(chromedp.CSS(`#max`), strconv.Itoa(rg[1])),
			chromedp.Click(chromedp.CSS(`#start`)))
		p.wait(fmt.Sprintf(`document.getElementById("board").dataset.board !== %q && document.getElementById("moves").dataset.moves === "0"`, old))
		p.ready()
		b = p.board(size)
		if d := dist(b); d < rg[0] || d > rg[1] || p.distance() != d {
			t.Fatalf("new game %d..%d: board %s at %d, shown %d", rg[0], rg[1], b, d, p.distance())
		}
		// The histogram marks the current distance.
		if got := p.number(`document.getElementById("histogram").dataset.here`); got != dist(b) {
			t.Errorf("histogram marks %d, board at %d", got, dist(b))
		}
	}
	p.screenshot("hardest")

	// Everything the page loaded came from the server.
	if ext := p.eval(`performance.getEntriesByType("resource").map(e => e.name).filter(n => !n.startsWith(location.origin)).join(" ")`); ext != "" {
		t.Errorf("the page loaded from elsewhere: %s", ext)
	}
	p.noErrors()
}

// TestBrowserPhone4x4 plays 4x4 on a phone-sized touch screen, checking the
// distances and the hint against IDA*, and that the page fits the width.
func TestBrowserPhone4x4(t *testing.T) {
	base, ctx := browserTest(t)
	size := board.Size{W: 4, H: 4}
	goal := board.Goal(size)
	p := &tab{t: t, ctx: ctx, dir: t.TempDir()}
	dist := func(b board.Board) int {
		d, err := ida.Distance(context.Background(), b, goal)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		return d
	}
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait),
		catchErrors, chromedp.Navigate(base+"/?size=4x4"))
	p.ready()
	if w := p.number(`String(document.documentElement.scrollWidth - window.innerWidth)`); w > 0 {
		t.Errorf("the page is %d pixels wider than the phone's screen", w)
	}
	b := p.board(size)
	if got, want := p.distance(), dist(b); got != want {
		t.Fatalf("shown distance %d, IDA* %d for %s", got, want, b)
	}
	p.screenshot("phone-start")
	for i := range 2 {
		m := b.Moves()[i]
		p.do(chromedp.Tap(chromedp.CSS(fmt.Sprintf(`#board .tile[data-tile="%d"]`, m))))
		p.wait(fmt.Sprintf(`document.getElementById("moves").dataset.moves === "%d"`, i+1))
		p.ready()
		b, _ = b.Move(m)
		if got := p.board(size); got != b {
			t.Fatalf("tap %d: board %s, want %s", m, got, b)
		}
		if got, want := p.distance(), dist(b); got != want {
			t.Fatalf("tap %d: shown distance %d, IDA* %d", m, got, want)
		}
	}
	p.do(chromedp.Tap(chromedp.CSS(`#hint`)))
	p.wait(`document.getElementById("board").dataset.hint !== ""`)
	h := p.number(`document.getElementById("board").dataset.hint`)
	next, err := b.Move(uint8(h))
	if err != nil || dist(next) != dist(b)-1 {
		t.Fatalf("hint %d on %s is not optimal (%v)", h, b, err)
	}
	p.screenshot("phone-hint")
	// The published 4x4 distribution, with the current distance marked.
	p.wait(`document.getElementById("histogram").dataset.here !== ""`)
	if got, want := p.number(`document.getElementById("histogram").dataset.here`), dist(b); got != want {
		t.Errorf("histogram marks %d, board at %d", got, want)
	}
	if got := p.eval(`document.getElementById("histo-caption").textContent`); !strings.Contains(got, "Published counts (") || !strings.Contains(got, "10,461,394,944,000 boards") {
		t.Errorf("caption %q", got)
	}
	p.noErrors()
}
