package game

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/slidetable/slidetable/levels"
)

// maxDraws bounds the uniform boards a level search solves: a range that
// is not rare holds at least one board in a thousand (levels.RareFraction),
// so this many draws all miss it with a chance below e^-100.
const maxDraws = 100_000

// level returns a board at a distance in [lo, hi] from p's goal, drawn
// with r in the way PlanLevels decides, the command line's levels' too;
// where boards cannot be drawn uniformly, a game is content with random
// walks kept by their exact distance. (A level pack deals at once where it
// holds boards in range: see Solver.Deal.)
func (p *puzzle) level(ctx context.Context, r *rand.Rand, lo, hi int) (levels.Level, error) {
	pz := p.Puzzle
	if p.exact {
		t, err := p.table()
		if err != nil {
			return levels.Level{}, err
		}
		pz.Table = t
	}
	req := LevelsRequest{Min: lo, Max: hi, N: 1}
	plan, err := PlanLevels(ctx, pz, req)
	if errors.Is(err, levels.ErrUniform) {
		req.Mode = Walk
		plan, err = PlanLevels(ctx, pz, req)
	}
	var got []levels.Level
	if err == nil {
		got, err = plan.Draw(ctx, r, &DrawOptions{Workers: 1, MaxDraws: maxDraws})
	}
	if errors.Is(err, levels.ErrRange) {
		return levels.Level{}, input(err)
	}
	if err != nil {
		return levels.Level{}, err
	}
	return got[0], nil
}
