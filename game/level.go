package game

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/table"
)

// maxDraws bounds the uniform boards a level search solves: a range that
// is not rare holds at least one board in a thousand (levels.RareFraction),
// so this many draws all miss it with a chance below e^-100.
const maxDraws = 100_000

// level returns a board at a distance in [lo, hi] from p's goal, drawn
// with r; see the package documentation for how.
func (p *puzzle) level(ctx context.Context, r *rand.Rand, lo, hi int) (levels.Level, error) {
	var got []levels.Level
	var err error
	size := p.Goal.Size()
	switch rare, _ := levels.Rare(size, lo, hi); {
	case p.exact:
		var t *table.Table
		if t, err = p.table(); err == nil {
			got, err = levels.Sample(ctx, r, t, lo, hi, 1, nil)
		}
	case p.hardest.Distance > 0 && lo >= p.hardest.Distance:
		b := p.hardest.Boards[r.IntN(len(p.hardest.Boards))]
		return levels.Level{Board: b, Distance: p.hardest.Distance}, nil
	case p.published && p.Metric == board.SingleTile && !rare:
		got, err = levels.Search(ctx, p.Solver, r, p.Goal, lo, hi, 1, &levels.SearchOptions{Workers: 1, MaxDraws: maxDraws})
	default:
		got, err = levels.WalksWith(ctx, p.Solver, r, p.Goal, lo, hi, 1)
	}
	if errors.Is(err, levels.ErrRange) {
		return levels.Level{}, input(err)
	}
	if err != nil {
		return levels.Level{}, err
	}
	return got[0], nil
}
