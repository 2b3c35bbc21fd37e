//go:build !js

package data

import (
	"embed"
	"fmt"

	"github.com/slidetable/slidetable/board"
)

// packs are the level packs of every size the page offers.
//
//go:embed packs/*.jsonl
var packs embed.FS

// PackFile returns the bytes of the level pack of size in metric: one
// JSON object a line (levels.PackEntry), as 'slidetable levels -pack'
// prints it. It fails with ErrNotEmbedded if there is none: programs hold
// the pack of every size with a built-in table or database; the
// WebAssembly module holds none, and is given those of 4x4 (OnDemand),
// whose levels would otherwise be searched for (see packs_js.go).
func PackFile(size board.Size, metric board.Metric) ([]byte, error) {
	b, err := packs.ReadFile("packs/" + packName(size, metric))
	if err != nil {
		return nil, fmt.Errorf("%w: %s level pack in %s moves", ErrNotEmbedded, size, metric)
	}
	return b, nil
}

// packName is the name of the pack file of size in metric: 4x4.jsonl,
// 4x4-multi.jsonl.
func packName(size board.Size, metric board.Metric) string {
	if metric == board.MultiTile {
		return size.String() + "-multi.jsonl"
	}
	return size.String() + ".jsonl"
}
