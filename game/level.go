package game

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
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
	case p.Table != nil:
		got, err = levels.Sample(ctx, r, p.Table, lo, hi, 1, nil)
	case p.published && lo >= p.hardest.Distance:
		b := p.hardest.Boards[r.IntN(len(p.hardest.Boards))]
		return levels.Level{Board: b, Distance: p.hardest.Distance}, nil
	case p.published && !rare:
		got, err = levels.Search(ctx, within(p.Solver), r, p.Goal, lo, hi, 1, &levels.SearchOptions{Workers: 1, MaxDraws: maxDraws})
	default:
		got, err = levels.WalksWith(ctx, within(p.Solver), r, p.Goal, lo, hi, 1)
	}
	if errors.Is(err, levels.ErrRange) {
		return levels.Level{}, input(err)
	}
	if err != nil {
		return levels.Level{}, err
	}
	return got[0], nil
}

// within returns s as a levels.Solver: itself if it has Within, else s
// with a Within that finds the distance first.
func within(s Solver) levels.Solver {
	if w, ok := s.(levels.Solver); ok {
		return w
	}
	return withinSolver{s}
}

// withinSolver gives a Solver the method Within.
type withinSolver struct{ Solver }

// Within returns a shortest solution of b and true if b is at most limit
// moves from the goal.
func (s withinSolver) Within(ctx context.Context, b board.Board, limit int) ([]uint8, bool, error) {
	d, err := s.Distance(ctx, b)
	if err != nil || d > limit {
		return nil, false, err
	}
	path, err := s.Path(ctx, b)
	return path, err == nil, err
}
