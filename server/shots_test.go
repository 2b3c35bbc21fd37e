package server_test

import (
	"os"
	"testing"
)

// TestBrowserScreenshots writes the page's screenshots for the README into
// $SLIDETABLE_SCREENSHOTS: a game under way at a desktop window's size, a
// phone's and a phone held sideways, in the light and the dark theme.
func TestBrowserScreenshots(t *testing.T) {
	if os.Getenv("SLIDETABLE_SCREENSHOTS") == "" {
		t.Skip("writes screenshots: runs with SLIDETABLE_SCREENSHOTS=DIR")
	}
	st := serveSite(t)
	for _, v := range []struct {
		name          string
		width, height int64
		phone         bool
		query         string
	}{
		{"desktop", 1280, 900, false, "size=4x4&board=5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15"},
		{"phone", 390, 844, true, "size=3x3&board=8,6,7,2,5,4,3,0,1"},
		{"landscape", 844, 390, true, "size=4x4&board=5,1,3,4,9,2,7,8,0,6,11,12,13,10,14,15"},
	} {
		for _, dark := range []bool{false, true} {
			theme := "light"
			if dark {
				theme = "dark"
			}
			p := openTab(t, st, tabOptions{width: v.width, height: v.height, phone: v.phone, dark: dark, query: v.query})
			p.ready()
			p.click("#hint")
			p.wait(`document.getElementById("board").dataset.hint !== ""`)
			p.screenshot("play-" + v.name + "-" + theme)
		}
	}
}
