package game

import (
	"context"
	"errors"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
)

// PackEntry is one board of a level pack, with its distance and one
// optimal solution (levels.PackEntry).
type PackEntry = levels.PackEntry

// PackOptions says what a pack holds (levels.PackOptions); MakePack fills
// in a Max of 0.
type PackOptions = levels.PackOptions

// PackStep is how MakePack draws the boards of a pack at one distance
// (levels.PackStep).
type PackStep = levels.PackStep

// PackMultiMax is the largest distance of a multi-tile pack of a size
// without a table: beyond 39 moves of 4x4, a uniform board hits a distance
// about once in 100,000 draws, and walks hardly reach it. In Auto mode the
// default range stops before the distances too rare for it (39 of 4x4, about
// one board in 3,200), which Filter draws.
const PackMultiMax = 39

// MakePack draws the level pack of p, whose goal is the standard goal of
// its size (levels.MakePack). A Max of 0 means, for a size with a table or
// of up to 10 cells, the table's largest distance; otherwise the largest
// level a game offers with the published boards at the largest distance
// (DefaultMaxLevel, and the 17 boards 80 moves from the 4x4 goal), or, in
// multi-tile moves, PackMultiMax, or in Auto mode the largest distance
// below it that Auto draws (38 of 4x4). It fails as PlanPack does before
// it draws anything.
func MakePack(ctx context.Context, p Puzzle, opts *PackOptions) ([]PackEntry, error) {
	o, lp := packDefaults(ctx, p, opts)
	return levels.MakePack(ctx, lp, o)
}

// PlanPack returns how MakePack draws each distance of the pack opts asks
// for (levels.PlanPack), with MakePack's defaults: it fails, for a
// distance whose boards neither uniform draws in opts.Mode nor random
// walks reach, with a *UniformError saying how rare they are.
func PlanPack(ctx context.Context, p Puzzle, opts *PackOptions) ([]PackStep, error) {
	o, lp := packDefaults(ctx, p, opts)
	return levels.PlanPack(ctx, lp, o)
}

// packDefaults returns opts with MakePack's default Max, and p as package
// levels takes it.
func packDefaults(ctx context.Context, p Puzzle, opts *PackOptions) (*PackOptions, levels.Puzzle) {
	var o PackOptions
	if opts != nil {
		o = *opts
	}
	lp := levelsPuzzle(p)
	if o.Max == 0 && p.Table == nil && p.Goal.Len() > levels.SmallCells {
		if p.Metric != board.MultiTile {
			o.Max, o.Hardest = DefaultMaxLevel, true
			return &o, lp
		}
		// The last distance the mode draws: no board is drawn to
		// decide it.
		for o.Max = PackMultiMax; o.Max > max(o.Min, 1); o.Max-- {
			one := o
			one.Min = o.Max
			if _, err := levels.PlanPack(ctx, lp, &one); !errors.Is(err, levels.ErrUniform) {
				break
			}
		}
	}
	return &o, lp
}
