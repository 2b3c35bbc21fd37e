package server_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/internal/testenv"
)

// The defects a new player met, each checked where it was seen.

// rect is an element's box in CSS pixels of the viewport.
type rect struct {
	X, Y, W, H float64
}

func (r rect) String() string { return fmt.Sprintf("%.0fx%.0f at (%.0f, %.0f)", r.W, r.H, r.X, r.Y) }

func (r rect) overlaps(o rect) bool {
	const e = 0.5 // rounding
	return r.X+e < o.X+o.W && o.X+e < r.X+r.W && r.Y+e < o.Y+o.H && o.Y+e < r.Y+r.H
}

func (p *tab) rects(sel string) []rect {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]rect](fmt.Sprintf(
		`[...document.querySelectorAll(%q)].map((e) => { const r = e.getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; })`, sel)))
	if err != nil {
		p.t.Fatal(err)
	}
	if len(v) == 0 {
		p.t.Fatalf("nothing matches %s", sel)
	}
	return v
}

func (p *tab) rect(sel string) rect { p.t.Helper(); return p.rects(sel)[0] }

// tileRects returns the boxes of the board's tiles.
func (p *tab) tileRects() []rect {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]rect](`[...`+shadow+`.querySelectorAll(".tile")].map((e) => { const r = e.getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; })`))
	if err != nil || len(v) == 0 {
		p.t.Fatalf("the tiles' boxes: %v", err)
	}
	return v
}

// visible says whether the element is shown.
func (p *tab) visible(sel string) bool {
	p.t.Helper()
	return p.truth(fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden"; })()`, sel))
}

// TestBrowserHintCleared checks that a new board, a preset or Start takes
// the old hint away: no tile stays yellow and the tip goes.
func TestBrowserHintCleared(t *testing.T) {
	for _, st := range sites(t, true) {
		t.Run(st.name, func(t *testing.T) {
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3"})
			p.ready()
			for _, how := range []string{"#again", `#presets button[data-key="Easy"]`, "#start"} {
				p.click("#hint")
				p.wait(shadow + `.querySelector(".tile.hint") !== null`)
				old := p.eval(`document.getElementById("board").dataset.board`)
				p.click(how)
				p.wait(fmt.Sprintf(`document.getElementById("board").dataset.board !== %q`, old))
				p.ready()
				if n := p.number(`String(` + shadow + `.querySelectorAll(".tile.hint").length)`); n != 0 {
					t.Errorf("after %s: %d tiles still marked as the hint", how, n)
				}
				if tip := p.text("tip"); tip != "" || p.eval(`document.getElementById("board").dataset.hint`) != "" {
					t.Errorf("after %s: tip %q", how, tip)
				}
			}
			p.check()
		})
	}
}

// TestBrowserShortWindows checks the board in a phone held sideways and in
// short desktop windows: as large as the height allows, square tiles,
// inside the window, and clear of the buttons.
func TestBrowserShortWindows(t *testing.T) {
	serve := serveSite(t)
	static := staticSite(t)
	for _, v := range []struct {
		name          string
		width, height int64
		phone         bool
		size          string
		long          bool
	}{
		{"phone-landscape-4x4", 844, 390, true, "4x4", false},
		{"desktop-short", 1280, 560, false, "3x3", false},
		{"phone-landscape-3x3", 844, 390, true, "3x3", true},
		{"phone-landscape-4x2", 844, 390, true, "4x2", true},
		{"phone-landscape-2x3", 844, 390, true, "2x3", true},
		{"phone-portrait-4x4", 390, 844, true, "4x4", true},
		{"static-phone-landscape-4x4", 844, 390, true, "4x4", true},
	} {
		t.Run(v.name, func(t *testing.T) {
			if v.long {
				testenv.Long(t)
			}
			st := serve
			if strings.HasPrefix(v.name, "static-") {
				st = static
			}
			p := openTab(t, st, tabOptions{width: v.width, height: v.height, phone: v.phone, query: "size=" + v.size})
			p.ready()
			sz := p.size()
			b := p.rect("#board")
			vw, vh := float64(v.width), float64(v.height)
			if b.X < 0 || b.Y < 0 || b.X+b.W > vw+0.5 || b.Y+b.H > vh+0.5 {
				t.Errorf("board %s is not inside the %dx%d window", b, v.width, v.height)
			}
			if small := min(vw, vh) * 0.6; b.H < small && b.W < small {
				t.Errorf("board %s is small for a %dx%d window", b, v.width, v.height)
			}
			tw, th := b.W/float64(sz.W), b.H/float64(sz.H)
			if d := tw - th; d > 1 || d < -1 {
				t.Errorf("tiles %.1fx%.1f are not square", tw, th)
			}
			for _, tr := range p.tileRects() {
				if tr.X < b.X-0.5 || tr.Y < b.Y-0.5 || tr.X+tr.W > b.X+b.W+0.5 || tr.Y+tr.H > b.Y+b.H+0.5 {
					t.Errorf("a tile %s spills out of the board %s", tr, b)
				}
				if tr.W < tw-1 || tr.H < th-1 || tr.W > tw+1 || tr.H > th+1 {
					t.Errorf("a tile is %s, want %.0fx%.0f", tr, tw, th)
				}
			}
			for _, id := range []string{"hint", "solve", "again", "undo", "redo", "share"} {
				r := p.rect("#" + id)
				if r.overlaps(b) {
					t.Errorf("#%s %s lies over the board %s", id, r, b)
				}
				if strings.Contains(v.name, "phone-landscape") && r.Y+r.H > vh+0.5 {
					t.Errorf("#%s %s is below the window", id, r)
				}
			}
			if w := p.number(`String(document.documentElement.scrollWidth - window.innerWidth)`); w > 0 {
				t.Errorf("the page is %d pixels wider than the window", w)
			}
			p.check()
		})
	}
}

// TestBrowserLayout checks a desktop window: header, game and footer
// start at the same x; the instructions are the keyboard's; the lighter
// tiles are explained and are those in place; and every link shown
// answers, on each size (4x4 has no chart to link to).
func TestBrowserLayout(t *testing.T) {
	for _, st := range sites(t, true) {
		t.Run(st.name, func(t *testing.T) { checkLayout(t, st) })
	}
}

func checkLayout(t *testing.T, st *site) {
	p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=4x4&board=5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15"})
	p.ready()
	h, m, f := p.rect("header h1"), p.rect("main"), p.rect("footer p:not([hidden])")
	if h.X != m.X || f.X != m.X {
		t.Errorf("header at x=%.0f, main at x=%.0f, footer at x=%.0f", h.X, m.X, f.X)
	}
	if !p.visible("#help-keys") || p.visible("#help-touch") || p.eval(`document.getElementById("board").getAttribute("aria-describedby")`) != "help-keys" {
		t.Errorf("desktop instructions: keys shown %v, touch shown %v", p.visible("#help-keys"), p.visible("#help-touch"))
	}
	checkLegend(p)
	if st.name == "static" {
		// No API: the footer says where the answers come from, and no
		// link leads to an API that is not there.
		if !p.visible("#about-wasm") || p.visible("#about-api") || p.truth(`[...document.querySelectorAll("a[href]")].some((a) => a.getClientRects().length > 0 && a.getAttribute("href").startsWith("api/"))`) {
			t.Errorf("static site: footer %q", p.text("about-wasm"))
		}
		p.check()
		return
	}
	if testenv.IsLong() {
		// ?engine=wasm: the served page answers with the WebAssembly build,
		// which the server's policy lets it compile.
		q := p.sibling("size=4x4&engine=wasm")
		q.ready()
		if got := q.eval(`document.body.dataset.engine`); got != "wasm" {
			t.Errorf("with ?engine=wasm the page answers with %q", got)
		}
		q.check()
	}
	for _, size := range []string{"4x4", "3x3", "2x3"} {
		if size != "4x4" {
			p.do(chromedp.SetValue(chromedp.CSS("#size"), size), chromedp.Evaluate[chromedp.Void](`document.getElementById("size").dispatchEvent(new Event("change"))`))
			p.wait(fmt.Sprintf(`document.getElementById("board").dataset.size === %q`, size))
			p.ready()
		}
		links, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("a[href]")].filter((a) => a.getClientRects().length > 0).map((a) => a.href)`))
		if err != nil {
			t.Fatal(err)
		}
		if len(links) < 2 {
			t.Fatalf("%s: links shown: %q", size, links)
		}
		for _, l := range links {
			res, err := http.Get(l)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("%s: link %s answers %d", size, l, res.StatusCode)
			}
		}
	}
	p.check()
}

// TestBrowserServerGone stops the server in mid-game: the page says so,
// keeps the moves it can still count, and comes back by itself when the
// server does.
func TestBrowserServerGone(t *testing.T) {
	st := serveSite(t)
	p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3"})
	p.ready()
	st.down.Store(true)
	// Two moves: the first board's distance follows from the last answer,
	// the second's cannot be known without the server.
	b := p.board()
	last := uint8(0)
	for i := range 2 {
		m := b.Moves()[0]
		if m == last {
			m = b.Moves()[1]
		}
		last = m
		p.clickTile(m)
		p.wait(fmt.Sprintf(`document.getElementById("moves").dataset.moves === "%d"`, i+1))
		b, _ = b.Move(m)
	}
	p.wait(`!document.getElementById("message").hidden`)
	msg := p.text("message-text")
	if !strings.Contains(msg, "cannot be reached") || !strings.Contains(msg, "Trying again") || !p.visible("#retry") {
		t.Errorf("message %q, retry shown %v", msg, p.visible("#retry"))
	}
	if got := p.text("distance"); got != "Distance unknown" {
		t.Errorf("distance reads %q while the server is gone", got)
	}
	// It tries again by itself, less often as it fails.
	p.wait(`document.getElementById("message-text").textContent.includes("Trying again in 2 seconds")`)
	// Hint says why there is none yet rather than doing nothing.
	p.click("#hint")
	p.wait(`document.getElementById("message-text").textContent.includes("cannot be reached")`)
	if tip := p.text("tip"); !strings.Contains(tip, "Looking for the best move") {
		t.Errorf("tip %q after Hint with the server gone", tip)
	}
	st.down.Store(false)
	start := time.Now()
	p.click("#retry")
	p.wait(`document.getElementById("message").hidden && document.getElementById("distance").dataset.distance !== ""`)
	t.Logf("back %v after the server", time.Since(start))
	// The hint asked for while the server was gone shows.
	p.wait(`document.getElementById("board").dataset.hint !== ""`)
	if got := p.board(); got != b {
		t.Errorf("board %s, want %s", got, b)
	}
	p.check()
}

// TestBrowserNoOverflow checks windows 320, 360 and 390 px wide, in both
// themes, as a narrow browser window (whose selects are as wide as their
// longest option) and, under SLIDETABLE_LONG=1, as a phone: the page is no
// wider than the window, and no box of it reaches past the window's right
// edge (a card cut off there).
func TestBrowserNoOverflow(t *testing.T) {
	st := serveSite(t)
	for _, phone := range []bool{false, true} {
		for _, width := range []int64{320, 360, 390} {
			for _, dark := range []bool{false, true} {
				name := fmt.Sprintf("window-%d-%s", width, map[bool]string{false: "light", true: "dark"}[dark])
				if phone {
					name = "phone" + name[len("window"):]
				}
				t.Run(name, func(t *testing.T) {
					if phone {
						testenv.Long(t)
					}
					checkOverflow(t, openTab(t, st, tabOptions{width: width, height: 800, phone: phone, dark: dark, query: "size=4x4"}))
				})
			}
		}
	}
}

func checkOverflow(t *testing.T, p *tab) {
	p.ready()
	// The 4x4 difficulties include the published hardest boards from the
	// first load, before the distribution has come.
	if !p.truth(`document.querySelector('#presets button[data-key="hardest"]') !== null`) {
		t.Error("no Hardest known preset on the first 4x4 load")
	}
	width := p.opts.width
	if w := p.number(`String(document.documentElement.scrollWidth - window.innerWidth)`); w > 0 {
		t.Errorf("the page is %d pixels wider than the %d px window", w, width)
	}
	over, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("body *")]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .map((e) => (e.id || e.tagName) + " " + Math.round(e.getBoundingClientRect().right))`))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range over {
		t.Errorf("past the right edge of the %d px window: %s", width, o)
	}
	p.check()
}
