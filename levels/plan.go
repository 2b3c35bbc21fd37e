package levels

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/table"
)

// Puzzle is what boards are drawn from: a goal, what counts as a move,
// and what knows the distances: the exact table of the size, or a solver.
type Puzzle struct {
	Goal   board.Board
	Metric board.Metric
	// Table is the exact table of the size towards Goal in Metric, or nil.
	Table *table.Table
	// Build, if set, builds the exact table of the size towards Goal in
	// Metric, within maxMemory bytes if not 0, where Table is nil and the
	// table is to be drawn from (FromTable): how the caller builds its
	// files (source.BuildSource, handed down by package game). Without
	// it, the table is built with package table (table.Build).
	Build func(ctx context.Context, maxMemory uint64) (*table.Table, error)
	// Solver finds exact distances where there is no table, in Metric.
	Solver Solver
	// Uniform says that Solver solves uniform boards of the size in
	// reasonable time (a search guided by a pattern or abstraction
	// database, or a size of up to MaxSearchCells cells in single-tile
	// moves); without it, boards are found by random walks only.
	Uniform bool
}

// How is a way of drawing boards at exact distances.
type How int

// The ways Plan chooses among.
const (
	// FromTable draws uniformly from the exact table (Sample), one built
	// in memory for a size of up to SmallCells cells without one.
	FromTable How = iota + 1
	// Hardest returns published boards at the size's largest distance
	// (published.HardestOf), all of which are that far.
	Hardest
	// Solved draws uniform boards and keeps those whose exact distance is
	// in range (Search).
	Solved
	// Walked keeps the ends of random walks from the goal whose exact
	// distance is in range (WalksWith): exact, but not uniform.
	Walked
)

// String returns "table", "hardest", "solved" or "walked".
func (h How) String() string {
	switch h {
	case FromTable:
		return "table"
	case Hardest:
		return "hardest"
	case Solved:
		return "solved"
	case Walked:
		return "walked"
	}
	return fmt.Sprintf("How(%d)", int(h))
}

// Bounds of the ways of drawing.
const (
	// SmallCells is the most cells of a size without a table for which
	// Draw builds one in memory (table.QuickCells: 10 cells in 0.2 s),
	// rather than solve.
	SmallCells = table.QuickCells
	// MaxSearchCells is the most cells of a size whose uniform boards an
	// exact search solves in seconds or less (4x4 with a database);
	// random boards of 18 cells and more are out of reach.
	MaxSearchCells = 16
	// HopelessDraws is the most boards Plan lets a draw expect to solve:
	// beyond it, no time limit would see the end.
	HopelessDraws = 1e9
)

// Choice is what Plan decides: how the boards are drawn and, for boards
// Solved, how rare the range is among uniform boards, where that is known
// (RarityKnown).
type Choice struct {
	How         How
	Rarity      Rarity
	RarityKnown bool
}

// Plan decides how to draw n boards lo to hi moves from p's goal, in the
// mode asked (Auto, Exact or Filter: see Sample; WalkMode for random
// walks), where lo and hi are a range CheckRange accepts:
//
//   - with a table, or for a size of up to SmallCells cells, FromTable;
//   - a range starting at a published largest distance (4x4, 80 moves),
//     Hardest;
//   - otherwise uniform boards solved (Solved), for a size of at most
//     MaxSearchCells cells, unless the range is so rare that about
//     HopelessDraws boards would have to be solved for n, or, in Auto
//     mode, rarer than RareFraction (see RarityOf), and if p.Uniform;
//   - random walks (Walked) when asked for with WalkMode.
//
// What cannot be drawn uniformly fails with a *UniformError, which says
// why: a caller that is content with exact distances from random walks,
// as a game may be, draws with Walked instead.
func Plan(p Puzzle, lo, hi, n int, mode Mode) (Choice, error) {
	size := p.Goal.Size()
	switch {
	case mode == WalkMode:
		return Choice{How: Walked}, nil
	case p.Table != nil || size.Cells() <= SmallCells:
		return Choice{How: FromTable}, nil
	case mode == Exact:
		return Choice{}, &UniformError{Reason: NeedsTable, Size: size, Metric: p.Metric}
	}
	if h, ok := published.HardestOf(size); ok && p.Metric == board.SingleTile && lo >= h.Distance && p.Goal == board.Goal(size) {
		return Choice{How: Hardest}, nil
	}
	if size.Cells() > MaxSearchCells {
		return Choice{}, &UniformError{Reason: OutOfReach, Size: size, Metric: p.Metric}
	}
	r, known := RarityOf(p.Goal, p.Metric, lo, hi)
	switch {
	case known && float64(n) > HopelessDraws*r.Fraction:
		return Choice{}, &UniformError{Reason: Hopeless, Size: size, Metric: p.Metric, Min: lo, Max: hi, Rarity: r, Solves: float64(n) / r.Fraction}
	case known && r.Rare() && mode == Auto:
		return Choice{}, &UniformError{Reason: TooRare, Size: size, Metric: p.Metric, Min: lo, Max: hi, Rarity: r}
	case !p.Uniform:
		return Choice{}, &UniformError{Reason: OutOfReach, Size: size, Metric: p.Metric}
	}
	return Choice{How: Solved, Rarity: r, RarityKnown: known}, nil
}

// WalkMode asks Plan for random walks (Walked): exact distances, boards
// not uniform.
const WalkMode Mode = -1

// ErrUniform reports boards that cannot be drawn uniformly at the range
// asked for; see UniformError.
var ErrUniform = failure.New(failure.Input, "levels: no uniform boards at these distances")

// UniformReason is why Plan cannot draw uniform boards.
type UniformReason int

// The reasons of a UniformError.
const (
	// NeedsTable: Exact mode without a table.
	NeedsTable UniformReason = iota + 1
	// OutOfReach: the size's uniform boards are out of reach of its
	// solver (too many cells, or a search with no database).
	OutOfReach
	// TooRare: in Auto mode, a range uniform boards almost never hit.
	TooRare
	// Hopeless: so rare that about Solves boards would have to be solved.
	Hopeless
)

// UniformError is the error of Plan for boards it cannot draw uniformly.
// It wraps ErrUniform.
type UniformError struct {
	Reason UniformReason
	Size   board.Size
	Metric board.Metric
	// Min and Max are the range asked for, for TooRare and Hopeless.
	Min, Max int
	Rarity   Rarity  // for TooRare and Hopeless
	Solves   float64 // for Hopeless: the boards that would be solved
}

func (e *UniformError) Error() string {
	switch e.Reason {
	case NeedsTable:
		return fmt.Sprintf("exact draws need a table, and there is none for %s", e.Size)
	case OutOfReach:
		return fmt.Sprintf("uniform %s boards are out of reach of an exact search here", e.Size)
	case TooRare:
		return fmt.Sprintf("%s boards at these distances are %s of all, too rare to draw uniformly", e.Size, e.Rarity.Basis)
	}
	return fmt.Sprintf("about %.2g %s boards would have to be solved", e.Solves, e.Size)
}

// Unwrap returns ErrUniform.
func (e *UniformError) Unwrap() error { return ErrUniform }

// DrawOptions changes how Draw works. A nil *DrawOptions means the zero
// value.
type DrawOptions struct {
	// Mode is the mode of a draw FromTable (see Sample).
	Mode Mode
	// MaxMemory bounds the table Draw builds FromTable for a small size
	// without one (bfs.Options.MaxMemory); 0 means the default, half the
	// physical memory.
	MaxMemory uint64
	// Search configures a draw by solving (Search).
	Search *SearchOptions
}

// Draw draws n boards lo to hi moves from p's goal in the way how (of
// Plan), with the errors of Sample, Search and WalksWith. It uses r from
// one goroutine and not after it returns.
func Draw(ctx context.Context, p Puzzle, how How, r *rand.Rand, lo, hi, n int, opts *DrawOptions) ([]Level, error) {
	if opts == nil {
		opts = &DrawOptions{}
	}
	switch how {
	case FromTable:
		t, err := TableOf(ctx, p, opts.MaxMemory)
		if err != nil {
			return nil, err
		}
		return Sample(ctx, r, t, lo, hi, n, &Options{Mode: opts.Mode})
	case Hardest:
		// min(n, all) of them, drawn uniformly, in random order.
		h, _ := published.HardestOf(p.Goal.Size())
		order := r.Perm(len(h.Boards))
		out := make([]Level, min(n, len(h.Boards)))
		for i := range out {
			out[i] = Level{Board: h.Boards[order[i]], Distance: h.Distance}
		}
		return out, nil
	case Solved:
		return Search(ctx, p.Solver, r, p.Goal, lo, hi, n, opts.Search)
	case Walked:
		return WalksWith(ctx, p.Solver, r, p.Goal, lo, hi, n)
	}
	return nil, fmt.Errorf("levels: unknown way of drawing %v", how)
}

// TableOf returns the table boards are drawn from FromTable: p.Table, or
// for a size without one a table built in memory (p.Build, or
// table.Build, within maxMemory bytes if not 0), which counts the boards
// at every distance.
func TableOf(ctx context.Context, p Puzzle, maxMemory uint64) (*table.Table, error) {
	switch {
	case p.Table != nil:
		return p.Table, nil
	case p.Build != nil:
		return p.Build(ctx, maxMemory)
	}
	return table.Build(ctx, p.Goal, &bfs.Options{MaxMemory: maxMemory, Metric: p.Metric})
}
