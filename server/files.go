package server

import (
	"embed"
	"errors"
	"io/fs"
	"slices"
	"strings"

	"github.com/slidetable/slidetable/js"
)

//go:embed static
var staticFiles embed.FS

// Files returns the files of the game page, as served at / and as
// 'slidetable web' writes them: the page's own (index.html, its scripts
// and styles, from the folder static) and, beside them, the WebAssembly
// build of package js (slidetable.js, slidetable.wasm, wasm_exec.js,
// GO-LICENSE), with which the page answers without the API.
func Files() fs.FS {
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return layers{static, js.Files()}
}

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
