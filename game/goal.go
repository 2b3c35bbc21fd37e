package game

import (
	"context"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// A request may name a goal of its own (goal=0,1,2,3,4,5,6,7,8), as the
// command line's -goal does: distances are then measured to that board.
// A size of up to goalTableCells cells gets its table built in memory on
// the first question that needs it, as levels -goal does, so that its
// distances, hints, solutions, levels (drawn uniformly) and distribution
// are exact and immediate afterwards; a larger size is searched by IDA*
// towards that goal (package solver, as distance -goal does), and its
// levels are random walks from it kept by their exact distance. The game
// keeps the puzzles of the last goalPuzzles goals asked about.

// goalTableCells is the most cells of a size whose table a game has its
// catalogue build for a goal of its own: as many as a catalogue builds.
const goalTableCells = source.MaxBuildCells

// goalPuzzles is how many puzzles of goals of their own a game keeps: at
// most goalPuzzles tables of goalTableCells cells (2 MB each) at once.
const goalPuzzles = 16

// goalKey names a puzzle towards a goal of its own, in a metric.
type goalKey struct {
	goal   board.Board
	metric board.Metric
}

// goalCache holds the puzzles of the goals asked about, the least recently
// asked first out.
type goalCache struct {
	mu    sync.Mutex
	order []goalKey // least recently asked first
	of    map[goalKey]*puzzle
}

// get returns the puzzle of k, making it if it is not kept.
func (c *goalCache) get(k goalKey, base *puzzle) (*puzzle, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.of[k]; ok {
		for i, o := range c.order {
			if o == k {
				c.order = append(append(c.order[:i:i], c.order[i+1:]...), k)
				break
			}
		}
		return p, nil
	}
	p, err := goalPuzzle(k, base)
	if err != nil {
		return nil, err
	}
	if c.of == nil {
		c.of = map[goalKey]*puzzle{}
	}
	if len(c.order) == goalPuzzles {
		delete(c.of, c.order[0])
		c.order = c.order[1:]
	}
	c.of[k] = p
	c.order = append(c.order, k)
	return p, nil
}

// goalPuzzle returns the puzzle towards k.goal in k.metric, played as base
// is (its MaxLevel, for a search). Nothing is built or searched yet: a
// table is built, under the context of the first request that needs it,
// by the request's answer.
func goalPuzzle(k goalKey, base *puzzle) (*puzzle, error) {
	size := k.goal.Size()
	p := &puzzle{name: size.String(), custom: true}
	p.Puzzle = Puzzle{Goal: k.goal, Metric: k.metric, MaxLevel: base.MaxLevel}
	if base.exact || p.MaxLevel == 0 {
		p.MaxLevel = DefaultMaxLevel
		if k.metric == board.MultiTile {
			p.MaxLevel = DefaultMultiMaxLevel
		}
	}
	// The catalogue searches towards the goal, or for a size of at most
	// goalTableCells cells builds its table on the first question that
	// needs it, under that question's context.
	cat, err := source.NewCatalog(&source.CatalogOptions{Goals: []board.Board{k.goal}, BuildCells: goalTableCells})
	if err != nil {
		return nil, err
	}
	s, err := solver.New(solver.WithCatalog(cat), solver.WithMetric(k.metric))
	if err != nil {
		return nil, err
	}
	p.Solver = s
	if size.Cells() > goalTableCells {
		return p, nil
	}
	p.exact = true
	p.table = func() (*source.ExactTable, error) {
		ans, err := s.Answer(context.Background(), size)
		if err != nil {
			return nil, err
		}
		return ans.Table, nil
	}
	p.Solver = s
	return p, nil
}

// farthest returns the largest distance of a board of p's size from its
// goal in its metric, and whether it is exact rather than an upper bound.
// For a goal of its own that is the table's largest distance, or,
// searched, the size's God's number if the goal's blank is where the
// standard goal's is (renaming tiles keeps every distance); otherwise no
// more than that bound is known.
func (p *puzzle) farthest() (int, bool, error) {
	if p.exact {
		t, err := p.table()
		if err != nil {
			return 0, false, err
		}
		return t.Max(), true, nil
	}
	size := p.Goal.Size()
	most, exact := published.MaxDistance(size, p.Metric)
	return most, exact && p.Goal.Blank() == board.Goal(size).Blank(), nil
}
