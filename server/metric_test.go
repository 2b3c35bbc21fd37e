package server_test

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/server"
)

// The multi-tile metric on the page: a tap on any tile in the blank's row
// or column slides every tile between, counted as one move in that metric
// and as one a tile in the other.

// tap clicks tile t of the board shown and waits until the page has
// counted n moves and is ready; it returns the board the Go rule
// (board.Board.Tap) gives, after checking that the page shows it.
func (p *tab) tap(b board.Board, t uint8, n int) board.Board {
	p.t.Helper()
	want, _, err := b.Tap(t)
	if err != nil {
		p.t.Fatalf("tap %d on %s: %v", t, b, err)
	}
	p.clickTile(t)
	p.waitMoves(n)
	if got := p.board(); got != want {
		p.t.Fatalf("tap %d on %s: board %s, want %s", t, b, got, want)
	}
	return want
}

// metric reads the metric the distance shown counts.
func (p *tab) metric() board.Metric {
	p.t.Helper()
	m, err := board.ParseMetric(p.eval(`document.getElementById("distance").dataset.metric`))
	if err != nil {
		p.t.Fatal(err)
	}
	return m
}

// chooseMetric picks a metric in the page's setting, as a player does.
func (p *tab) chooseMetric(m board.Metric) {
	p.t.Helper()
	p.do(chromedp.SetValue(chromedp.CSS("#metric"), m.String()), chromedp.Evaluate[chromedp.Void](`document.getElementById("metric").dispatchEvent(new Event("change"))`))
}

// TestBrowserMultiTile plays a 3x3 board of a link in the multi-tile
// metric, served both ways: a tap on the far tile of the blank's row, then
// of its column, slides both tiles and counts one move; each distance
// shown is the multi-tile table's; a hint is an optimal tap; undo and redo
// take a tap as one step; the share link and a reload keep the metric;
// Solve reaches the goal in exactly the distance. Then the same link in
// the single-tile metric counts each tap as the two tiles it slides.
func TestBrowserMultiTile(t *testing.T) {
	const cells = "0,1,2,3,4,5,6,7,8"
	size := board.Size{W: 3, H: 3}
	start, err := board.Parse(size, cells)
	if err != nil {
		t.Fatal(err)
	}
	multi := builtinTable(t, size, board.MultiTile)
	dist := func(b board.Board) int {
		t.Helper()
		d, err := multi.Distance(b)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, st := range sites(t, false) {
		t.Run(st.name, func(t *testing.T) {
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3&board=" + cells + "&metric=multi"})
			p.ready()
			if got := p.eval(`document.getElementById("metric").value`); got != "multi" || p.metric() != board.MultiTile {
				t.Fatalf("a multi-tile link plays with the setting %q, distances in %s-tile moves", got, p.metric())
			}
			if got := p.text("moves-label"); !strings.Contains(got, "multi-tile") {
				t.Errorf("the counter is labelled %q", got)
			}
			if got, want := p.distance(), dist(start); got != want {
				t.Fatalf("distance %d, the multi-tile table says %d", got, want)
			}
			// The far tile of the blank's row (cell 2), then of its column
			// (the blank is then in cell 2, so cell 8).
			b1 := p.tap(start, start.At(2), 1)
			if got, want := p.distance(), dist(b1); got != want {
				t.Errorf("after a row tap: distance %d, want %d", got, want)
			}
			b2 := p.tap(b1, b1.At(8), 2)
			if got, want := p.distance(), dist(b2); got != want {
				t.Errorf("after a column tap: distance %d, want %d", got, want)
			}

			// A hint names an optimal tap.
			p.click("#hint")
			p.wait(`document.getElementById("board").dataset.hint !== ""`)
			h := uint8(p.number(`document.getElementById("board").dataset.hint`))
			next, slid, err := b2.Tap(h)
			if err != nil || dist(next) != dist(b2)-1 {
				t.Fatalf("hint %d on %s is not an optimal tap (%v)", h, b2, err)
			}
			if got := p.number(`String(` + shadow + `.querySelectorAll(".tile.hint-with").length)`); got != slid-1 {
				t.Errorf("hint %d slides %d tiles; %d others are outlined", h, slid, got)
			}
			if tip := p.text("tip"); !strings.Contains(tip, fmt.Sprintf("tile %d ", h)) {
				t.Errorf("tip %q does not name tile %d", tip, h)
			}

			// Undo and Redo: a tap is one step.
			p.click("#undo")
			p.waitMoves(1)
			if got := p.board(); got != b1 {
				t.Fatalf("Undo: board %s, want %s", got, b1)
			}
			p.click("#redo")
			p.waitMoves(2)
			if got := p.board(); got != b2 {
				t.Fatalf("Redo: board %s, want %s", got, b2)
			}

			// The share link and a reload keep the metric.
			p.click("#share")
			if link := p.eval(`document.getElementById("share-link").value`); !strings.HasSuffix(link, "?size=3x3&board="+cells+"&metric=multi") {
				t.Errorf("share link %q", link)
			}
			p.load("")
			p.ready()
			if got := p.board(); got != b2 || p.moves() != 2 || p.metric() != board.MultiTile || p.eval(`document.getElementById("metric").value`) != "multi" {
				t.Fatalf("after a reload: board %s, %d moves, %s-tile moves", got, p.moves(), p.metric())
			}

			// Solve plays an optimal solution of multi-tile moves.
			d := dist(b2)
			p.click("#solve")
			p.wait(`document.body.dataset.state === "animating"`)
			if tip := p.text("tip"); !strings.Contains(tip, fmt.Sprintf("an optimal solution of %d moves", d)) {
				t.Errorf("while solving, the tip says %q", tip)
			}
			p.click("#faster")
			p.click("#faster")
			p.waitFor(`document.body.dataset.state === "solved"`, 30*time.Second)
			if got := p.board(); got != board.Goal(size) {
				t.Fatalf("after Solve: board %s", got)
			}
			if got, want := p.moves(), 2+d; got != want {
				t.Errorf("after Solve: %d moves, want 2 + %d", got, d)
			}
			if want := fmt.Sprintf("The solver made %d of the %d moves.", d, 2+d); !strings.Contains(p.text("result"), want) {
				t.Errorf("result %q, want %q", p.text("result"), want)
			}
			p.check()

			// The single-tile metric: the same taps count the tiles slid,
			// and Undo takes a whole tap back.
			q := p.sibling("size=3x3&board=" + cells + "&metric=single")
			q.ready()
			if q.metric() != board.SingleTile || q.eval(`document.getElementById("metric").value`) != "single" {
				t.Fatalf("a single-tile link plays in %s-tile moves", q.metric())
			}
			c1 := q.tap(start, start.At(2), 2)
			q.tap(c1, c1.At(8), 4)
			q.click("#undo")
			q.waitMoves(2)
			if got := q.board(); got != c1 {
				t.Fatalf("Undo: board %s, want %s", got, c1)
			}
			q.check()
		})
	}
}

// TestBrowserMultiSetting picks the multi-tile metric in the setting: a
// new board in it, kept over a reload; a win kept as the best of that
// metric; the 4x4 difficulties go only as far as the server or worker
// offers levels in that metric; and a shuffled 4x4 board 31 multi-tile
// moves away. The server here searches 4x4 without a database, under a
// time limit of 1 s, so the page learns quickly that the search gave up
// and asks the WebAssembly build instead. The static site (under
// SLIDETABLE_LONG=1) offers difficulties as far as the level pack deals
// them at once (39 moves; God's number is 43). Both fetch the 4x4
// abstraction database and show the board's exact distance and an
// optimal move.
func TestBrowserMultiSetting(t *testing.T) {
	s := newServer(t, &server.Options{Timeout: time.Second})
	ts := httptest.NewServer(checked(t, s))
	t.Cleanup(ts.Close)
	all := []*site{{name: "serve", url: ts.URL}}
	if testenv.IsLong() {
		all = append(all, staticSite(t))
	}
	for _, st := range all {
		t.Run(st.name, func(t *testing.T) {
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3"})
			p.ready()
			if p.metric() != board.SingleTile {
				t.Fatalf("a first visit plays in %s-tile moves", p.metric())
			}
			old := p.eval(`document.getElementById("board").dataset.board`)
			p.chooseMetric(board.MultiTile)
			p.wait(fmt.Sprintf(`document.getElementById("distance").dataset.metric === "multi" && document.getElementById("board").dataset.board !== %q`, old))
			p.ready()
			if got := p.size(); got != (board.Size{W: 3, H: 3}) {
				t.Errorf("the new metric deals a %s board, not 3x3", got)
			}
			topPreset := `String(Math.max(...[...document.querySelectorAll("#presets button")].map((b) => Number(b.dataset.max))))`
			if got, want := p.number(topPreset), 24; got != want {
				t.Errorf("3x3 multi-tile difficulties end at %d, want God's number %d", got, want)
			}
			p.load("")
			p.ready()
			if p.metric() != board.MultiTile || p.eval(`document.getElementById("metric").value`) != "multi" {
				t.Fatalf("after a reload: %s-tile moves, setting %q", p.metric(), p.eval(`document.getElementById("metric").value`))
			}

			// A win with the fewest multi-tile moves is kept as the best of
			// that metric, apart from the single-tile ones.
			path, err := builtinTable(t, board.Size{W: 3, H: 3}, board.MultiTile).Path(p.board())
			if err != nil {
				t.Fatal(err)
			}
			p.play(path)
			p.wait(`document.body.dataset.state === "solved"`)
			if news := p.text("best-news"); !strings.Contains(news, "3x3 Medium") || !strings.Contains(news, "(multi-tile)") {
				t.Errorf("best news %q", news)
			}
			if row := p.text("bests"); !strings.Contains(row, fmt.Sprintf(" 1 %d 0:", len(path))) {
				t.Errorf("records %q after a win in %d moves", row, len(path))
			}
			if keys := p.eval(`Object.keys(JSON.parse(localStorage.getItem("slidetable.best.v1"))).join("|")`); keys != "multi 3x3 Medium" {
				t.Errorf("records kept: %q", keys)
			}

			// 4x4: levels up to the largest the engine offers (22).
			p.do(chromedp.SetValue(chromedp.CSS("#size"), "4x4"), chromedp.Evaluate[chromedp.Void](`document.getElementById("size").dispatchEvent(new Event("change"))`))
			p.wait(`document.getElementById("board").dataset.size === "4x4"`)
			p.waitFor(`document.body.dataset.state === "playing" && document.getElementById("distance").dataset.distance !== ""`, 40*time.Second)
			want := game.DefaultMultiMaxLevel
			if st.name == "static" {
				want = packReach(t, board.Size{W: 4, H: 4}, board.MultiTile)
			}
			if got := p.number(topPreset); got != want {
				t.Errorf("4x4 multi-tile difficulties end at %d, want %d", got, want)
			}
			if p.metric() != board.MultiTile {
				t.Errorf("4x4 plays in %s-tile moves", p.metric())
			}
			p.check()

			const far = "7,5,2,6,8,14,0,11,1,15,13,4,10,3,9,12"
			q := p.sibling("size=4x4&board=" + far + "&metric=multi")
			// Exact, with an optimal move, from the abstraction database
			// the page fetched: at once on the static site, and under
			// serve once the server has given up (422).
			q.waitFor(`document.getElementById("distance").dataset.distance !== ""`, 60*time.Second)
			if got := q.text("distance"); got != "31 moves from solved" || q.eval(`String(document.getElementById("distance-note").hidden)`) != "true" {
				t.Errorf("a shuffled board reads %q, note %q", got, q.text("distance-note"))
			}
			if fell := q.truth(`performance.getEntriesByName("engine fallback").length === 1`); fell != (st.name == "serve") {
				t.Errorf("the page fell back to the WebAssembly build: %v, want %v", fell, st.name == "serve")
			}
			q.click("#hint")
			q.waitFor(`document.getElementById("board").dataset.hint !== ""`, 60*time.Second)
			b := q.board()
			tile, _ := strconv.Atoi(q.eval(`document.getElementById("board").dataset.hint`))
			next, _, err := b.Tap(uint8(tile))
			if d := exactIn(t, next, board.MultiTile); err != nil || d != 30 {
				t.Errorf("hint %d from %s: a board %d multi-tile moves away (%v), want 30", tile, b, d, err)
			}
			q.check()
		})
	}
}

// TestBrowserDealCalledOff deals the hardest multi-tile 4x4 difficulty
// from a server that takes long to find a board (every difficulty the page
// offers is dealt at once otherwise, from a table or a level pack): the
// page says it is drawing one and offers to cancel after half a second;
// Cancel leaves the board before in play, and the page says so.
func TestBrowserDealCalledOff(t *testing.T) {
	st := serveSite(t)
	st.stallLevels.Store(true)
	const near = "1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15"
	p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=4x4&board=" + near + "&metric=multi"})
	p.ready()
	before := p.board()
	top := `[...document.querySelectorAll("#presets button")].reduce((a, b) => Number(b.dataset.max) > Number(a.dataset.max) ? b : a)`
	p.do(chromedp.Click(chromedp.JSPath(top)))
	p.wait(`!document.getElementById("cancel").hidden && document.getElementById("tip").textContent === "Drawing a board at that distance…"`)
	if !p.truth(`document.getElementById("again").disabled`) {
		t.Error("New board is offered while a board is being drawn")
	}
	p.click("#cancel")
	p.wait(`document.getElementById("cancel").hidden && document.getElementById("tip").textContent === "Cancelled: the board before is still in play."`)
	if got := p.board(); got != before {
		t.Errorf("the board is %s, want the board before, %s", got, before)
	}
	if p.truth(`document.getElementById("again").disabled || document.querySelector("#presets button").disabled || document.getElementById("board").state !== "playing"`) {
		t.Error("the page is not playable after the deal was cancelled")
	}
	p.ready()
	p.check()
}

// builtinPack returns the levels of the built-in level pack of size in
// metric, with their distances (every solution replayed: levels.ReadPack);
// not the boards it holds near them, which are never dealt.
func builtinPack(t *testing.T, size board.Size, m board.Metric) map[board.Board]int {
	t.Helper()
	raw, err := data.PackFile(size, m)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := levels.ReadPack(bytes.NewReader(raw), size, m)
	if err != nil {
		t.Fatal(err)
	}
	out := map[board.Board]int{}
	for _, e := range entries {
		if e.Near {
			continue
		}
		lv, err := e.Level(size)
		if err != nil {
			t.Fatal(err)
		}
		out[lv.Board] = lv.Distance
	}
	return out
}

// packReach returns the farthest distance up to which the built-in level
// pack of size in metric holds boards at every distance from 1.
func packReach(t *testing.T, size board.Size, m board.Metric) int {
	t.Helper()
	at := map[int]bool{}
	for _, d := range builtinPack(t, size, m) {
		at[d] = true
	}
	d := 0
	for at[d+1] {
		d++
	}
	return d
}

// TestBrowserMultiLevels4x4 deals each multi-tile 4x4 difficulty of the
// static site, whose WebAssembly search has the built-in abstraction tier:
// every one is offered only as far as a level is dealt at once, so each
// board comes from the built-in level pack, at the pack's distance, and in
// the difficulty's range. Static site only, so with SLIDETABLE_LONG=1.
func TestBrowserMultiLevels4x4(t *testing.T) {
	testenv.Long(t)
	packed := builtinPack(t, board.Size{W: 4, H: 4}, board.MultiTile)
	p := openTab(t, staticSite(t), tabOptions{width: 1280, height: 900, query: "size=4x4&metric=multi", life: 2 * time.Minute})
	p.ready()
	keys := strings.Fields(p.eval(`[...document.querySelectorAll("#presets button")].map((b) => b.dataset.key).join(" ")`))
	if len(keys) < 3 {
		t.Fatalf("presets %q", keys)
	}
	for _, key := range keys {
		sel := fmt.Sprintf(`#presets button[data-key=%q]`, key)
		lo, hi := p.number(fmt.Sprintf(`document.querySelector(%q).dataset.min`, sel)), p.number(fmt.Sprintf(`document.querySelector(%q).dataset.max`, sel))
		old := p.eval(`document.getElementById("board").dataset.board`)
		p.click(sel)
		p.wait(fmt.Sprintf(`document.getElementById("board").dataset.board !== %q`, old))
		p.waitFor(`document.body.dataset.state === "playing" && document.getElementById("distance").dataset.distance !== ""`, 40*time.Second)
		b := p.board()
		d, ok := packed[b]
		if !ok || d < lo || d > hi || p.distance() != d {
			t.Errorf("%s %d..%d: board %s shown at %d; in the pack: %v, at %d", key, lo, hi, b, p.distance(), ok, d)
		}
	}
	p.checkKnowing(board.MultiTile, packed)
}
