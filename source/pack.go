package source

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
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

	onPath  sync.Once
	byBoard map[board.Board]pathStep // Known's index, made on its first call
}

// pathStep is where a board lies on the stored solutions: move step of
// entry's solution starts from it.
type pathStep struct {
	entry int32
	step  int32
}

var packs [2]sync.Map // by metric: board.Size -> *decoded[*Pack]

// BuiltinPack returns the built-in level pack of size in metric, read and
// checked on first use (levels.ReadPack) and shared afterwards. It fails
// with an error wrapping ErrNotBuiltin if there is none, and in the
// WebAssembly build, until the pack is given to it (data.Give), with one
// wrapping data.ErrNotGiven too.
func BuiltinPack(size board.Size, metric board.Metric) (*Pack, error) {
	if !metric.Valid() {
		return nil, board.ErrMetric
	}
	if _, read := packs[metric].Load(size); !read {
		if _, err := data.PackFile(size, metric); errors.Is(err, data.ErrNotGiven) {
			return nil, fmt.Errorf("%w: %w", ErrNotBuiltin, err) // not kept: it may be given later
		}
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

// Known returns what p knows of b without a search: if b is a board of the
// pack, or one its stored solution passes through, its distance and the
// rest of that solution from b (an optimal solution, the tiles moved or
// tapped in order; empty for the goal), and true; else false, as for a
// nil Pack (no pack answers). The index of every board on the solutions
// is made on the first call.
func (p *Pack) Known(b board.Board) (int, []uint8, bool) {
	if p == nil {
		return 0, nil, false
	}
	p.onPath.Do(p.index)
	at, ok := p.byBoard[b]
	if !ok {
		return 0, nil, false
	}
	sol := p.Entries[at.entry].Solution[at.step:]
	rest := make([]uint8, len(sol))
	for i, t := range sol {
		rest[i] = uint8(t) // ReadPack checked every move
	}
	return len(rest), rest, true
}

// index fills byBoard with every board on the stored solutions, each at
// its first place (the pack's first entry that passes through it).
func (p *Pack) index() {
	p.byBoard = map[board.Board]pathStep{}
	for i, e := range p.Entries {
		at := p.Levels[i].Board
		for k, t := range e.Solution {
			if _, ok := p.byBoard[at]; !ok {
				p.byBoard[at] = pathStep{int32(i), int32(k)}
			}
			var err error
			if at, err = at.Play(p.Metric, uint8(t)); err != nil {
				break // not met: ReadPack replayed every solution
			}
		}
	}
}

// PackHolds reports whether the built-in level pack of size in metric
// holds boards at every distance from lo to hi: false if there is none.
// It reads the pack only where it is not known without (data.Demanded,
// which knows the distances of a pack the WebAssembly build is given
// later).
func PackHolds(size board.Size, metric board.Metric, lo, hi int) bool {
	if d, ok := data.Demanded(size, metric, true); ok {
		for n := lo; n <= hi; n++ {
			if !d.Holds(n) {
				return false
			}
		}
		return true
	}
	p, err := BuiltinPack(size, metric)
	return err == nil && p.Covers(lo, hi)
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
