package server_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/board"
)

// TestBrowserPlay plays 3x3 on a desktop window, served both ways: keys,
// clicks, Enter on a tile, Hint, Undo and Redo, then Solve played to the
// end, faster; every distance shown is checked against the table.
func TestBrowserPlay(t *testing.T) {
	for _, st := range sites(t, false) {
		t.Run(st.name, func(t *testing.T) {
			start := time.Now()
			p := openTab(t, st, tabOptions{width: 1280, height: 900, motion: st.name == "serve", query: "size=3x3"})
			p.ready()
			t.Logf("%s: page load to a playable board: %v", st.name, time.Since(start))
			// Under serve the page asks the API; the static site has none.
			if got, want := p.eval(`document.body.dataset.engine`), map[string]string{"serve": "api", "static": "wasm"}[st.name]; got != want {
				t.Errorf("the page answers with %q, want %q", got, want)
			}
			size := board.Size{W: 3, H: 3}
			if p.size() != size {
				t.Fatalf("size %s, want 3x3", p.size())
			}
			b := p.board()
			if d := exact(t, b); d < 13 || d > 19 {
				t.Errorf("first board %s at %d, outside Medium 13..19", b, d)
			}
			if p.moves() != 0 {
				t.Fatalf("moves %d at the start", p.moves())
			}

			// Arrow keys: the board follows, the count grows.
			moves := 0
			for _, key := range []string{"ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowUp"} {
				want, ok := arrow(b, key)
				if !ok || want == board.Goal(size) {
					continue
				}
				p.key(arrowKeys[key])
				moves++
				p.waitMoves(moves)
				if got := p.board(); got != want {
					t.Fatalf("%s on %s: board %s, want %s", key, b, got, want)
				}
				b = want
			}
			if moves < 3 {
				t.Fatalf("only %d arrow moves made", moves)
			}
			// A click on a movable tile, then Enter on a focused one.
			for i := range 2 {
				ms := b.Moves()
				m := ms[i%len(ms)]
				next, _ := b.Move(m)
				if next == board.Goal(size) {
					break
				}
				if i == 1 {
					p.do(chromedp.Focus(chromedp.JSPath(tileJS(m))), chromedp.KeyEvent("\r"))
				} else {
					p.clickTile(m)
				}
				moves++
				p.waitMoves(moves)
				b = next
				if got := p.board(); got != b {
					t.Fatalf("tile %d: board %s, want %s", m, got, b)
				}
			}
			p.check()

			// Hint: the highlighted tile's move is optimal.
			p.click(`#hint`)
			p.wait(`document.getElementById("board").dataset.hint !== ""`)
			h := p.number(`document.getElementById("board").dataset.hint`)
			next, err := b.Move(uint8(h))
			if err != nil || exact(t, next) != exact(t, b)-1 {
				t.Fatalf("hint %d on %s is not optimal (%v)", h, b, err)
			}
			if tip := p.text("tip"); !strings.Contains(tip, fmt.Sprintf("slide tile %d ", h)) {
				t.Errorf("tip %q does not name tile %d", tip, h)
			}
			if bg := p.eval(`getComputedStyle(` + tileJS(uint8(h)) + `.querySelector(".face")).backgroundColor`); bg != "rgb(242, 183, 5)" {
				t.Errorf("hinted tile %d is coloured %s, not the hint's yellow", h, bg)
			}

			// Undo takes the last move back, Redo plays it again.
			p.click(`#undo`)
			p.waitMoves(moves - 1)
			before := p.board()
			if before == b {
				t.Fatal("Undo left the board as it was")
			}
			if p.eval(`document.getElementById("board").dataset.hint`) != "" {
				t.Error("the hint stayed after Undo")
			}
			p.click(`#redo`)
			p.waitMoves(moves)
			if got := p.board(); got != b {
				t.Fatalf("Redo: board %s, want %s", got, b)
			}

			// Solve, played faster: it says what it plays, and the result
			// says the solver made those moves and no others.
			// What the page says, and Faster twice, at the solver's first
			// move (atSolverMove: a busy machine's test could find the
			// solution played to its end once it looked).
			d := exact(t, b)
			p.atSolverMove(1, `const tip = document.getElementById("tip").textContent;
const faster = document.getElementById("faster");
faster.click(); faster.click();
return [document.body.dataset.state, tip, document.getElementById("speed").dataset.speed];`)
			p.click(`#solve`)
			var at []string
			if err := json.Unmarshal([]byte(p.atMove(1)), &at); err != nil || len(at) != 3 {
				t.Fatalf("at the solver's first move: %v", err)
			}
			if at[0] != "animating" {
				t.Errorf("while solving, the page's state is %q", at[0])
			}
			if !strings.Contains(at[1], fmt.Sprintf("Playing an optimal solution of %d moves", d)) {
				t.Errorf("while solving, the tip says %q", at[1])
			}
			if at[2] != "4" {
				t.Errorf("speed %s after Faster twice, want 4", at[2])
			}
			p.waitFor(`document.body.dataset.state === "solved"`, 30*time.Second)
			if got := p.board(); got != board.Goal(size) {
				t.Fatalf("after Solve: board %s", got)
			}
			if got, want := p.moves(), moves+d; got != want {
				t.Fatalf("after Solve: %d moves, want %d + %d", got, moves, d)
			}
			result := p.text("result")
			if want := fmt.Sprintf("The solver made %d of the %d moves.", d, moves+d); !strings.Contains(result, want) {
				t.Errorf("result %q, want %q", result, want)
			}
			if !p.truth(`!document.getElementById("win").hidden`) {
				t.Error("no win card after the solve")
			}
			for _, id := range []string{"hint", "solve"} {
				if !p.truth(fmt.Sprintf(`document.getElementById(%q).disabled`, id)) {
					t.Errorf("%s is enabled on the solved board", id)
				}
			}
			p.check()
		})
	}
}
