package server_test

import (
	"context"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/slidetable/slidetable/server"
)

// TestBrowserOpenedAsFile opens the page's index.html by a file:// URL, as
// a newcomer double-clicks it, where browsers run no module script: the
// static site that slidetable web writes, and the page of serve. Each says
// at once that it must be served, with the command that serves it, rather
// than "Loading…" for ever. Served, neither says so.
func TestBrowserOpenedAsFile(t *testing.T) {
	for _, c := range []struct {
		name    string
		files   fs.FS
		command string // what the page says to run, with the folder for %s
		address string
	}{
		{"static", server.SiteFiles(), "python3 -m http.server -d %s 8000", "http://localhost:8000/"},
		{"serve", server.Files(), "slidetable serve", "http://127.0.0.1:8080/"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "site")
			if err := os.CopyFS(dir, c.files); err != nil { // the files slidetable web writes
				t.Fatal(err)
			}
			ctx, cancel := chromedp.NewContext(startBrowser(t), chromedp.WithNewBrowserContext())
			t.Cleanup(cancel)
			ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
			t.Cleanup(cancelT)
			page := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "index.html"))}).String()
			if _, err := chromedp.Run(ctx, chromedp.Navigate(page)); err != nil {
				t.Fatal(err)
			}
			// The notice comes once the document is parsed; a page that
			// stays at "Loading…" never shows one.
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("unserved") !== null`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
				text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
				t.Fatalf("%s says nothing of being opened as a file: %v\n%s", page, err, text)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[
				document.getElementById("unserved").innerText,
				document.querySelector("#unserved code").textContent,
				document.querySelector("#unserved a").href,
				document.getElementById("distance").textContent,
				String(document.getElementById("unserved").getBoundingClientRect().height > 0)]`))
			if err != nil {
				t.Fatal(err)
			}
			text, command, link, distance, shown := got[0], got[1], got[2], got[3], got[4]
			if want := strings.Replace(c.command, "%s", dir, 1); command != want {
				t.Errorf("the page says to run %q, want %q", command, want)
			}
			if !strings.Contains(text, "must be served") || link != c.address || shown != "true" {
				t.Errorf("the notice (shown: %s) reads %q, with a link to %q, want one to %s", shown, text, link, c.address)
			}
			if strings.Contains(distance, "Loading") {
				t.Errorf("the distance still reads %q", distance)
			}
		})
	}
	// Served, the page plays and says nothing of files.
	for _, st := range sites(t, false) {
		t.Run(st.name+" served", func(t *testing.T) {
			p := openTab(t, st, tabOptions{width: 1280, height: 900, query: "size=3x3"})
			p.ready()
			if p.truth(`document.getElementById("unserved") !== null`) {
				t.Errorf("served, the page says it must be served: %q", p.text("unserved"))
			}
			p.check()
		})
	}
}
