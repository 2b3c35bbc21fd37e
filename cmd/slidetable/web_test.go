package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/js"
	"github.com/slidetable/slidetable/server"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// maxSiteGzip is the most the static site may weigh, gzip-compressed,
// without the files the page fetches only when needed (js.OnDemand): the
// whole transfer of a first visit. maxOnDemandGzip is the most those
// files may add (4x4-multi.abs, for searches of 4x4 in multi-tile moves,
// and the 4x4 level packs).
const (
	maxSiteGzip     = 4 << 20
	maxOnDemandGzip = 40 << 20
)

// TestWeb writes the static site and checks that it holds exactly the
// files serve serves at /, byte for byte, within the size a first visit
// may transfer; that a second run over it rewrites it and leaves other
// files alone; and the usage mistakes.
func TestWeb(t *testing.T) {
	t.Parallel()
	skipUnderRace(t)
	dir := filepath.Join(t.TempDir(), "site")
	code, out, errOut := slidetable(t, "", "web", "-o", dir)
	if code != 0 || !strings.HasPrefix(out, "wrote "+dir+": ") || errOut != "" {
		t.Fatalf("web: %d %q %q", code, out, errOut)
	}
	var total, later int64
	err := fs.WalkDir(server.SiteFiles(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		want, err := fs.ReadFile(server.SiteFiles(), path)
		if err != nil {
			return err
		}
		got, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: not written as served (%v)", path, err)
		}
		var zb bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&zb, gzip.DefaultCompression)
		zw.Write(got)
		zw.Close()
		if slices.Contains(js.OnDemand(), path) {
			later += int64(zb.Len())
		} else {
			total += int64(zb.Len())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The licenses go with the files: slidetable's, and Go's for
	// wasm_exec.js and the Go runtime inside slidetable.wasm.
	for _, name := range []string{"index.html", "slidetable.js", "slidetable.wasm", "4x4-multi.abs", "wasm_exec.js", "LICENSE", "GO-LICENSE"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("no %s in the site: %v", name, err)
		}
	}
	if total > maxSiteGzip {
		t.Errorf("a first visit of the site transfers %d bytes gzip-compressed, more than %d", total, maxSiteGzip)
	}
	if later == 0 || later > maxOnDemandGzip {
		t.Errorf("the files fetched when needed are %d bytes gzip-compressed, want 1 to %d", later, maxOnDemandGzip)
	}
	if want := "; " + human.Group(uint64(later)) + " of it fetched only for 4x4)"; !strings.HasSuffix(strings.TrimSpace(out), want) {
		t.Errorf("web says %q, want it to end %q", out, want)
	}
	t.Logf("site: %s", strings.TrimSpace(out))
	// The README says what web writes, and says it as it is.
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, figure, ok := strings.Cut(string(readme), "slidetable web -o site                 # wrote site: ")
	figure, _, _ = strings.Cut(figure, "\n")
	if _, want, _ := strings.Cut(strings.TrimSpace(out), ": "); !ok || figure != want {
		t.Errorf("README.md says web -o site writes %q; it writes %q", figure, want)
	}

	// Again, over the same folder, with a file of the user's in it.
	mine := filepath.Join(dir, "mine.txt")
	if err := os.WriteFile(mine, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out2, _ := slidetable(t, "", "web", "-o", dir); code != 0 || out2 != out {
		t.Errorf("web again: %d %q, want %q", code, out2, out)
	}
	if b, err := os.ReadFile(mine); err != nil || string(b) != "keep" {
		t.Errorf("mine.txt: %q %v", b, err)
	}

	for _, args := range [][]string{{"web"}, {"web", "-o", dir, "extra"}, {"web", "-x"}} {
		if code, _, errOut := slidetable(t, "", args...); code != 2 || !strings.Contains(errOut, "usage: slidetable web -o DIR") {
			t.Errorf("%q: exit %d, %q", args, code, errOut)
		}
	}
	// A file, or a device, where the folder should be: a usage mistake.
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	for _, path := range []string{file, os.DevNull} {
		if code, _, errOut := slidetable(t, "", "web", "-o", path); code != 2 || !strings.Contains(errOut, "is not a folder") {
			t.Errorf("web -o %s: exit %d, %q", path, code, errOut)
		}
	}
}

// TestMessagesAsGame checks that a bad board gets the same message from
// the command line as from package game, which the API and the
// WebAssembly build answer with.
func TestMessagesAsGame(t *testing.T) {
	t.Parallel()
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New([]game.Puzzle{{Goal: tbl.Goal(), Solver: s, Table: tbl}}, &game.Options{Others: s})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range [][2]string{
		{"3x3", "1 2 3/4 5 6/7 7 0"},
		{"3x3", "1 2 3"},
		{"3x3", "1 2 3/4 5 6/7 8 9"},
		{"3x3", "1 2 3/4 5 6/7 8"},
		{"3x3", "a b c d e f g h i"},
		{"3x3", "1 2 3 4 5 6 7 8 -1"},
		{"4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 15"},
		{"3x", "1 2 3"},
		{"1x1", "0"},
	} {
		q, err := api.ParseQuery("distance", url.Values{"size": {tc[0]}, "board": {tc[1]}})
		if err == nil {
			_, err = g.Ask(q)
		}
		if err == nil {
			t.Fatalf("%q: no error from game", tc)
		}
		code, _, errOut := slidetable(t, "", "distance", tc[0], tc[1])
		first, _, _ := strings.Cut(errOut, "\n")
		if want := "slidetable distance: " + err.Error(); code != 2 || first != want {
			t.Errorf("%q: exit %d, %q; game says %q", tc, code, first, want)
		}
	}
}

// TestWebAllOrNothing writes the site over an old one where one of its
// files cannot be written: the folder keeps the old site whole, with
// nothing left beside it.
func TestWebAllOrNothing(t *testing.T) {
	t.Parallel()
	skipUnderRace(t)
	dir := t.TempDir()
	var names []string
	err := fs.WalkDir(server.Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// The old site: every file says "old", and the last one written is a
	// folder, which no file may replace.
	last := names[len(names)-1]
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if name == last {
			if err := os.Mkdir(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := listTree(t, dir)
	if code, _, errOut := slidetable(t, "", "web", "-o", dir); code == 0 || !strings.Contains(errOut, last) {
		t.Fatalf("web over a folder where %s is a folder: exit %d, %q", last, code, errOut)
	}
	if after := listTree(t, dir); after != before {
		t.Fatalf("the folder changed:\n%s\nwas:\n%s", after, before)
	}
}

// listTree lists every file under dir with its content's length.
func listTree(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v %d\n", path, d.IsDir(), info.Size())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// skipUnderRace skips a test of web under the race detector: web writes
// and compresses the 41 MB site on one goroutine, which takes 15 to 47 s
// there (1 to 4 s without) and gives the detector nothing to find.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if testenv.Race {
		t.Skip("web writes the site on one goroutine: nothing for the race detector, and slow under it")
	}
}
