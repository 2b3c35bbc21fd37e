package server_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/server"
	"github.com/slidetable/slidetable/source"
)

// What players expect of the game, each checked in the browser.

// play clicks the tiles of moves in turn, waiting for each to be counted
// and to stop sliding (a click on a tile still sliding can land on
// another).
func (p *tab) play(moves []uint8) {
	p.t.Helper()
	n := p.moves()
	for _, m := range moves {
		p.clickTile(m)
		n++
		p.wait(fmt.Sprintf(`document.getElementById("moves").dataset.moves === "%d" && !document.getAnimations().some((a) => a instanceof CSSTransition) && %s`, n, noneSliding))
	}
}

// shortest returns a shortest solution of b.
func shortest(t *testing.T, b board.Board) []uint8 {
	t.Helper()
	path, err := testSolver.Path(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBrowserWinAndRecords wins a 3x3 game with the fewest moves: the win
// card says so and takes the focus, the timer stops, and the result is kept
// as the best of its size and difficulty, in the browser, over a reload.
// Then it wins one with a hint: the card says so, and no record is kept.
func TestBrowserWinAndRecords(t *testing.T) {
	for _, st := range sites(t, true) {
		t.Run(st.name, func(t *testing.T) {
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3"})
			p.ready()
			p.click(`#presets button[data-key="Easy"]`)
			p.wait(`document.getElementById("moves").dataset.moves === "0" && document.querySelector('#presets button[data-key="Easy"]').getAttribute("aria-pressed") === "true"`)
			p.ready()
			b := p.board()
			path := shortest(t, b)
			if len(path) < 6 || len(path) > 12 {
				t.Fatalf("Easy board %s at %d, outside 6..12", b, len(path))
			}
			p.play(path[:len(path)-1])
			// The clock runs from the first move: it shows a quarter of a
			// second once that much has passed (it is redrawn every 250 ms,
			// later on a loaded machine).
			p.wait(`Number(document.getElementById("timer").dataset.ms) >= 250`)
			p.play(path[len(path)-1:])
			p.wait(`document.body.dataset.state === "solved"`)
			if !p.visible("#win") || p.text("win-title") != "Perfect!" {
				t.Errorf("win card shown %v, title %q", p.visible("#win"), p.text("win-title"))
			}
			if got := p.eval(`document.activeElement.id`); got != "play-again" {
				t.Errorf("focus on %q after the win, want play-again", got)
			}
			if !p.truth(`document.getElementById("board").matches(":state(solved)") && (` + shadow + `.querySelector(".board").classList.contains("celebrate") || matchMedia("(prefers-reduced-motion: reduce)").matches)`) {
				t.Error("the board does not celebrate")
			}
			result := p.text("result")
			if want := fmt.Sprintf("Solved in %d moves", len(path)); !strings.Contains(result, want) || !strings.Contains(result, "A perfect game!") {
				t.Errorf("result %q", result)
			}
			if news := p.text("best-news"); !strings.Contains(news, "first 3x3 Easy") {
				t.Errorf("best news %q", news)
			}
			ms := p.number(`document.getElementById("timer").dataset.ms`)
			time.Sleep(300 * time.Millisecond)
			if again := p.number(`document.getElementById("timer").dataset.ms`); again != ms {
				t.Errorf("the timer ran on after the win: %d, then %d ms", ms, again)
			}
			row := p.text("bests")
			if !strings.Contains(row, "Easy") || !strings.Contains(row, fmt.Sprintf("Easy 6–12 1 %d 0:0", len(path))) {
				t.Errorf("records %q", row)
			}
			// Kept over a reload.
			p.load("size=3x3")
			p.wait(`document.getElementById("bests").textContent.includes("Easy")`)
			if again := p.text("bests"); again != row {
				t.Errorf("records after a reload %q, before %q", again, row)
			}
			p.check()

			// A game won with a hint, even in the fewest moves, says so
			// and sets no record; the hint is counted over a reload.
			kept := p.eval(`localStorage.getItem("slidetable.best.v1")`)
			p.click(`#presets button[data-key="Easy"]`)
			p.wait(`document.getElementById("moves").dataset.moves === "0" && document.body.dataset.state === "playing"`)
			p.ready()
			p.click("#hint")
			p.wait(`document.getElementById("board").dataset.hint !== ""`)
			p.click("#hint") // the same board's hint again counts once
			p.load("size=3x3")
			p.ready()
			b = p.board()
			path = shortest(t, b)
			p.play(path)
			p.wait(`document.body.dataset.state === "solved"`)
			if title := p.text("win-title"); title != "Solved with 1 hint" {
				t.Errorf("a win with a hint has the title %q, want Solved with 1 hint", title)
			}
			if result := p.text("result"); !strings.Contains(result, "With 1 hint") || strings.Contains(result, "perfect") {
				t.Errorf("a win with a hint reads %q", result)
			}
			if news := p.text("best-news"); news != "" {
				t.Errorf("a win with a hint has news %q", news)
			}
			if now := p.eval(`localStorage.getItem("slidetable.best.v1")`); now != kept {
				t.Errorf("a win with a hint changed the records from %s to %s", kept, now)
			}
			if again := p.text("bests"); again != row {
				t.Errorf("records after a win with a hint %q, before %q", again, row)
			}
			p.check()
		})
	}
}

// TestBrowserReload reloads in mid-game: the board, the moves, undo and the
// clock are as they were.
func TestBrowserReload(t *testing.T) {
	for _, st := range sites(t, true) {
		t.Run(st.name, func(t *testing.T) {
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3"})
			p.ready()
			start := p.board()
			b := start
			var last uint8
			for range 3 {
				m := b.Moves()[0]
				if m == last {
					m = b.Moves()[1]
				}
				p.play([]uint8{m})
				b, _ = b.Move(m)
				last = m
			}
			p.ready()
			time.Sleep(300 * time.Millisecond)
			ms := p.number(`document.getElementById("timer").dataset.ms`)
			p.load("")
			p.ready()
			if got := p.board(); got != b || p.moves() != 3 {
				t.Fatalf("after a reload: board %s, %d moves; want %s, 3", got, p.moves(), b)
			}
			if got := p.number(`document.getElementById("timer").dataset.ms`); got < ms-300 {
				t.Errorf("timer %d ms after a reload, %d before", got, ms)
			}
			for n := 2; n >= 0; n-- {
				p.click("#undo")
				p.waitMoves(n)
			}
			if got := p.board(); got != start {
				t.Errorf("undone to %s, the start was %s", got, start)
			}
			p.check()
		})
	}
}

// TestBrowserShare opens a shared board, shares it again, and refuses a bad
// or unsolvable one with a message.
func TestBrowserShare(t *testing.T) {
	for _, st := range sites(t, true) {
		t.Run(st.name, func(t *testing.T) {
			const cells = "5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15" // 8 moves
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=4x4&board=" + cells})
			p.ready()
			if got := p.eval(`document.getElementById("board").dataset.board`); got != cells {
				t.Fatalf("shared board %s, want %s", got, cells)
			}
			if p.distance() != 8 {
				t.Errorf("distance %d, want 8", p.distance())
			}
			p.play([]uint8{9})
			p.ready()
			p.click("#share")
			link := p.eval(`document.getElementById("share-link").value`)
			if !strings.HasSuffix(link, "/?size=4x4&board="+cells+"&metric=single") || !p.visible("#share-link") {
				t.Errorf("share link %q (shown %v)", link, p.visible("#share-link"))
			}
			q := p.sibling(link[strings.Index(link, "?")+1:])
			q.ready()
			if got := q.eval(`document.getElementById("board").dataset.board`); got != cells || q.moves() != 0 {
				t.Errorf("the link opens %s after %d moves", got, q.moves())
			}
			q.check()

			for _, bad := range []struct{ query, says string }{
				{"size=3x3&board=1,2,3,4,5,6,7,7,0", "needs each number from 0 to 8 once"},
				{"size=3x3&board=1,2,3,4,5,6,8,7,0", "cannot be solved"},
			} {
				r := p.sibling(bad.query)
				r.wait(fmt.Sprintf(`document.getElementById("message-text").textContent.includes(%q)`, bad.says))
				r.ready()
				if r.size() != (board.Size{W: 3, H: 3}) {
					t.Errorf("%s: then plays %s", bad.query, r.size())
				}
				r.check()
			}
			p.check()
		})
	}
}

// swipe drags a finger across the board from its centre by (dx, dy).
func (p *tab) swipe(dx, dy float64) {
	p.t.Helper()
	b := p.rect("#board")
	x, y := b.X+b.W/2, b.Y+b.H/2
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		steps := []input.DispatchTouchEventParams{
			{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}},
			{Type: input.DispatchTouchEventTypeTouchMove, TouchPoints: []*input.TouchPoint{{X: x + dx/2, Y: y + dy/2}}},
			{Type: input.DispatchTouchEventTypeTouchMove, TouchPoints: []*input.TouchPoint{{X: x + dx, Y: y + dy}}},
			{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}},
		}
		for _, s := range steps {
			if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, s); err != nil {
				return err
			}
			time.Sleep(20 * time.Millisecond) // a finger takes its time
		}
		return nil
	}))
}

// TestBrowserSwipe plays by swipes on a phone: a swipe to the left slides
// the tile right of the gap to the left, and so on. A phone is told about
// taps and swipes, not keys.
func TestBrowserSwipe(t *testing.T) {
	for _, st := range sites(t, true) {
		t.Run(st.name, func(t *testing.T) { checkSwipe(t, st) })
	}
}

func checkSwipe(t *testing.T, st *site) {
	p := openTab(t, st, tabOptions{width: 390, height: 844, phone: true, query: "size=3x3"})
	p.ready()
	if !p.visible("#help-touch") || p.visible("#help-keys") || p.eval(`document.getElementById("board").getAttribute("aria-describedby")`) != "help-touch" {
		t.Errorf("phone instructions: touch shown %v, keys shown %v", p.visible("#help-touch"), p.visible("#help-keys"))
	}
	if txt := p.text("help-touch"); strings.Contains(txt, "key") || !strings.Contains(txt, "swipe") {
		t.Errorf("phone instructions %q", txt)
	}
	b := p.board()
	n := 0
	for _, s := range []struct {
		dx, dy float64
		key    string
	}{{-90, 0, "ArrowLeft"}, {0, -90, "ArrowUp"}, {90, 0, "ArrowRight"}, {0, 90, "ArrowDown"}, {-90, 8, "ArrowLeft"}} {
		want, ok := arrow(b, s.key)
		if !ok || want == board.Goal(b.Size()) {
			continue
		}
		p.swipe(s.dx, s.dy)
		n++
		p.waitMoves(n)
		if got := p.board(); got != want {
			t.Fatalf("swipe %+v on %s: %s, want %s", s, b, got, want)
		}
		b = want
	}
	if n < 3 {
		t.Fatalf("only %d swipes moved a tile", n)
	}
	// A tap still moves the tile tapped.
	m := b.Moves()[0]
	p.do(chromedp.Tap(chromedp.JSPath(tileJS(m))))
	p.waitMoves(n + 1)
	if want, _ := b.Move(m); p.board() != want {
		t.Errorf("tap %d: %s, want %s", m, p.board(), want)
	}
	p.check()
}

// TestBrowserStopAndSpeed slows a solution down, stops it, plays on, and
// lets the solver finish: the result says the solver made every move.
func TestBrowserStopAndSpeed(t *testing.T) {
	for _, st := range sites(t, true) {
		t.Run(st.name, func(t *testing.T) {
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3"})
			p.ready()
			b := p.board()
			d := exact(t, b)
			// Slower at the solver's first move, Stop at its second: at
			// the moves themselves, which a test that waited to see them
			// could find long played on a busy machine.
			p.atSolverMove(1, `document.getElementById("slower").click();
return document.getElementById("speed").dataset.speed;`)
			p.atSolverMove(2, `const shown = !document.getElementById("player").hidden;
document.getElementById("stop").click();
return shown;`)
			p.click("#solve")
			if got := p.atMove(1); got != `"0.5"` {
				t.Errorf("speed %s after Slower, want 0.5", got)
			}
			if shown := p.atMove(2); shown != "true" {
				t.Error("the player's controls were hidden while the solution played")
			}
			p.wait(`document.body.dataset.state === "playing"`)
			if p.visible("#player") {
				t.Error("the player's controls stay after Stop")
			}
			n := p.moves()
			if n != 2 {
				t.Fatalf("stopped at the solver's second move, after %d moves of %d", n, d)
			}
			p.ready()
			if got, want := p.distance(), d-n; got != want {
				t.Errorf("distance %d after %d of the solver's moves from %d", got, n, d)
			}
			if tip := p.text("tip"); !strings.HasPrefix(tip, "Stopped. Your turn: the solver's moves stay on the board") {
				t.Errorf("after Stop, the tip says %q", tip)
			}
			// Undo and Redo move the board: the note about the stop goes.
			p.click("#undo")
			p.waitMoves(n - 1)
			if tip := p.text("tip"); strings.Contains(tip, "Stopped") {
				t.Errorf("after Undo, the tip still says %q", tip)
			}
			p.click("#redo")
			p.waitMoves(n)
			// The rest, as fast as it goes: Faster three times, at the
			// solver's first move.
			p.atSolverMove(1, `const f = document.getElementById("faster");
f.click(); f.click(); f.click();
return f.disabled;`)
			p.click("#solve")
			if p.atMove(1) != "true" {
				t.Error("Faster stays enabled at the fastest speed")
			}
			p.waitFor(`document.body.dataset.state === "solved"`, 30*time.Second)
			if want := fmt.Sprintf("The solver made all %d moves.", d); !strings.Contains(p.text("result"), want) {
				t.Errorf("result %q, want %q", p.text("result"), want)
			}
			if p.text("win-title") != "Solved" || p.text("best-news") != "" {
				t.Errorf("a solver's win reads %q, %q", p.text("win-title"), p.text("best-news"))
			}
			p.check()
		})
	}
}

// checkLegend checks the explanation of the lighter tiles: it is shown,
// the tiles in place are lighter, and they say so to a screen reader.
func checkLegend(p *tab) {
	p.t.Helper()
	if txt := p.eval(`document.querySelector(".legend").textContent`); !p.visible(".legend") || !strings.Contains(txt, "Lighter tiles are in their place") {
		p.t.Errorf("legend %q shown %v", txt, p.visible(".legend"))
	}
	b := p.board()
	goal := board.Goal(b.Size())
	lum := `(e) => { const [r, g, b] = getComputedStyle(e).backgroundColor.match(/\d+/g).map(Number); return 0.2126 * r + 0.7152 * g + 0.0722 * b; }`
	for i := range b.Len() {
		tile := b.At(i)
		if tile == 0 {
			continue
		}
		home := goal.At(i) == tile
		label := p.eval(tileJS(tile) + `.getAttribute("aria-label")`)
		if strings.Contains(label, "in place") != home || !strings.HasPrefix(label, fmt.Sprint(tile)) {
			p.t.Errorf("tile %d (home %v) labelled %q", tile, home, label)
		}
		lighter := p.truth(fmt.Sprintf(`(%s)(%s.querySelector(".face")) > 150`, lum, tileJS(tile)))
		if lighter != home {
			p.t.Errorf("tile %d: home %v, lighter %v", tile, home, lighter)
		}
	}
}

// TestBrowserLevels4x4 checks the 4x4 difficulties: presets up to the
// server's largest level, each drawn at an exact distance, and the hardest
// known boards, 80 moves away, from the published list.
func TestBrowserLevels4x4(t *testing.T) {
	for _, st := range sites(t, true) {
		t.Run(st.name, func(t *testing.T) {
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=4x4"})
			p.ready()
			// Offered from the first load: the size's entry names its
			// largest distance, published.
			if !p.truth(`document.querySelector('#presets button[data-key="hardest"]') !== null`) {
				t.Error("no Hardest known preset once the first 4x4 board is playable")
			}
			maxLevel := p.number(`String(Math.max(...[...document.querySelectorAll("#presets button")].filter((b) => b.dataset.key !== "hardest").map((b) => Number(b.dataset.max))))`)
			top := p.eval(`[...document.querySelectorAll("#presets button")].filter((b) => b.dataset.key !== "hardest").pop().dataset.key`)
			t.Logf("the highest 4x4 preset %s ends at %d", top, maxLevel)
			if maxLevel < 40 {
				t.Errorf("4x4 presets end at %d", maxLevel)
			}
			for _, key := range []string{top, "Easy"} {
				sel := fmt.Sprintf(`#presets button[data-key=%q]`, key)
				lo, hi := p.number(fmt.Sprintf(`document.querySelector(%q).dataset.min`, sel)), p.number(fmt.Sprintf(`document.querySelector(%q).dataset.max`, sel))
				old := p.eval(`document.getElementById("board").dataset.board`)
				start := time.Now()
				p.click(sel)
				p.wait(fmt.Sprintf(`document.getElementById("board").dataset.board !== %q`, old))
				p.waitFor(`document.body.dataset.state === "playing" && document.getElementById("distance").dataset.distance !== ""`, 40*time.Second)
				b := p.board()
				if d := exact(t, b); d < lo || d > hi || p.distance() != d {
					t.Errorf("%s %d..%d: board %s at %d, shown %d", key, lo, hi, b, d, p.distance())
				}
				t.Logf("%s: a 4x4 board at %d in %v", key, p.distance(), time.Since(start))
			}
			// Hardest known: a published board, and every move is optimal.
			p.click(`#presets button[data-key="hardest"]`)
			p.ready()
			b := p.board()
			h, _ := published.HardestOf(b.Size())
			found := false
			for _, hb := range h.Boards {
				found = found || hb == b
			}
			if !found || p.distance() != 80 {
				t.Fatalf("hardest known: %s at %d, not a published 80-move board", b, p.distance())
			}
			p.click("#hint")
			p.wait(`document.getElementById("board").dataset.hint !== ""`)
			m := uint8(p.number(`document.getElementById("board").dataset.hint`))
			p.play([]uint8{m})
			p.wait(`document.getElementById("distance").dataset.distance === "79"`)
			p.check()
		})
	}
}

// TestBrowserCancel checks that a long search in the WebAssembly worker
// neither freezes the page nor outlives its board. From an 80-move board
// the page knows two moves' worth of distances without a search (the
// published list holds every 80-move board), once the first move leaves
// the solution the level pack deals with it; a third move starts searches
// of minutes, which the page ends when the board changes, and a new board
// comes at once.
func TestBrowserCancel(t *testing.T) {
	p := openTab(t, staticSite(t), tabOptions{width: 1280, height: 900, query: "size=4x4"})
	p.ready()
	p.wait(`document.querySelector('#presets button[data-key="hardest"]') !== null`)
	p.click(`#presets button[data-key="hardest"]`)
	p.ready()
	b := p.board()
	pack, err := source.BuiltinPack(b.Size(), board.SingleTile)
	if err != nil {
		t.Fatal(err)
	}
	at := slices.IndexFunc(pack.Levels, func(lv levels.Level) bool { return lv.Board == b })
	if at < 0 {
		t.Fatalf("Hardest known dealt %s, which the level pack does not hold", b)
	}
	off := uint8(pack.Entries[at].Solution[0]) // the first move, which must leave the solution
	var last uint8
	for i := range 3 {
		m := b.Moves()[0]
		if m == last || i == 0 && m == off {
			m = b.Moves()[1]
		}
		start := time.Now()
		p.play([]uint8{m})
		if d := time.Since(start); d > time.Second {
			t.Errorf("move %d took %v while the worker searched", i+1, d)
		}
		b, _ = b.Move(m)
		last = m
		if i < 2 {
			p.ready() // known without a search
			if got, want := p.distance(), 79-i; got != want && got != 80 {
				t.Errorf("after %d moves from an 80-move board: %d", i+1, got)
			}
		}
	}
	for n := 2; n >= 0; n-- {
		p.click("#undo")
		p.wait(fmt.Sprintf(`document.getElementById("moves").dataset.moves === "%d"`, n))
	}
	p.wait(`document.getElementById("distance").dataset.distance === "80"`)
	if n := p.number(`String(performance.getEntriesByName("engine restart").length)`); n < 1 {
		t.Errorf("the worker was never restarted to call a search off")
	}
	start := time.Now()
	p.click(`#presets button[data-key="Easy"]`)
	p.wait(`document.getElementById("distance").dataset.distance !== "" && document.body.dataset.state === "playing" && document.getElementById("moves").dataset.moves === "0" && Number(document.getElementById("distance").dataset.distance) <= 20`)
	t.Logf("a new board %v after calling off the searches", time.Since(start).Round(time.Millisecond))
	p.check()
}

// TestBrowserServerTimeLimit serves 4x4 with a time limit too short for
// any search (a microsecond: the built-in pattern database answers Korf's
// first board in about 10 ms, so a limit of milliseconds would sometimes
// let it through): the page asks the WebAssembly build instead, and shows
// the exact distance and hint all the same.
func TestBrowserServerTimeLimit(t *testing.T) {
	testenv.Long(t)
	s := newServer(t, &server.Options{Timeout: time.Microsecond})
	ts := httptest.NewServer(checked(t, s))
	t.Cleanup(ts.Close)
	st := &site{name: "serve", url: ts.URL}
	in := published.Korf100().Instances[0]
	p := openTab(t, st, tabOptions{width: 1280, height: 900, query: boardQuery(in.Board)})
	p.waitFor(`document.getElementById("distance").dataset.distance !== ""`, 60*time.Second)
	if got := p.distance(); got != in.Distance {
		t.Errorf("Korf's first board: shown %d, published %d", got, in.Distance)
	}
	if p.eval(`document.body.dataset.engine`) != "api" || !p.truth(`performance.getEntriesByName("engine fallback").length === 1`) {
		t.Errorf("the page did not fall back to the WebAssembly build for the long search: %s", p.eval(`JSON.stringify(performance.getEntriesByType("mark").map((m) => m.name))`))
	}
	p.click("#hint")
	p.wait(`document.getElementById("board").dataset.hint !== ""`)
	b := p.board()
	next, err := b.Move(uint8(p.number(`document.getElementById("board").dataset.hint`)))
	if err != nil || exact(t, next) != in.Distance-1 {
		t.Errorf("hint on %s is not optimal (%v)", b, err)
	}
	p.check()
}
