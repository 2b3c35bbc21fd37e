package main

import (
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/js"
	"github.com/slidetable/slidetable/server"
)

func runWeb(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "web", "slidetable web -o DIR",
		"Write the game page as a static site into the folder DIR (made if\n"+
			"missing; other files in it are left alone): the page's files, the\n"+
			"files serve serves at /, with slidetable compiled to WebAssembly\n"+
			"(the built-in tables up to 3x3 and 4x2 and the 4x4 pattern database),\n"+
			"the 4x4 abstraction database (4x4-multi.abs, which the page fetches\n"+
			"only for 4x4 in multi-tile moves) and Go's wasm_exec.js. Any static file server can serve the folder;\n"+
			"the page then answers in the browser, with no API and nothing loaded\n"+
			"from elsewhere (it knows it is static, and asks no /api/). Prints the\n"+
			"number of files and their size, raw and gzip-compressed, and how much\n"+
			"of it the page fetches only when it is needed.",
		"  slidetable web -o site\n  python3 -m http.server -d site 8000    # then open http://127.0.0.1:8000/\n")
	out := f.String("o", "", "write the site into the folder `DIR`")
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return f.failf("want no arguments, got %d", len(pos))
	}
	if *out == "" {
		return f.failf("give -o DIR, the folder to write the site into")
	}
	if fi, err := os.Stat(*out); err == nil && !fi.IsDir() {
		return f.failf("-o %s is not a folder; give a folder, or a new name for one", clip(*out))
	}
	st, err := writeSite(ctx, server.SiteFiles(), *out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "wrote %s: %d files, %s bytes (%s gzip; %s of it fetched only for 4x4)\n",
		*out, st.files, human.Group(st.bytes), human.Group(st.gzip), human.Group(st.later))
	return err
}

// siteStats counts what writeSite wrote: later is the gzip-compressed
// size of the files the page fetches only when needed (js.OnDemand).
type siteStats struct {
	files              int
	bytes, gzip, later uint64
}

// writeSite writes every file of site into dir and returns their number
// and size, raw and compressed by gzip at its default level, as a server
// that compresses would send them. The files take their names together, once
// every one is written (atomicfile.Set): a failure or an interruption
// leaves dir with the site it had before.
func writeSite(ctx context.Context, site fs.FS, dir string) (siteStats, error) {
	var st siteStats
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return st, err
	}
	var set atomicfile.Set
	defer set.Abort()
	err := fs.WalkDir(site, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == "." {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(path))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := fs.ReadFile(site, path)
		if err != nil {
			return err
		}
		if err := set.Add(ctx, dst, 0o644, func(f *os.File) error {
			_, err := f.Write(b)
			return err
		}); err != nil {
			return err
		}
		n, err := gzipSize(b)
		if err != nil {
			return err
		}
		st.files++
		st.bytes += uint64(len(b))
		st.gzip += n
		if slices.Contains(js.OnDemand(), path) {
			st.later += n
		}
		return nil
	})
	if err != nil {
		return st, err
	}
	return st, set.Commit()
}

// gzipSize returns the size of b compressed by gzip at its default level
// (6).
func gzipSize(b []byte) (uint64, error) {
	var c counter
	zw, err := gzip.NewWriterLevel(&c, gzip.DefaultCompression)
	if err != nil {
		return 0, err
	}
	if _, err := zw.Write(b); err != nil {
		return 0, err
	}
	err = zw.Close()
	return c.n, err
}

// counter is an io.Writer that counts the bytes written to it.
type counter struct{ n uint64 }

func (c *counter) Write(p []byte) (int, error) {
	c.n += uint64(len(p))
	return len(p), nil
}
