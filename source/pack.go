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
// at a distance would mean a search, and boards near them that are no
// levels, each with every optimal move (levels.MakeNear), which answer a
// player who leaves a level's solution.
type Pack struct {
	Size   board.Size
	Metric board.Metric
	// Entries are the levels, by distance, as the file holds them;
	// ReadPack checked each solution. A game deals from them alone.
	Entries []levels.PackEntry
	// Levels are the entries' boards and distances, in the same order.
	Levels []levels.Level
	// Near are the boards the file holds that are no levels
	// (levels.PackEntry.Near), in its order: never dealt, known as the
	// levels are, and each with every optimal move.
	Near []levels.PackEntry
	// Hash is the SHA-256 of the file.
	Hash [sha256.Size]byte

	at map[int]bool // the distances of Levels

	onPath  sync.Once
	byBoard map[board.Board]pathStep // Known's index, made on its first call
}

// pathStep is where a board lies on the stored solutions: move step of
// entry's solution starts from it. Entries are numbered Entries first,
// then Near.
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
		p, err := readPack(b, size, metric)
		if err != nil {
			return nil, fmt.Errorf("the built-in %s pack in %s moves: %w", size, metric, err)
		}
		return p, nil
	})
}

// readPack reads the pack file b of size in metric (levels.ReadPack),
// its levels apart from the boards near them.
func readPack(b []byte, size board.Size, metric board.Metric) (*Pack, error) {
	entries, err := levels.ReadPack(bytes.NewReader(b), size, metric)
	if err != nil {
		return nil, err
	}
	p := &Pack{Size: size, Metric: metric, Hash: sha256.Sum256(b), at: map[int]bool{}}
	for _, e := range entries {
		if e.Near {
			p.Near = append(p.Near, e)
			continue
		}
		lv, err := e.Level(size)
		if err != nil {
			return nil, err // not met: ReadPack read every board
		}
		p.Entries, p.Levels = append(p.Entries, e), append(p.Levels, lv)
		p.at[e.Distance] = true
	}
	return p, nil
}

// Known returns what p knows of b without a search: if b is a board of the
// pack (a level or a board near one), or one its stored solutions pass
// through, its distance and the rest of that solution from b (an optimal
// solution, the tiles moved or tapped in order; empty for the goal), and
// true; else false, as for a nil Pack (no pack answers). The index of
// every board on the solutions is made on the first call.
func (p *Pack) Known(b board.Board) (int, []uint8, bool) {
	e, step, ok := p.place(b)
	if !ok {
		return 0, nil, false
	}
	return len(e.Solution) - step, moves(e.Solution[step:]), true
}

// PackHints is what a pack knows of the optimal moves of a board (Pack.Hints).
type PackHints struct {
	// Distance is the board's distance from the goal.
	Distance int
	// Moves are optimal moves of the board, the tiles moved or tapped:
	// every one if All, else one (the next move of a stored solution).
	// The first is the next move of the solution Known returns.
	Moves []uint8
	// All says that Moves are every optimal move of the board.
	All bool
}

// Hints returns what p knows of the optimal moves of b without a search,
// and true, for a board Known knows: every optimal move of a board the
// pack lists them for (levels.PackEntry.Hints: the boards near its
// levels), the first move of its solution first and the others in
// increasing order; for another board on a stored solution, the next move
// of that solution alone. It returns false for any other board, and for
// a nil Pack.
func (p *Pack) Hints(b board.Board) (PackHints, bool) {
	e, step, ok := p.place(b)
	if !ok {
		return PackHints{}, false
	}
	first := uint8(e.Solution[step]) // step < len(e.Solution): index leaves the goal out
	h := PackHints{Distance: len(e.Solution) - step, Moves: []uint8{first}}
	if step == 0 && len(e.Hints) > 0 {
		h.All = true
		for _, t := range e.Hints {
			if uint8(t) != first {
				h.Moves = append(h.Moves, uint8(t))
			}
		}
	}
	return h, true
}

// place returns the entry of p whose stored solution passes b at its
// move step, the first entry to list b's every optimal move being taken
// before any other, and true; false if no solution passes b, or p is nil.
func (p *Pack) place(b board.Board) (*levels.PackEntry, int, bool) {
	if p == nil {
		return nil, 0, false
	}
	p.onPath.Do(p.index)
	at, ok := p.byBoard[b]
	if !ok {
		return nil, 0, false
	}
	return p.entry(int(at.entry)), int(at.step), true
}

// entry returns entry i of p, numbered Entries first, then Near.
func (p *Pack) entry(i int) *levels.PackEntry {
	if i < len(p.Entries) {
		return &p.Entries[i]
	}
	return &p.Near[i-len(p.Entries)]
}

// moves returns the moves of a stored solution as tiles.
func moves(sol []int) []uint8 {
	out := make([]uint8, len(sol))
	for i, t := range sol {
		out[i] = uint8(t) // ReadPack checked every move
	}
	return out
}

// index fills byBoard with every board on the stored solutions, each at
// its first place (the first entry of the pack that passes through it),
// except the boards of entries with hints, each at its own entry (the
// first such, if it has several), so that Hints finds every optimal move
// and the solution that starts with the first of them.
func (p *Pack) index() {
	p.byBoard = map[board.Board]pathStep{}
	n := len(p.Entries) + len(p.Near)
	for i := range n {
		if e := p.entry(i); len(e.Hints) > 0 {
			lv, err := e.Level(p.Size)
			if _, ok := p.byBoard[lv.Board]; err == nil && !ok {
				p.byBoard[lv.Board] = pathStep{int32(i), 0}
			}
		}
	}
	for i := range n {
		e := p.entry(i)
		at, err := e.Level(p.Size)
		b := at.Board
		for k, t := range e.Solution {
			if err != nil {
				break // not met: ReadPack read every board and replayed every solution
			}
			if _, ok := p.byBoard[b]; !ok {
				p.byBoard[b] = pathStep{int32(i), int32(k)}
			}
			b, err = b.Play(p.Metric, uint8(t))
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
