package server_test

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/slidetable/slidetable/internal/testenv"
)

// axeEnv names axe-core's axe.min.js for the accessibility test; without
// it the test looks where `npm install -g axe-core` puts it.
const axeEnv = "SLIDETABLE_AXE"

// findAxe returns axe-core's script, or "" if it is not installed.
func findAxe(t *testing.T) string {
	t.Helper()
	paths := []string{"/usr/lib/node_modules/axe-core/axe.min.js", "/usr/local/lib/node_modules/axe-core/axe.min.js"}
	if p := os.Getenv(axeEnv); p != "" {
		paths = []string{p}
	}
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			return string(b)
		}
	}
	return ""
}

// deep defines, in the page, deepAll(selector): the elements that match in
// the document and in every shadow root (the board, <slidetable-puzzle>,
// keeps its tiles in its own), and deepActive(): the element that has
// the focus, inside a shadow root if need be.
const deep = `window.deepAll = (sel) => {
  const out = [];
  const visit = (root) => {
    out.push(...root.querySelectorAll(sel));
    for (const e of root.querySelectorAll("*")) if (e.shadowRoot) visit(e.shadowRoot);
  };
  visit(document);
  return out;
};
window.deepActive = () => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a;
};`

// contrastCheck lists, as "ratio text", each piece of visible text whose
// contrast with what lies behind it is below WCAG AA: 4.5:1, or 3:1 for
// large text (24px, or 18.66px bold). Disabled controls are exempt. Text
// in shadow roots (the tiles' numbers) is checked too, against what lies
// behind it there and then behind the shadow root's host.
const contrastCheck = `(() => {
  const rgba = (s) => { const m = s.match(/[\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3])).concat(1);
  const up = (n) => n.parentElement || (n.getRootNode() instanceof ShadowRoot ? n.getRootNode().host : null);
  const behind = (e) => {
    const layers = [];
    for (let n = e; n; n = up(n)) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] === 1) break;
    }
    let c = rgba(getComputedStyle(document.documentElement).backgroundColor);
    if (c[3] < 1) c = [255, 255, 255, 1];
    for (const l of layers.reverse()) c = over(l, c);
    return c;
  };
  const bad = [];
  const roots = [document.body, ...deepAll("*").filter((e) => e.shadowRoot).map((e) => e.shadowRoot)];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const e = t.parentElement, text = t.textContent.trim();
      if (!e || !text || !e.getClientRects().length || e.closest("[hidden], :disabled, [aria-hidden=true]:not(.face), style")) continue;
      const cs = getComputedStyle(e);
      if (cs.visibility !== "visible" || Number(cs.opacity) === 0 || cs.display === "none") continue;
      const fg = rgba(e instanceof SVGElement ? cs.fill : cs.color);
      const bg = behind(e instanceof SVGElement ? e.closest("svg").parentElement : e);
      const a = lum(over(fg, bg)), b = lum(bg);
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const px = parseFloat(cs.fontSize), large = px >= 24 || (px >= 18.66 && Number(cs.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) bad.push(ratio.toFixed(2) + " " + text.slice(0, 40));
    }
  }
  return bad;
})()`

// namesCheck lists the controls with no name a screen reader can speak.
const namesCheck = `deepAll("button, select, input, a[href], [role=img]")
  .filter((e) => e.getClientRects().length && !(e.getAttribute("aria-label") || e.textContent.trim() || (e.labels && e.labels.length) || e.getAttribute("aria-labelledby")))
  .map((e) => e.outerHTML.slice(0, 80))`

// focusables lists the controls a keyboard should reach: every visible,
// enabled control but the tiles that cannot move.
const focusables = `deepAll("button, select, input, a[href]")
  .filter((e) => e.getClientRects().length && !e.disabled && !e.closest("[hidden]") && !(e.classList.contains("tile") && !e.classList.contains("movable")))
  .map((e) => e.id || e.dataset.tile || e.getAttribute("href"))`

// TestBrowserAccessible checks the page in both themes, on a desktop and a
// phone: every control is reached with Tab, every control and tile has a
// name, text contrast is at least WCAG AA, and, where axe-core is
// installed (npm install -g axe-core, which .ci/run does), axe finds no
// violation of WCAG 2 A or AA.
func TestBrowserAccessible(t *testing.T) {
	serve := serveSite(t)
	axe := findAxe(t)
	for _, v := range []struct {
		name string
		o    tabOptions
		long bool
	}{
		{"static-desktop-dark", tabOptions{width: 1280, height: 900, dark: true, query: "size=3x3"}, true},
		{"desktop-light", tabOptions{width: 1280, height: 900, query: "size=3x3"}, false},
		{"phone-dark", tabOptions{width: 390, height: 844, phone: true, dark: true, query: "size=4x4"}, false},
		{"desktop-dark", tabOptions{width: 1280, height: 900, dark: true, query: "size=3x3"}, true},
		{"phone-light", tabOptions{width: 390, height: 844, phone: true, query: "size=4x4"}, true},
	} {
		t.Run(v.name, func(t *testing.T) {
			if v.long {
				testenv.Long(t)
			}
			st := serve
			if strings.HasPrefix(v.name, "static-") {
				st = staticSite(t)
			}
			p := openTab(t, st, v.o)
			p.ready()
			// A hint on the board, and a move to undo, so that more is shown.
			p.play([]uint8{p.board().Moves()[0]})
			p.ready()
			p.click("#hint")
			p.wait(`document.getElementById("board").dataset.hint !== ""`)

			p.do(chromedp.Evaluate[chromedp.Void](deep))
			for _, check := range []struct{ name, expr string }{{"contrast below AA", contrastCheck}, {"no name", namesCheck}} {
				bad, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](check.expr))
				if err != nil {
					t.Fatal(err)
				}
				for _, b := range bad {
					t.Errorf("%s: %s", check.name, b)
				}
			}
			tiles := p.eval(`deepAll("#board, .tile").filter((b) => b.classList.contains("tile")).map((b) => b.getAttribute("aria-label")).join("|")`)
			if n := strings.Count(tiles, "|") + 1; n != p.board().Len()-1 {
				t.Errorf("%d tiles named, want %d", n, p.board().Len()-1)
			}
			for _, l := range strings.Split(tiles, "|") {
				if !strings.Contains(l, "row ") || !strings.Contains(l, "column ") {
					t.Errorf("tile label %q does not say where the tile is", l)
				}
			}

			// Tab from the top reaches every control.
			want, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](focusables))
			if err != nil {
				t.Fatal(err)
			}
			p.do(chromedp.Evaluate[chromedp.Void](`document.activeElement.blur(); window.scrollTo(0, 0)`))
			reached := map[string]bool{}
			for range len(want) + 8 {
				p.key(kb.Tab)
				reached[p.eval(`(() => { const a = deepActive(); return a.id || a.dataset.tile || a.getAttribute("href") || ""; })()`)] = true
			}
			for _, w := range want {
				if !reached[w] {
					t.Errorf("Tab never reaches %q", w)
				}
			}

			if axe == "" {
				if os.Getenv("CI") == "true" {
					t.Fatalf("axe-core is not installed (npm install -g axe-core, or set %s)", axeEnv)
				}
				t.Skipf("axe-core not installed: npm install -g axe-core, or set %s to axe.min.js", axeEnv)
			}
			p.do(chromedp.Evaluate[chromedp.Void](axe))
			violations, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`axe.run(document, {runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}).then((r) => r.violations.map((v) => v.id + ": " + v.help + " (" + v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(", ") + ")"))`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range violations {
				t.Errorf("axe: %s", v)
			}
			p.check()
		})
	}
}
