package server_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserScreenshots writes the page's screenshots for the README into
// $SLIDETABLE_SCREENSHOTS (docs/ in the repository): a game under way at a
// desktop window's size, a phone's and a phone held sideways, in the light
// and the dark theme, a game in the multi-tile metric, and a win.
//
//	SLIDETABLE_SCREENSHOTS=$PWD/docs go test ./server -run TestBrowserScreenshots
func TestBrowserScreenshots(t *testing.T) {
	if os.Getenv("SLIDETABLE_SCREENSHOTS") == "" {
		t.Skip("writes screenshots: runs with SLIDETABLE_SCREENSHOTS=DIR")
	}
	st := serveSite(t)
	const (
		board4 = "size=4x4&board=1,5,7,8,13,3,10,11,6,4,14,12,2,0,9,15" // 40 moves
		board3 = "size=3x3&board=4,3,1,2,0,5,6,8,7"                     // 22 moves
	)
	for _, v := range []struct {
		name          string
		width, height int64
		phone         bool
		query         string
	}{
		{"desktop", 1280, 900, false, board4},
		{"phone", 390, 844, true, board3},
		{"landscape", 844, 390, true, board4},
	} {
		for _, dark := range []bool{false, true} {
			theme := "light"
			if dark {
				theme = "dark"
			}
			p := openTab(t, st, tabOptions{width: v.width, height: v.height, phone: v.phone, dark: dark, query: v.query})
			p.ready()
			// Three optimal moves, then a hint.
			for range 3 {
				p.click("#hint")
				p.wait(`document.getElementById("board").dataset.hint !== ""`)
				p.play([]uint8{uint8(p.number(`document.getElementById("board").dataset.hint`))})
				p.ready()
			}
			p.click("#hint")
			p.wait(`document.getElementById("board").dataset.hint !== ""`)
			p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			p.screenshot("play-" + v.name + "-" + theme)
			p.check()
		}
	}
	// The multi-tile metric, on a desktop: the 4x4 board above, played by
	// hints until one taps a tile that slides others with it.
	p := openTab(t, st, tabOptions{width: 1280, height: 900, query: board4 + "&metric=multi"})
	p.waitFor(`document.body.dataset.state === "playing" && document.getElementById("distance").dataset.distance !== ""`, time.Minute)
	for range 8 {
		p.click("#hint")
		p.waitFor(`document.getElementById("board").dataset.hint !== ""`, time.Minute)
		if strings.Contains(p.text("tip"), "tap tile") {
			break
		}
		p.play([]uint8{uint8(p.number(`document.getElementById("board").dataset.hint`))})
		p.waitFor(`document.body.dataset.state === "playing" && document.getElementById("distance").dataset.distance !== ""`, time.Minute)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	p.screenshot("play-multi-light")
	p.check()

	// A win, on a desktop: a Medium 3x3 board played with the fewest moves.
	p = openTab(t, st, tabOptions{width: 1280, height: 900, motion: true, query: "size=3x3"})
	p.ready()
	path := shortest(t, p.board())
	p.play(path[:len(path)-1])
	time.Sleep(time.Second)
	p.play(path[len(path)-1:])
	p.wait(`document.body.dataset.state === "solved"`)
	time.Sleep(500 * time.Millisecond) // the card pops up
	p.screenshot("play-win-light")
	p.check()
}
