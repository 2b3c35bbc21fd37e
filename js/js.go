package js

import (
	"embed"
	"io/fs"
)

//go:generate go run gen.go

//go:embed slidetable.js slidetable-worker.js slidetable.wasm wasm_exec.js slidetable-puzzle.js rules.js knowledge.js GO-LICENSE LICENSE
var files embed.FS

// Files returns the files a page needs to ask slidetable in WebAssembly,
// without a server, and to show the puzzle: slidetable.js (the ES module
// to import), slidetable-worker.js (the worker it starts),
// slidetable.wasm, wasm_exec.js (Go's support code, which the worker
// imports), slidetable-puzzle.js (the element <slidetable-puzzle>) with
// the modules it plays by, rules.js and knowledge.js, LICENSE (slidetable's, the MIT License) and GO-LICENSE (the
// license of wasm_exec.js and of the Go runtime inside slidetable.wasm),
// which every copy of these files carries.
func Files() fs.FS { return files }
