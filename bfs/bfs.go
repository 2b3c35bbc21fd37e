package bfs

import (
	"context"
	"fmt"
	"runtime"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/rank"
)

// MaxCells is the largest board, in cells, Run accepts before looking at
// memory: a 3x4 board has 12.
const MaxCells = 12

// Unreached is the depth recorded for a slot whose boards were not reached.
const Unreached = 0xFF

// MaxDepth is the largest distance Run can record. No board of up to
// MaxCells cells is that far from any goal (the largest distance on a 2x6
// board is 80); a search that gets there stops with ErrDepth.
const MaxDepth = 125

var (
	// ErrTooLarge reports a board with too many states to search in memory.
	ErrTooLarge = failure.New(failure.Input, "bfs: board too large")
	// ErrMemory reports a search that needs more memory than allowed.
	ErrMemory = failure.New(failure.Memory, "bfs: not enough memory allowed")
	// ErrPairReached reports that both boards of a slot were reached, so the
	// halved depth table cannot hold the result.
	ErrPairReached = failure.New(failure.Internal, "bfs: both boards of a slot reached")
	// ErrDepth reports a search that went deeper than MaxDepth.
	ErrDepth = failure.New(failure.Internal, "bfs: distance too large")
)

// Options configures Run. A nil *Options means the defaults.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	// Either is capped at MaxWorkers. Boards of up to 9 cells are searched
	// by one goroutine: at that size sharing the work costs more than it
	// saves.
	Workers int
	// MaxMemory is the most bytes the search may allocate; 0 means the
	// default, half the physical memory (or of the address space the
	// process may use, if less), as everywhere in this module.
	MaxMemory uint64
	// Progress, if set, is called after each level from Run's goroutine.
	Progress func(Progress)
	// Metric is what counts as one move; the zero value is
	// board.SingleTile.
	Metric board.Metric
}

// Progress describes the search after a level.
type Progress struct {
	Depth   int    // the level just finished
	Found   uint64 // boards found at Depth
	Visited uint64 // boards found so far, at all depths
	Slots   uint64 // slots in the depth table, n!/2
}

// Memory returns the most bytes Run holds at once for a board of the given
// size with the default number of workers. Boards of more than 9 cells
// need 4 bytes for each group of n slots and 5 bits for each row of a
// group (120 to 155 MB for 12 cells), the workers' batches and the tables
// of moves, a few megabytes; boards of up to 9 cells two bytes a slot (n!/2
// slots), a bit a board (n! boards) and up to 1 MB of tables. Result's
// Expand allocates the depth table and the reachable set besides. It
// returns false if the size is not a board of at most MaxCells cells.
func Memory(size board.Size) (uint64, bool) {
	return memory(size, workers(0), board.SingleTile)
}

// MaxWorkers is the most goroutines a search runs, whatever Options.Workers
// or GOMAXPROCS say: each worker keeps a batch for every other, and a
// block of the search names its owner in a byte.
const MaxWorkers = 256

// workers returns the goroutines of a search asked for n (0: one a core),
// at most MaxWorkers.
func workers(n int) int {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return min(n, MaxWorkers)
}

func memory(size board.Size, workers int, metric board.Metric) (uint64, bool) {
	n := size.Cells()
	if n > MaxCells || size.W < 2 || size.H < 2 {
		return 0, false
	}
	if metric == board.MultiTile {
		return packedMemory(size, workers, metric), true
	}
	slots := rank.Factorial(n) / 2
	if n <= smallCells {
		// The slot bytes, the depth table, the reachable set, the
		// frontier and the tables of moves.
		return 2*slots + (2*slots+63)/64*8 + (slots/64+uint64(n))*8 + smallTableMemory, true
	}
	return packedMemory(size, workers, metric), true
}

// Run searches from goal and returns the distance of every board that can
// reach it.
func Run(ctx context.Context, goal board.Board, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	size := goal.Size()
	if goal.IsZero() {
		return nil, fmt.Errorf("%w: no goal board", board.ErrSize)
	}
	workers := workers(opts.Workers)
	if !opts.Metric.Valid() {
		return nil, fmt.Errorf("%w %d", board.ErrMetric, opts.Metric)
	}
	need, ok := memory(size, workers, opts.Metric)
	if !ok {
		return nil, tooLarge(size)
	}
	if limit := mem.Limit(opts.MaxMemory); need > limit {
		return nil, fmt.Errorf("%w: %s needs %s, the limit is %s", ErrMemory, size, human.Bytes(need), human.Bytes(limit))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if size.Cells() <= smallCells && opts.Metric == board.SingleTile {
		return levels(ctx, newSmall(goal), goal, opts.Progress)
	}
	return levels(ctx, newPacked(goal, workers, opts.Metric), goal, opts.Progress)
}

// stepper is a search that goes a level at a time: the packed search, or
// the one for small boards.
type stepper interface {
	// level expands the boards at depth d and returns how many it found
	// at depth d+1.
	level(ctx context.Context, d int) (uint64, error)
	// finish puts the depths and the reachable set into r.
	finish(r *Result)
}

// metricOf returns the metric of a search.
func metricOf(st stepper) board.Metric {
	if s, ok := st.(*psearch); ok && s.multi != nil {
		return board.MultiTile
	}
	return board.SingleTile
}

// levels runs st level by level until a level finds nothing.
func levels(ctx context.Context, st stepper, goal board.Board, progress func(Progress)) (*Result, error) {
	slots := rank.Factorial(goal.Len()) / 2
	counts := []uint64{1}
	visited := uint64(1)
	if progress != nil {
		progress(Progress{Depth: 0, Found: 1, Visited: 1, Slots: slots})
	}
	for d := 0; ; d++ {
		if d+1 > MaxDepth {
			return nil, fmt.Errorf("%w: boards beyond distance %d", ErrDepth, MaxDepth)
		}
		found, err := st.level(ctx, d)
		if err != nil {
			return nil, err
		}
		if found == 0 {
			break
		}
		counts = append(counts, found)
		visited += found
		if progress != nil {
			progress(Progress{Depth: d + 1, Found: found, Visited: visited, Slots: slots})
		}
	}
	r := &Result{Goal: goal, Counts: counts, slots: slots, Metric: metricOf(st)}
	st.finish(r)
	return r, nil
}

func pairReached(depth int) error {
	return fmt.Errorf("%w at depth %d", ErrPairReached, depth)
}

func tooLarge(size board.Size) error {
	n := size.Cells()
	const advice = "a table holds every board in memory; boards above %d cells need an optimal solver such as IDA* with a pattern database instead"
	if n <= rank.MaxLen {
		reachable := rank.Factorial(n) / 2
		return fmt.Errorf("%w: %s has %s reachable boards (%s), which would take %s even at half a byte a board; "+advice,
			ErrTooLarge, size, human.Group(reachable), human.Words(reachable), human.Bytes(reachable/2), MaxCells)
	}
	return fmt.Errorf("%w: %s has %d!/2 reachable boards; "+advice, ErrTooLarge, size, n, MaxCells)
}
