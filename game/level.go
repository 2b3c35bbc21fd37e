package game

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/source"
)

// maxDraws bounds the uniform boards a level search solves: a range that
// is not rare holds at least one board in a thousand (levels.RareFraction),
// so this many draws all miss it with a chance below e^-100.
const maxDraws = 100_000

// level returns a board at a distance in [lo, hi] from p's goal, drawn
// with r in the way PlanLevels decides, the command line's levels' too;
// where boards cannot be drawn uniformly, a game is content with random
// walks kept by their exact distance. (See dealer for a size whose boards
// would be searched.)
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

// dealer returns the built-in level pack of p (its size and metric, the
// standard goal) if p has no table (its levels would be searched for) and
// the pack holds boards at every distance of [lo, hi]; else nil.
func (p *puzzle) dealer(lo, hi int) *source.Pack {
	if p.exact || p.custom || p.Goal != board.Goal(p.Goal.Size()) {
		return nil
	}
	pk, err := source.BuiltinPack(p.Goal.Size(), p.Metric)
	if err != nil || !pk.Covers(lo, hi) {
		return nil
	}
	return pk
}

// deal returns the index of a board of pk at a distance in [lo, hi],
// chosen with r uniformly among the pack's boards there; pk holds some
// (see dealer).
func deal(pk *source.Pack, r *rand.Rand, lo, hi int) int {
	var in []int
	for i, lv := range pk.Levels {
		if lv.Distance >= lo && lv.Distance <= hi {
			in = append(in, i)
		}
	}
	return in[r.IntN(len(in))]
}

// pack returns the level pack that answers boards of p with no search, as
// the catalogue of p's solver decides (source.Catalog.Pack), or nil: none
// for a table, another goal, or a solver without a catalogue.
func (p *puzzle) pack() *source.Pack {
	c, ok := p.Solver.(cataloged)
	if p.exact || p.custom || !ok || c.Catalog() == nil {
		return nil
	}
	return c.Catalog().Pack(p.Goal.Size(), p.Metric)
}

// cataloged is a Solver that answers as a catalogue decides, as
// *solver.Solver does.
type cataloged interface {
	Catalog() *source.Catalog
}
