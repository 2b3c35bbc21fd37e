package data

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/recipe"
)

// A Demand is a file that the WebAssembly module leaves out, so that a
// page's first visit does not download it: slidetable.js fetches it when
// a call first needs it and gives it to the module (Give), which keeps it
// only if it is the very file built into the programs, by its SHA-256.
// TestOnDemand checks every field against the files embedded.
type Demand struct {
	// Name is the file's name beside slidetable.js: 4x4-multi.abs,
	// 4x4-pack.jsonl, 4x4-multi-pack.jsonl.
	Name string
	// Size and Metric are those of the boards it serves.
	Size   board.Size
	Metric board.Metric
	// Pack is set for a level pack (PackFile), clear for an abstraction
	// database (AbstractionFile).
	Pack bool
	// Sum is the file's SHA-256, in hex, and Bytes its length, so that a
	// fetch of it can be bounded before it starts: refused as soon as it
	// passes its length, and given a deadline that its length sets.
	Sum   string
	Bytes int64
	// Levels are, for a pack, the ranges of distances it holds boards at,
	// known before the pack is given.
	Levels [][2]int

	rec recipe.Recipe // the recipe of a file that is no pack
}

// Holds reports whether the pack d holds boards at distance n.
func (d Demand) Holds(n int) bool {
	for _, r := range d.Levels {
		if r[0] <= n && n <= r[1] {
			return true
		}
	}
	return false
}

// File returns the bytes of d: PackFile's for a pack, else those of its
// recipe (Builtin), with their errors.
func (d Demand) File() ([]byte, error) {
	if d.Pack {
		return PackFile(d.Size, d.Metric)
	}
	return Builtin(d.rec)
}

var size4x4 = board.Size{W: 4, H: 4}

// onDemandPacks are the level packs OnDemand returns.
var onDemandPacks = []Demand{
	{Name: "4x4-pack.jsonl", Size: size4x4, Metric: board.SingleTile, Pack: true,
		Sum:    "e1fac6dab9ac17ddd3c20d6ff393f8a43f4c53ead8cceaa5cbd90858d5747f37",
		Bytes:  121_930,
		Levels: [][2]int{{1, 60}, {80, 80}}},
	{Name: "4x4-multi-pack.jsonl", Size: size4x4, Metric: board.MultiTile, Pack: true,
		Sum:    "5e467546b3ed30e1ea4e7d81c87985b6f513ad489be594d90749dfad2cdaa9f4",
		Bytes:  631_262,
		Levels: [][2]int{{1, 39}}},
}

// OnDemand returns the files that the WebAssembly module leaves out and
// is given when a call first needs them: those of the recipes of origin
// recipe.OnDemand (the 4x4 abstraction tier, which bounds searches in
// multi-tile moves, 33 MB), then the 4x4 level packs, which only a game of
// 4x4 deals from. Programs embed them all.
func OnDemand() []Demand {
	var out []Demand
	for _, r := range recipe.Of(recipe.OnDemand) {
		out = append(out, Demand{Name: r.FileName(), Size: r.Size, Metric: r.Metric, Sum: r.Sum, Bytes: r.Bytes, rec: r})
	}
	return append(out, slices.Clone(onDemandPacks)...)
}

// Demanded returns the file of OnDemand for boards of size in metric, a
// level pack if pack is set, else a file of a recipe (an abstraction
// tier), and whether there is one.
func Demanded(size board.Size, metric board.Metric, pack bool) (Demand, bool) {
	for _, d := range OnDemand() {
		if d.Size == size && d.Metric == metric && d.Pack == pack {
			return d, true
		}
	}
	return Demand{}, false
}

// ErrNotGiven reports a file the WebAssembly build leaves out (OnDemand)
// that it has not been given, or has refused: asking again once it has
// been given may succeed. Errors wrapping it wrap ErrNotEmbedded too.
var ErrNotGiven = failure.New(failure.File, "data: file not given")

// errWrongFile reports bytes given as a file that are not that file.
var errWrongFile = errors.New("not the file of this build")

// checkGiven returns the file of OnDemand named name if b is that very
// file, by its SHA-256 sum, and otherwise an error that says why not.
func checkGiven(name string, b []byte) (Demand, error) {
	files := OnDemand()
	i := slices.IndexFunc(files, func(d Demand) bool { return d.Name == name })
	if i < 0 {
		return Demand{}, fmt.Errorf("%w: %q is not a file the WebAssembly module is given", ErrNotEmbedded, name)
	}
	d := files[i]
	if got := sha256.Sum256(b); hex.EncodeToString(got[:]) != d.Sum {
		return Demand{}, fmt.Errorf("the %d bytes given as %s (SHA-256 %x...) are %w (SHA-256 %s...): give the %s that came with it", len(b), name, got[:8], errWrongFile, d.Sum[:16], name)
	}
	return d, nil
}
