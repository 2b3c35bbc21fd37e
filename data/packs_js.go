//go:build js

package data

import (
	_ "embed"
	"fmt"

	"github.com/slidetable/slidetable/board"
)

// The WebAssembly module holds the level packs of 4x4 only: the sizes with
// a table deal from it, and their packs would only make the module larger.
var (
	//go:embed packs/4x4.jsonl
	pack4x4 []byte
	//go:embed packs/4x4-multi.jsonl
	pack4x4Multi []byte
)

// PackFile returns the bytes of the level pack of size in metric: one
// JSON object a line (levels.PackEntry), as 'slidetable levels -pack'
// prints it. It fails with ErrNotEmbedded if there is none: the
// WebAssembly module holds those of 4x4 only, whose levels would otherwise
// be searched for (programs hold every size's, see packs.go).
func PackFile(size board.Size, metric board.Metric) ([]byte, error) {
	switch {
	case size != (board.Size{W: 4, H: 4}):
	case metric == board.MultiTile:
		return pack4x4Multi, nil
	case metric == board.SingleTile:
		return pack4x4, nil
	}
	return nil, fmt.Errorf("%w: %s level pack in %s moves", ErrNotEmbedded, size, metric)
}
