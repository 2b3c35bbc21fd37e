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
	cells := make([]uint8, n)
	lines := make([][]int, n)
	for z := range n {
		lines[z] = targets(size, z, metric)
	}
	for d, found := uint8(0), true; found; d++ {
		found = false
		for i, di := range depth {
			if di != d {
				continue
			}
			rank.Unindex(uint64(i), cells)
			z := 0
			for cells[z] != 0 {
				z++
			}
			for _, t := range lines[z] {
				// The blank moves to t: the tiles between slide one cell
				// towards z.
				board.SlideCells(cells, size.W, z, t)
				if j := rank.Index(cells); depth[j] == Unreached {
					depth[j] = d + 1
					found = true
				}
				board.SlideCells(cells, size.W, t, z)
			}
		}
	}
	return depth
}

// targets returns the cells the blank in z can move to in the metric.
func targets(size board.Size, z int, metric board.Metric) []int {
	if metric == board.MultiTile {
		return size.Line(z)
	}
	cells, k := size.Neighbours(z)
	return cells[:k]
}
