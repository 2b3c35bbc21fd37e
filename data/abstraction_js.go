//go:build js

package data

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
)

// AbstractionSizes returns none in the WebAssembly build: the module
// leaves the 4x4 abstraction database out (see abstraction.go).
func AbstractionSizes() []board.Size { return nil }

// AbstractionFile fails with ErrNotEmbedded in the WebAssembly build,
// which leaves the abstraction databases out; the page fetches them.
func AbstractionFile(size board.Size) ([]byte, error) {
	return nil, fmt.Errorf("%w: %s abstraction database (the WebAssembly module leaves it out)", ErrNotEmbedded, size)
}
