package levels

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/parallel"
)

// HintSolver is a Solver that also finds every optimal move of a board
// (every move that starts a shortest solution) and its distance;
// *solver.Solver is one.
type HintSolver interface {
	Solver
	Hints(ctx context.Context, b board.Board) ([]uint8, int, error)
}

// NearOptions says which boards MakeNear adds to a pack. A nil
// *NearOptions means the zero value.
type NearOptions struct {
	// Min is the least distance of the boards the pack knows (its
	// levels, and the boards along their solutions) that MakeNear finds
	// boards around.
	Min int
	// Moves is how far around them, in moves: 1 or 2 (0 means
	// NearMoves).
	Moves int
	// Workers is the number of boards solved at once, 0 for one a core;
	// it changes how fast the boards are found, not which.
	Workers int
	// Progress, if set, is called as the hints of each board are found,
	// with the boards done and the boards there are, from one goroutine
	// at a time.
	Progress func(done, total int)
}

// NearMoves is how far around the boards a pack knows MakeNear looks by
// default: two moves, the boards a player reaches by leaving a
// solution and then not coming back at once.
const NearMoves = 2

// MakeNear returns the boards near the levels of pack, for a pack to hold
// beside them (PackEntry.Near): every board within opts.Moves moves of a
// board the pack knows at opts.Min moves from the goal or more (a level,
// or a board along its solution) that the pack does not know yet, with
// its distance, every optimal move (PackEntry.Hints) and an optimal
// solution. A player who leaves a level's solution there gets every
// optimal move at once, where a search would take seconds; taking the
// first of them (the first move of the board's solution) leads along
// boards the pack knows.
//
// Each board's hints and distance come from s (a search, whose lower
// bound should be strong: the boards are far from the goal). Its solution
// takes, where it can, a hint that leads to a board the pack or a board
// found before knows (the boards are taken by distance, closest first), and
// then that board's solution, so that solutions are shared; only where no
// hint leads to one is the rest searched for.
//
// The pack's entries must be of one size and metric, s's, towards the
// standard goal, as ReadPack returns them; entries already marked Near
// are left out, neither known nor looked around. The boards come in the
// order they are found: around each level in the order of pack, along its
// solution, and then by moves. It fails with ctx's error if ctx ends, or
// with s's.
func MakeNear(ctx context.Context, s HintSolver, pack []PackEntry, opts *NearOptions) ([]PackEntry, error) {
	var o NearOptions
	if opts != nil {
		o = *opts
	}
	if o.Moves == 0 {
		o.Moves = NearMoves
	}
	if o.Moves < 1 || o.Moves > NearMoves {
		return nil, fmt.Errorf("%w: boards within %d moves of a pack's: want 1 to %d", ErrRange, o.Moves, NearMoves)
	}
	k, err := knownOf(pack, s.Metric())
	if err != nil {
		return nil, err
	}
	found := k.around(o.Min, o.Moves)
	solved := make([]nearBoard, len(found))
	var mu sync.Mutex
	done := 0
	err = parallel.For(ctx, o.Workers, len(found), func(i int) error {
		hints, d, err := s.Hints(ctx, found[i].b)
		if err != nil {
			return fmt.Errorf("levels: the hints of %s: %w", found[i].b, err)
		}
		if d < found[i].from-o.Moves || d > found[i].from+o.Moves || len(hints) == 0 {
			return fmt.Errorf("levels: %s, within %d moves of a board %d moves from the goal, is %d moves away with hints %v", found[i].b, o.Moves, found[i].from, d, hints)
		}
		hints = slices.Clone(hints)
		slices.Sort(hints)
		solved[i] = nearBoard{b: found[i].b, d: d, hints: hints}
		if o.Progress != nil {
			mu.Lock()
			done++
			o.Progress(done, len(found))
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Solutions, closest boards first, so that a board's hint may lead to
	// a board solved before.
	order := make([]int, len(solved))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return solved[a].d - solved[b].d })
	for _, i := range order {
		if err := k.solve(ctx, s, &solved[i]); err != nil {
			return nil, err
		}
	}
	out := make([]PackEntry, len(solved))
	for i, n := range solved {
		out[i] = PackEntry{Size: k.size.String(), Metric: k.metric.String(), Board: ints(n.b.Cells()), Distance: n.d,
			Solution: ints(n.solution), Hints: ints(n.hints), Near: true}
	}
	return out, nil
}

// nearBoard is a board MakeNear found: its distance, its optimal moves in
// increasing order, and its solution once made.
type nearBoard struct {
	b        board.Board
	d        int
	hints    []uint8
	solution []uint8
}

// known is what a pack knows while MakeNear adds to it: every board on a
// solution, with the rest of that solution from it.
type known struct {
	size   board.Size
	metric board.Metric
	levels []board.Board
	rest   map[board.Board][]uint8
	sols   [][]uint8 // the levels' solutions, as levels
}

// knownOf returns what the levels of pack know, in metric m.
func knownOf(pack []PackEntry, m board.Metric) (*known, error) {
	k := &known{metric: m, rest: map[board.Board][]uint8{}}
	for i, e := range pack {
		if e.Near {
			continue
		}
		size, err := board.ParseSize(e.Size)
		if err != nil {
			return nil, fmt.Errorf("%w: entry %d: %v", ErrPack, i+1, err)
		}
		if k.size == (board.Size{}) {
			k.size = size
		}
		if size != k.size || e.Metric != m.String() {
			return nil, fmt.Errorf("%w: entry %d is of %s in %s moves, not %s in %s moves", ErrPack, i+1, size, e.Metric, k.size, m)
		}
		lv, err := e.Level(size)
		if err != nil {
			return nil, fmt.Errorf("%w: entry %d: %v", ErrPack, i+1, err)
		}
		sol := make([]uint8, len(e.Solution))
		for j, t := range e.Solution {
			sol[j] = uint8(t)
		}
		if err := k.add(lv.Board, sol); err != nil {
			return nil, fmt.Errorf("%w: entry %d: %v", ErrPack, i+1, err)
		}
		k.levels = append(k.levels, lv.Board)
		k.sols = append(k.sols, sol)
	}
	if k.size == (board.Size{}) {
		return nil, fmt.Errorf("%w: no levels", ErrPack)
	}
	return k, nil
}

// add records the boards along sol from b, each with the rest of sol, where
// no solution was recorded for it before.
func (k *known) add(b board.Board, sol []uint8) error {
	for i, t := range sol {
		if _, ok := k.rest[b]; !ok {
			k.rest[b] = sol[i:]
		}
		var err error
		if b, err = b.Play(k.metric, t); err != nil {
			return fmt.Errorf("move %d of a solution: %v", i+1, err)
		}
	}
	if b != board.Goal(k.size) {
		return fmt.Errorf("a solution ends on %s, not the goal", b)
	}
	if _, ok := k.rest[b]; !ok {
		k.rest[b] = nil
	}
	return nil
}

// nearFound is a board around a known one, and the distance of the first
// known board it was found around.
type nearFound struct {
	b    board.Board
	from int
}

// around returns the boards within moves moves of the boards k knows at
// lo moves from the goal or more, along the levels' solutions, that k
// does not know, each once, in the order found.
func (k *known) around(lo, moves int) []nearFound {
	var out []nearFound
	seen := map[board.Board]bool{}
	for i, b := range k.levels {
		sol := k.sols[i]
		for j := 0; j <= len(sol) && len(sol)-j >= lo; j++ {
			from := len(sol) - j
			ring := []board.Board{b}
			for range moves {
				var next []board.Board
				for _, r := range ring {
					for _, t := range movesIn(r, k.metric) {
						n, _ := r.Play(k.metric, t) // a move of r
						if _, ok := k.rest[n]; ok || seen[n] {
							continue
						}
						seen[n] = true
						out = append(out, nearFound{n, from})
						next = append(next, n)
					}
				}
				ring = next
			}
			if j < len(sol) {
				b, _ = b.Play(k.metric, sol[j]) // replayed by knownOf
			}
		}
	}
	return out
}

// solve gives n a solution: a hint that leads to a board k knows, then
// that board's solution, or else one searched for by s; it records the
// boards along it.
func (k *known) solve(ctx context.Context, s HintSolver, n *nearBoard) error {
	for _, t := range n.hints {
		next, err := n.b.Play(k.metric, t)
		if err != nil {
			return fmt.Errorf("levels: the hint %d of %s: %w", t, n.b, err)
		}
		if rest, ok := k.rest[next]; ok {
			if len(rest) != n.d-1 {
				return fmt.Errorf("levels: the hint %d takes %s, %d moves from the goal, to a board %d moves away", t, n.b, n.d, len(rest))
			}
			n.solution = append([]uint8{t}, rest...)
			return k.add(n.b, n.solution)
		}
	}
	t := n.hints[0]
	next, _ := n.b.Play(k.metric, t) // played above
	rest, within, err := s.Within(ctx, next, n.d-1)
	if err == nil && (!within || len(rest) != n.d-1) {
		err = fmt.Errorf("no solution of %d moves, but %d", n.d-1, len(rest))
	}
	if err != nil {
		return fmt.Errorf("levels: a solution of %s after its hint %d: %w", n.b, t, err)
	}
	n.solution = append([]uint8{t}, rest...)
	return k.add(n.b, n.solution)
}
