package reference

import (
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// Unreached is the depth Scan gives a board that cannot reach the goal.
const Unreached = 0xFF

// Scan returns the distance from goal in the metric of every board of its
// size, indexed by rank.Index, or Unreached: a plain breadth-first search
// with one byte a board, that finds each level's boards by scanning all of
// them and ranks every neighbour from scratch. It is the baseline the fast
// search is measured against, and its reference where a map would not fit
// (it takes n! bytes: 479 MB for 12 cells).
func Scan(goal board.Board, metric board.Metric) []uint8 {
	n := goal.Len()
	size := goal.Size()
	depth := make([]uint8, rank.Factorial(n))
	for i := range depth {
		depth[i] = Unreached
	}
	depth[rank.Index(goal.CellString())] = 0
	cells, next := make([]uint8, n), make([]uint8, n)
	for d, found := uint8(0), true; found; d++ {
		found = false
		for i, di := range depth {
			if di != d {
				continue
			}
			rank.Unindex(uint64(i), cells)
			eachNeighbour(cells, next, size.W, metric, func(next []uint8) {
				if j := rank.Index(next); depth[j] == Unreached {
					depth[j] = d + 1
					found = true
				}
			})
		}
	}
	return depth
}
