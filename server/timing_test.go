package server_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/published"
)

// TestBrowserTimings measures the page, served both ways, against its
// targets: playable within 1.5 s of the navigation, the distance shown
// within 5 ms of a 3x3 move, and a 4x4 hint for a board up to 50 moves
// away within 1 s (Korf's boards of 50 moves or fewer). It logs the
// figures for docs/performance.md and fails on none of them: timings on a
// shared machine are not a test.
//
//	SLIDETABLE_LONG=1 go test ./server -run TestBrowserTimings -v
func TestBrowserTimings(t *testing.T) {
	testenv.Long(t)
	for _, st := range sites(t, false) {
		t.Run(st.name, func(t *testing.T) {
			// Playable after a navigation, three times, each in a fresh
			// browser context (nothing cached).
			var loads []string
			for range 3 {
				p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3"})
				p.ready()
				loads = append(loads, p.eval(`performance.getEntriesByName("playable")[0].startTime.toFixed(0)`)+" ms")
			}
			t.Logf("%s: playable after the navigation: %s", st.name, strings.Join(loads, ", "))

			// A 3x3 move: the time from the key to the distance shown, in
			// the page, and the engine's answer for the new board.
			// The tab then asks for a hint of some 25 4x4 boards, each in a
			// second or two, longer on a busy machine.
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3", life: 10 * time.Minute})
			p.ready()
			var shown []float64
			for range 20 {
				p.ready()
				ms, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`(() => {
  const before = document.getElementById("moves").dataset.moves;
  const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
  const t0 = performance.now();
  for (const key of keys) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    if (document.getElementById("moves").dataset.moves !== before) break;
  }
  const shown = document.getElementById("distance").dataset.distance !== "";
  return shown ? performance.now() - t0 : -1;
})()`))
				if err != nil {
					t.Fatal(err)
				}
				shown = append(shown, ms)
			}
			p.ready()
			answers := p.eval(`performance.getEntriesByName("answer 3x3").map((m) => m.duration.toFixed(2)).join(" ")`)
			t.Logf("%s: 3x3 distance shown after a move (ms): %s", st.name, summary(shown))
			t.Logf("%s: the engine's answer for a 3x3 board (ms): %s", st.name, answers)
			p.check()

			// 4x4 hints of Korf's boards up to 50 moves.
			var hints []float64
			for _, in := range published.Korf100().Instances {
				if in.Distance > 50 {
					continue
				}
				start := time.Now()
				p.load(boardQuery(in.Board))
				p.waitFor(`performance.getEntriesByName("answer 4x4").length > 0`, 60*time.Second)
				ms, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`performance.getEntriesByName("answer 4x4")[0].duration`))
				if err != nil {
					t.Fatal(err)
				}
				if got := p.distance(); got != in.Distance {
					t.Errorf("Korf's board %s: shown %d, published %d", in.Board, got, in.Distance)
				}
				hints = append(hints, ms)
				t.Logf("%s: 4x4 hint, %d moves: %.0f ms (%v with the page load)", st.name, in.Distance, ms, time.Since(start).Round(time.Millisecond))
			}
			t.Logf("%s: 4x4 hints of %d of Korf's boards up to 50 moves (ms): %s", st.name, len(hints), summary(hints))
			p.check()
		})
	}
}

// summary writes the median and the largest of xs.
func summary(xs []float64) string {
	s := slices.Clone(xs)
	slices.Sort(s)
	return fmt.Sprintf("median %.2f, largest %.2f, of %d", s[len(s)/2], s[len(s)-1], len(s))
}
