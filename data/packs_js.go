//go:build js

package data

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
)

// PackFile returns the bytes of the level pack of size in metric: one
// JSON object a line (levels.PackEntry), as 'slidetable levels -pack'
// prints it. The WebAssembly module holds none: the sizes with a table
// deal from it, and the 4x4 packs are given to it (OnDemand, Give) when
// a game of 4x4 starts. It fails with an error wrapping ErrNotGiven for a
// pack not given yet, or refused, and with ErrNotEmbedded for a size
// without one (programs hold every size's, see packs.go).
func PackFile(size board.Size, metric board.Metric) ([]byte, error) {
	d, ok := Demanded(size, metric, true)
	if !ok {
		return nil, fmt.Errorf("%w: %s level pack in %s moves", ErrNotEmbedded, size, metric)
	}
	return givenFile(d.Name)
}
