package source

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/levels"
)

// Pack is a level pack built into the program: boards at exact distances
// from the standard goal of a size, each with an optimal solution (see
// levels.MakePack), which a game deals from at once where drawing a board
// at a distance would mean a search.
type Pack struct {
	Size   board.Size
	Metric board.Metric
	// Entries are the boards, by distance, as the file holds them;
	// ReadPack checked each solution.
	Entries []levels.PackEntry
	// Levels are the entries' boards and distances, in the same order.
	Levels []levels.Level
	// Hash is the SHA-256 of the file.
	Hash [sha256.Size]byte

	at map[int]bool // the distances of Levels
}

var packs [2]sync.Map // by metric: board.Size -> *decoded[*Pack]

// BuiltinPack returns the built-in level pack of size in metric, read and
// checked on first use (levels.ReadPack) and shared afterwards. It fails
// with an error wrapping ErrNotBuiltin if there is none (as in the
// WebAssembly build, which holds none).
func BuiltinPack(size board.Size, metric board.Metric) (*Pack, error) {
	if !metric.Valid() {
		return nil, board.ErrMetric
	}
	return load(&packs[metric], size, func() (*Pack, error) {
		b, err := data.PackFile(size, metric)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotBuiltin, err)
		}
		entries, err := levels.ReadPack(bytes.NewReader(b), size, metric)
		if err != nil {
			return nil, fmt.Errorf("the built-in %s pack in %s moves: %w", size, metric, err)
		}
		p := &Pack{Size: size, Metric: metric, Entries: entries, Levels: make([]levels.Level, len(entries)), Hash: sha256.Sum256(b), at: map[int]bool{}}
		for i := range entries {
			if p.Levels[i], err = entries[i].Level(size); err != nil {
				return nil, err
			}
			p.at[entries[i].Distance] = true
		}
		return p, nil
	})
}

// Covers reports whether p holds a board at every distance from lo to hi.
func (p *Pack) Covers(lo, hi int) bool {
	for d := lo; d <= hi; d++ {
		if !p.at[d] {
			return false
		}
	}
	return lo <= hi
}

// Describe says what answers with p, as the answers carry it:
// {"where":"built-in","kind":"level pack","exact":true,"hash":"..."}.
func (p *Pack) Describe() *api.Source {
	return &api.Source{Where: Builtin.String(), Kind: "level pack", Exact: true, Hash: hex.EncodeToString(p.Hash[:])}
}
