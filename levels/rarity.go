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

// RarityOf returns how often uniform boards lie lo to hi moves from goal,
// and false if nothing is known of it. It knows:
//
//   - the whole distribution of a size, published (4x4: package
//     published) or counted by this module's breadth-first search (the
//     12-cell sizes, which have no built-in table), for every goal whose
//     blank is in a corner: relabelling the tiles, and turning or
//     mirroring the board, take such a goal to the standard one and keep
//     every distance;
//   - for every size and goal, an upper bound on the boards at most hi
//     moves away: each is reached by a walk of the blank of at most hi
//     moves that never undoes a move, and such walks are counted exactly.
//
// The bound makes ranges near the goal of large boards (5x5 within 30
// moves, say) known to be rare; far ranges of sizes without a
// distribution are not known.
func RarityOf(goal board.Board, lo, hi int) (Rarity, bool) {
	if goal.IsZero() || lo > hi || hi < 0 {
		return Rarity{}, false
	}
	size := goal.Size()
	lo = max(lo, 0)
	if counts, basis, ok := distribution(size); ok && corner(size, goal.Blank()) {
		var in, all uint64
		for d, c := range counts {
			all += c
			if d >= lo && d <= hi {
				in += c
			}
		}
		return Rarity{Fraction: float64(in) / float64(all), Basis: basis}, true
	}
	if f := walkBound(goal, hi); f < 1 {
		return Rarity{Fraction: f, Bound: true, Basis: fmt.Sprintf("by counting the walks of the blank of up to %d moves", hi)}, true
	}
	return Rarity{}, false
}

// Rare reports whether fewer than RareFraction of the uniform boards of
// size lie lo to hi moves from the standard goal (see RarityOf), and
// returns that fraction, or an upper bound of it: for 4x4, ranges that end
// below 34 moves, or start above 67. Walks finds near boards quickly,
// though not uniformly. If nothing is known, it reports false and a
// fraction of -1.
func Rare(size board.Size, lo, hi int) (bool, float64) {
	if size.Validate() != nil {
		return false, -1
	}
	r, ok := RarityOf(board.Goal(size), lo, hi)
	if !ok {
		return false, -1
	}
	return r.Rare(), r.Fraction
}

// distribution returns the number of boards at each distance from the
// standard goal of size, where it is known, and what it rests on.
func distribution(size board.Size) ([]uint64, string, bool) {
	if d, ok := published.DistributionOf(size); ok {
		return d.Counts, "by the published distribution", true
	}
	if c, ok := counted[size]; ok {
		return c, "by the distribution of the " + size.String() + " table", true
	}
	return nil, "", false
}

// corner reports whether cell is a corner of a board of size.
func corner(size board.Size, cell int) bool {
	r, c := cell/size.W, cell%size.W
	return (r == 0 || r == size.H-1) && (c == 0 || c == size.W-1)
}

// walkBound returns an upper bound on the fraction of the boards that
// reach goal that are at most hi moves from it: the number of walks of
// the blank from its cell, of 0 to hi moves, that never undo the move
// before, over the number of boards that reach the goal (n!/2). Every
// board d moves away is the end of a shortest path, which is such a walk
// of d moves. It returns 1 or more when the bound says nothing.
func walkBound(goal board.Board, hi int) float64 {
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
	cells, k := size.Neighbours(start)
	for _, to := range cells[:k] {
		ways[start*n+to] = 1
		total++
	}
	for moves := 2; moves <= hi && total < boards; moves++ {
		clear(next)
		for from := range n {
			mids, k := size.Neighbours(from)
			for _, mid := range mids[:k] {
				w := ways[from*n+mid]
				if w == 0 {
					continue
				}
				tos, k := size.Neighbours(mid)
				for _, to := range tos[:k] {
					if to != from { // not undoing the move before
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
