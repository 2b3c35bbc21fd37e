package server

import (
	"bytes"
	"embed"
	"io/fs"

	"github.com/slidetable/slidetable/internal/memfs"
	"github.com/slidetable/slidetable/js"
)

//go:embed static
var staticFiles embed.FS

// Files returns the files of the game page, as served at / (SiteFiles
// are the same for the static site 'slidetable web' writes): the page's own (index.html, its scripts
// and styles, from the folder static) and, beside them, the WebAssembly
// build of package js (slidetable.js, slidetable.wasm, wasm_exec.js,
// GO-LICENSE, and the files slidetable.js fetches only for 4x4:
// 4x4-multi.abs and the level packs, js.OnDemand), with which the page
// answers without the API.
func Files() fs.FS {
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return memfs.Layers{static, js.Files()}
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
	site := memfs.Files{"index.html": bytes.Replace(index, []byte(engineAPI), []byte(engineWasm), 1)}
	return memfs.Layers{site, Files()}
}
