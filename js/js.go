package js

import (
	"embed"
	"io/fs"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/memfs"
)

//go:generate go run gen.go

//go:embed slidetable.js slidetable-worker.js slidetable.wasm wasm_exec.js slidetable-puzzle.js rules.js knowledge.js GO-LICENSE LICENSE
var files embed.FS

// tierName is the file of the 4x4 abstraction database beside
// slidetable.js. Files serves package data's bytes under that name, the
// very file gen.go copies here for the npm package, so that a program
// embeds it once.
const tierName = "4x4-multi.abs"

// Files returns the files a page needs to ask slidetable in WebAssembly,
// without a server, and to show the puzzle: slidetable.js (the ES module
// to import), slidetable-worker.js (the worker it starts),
// slidetable.wasm, 4x4-multi.abs (the 4x4 abstraction database for
// searches in the multi-tile metric, which slidetable.js fetches when it
// is first asked about 4x4 in that metric), wasm_exec.js (Go's support
// code, which the worker imports), slidetable-puzzle.js (the element <slidetable-puzzle>) with
// the modules it plays by, rules.js and knowledge.js, LICENSE (slidetable's, the MIT License) and GO-LICENSE (the
// license of wasm_exec.js and of the Go runtime inside slidetable.wasm),
// which every copy of these files carries.
func Files() fs.FS {
	b, err := data.AbstractionFile(board.Size{W: 4, H: 4})
	if err != nil {
		// Embedded in every build of package data but the WebAssembly
		// module's, which serves no files.
		panic(err)
	}
	return memfs.Layers{files, memfs.Files{tierName: b}}
}

// OnDemand returns the names of the files of Files that slidetable.js
// fetches only when a call needs them, not when it loads: 4x4-multi.abs,
// for 4x4 in multi-tile moves. A page's first visit transfers the others.
func OnDemand() []string { return []string{tierName} }
