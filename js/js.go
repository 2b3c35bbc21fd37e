package js

import (
	"embed"
	"io/fs"

	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/memfs"
)

//go:generate go run gen.go

//go:embed slidetable.js slidetable-worker.js slidetable.wasm wasm_exec.js slidetable-puzzle.js rules.js knowledge.js GO-LICENSE LICENSE
var files embed.FS

// Files returns the files a page needs to ask slidetable in WebAssembly,
// without a server, and to show the puzzle: slidetable.js (the ES module
// to import), slidetable-worker.js (the worker it starts),
// slidetable.wasm, the files the module leaves out (OnDemand), which
// slidetable.js fetches when a call first needs them, wasm_exec.js (Go's
// support code, which the worker imports), slidetable-puzzle.js (the
// element <slidetable-puzzle>) with the modules it plays by, rules.js and
// knowledge.js, LICENSE (slidetable's, the MIT License) and GO-LICENSE
// (the license of wasm_exec.js and of the Go runtime inside
// slidetable.wasm), which every copy of these files carries.
//
// The files on demand are package data's bytes, the very files gen.go
// copies here for the npm package, so that a program embeds them once.
func Files() fs.FS {
	demand := memfs.Files{}
	for _, d := range data.OnDemand() {
		b, err := d.File()
		if err != nil {
			// Embedded in every build of package data but the WebAssembly
			// module's, which serves no files.
			panic(err)
		}
		demand[d.Name] = b
	}
	return memfs.Layers{files, demand}
}

// OnDemand returns the names of the files of Files that slidetable.js
// fetches only when a call needs them, not when it loads (data.OnDemand):
// 4x4-multi.abs, for a search of 4x4 in multi-tile moves, and the 4x4
// level packs, 4x4-pack.jsonl and 4x4-multi-pack.jsonl, when a game of
// 4x4 starts. A page's first visit transfers the others.
func OnDemand() []string {
	var names []string
	for _, d := range data.OnDemand() {
		names = append(names, d.Name)
	}
	return names
}
