package game

import (
	"context"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
)

// PackEntry is one board of a level pack, with its distance and one
// optimal solution (levels.PackEntry).
type PackEntry = levels.PackEntry

// PackOptions says what a pack holds (levels.PackOptions); MakePack fills
// in a Max of 0.
type PackOptions = levels.PackOptions

// PackMultiMax is the largest distance of a multi-tile pack of a size
// without a table: beyond 39 moves of 4x4, a uniform board hits a distance
// about once in 100,000 draws, and walks hardly reach it.
const PackMultiMax = 39

// MakePack draws the level pack of p, whose goal is the standard goal of
// its size (levels.MakePack). A Max of 0 means, for a size with a table or
// of up to 10 cells, the table's largest distance; otherwise the largest
// level a game offers with the published boards at the largest distance
// (DefaultMaxLevel, and the 17 boards 80 moves from the 4x4 goal), or, in
// multi-tile moves, PackMultiMax.
func MakePack(ctx context.Context, p Puzzle, opts *PackOptions) ([]PackEntry, error) {
	var o PackOptions
	if opts != nil {
		o = *opts
	}
	if o.Max == 0 && p.Table == nil && p.Goal.Len() > levels.SmallCells {
		if p.Metric == board.MultiTile {
			o.Max = PackMultiMax
		} else {
			o.Max, o.Hardest = DefaultMaxLevel, true
		}
	}
	lp := levels.Puzzle{Goal: p.Goal, Metric: p.Metric, Table: p.Table, Solver: p.Solver, Uniform: p.Uniform}
	return levels.MakePack(ctx, lp, &o)
}
