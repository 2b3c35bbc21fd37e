package reference

import "github.com/slidetable/slidetable/board"

// Distances returns the distance from goal of every board that can reach it,
// found by a plain queue-and-map breadth-first search, in single-tile moves.
func Distances(goal board.Board) map[board.Board]int {
	return DistancesIn(goal, board.SingleTile)
}

// DistancesIn is Distances in the given metric: in the multi-tile metric a
// board's neighbours are the boards its taps lead to (see eachNeighbour).
func DistancesIn(goal board.Board, metric board.Metric) map[board.Board]int {
	return DistancesWithin(goal, metric, -1)
}

// DistancesWithin is DistancesIn for the boards at most depth moves from
// goal (every board, if depth is negative): the search stops after that
// level, for boards too large to search whole.
func DistancesWithin(goal board.Board, metric board.Metric, depth int) map[board.Board]int {
	dist := map[board.Board]int{goal: 0}
	queue := []board.Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if dist[b] == depth {
			continue
		}
		for _, next := range neighbours(b, metric) {
			if _, seen := dist[next]; !seen {
				dist[next] = dist[b] + 1
				queue = append(queue, next)
			}
		}
	}
	return dist
}
