package js

import (
	"embed"
	"io/fs"
)

//go:generate go run gen.go

//go:embed slidetable.js slidetable-worker.js slidetable.wasm wasm_exec.js GO-LICENSE LICENSE
var files embed.FS

// Files returns the files a page needs to ask slidetable in WebAssembly,
// without a server: slidetable.js (the ES module to import),
// slidetable-worker.js (the worker it starts), slidetable.wasm,
// wasm_exec.js (Go's support code, which the worker imports), LICENSE (slidetable's, the MIT License) and GO-LICENSE (the
// license of wasm_exec.js and of the Go runtime inside slidetable.wasm),
// which every copy of these files carries.
func Files() fs.FS { return files }
