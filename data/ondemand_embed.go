//go:build !js

package data

import (
	"embed"
	"io"

	"github.com/slidetable/slidetable/internal/recipe"
)

// onDemandFiles are the files of the recipes of origin recipe.OnDemand:
// built into the programs, but not into the WebAssembly module (see
// ondemand_js.go): at 33 MB the 4x4 abstraction tier would take the
// static site past its budget, so slidetable.js fetches the file and
// gives it to the module (OnDemand, Give) when it is first asked to
// search 4x4 in multi-tile moves.
//
//go:embed *.abs
var onDemandFiles embed.FS

// openOnDemand returns what reads the file of r, a recipe on demand, in
// place, and its length.
func openOnDemand(r recipe.Recipe) (io.ReaderAt, int64, error) {
	return openEmbedded(onDemandFiles, r.FileName())
}
