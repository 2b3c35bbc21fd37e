package reference

import "github.com/slidetable/slidetable/board"

// The moves of a board, written out from the rules in rows and columns, so
// that the reference shares no move code with what it checks (package
// board's Moves, Move, Taps, Tap and SlideCells; the searches of bfs, the
// walk of table).

// ways are the four directions in which a tile can be found from the
// blank, as a step in rows and a step in columns: up, down, left, right.
var ways = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// eachNeighbour calls visit with the cells, in reading order, of every
// board one move in metric from the board whose cells are cells, on a
// board w cells wide: for each direction from the blank and each k from 1
// (single-tile metric: k = 1 only) to the edge of the board, the board in
// which the tile k cells from the blank has been tapped, so that it and
// the k-1 tiles between it and the blank have each slid one cell towards
// the blank, which ends in the tapped tile's cell. visit's argument is
// next, overwritten for each board; cells is not changed.
func eachNeighbour(cells, next []uint8, w int, metric board.Metric, visit func(next []uint8)) {
	h := len(cells) / w
	z := 0
	for cells[z] != 0 {
		z++
	}
	row, col := z/w, z%w
	longest := 1
	if metric == board.MultiTile {
		longest = max(w, h)
	}
	// cell returns the cell j steps from the blank in direction way.
	cell := func(way [2]int, j int) int { return (row+j*way[0])*w + col + j*way[1] }
	for _, way := range ways {
		for k := 1; k <= longest; k++ {
			r, c := row+k*way[0], col+k*way[1]
			if r < 0 || r >= h || c < 0 || c >= w {
				break
			}
			copy(next, cells)
			for j := 1; j <= k; j++ {
				next[cell(way, j-1)] = cells[cell(way, j)]
			}
			next[cell(way, k)] = 0
			visit(next)
		}
	}
}
