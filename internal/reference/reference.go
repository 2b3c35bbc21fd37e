package reference

import "github.com/slidetable/slidetable/board"

// Distances returns the distance from goal of every board that can reach it,
// found by a plain queue-and-map breadth-first search.
func Distances(goal board.Board) map[board.Board]int {
	dist := map[board.Board]int{goal: 0}
	queue := []board.Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, t := range b.Moves() {
			next, err := b.Move(t)
			if err != nil {
				panic(err)
			}
			if _, seen := dist[next]; !seen {
				dist[next] = dist[b] + 1
				queue = append(queue, next)
			}
		}
	}
	return dist
}
