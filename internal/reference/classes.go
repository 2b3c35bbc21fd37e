package reference

import "github.com/slidetable/slidetable/board"

// ClassDistances returns the distance, in multi-tile moves, of every
// arrangement of classes that can reach goal, found by a plain
// queue-and-map breadth-first search: an arrangement is the class of each
// cell of a board of size in reading order, 0 for the blank's cell, held as
// a string of one byte a cell; its neighbours are those a multi-tile move
// makes, the blank going to another cell of its row or column and the
// classes between sliding one cell towards where it was.
func ClassDistances(size board.Size, goal []uint8) map[string]int {
	start := string(goal)
	dist := map[string]int{start: 0}
	queue := []string{start}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, next := range classNeighbours(size, a) {
			if _, seen := dist[next]; !seen {
				dist[next] = dist[a] + 1
				queue = append(queue, next)
			}
		}
	}
	return dist
}

// classNeighbours returns the arrangements one multi-tile move from a,
// each made by swapping the blank with the next cell towards its target,
// one cell at a time.
func classNeighbours(size board.Size, a string) []string {
	w, h := size.W, size.H
	z := 0
	for a[z] != 0 {
		z++
	}
	row, col := z/w, z%w
	var out []string
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		cells := []byte(a)
		r, c := row, col
		for {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nr >= h || nc < 0 || nc >= w {
				break
			}
			cells[r*w+c], cells[nr*w+nc] = cells[nr*w+nc], cells[r*w+c]
			r, c = nr, nc
			out = append(out, string(cells))
		}
	}
	return out
}
