package game

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
)

// Levels drawn many at a time, as the command line's levels draws them:
// PlanLevels decides how, and the plan draws. The names below are those of
// package levels, which does the drawing, so that a caller needs no other
// package.

// Level is a board and its exact distance from the goal.
type Level = levels.Level

// Mode is how boards are drawn where a table counts them, or that random
// walks are wanted.
type Mode = levels.Mode

// The modes of LevelsRequest.
const (
	Auto   = levels.Auto     // Exact or Filter, whichever is expected to be faster
	Exact  = levels.Exact    // ranks picked among the qualifying boards of a table
	Filter = levels.Filter   // uniform boards kept if their distance is in range
	Walk   = levels.WalkMode // random walks kept by their exact distance: not uniform
)

// How is a way of drawing boards that PlanLevels chooses.
type How = levels.How

// The ways of drawing.
const (
	FromTable = levels.FromTable // uniformly from an exact table
	Hardest   = levels.Hardest   // the published boards at the largest distance
	Solved    = levels.Solved    // uniform boards solved and kept if in range
	Walked    = levels.Walked    // random walks kept by their exact distance
)

// UniformError says why boards cannot be drawn uniformly at a range.
type UniformError = levels.UniformError

// UniformReason is why boards cannot be drawn uniformly.
type UniformReason = levels.UniformReason

// The reasons of a UniformError.
const (
	NeedsTable = levels.NeedsTable // Exact mode without a table
	OutOfReach = levels.OutOfReach // no search solves uniform boards of the size
	Hopeless   = levels.Hopeless   // so rare that no time limit would see the end
	TooRare    = levels.TooRare    // rarer than RareFraction, in Auto mode
)

// Rarity is how often uniform boards lie in a range of distances.
type Rarity = levels.Rarity

// SearchProgress is how far a draw by solving has got.
type SearchProgress = levels.SearchProgress

// MaxSearchCells is the most cells of a size whose uniform boards a search
// solves (4x4).
const MaxSearchCells = levels.MaxSearchCells

// Errors of drawing levels.
var (
	// ErrRange reports a range of distances that holds no board.
	ErrRange = levels.ErrRange
	// ErrNotFound reports a draw that gave up before finding the boards
	// asked for; it comes with those found.
	ErrNotFound = levels.ErrNotFound
	// ErrNoLargest reports a request for boards up to the largest distance
	// of a size where that distance is not known.
	ErrNoLargest = failure.New(failure.Input, "game: the largest distance is not known")
)

// Largest, as LevelsRequest.Max, asks for boards up to the largest
// distance there is.
const Largest = -1

// LevelsRequest asks for boards at exact distances from a puzzle's goal.
type LevelsRequest struct {
	// Min and Max are the range of distances; Max is Largest for the
	// largest distance there is (a table's, or the published one).
	Min, Max int
	// N is the number of boards.
	N int
	// Mode is how they are drawn.
	Mode Mode
	// MaxMemory bounds the table built in memory for a small size without
	// one (0: half the physical memory).
	MaxMemory uint64
}

// LevelPlan is how PlanLevels draws the boards of a request.
type LevelPlan struct {
	// How is the way the boards are drawn.
	How How
	// Min and Max are the range drawn from, Max a number.
	Min, Max int
	// Rarity is how often uniform boards fall in the range, where that is
	// known (RarityKnown) and the boards are Solved.
	Rarity      Rarity
	RarityKnown bool
	// Computed describes the table built in memory for the plan, if one
	// was (a size of up to 10 cells without one); nil otherwise.
	Computed *api.Source

	lp  levels.Puzzle
	req LevelsRequest
}

// PlanLevels decides how to draw the boards req asks for from p, the way a
// game draws a level (levels.Plan): from a table, built in memory for a size
// of up to 10 cells without one; the published boards at the largest
// distance; uniform boards solved; or random walks, in mode Walk only. It
// fails with a *UniformError that says why uniform boards cannot be drawn,
// ErrNoLargest where Max is Largest and not known, and with the error of a
// table's build.
func PlanLevels(ctx context.Context, p Puzzle, req LevelsRequest) (*LevelPlan, error) {
	size := p.Goal.Size()
	lp := levelsPuzzle(p)
	most, exact := published.MaxDistance(size, p.Metric)
	hi := req.Max
	if hi == Largest {
		if req.Mode == Walk {
			return nil, fmt.Errorf("%w: give the largest distance of random walks", ErrNoLargest)
		}
		hi = max(most, req.Min)
	}
	choice, err := levels.Plan(lp, req.Min, hi, req.N, req.Mode)
	if err != nil {
		return nil, err
	}
	plan := &LevelPlan{How: choice.How, Min: req.Min, Max: hi, lp: lp, req: req}
	switch choice.How {
	case FromTable:
		// A table counts the boards at each distance, for any goal: one is
		// built in a fraction of a second for a small size.
		if lp.Table == nil {
			src, err := buildTable(ctx, p.Goal, p.Metric, req.MaxMemory)
			if err != nil {
				return nil, err
			}
			plan.lp.Table, plan.Computed = src.Table, src.Describe()
		}
		if req.Max == Largest {
			plan.Max = max(plan.lp.Table.Max(), req.Min)
		}
	case Solved:
		if req.Max == Largest && !exact {
			return nil, fmt.Errorf("%w: the largest distance of %s is not known", ErrNoLargest, size)
		}
		plan.Rarity, plan.RarityKnown = choice.Rarity, choice.RarityKnown
	}
	return plan, nil
}

// levelsPuzzle returns p as package levels draws from it, with the way
// to build the table of a size without one: through the catalogue's one
// entry for every build (buildTable).
func levelsPuzzle(p Puzzle) levels.Puzzle {
	return levels.Puzzle{Goal: p.Goal, Metric: p.Metric, Table: p.Table, Solver: p.Solver, Uniform: p.Uniform,
		Build: func(ctx context.Context, maxMemory uint64) (*source.ExactTable, error) {
			src, err := buildTable(ctx, p.Goal, p.Metric, maxMemory)
			if err != nil {
				return nil, err
			}
			return src.Table, nil
		}}
}

// buildTable builds the exact table of goal in the metric m in memory,
// within maxMemory bytes if not 0, through source.BuildSource, the one
// entry of every build, and returns it as the Source that answers (of
// origin Computed). A size whose recipe builds no table fails.
func buildTable(ctx context.Context, goal board.Board, m board.Metric, maxMemory uint64) (*source.Source, error) {
	src, err := source.BuildSource(ctx, goal, m, &source.BuildOptions{MaxMemory: maxMemory})
	if err != nil {
		return nil, err
	}
	if src.Table == nil {
		return nil, fmt.Errorf("%w: the recipe of %s builds a %s, not a table", source.ErrKind, goal.Size(), src.Kind())
	}
	return src, nil
}

// DrawOptions change a draw by solving (Solved), which may take minutes.
// A nil *DrawOptions means the zero value.
type DrawOptions struct {
	// Workers is the number of boards solved at once; 0 means one a core.
	Workers int
	// MaxDraws stops the draw, with ErrNotFound, after that many boards;
	// 0 means no limit but the context's.
	MaxDraws uint64
	// Found, if set, is called with each board kept, in the order drawn,
	// as soon as it is confirmed.
	Found func(Level)
	// Progress, if set, is called after each board is solved.
	Progress func(SearchProgress)
}

// Draw draws the plan's boards with r, which it uses from one goroutine
// and not after it returns. A draw by solving or by walks that stops early
// (ctx ends, or ErrNotFound) returns the boards found with its error.
func (plan *LevelPlan) Draw(ctx context.Context, r *rand.Rand, opts *DrawOptions) ([]Level, error) {
	dopts := &levels.DrawOptions{Mode: plan.req.Mode, MaxMemory: plan.req.MaxMemory}
	if opts != nil {
		dopts.Search = &levels.SearchOptions{Workers: opts.Workers, MaxDraws: opts.MaxDraws, Found: opts.Found, Progress: opts.Progress}
	}
	return levels.Draw(ctx, plan.lp, plan.How, r, plan.Min, plan.Max, plan.req.N, dopts)
}

// CheckMin checks that some board of size lies lo or more moves (of m)
// from the standard goal, as far as that is known without a table: it
// fails with an error wrapping ErrRange that says why not.
func CheckMin(size board.Size, m board.Metric, lo int) error {
	most, exact := published.MaxDistance(size, m)
	_, err := levels.CheckRange(size, lo, max(lo, most), most, exact)
	return err
}
