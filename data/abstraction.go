//go:build !js

package data

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/slidetable/slidetable/board"
)

// The abstraction database of the 4x4 in the multi-tile metric is built
// into programs, but not into the WebAssembly module (see
// abstraction_js.go): at 33 MB it would take the static site past its
// budget, so slidetable.js fetches the file and gives it to the module
// (OnDemand, Give) when it is first asked to search 4x4 in multi-tile
// moves.

//go:embed 4x4-multi.abs
var abstraction4x4 []byte

var abstractionSizes = []board.Size{{W: 4, H: 4}}

// AbstractionSizes returns the sizes whose abstraction database files, in
// the multi-tile metric, are embedded: 4x4. (The WebAssembly build's
// AbstractionSizes names the same sizes, whose files are given to it
// rather than embedded.)
func AbstractionSizes() []board.Size { return slices.Clone(abstractionSizes) }

// AbstractionFile returns the bytes of the embedded abstraction database
// file of size, in the multi-tile metric (for 4x4: the classings of
// abstraction.Builtin4x4). It fails with ErrNotEmbedded if there is none,
// as in the WebAssembly build.
func AbstractionFile(size board.Size) ([]byte, error) {
	if !slices.Contains(abstractionSizes, size) {
		return nil, fmt.Errorf("%w: %s abstraction database", ErrNotEmbedded, size)
	}
	return abstraction4x4, nil
}
