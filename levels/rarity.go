package levels

import (
	"fmt"
	"math"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/rank"
)

// RareFraction is the fraction of the uniform boards of a size below which
// a range of distances counts as rare: Search would draw more than a
// thousand boards for each it keeps.
const RareFraction = 1e-3

// Rarity is how often a uniform board that reaches a goal lies in a range
// of distances from it, as far as it is known without solving boards.
type Rarity struct {
	// Fraction is the fraction of the boards that reach the goal whose
	// distance is in the range, or, if Bound, at most that.
	Fraction float64
	// Bound says that Fraction is only an upper bound.
	Bound bool
	// Basis says what Fraction rests on, for a message: "by the
	// published distribution", "by the distribution of the 4x3 table",
	// "by counting the walks of the blank of up to 30 moves".
	Basis string
}

// Rare reports whether r.Fraction is below RareFraction.
func (r Rarity) Rare() bool { return r.Fraction < RareFraction }

// RarityOf returns how often uniform boards lie lo to hi moves from goal
// in the metric m, and false if nothing is known of it. It knows:
//
//   - the whole distribution of a size where package published holds it
//     (4x4 in both metrics, published; the 12-cell sizes in single-tile
//     moves, counted by this module's search; every size of up to 12
//     cells in multi-tile moves, published), for every goal whose blank
//     is in a corner: relabelling the tiles, and turning or mirroring the
//     board, take such a goal to the standard one and keep every
//     distance;
//   - for every size and goal, an upper bound on the boards at most hi
//     moves away: each is reached by a walk of at most hi moves that
//     never undoes or, in the multi-tile metric, extends the move before,
//     and such walks are counted exactly.
//
// The bound makes ranges near the goal of large boards (5x5 within 30
// moves, say) known to be rare; far ranges of sizes without a
// distribution are not known.
func RarityOf(goal board.Board, m board.Metric, lo, hi int) (Rarity, bool) {
	if goal.IsZero() || lo > hi || hi < 0 {
		return Rarity{}, false
	}
	size := goal.Size()
	lo = max(lo, 0)
	if d, ok := published.DistributionOf(size, m); ok && corner(size, goal.Blank()) {
		basis := "by the published distribution"
		if d.Counted {
			basis = "by the distribution of the " + size.String() + " table"
		}
		var in, all uint64
		for dist, c := range d.Counts {
			all += c
			if dist >= lo && dist <= hi {
				in += c
			}
		}
		return Rarity{Fraction: float64(in) / float64(all), Basis: basis}, true
	}
	if f := walkBound(goal, m, hi); f < 1 {
		return Rarity{Fraction: f, Bound: true, Basis: fmt.Sprintf("by counting the walks of the blank of up to %d moves", hi)}, true
	}
	return Rarity{}, false
}

// corner reports whether cell is a corner of a board of size.
func corner(size board.Size, cell int) bool {
	r, c := cell/size.W, cell%size.W
	return (r == 0 || r == size.H-1) && (c == 0 || c == size.W-1)
}

// walkBound returns an upper bound on the fraction of the boards that
// reach goal that are at most hi moves from it in the metric m: the
// number of walks of the blank from its cell, of 0 to hi moves, that never
// undo the move before (in the multi-tile metric, whose moves take the
// blank to any cell of its row or column, never along the line of the
// move before: two such moves make one, or none), over the number of
// boards that reach the goal (n!/2). Every board d moves away is the end
// of a shortest path, which is such a walk of d moves. It returns 1 or
// more when the bound says nothing.
func walkBound(goal board.Board, m board.Metric, hi int) float64 {
	size := goal.Size()
	n := size.Cells()
	var boards float64
	if n <= rank.MaxLen {
		boards = float64(rank.Factorial(n) / 2)
	} else {
		boards = math.Gamma(float64(n)+1) / 2
	}
	// ways[from*n+to]: the walks so far that end with the move from -> to.
	ways := make([]float64, n*n)
	next := make([]float64, n*n)
	start := goal.Blank()
	total := 1.0 // the goal itself
	for _, to := range steps(size, m, start) {
		ways[start*n+to] = 1
		total++
	}
	for moves := 2; moves <= hi && total < boards; moves++ {
		clear(next)
		for from := range n {
			for _, mid := range steps(size, m, from) {
				w := ways[from*n+mid]
				if w == 0 {
					continue
				}
				for _, to := range steps(size, m, mid) {
					if !wasted(size, m, from, mid, to) {
						next[mid*n+to] += w
						total += w
					}
				}
			}
		}
		ways, next = next, ways
	}
	return total / boards
}

// steps returns the cells the blank at z goes to in one move of m: its
// neighbours, or every other cell of its row and column.
func steps(size board.Size, m board.Metric, z int) []int {
	if m == board.MultiTile {
		return size.Line(z)
	}
	cells, k := size.Neighbours(z)
	return cells[:k]
}

// wasted reports whether the move mid -> to of the blank is one a shortest
// walk does not make after from -> mid: the move back, or, in the
// multi-tile metric, any move along the same line.
func wasted(size board.Size, m board.Metric, from, mid, to int) bool {
	if m != board.MultiTile {
		return to == from
	}
	sameRow := func(a, b int) bool { return a/size.W == b/size.W }
	return sameRow(from, mid) == sameRow(mid, to)
}
