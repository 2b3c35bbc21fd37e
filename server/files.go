package server

import (
	"bytes"
	"embed"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/slidetable/slidetable/js"
)

//go:embed static
var staticFiles embed.FS

// Files returns the files of the game page, as served at / (SiteFiles
// are the same for the static site 'slidetable web' writes): the page's own (index.html, its scripts
// and styles, from the folder static) and, beside them, the WebAssembly
// build of package js (slidetable.js, slidetable.wasm, wasm_exec.js,
// GO-LICENSE, and 4x4-multi.abs, which slidetable.js fetches only for 4x4
// in multi-tile moves), with which the page answers without the API.
func Files() fs.FS {
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return layers{static, js.Files()}
}

// The page learns from its index.html which engine it was served for: the
// API, under serve, or the WebAssembly build, as the static site, which
// then asks no /api/ at all.
const (
	engineAPI  = `<meta name="slidetable-engine" content="api">`
	engineWasm = `<meta name="slidetable-engine" content="wasm">`
)

// SiteFiles returns the files of the static site that 'slidetable web'
// writes: those of Files, with an index.html that tells the page it is
// static, so that it answers with the WebAssembly build from the start,
// without asking a server that is not there.
func SiteFiles() fs.FS {
	index, err := fs.ReadFile(staticFiles, "static/index.html")
	if err != nil || bytes.Count(index, []byte(engineAPI)) != 1 {
		panic("server: static/index.html does not name its engine once") // fixed at build time; TestSiteFiles
	}
	site := memFile{name: "index.html", data: bytes.Replace(index, []byte(engineAPI), []byte(engineWasm), 1)}
	return layers{site, Files()}
}

// memFile is a file system of one file, held in memory.
type memFile struct {
	name string
	data []byte
}

func (m memFile) Open(name string) (fs.File, error) {
	if name != m.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &openMem{memFile: m, Reader: bytes.NewReader(m.data)}, nil
}

// openMem is a memFile opened: it reads, seeks (as http.FileServer needs)
// and says what it is.
type openMem struct {
	memFile
	*bytes.Reader
}

func (f *openMem) Stat() (fs.FileInfo, error) { return f, nil }
func (f *openMem) Close() error               { return nil }
func (f *openMem) Name() string               { return f.name }
func (f *openMem) Size() int64                { return int64(len(f.data)) }
func (f *openMem) Mode() fs.FileMode          { return 0o444 }
func (f *openMem) ModTime() time.Time         { return time.Time{} }
func (f *openMem) IsDir() bool                { return false }
func (f *openMem) Sys() any                   { return nil }

// layers is a file system made of others: a name is opened in the first
// that has it. ReadDir of "." lists the names of all of them.
type layers []fs.FS

func (l layers) Open(name string) (fs.File, error) {
	var first error
	for _, f := range l {
		file, err := f.Open(name)
		if err == nil {
			return file, nil
		}
		if first == nil || !errors.Is(err, fs.ErrNotExist) {
			first = err
		}
	}
	return nil, first
}

// ReadDir lists a folder of every layer that has it, each name once.
func (l layers) ReadDir(name string) ([]fs.DirEntry, error) {
	var out []fs.DirEntry
	seen := map[string]bool{}
	found := false
	for _, f := range l {
		es, err := fs.ReadDir(f, name)
		if err != nil {
			continue
		}
		found = true
		for _, e := range es {
			if !seen[e.Name()] {
				seen[e.Name()] = true
				out = append(out, e)
			}
		}
	}
	if !found {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}
