package reference

import (
	"sync"

	"github.com/slidetable/slidetable/board"
)

// Distances returns the distance from goal of every board that can reach it,
// found by a plain queue-and-map breadth-first search, in single-tile moves.
// The map may be shared with other callers (see DistancesWithin): it must
// not be changed.
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
//
// A test binary asks for the same small boards' distances many times (a
// whole 3x3 search takes a few tenths of a second), so the search of a
// board of at most memoCells cells is made once a process, and every
// caller asking the same question gets the same map, which none may
// change; a larger board's map, of millions of boards, is searched anew
// each time rather than kept.
func DistancesWithin(goal board.Board, metric board.Metric, depth int) map[board.Board]int {
	if goal.Len() > memoCells {
		return search(goal, metric, depth)
	}
	k := memoKey{goal, metric, depth}
	memo.Lock()
	e := memo.m[k]
	if e == nil {
		e = new(memoEntry)
		if memo.m == nil {
			memo.m = map[memoKey]*memoEntry{}
		}
		memo.m[k] = e
	}
	memo.Unlock()
	e.once.Do(func() { e.dist = search(goal, metric, depth) })
	return e.dist
}

// memoCells is the most cells of a board whose searches DistancesWithin
// keeps: 9 cells, 181,440 boards in a map of some 20 MB.
const memoCells = 9

// memo holds the searches of DistancesWithin made so far, each made once
// (its entry's once) even when tests running in parallel ask for it at
// the same time.
var memo struct {
	sync.Mutex
	m map[memoKey]*memoEntry
}

type memoKey struct {
	goal   board.Board
	metric board.Metric
	depth  int
}

type memoEntry struct {
	once sync.Once
	dist map[board.Board]int
}

// search is the plain breadth-first search of DistancesWithin. It keeps
// the boards it has seen as their cells in a string, and makes them boards
// (checked by board.New) once, at the end.
func search(goal board.Board, metric board.Metric, depth int) map[board.Board]int {
	type queued struct {
		cells string
		dist  int
	}
	seen := map[string]int{goal.CellString(): 0}
	queue := []queued{{goal.CellString(), 0}}
	cells, next := make([]uint8, goal.Len()), make([]uint8, goal.Len())
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		if q.dist == depth {
			continue
		}
		copy(cells, q.cells)
		eachNeighbour(cells, next, goal.Size().W, metric, func(next []uint8) {
			if _, ok := seen[string(next)]; !ok {
				k := string(next)
				seen[k] = q.dist + 1
				queue = append(queue, queued{k, q.dist + 1})
			}
		})
	}
	dist := make(map[board.Board]int, len(seen))
	for k, d := range seen {
		b, err := board.New(goal.Size(), []uint8(k))
		if err != nil {
			panic(err) // a move made something other than a board
		}
		dist[b] = d
	}
	return dist
}
