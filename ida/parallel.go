package ida

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/slidetable/slidetable/board"
)

// A search of one board on several goroutines splits each costly
// iteration at the nodes a few moves from the start (tasks, in the order
// the sequential search meets them) and lets the workers take them in that
// order. Each worker keeps its own board and evaluator set on the start,
// plays a task's moves, searches below it as the sequential search does,
// and takes the moves back. A solution in a task stops the tasks after it
// and the iteration ends when those before it are done, so the solution
// is the one the sequential search finds: the first in its order. For
// Hints, a solution in a task stops the other tasks of its first move.

// parallelNodes is how many nodes an iteration must have generated for the
// next one, about three times as costly in the multi-tile metric and
// more in the single-tile one, to be split among workers.
var parallelNodes uint64 = 1 << 16

// minTasks is how many tasks a split aims at for each worker.
const minTasks = 32

// errStopped ends a task the iteration no longer needs.
var errStopped = errors.New("ida: task stopped")

// task is a node a few moves from the start: the blank's cells along the
// way (the start's first), the line of the last move (multi-tile metric)
// and the first move's index among the start's moves.
type task struct {
	cells []int
	line  int
	first int
}

// WithWorkers returns a searcher like s that searches each board on up to
// workers goroutines (0 for runtime.GOMAXPROCS(0)) once an iteration is
// costly enough to share; it finds the same solutions and hints as s.
//
// Concurrent searches of the searcher share the workers: a search counts
// as one while it runs, and splits an iteration among as many more as
// the others leave idle, so that searches of a batch, one a core, each
// run on one goroutine, and the last of them take the cores the others
// have left.
func (s *Searcher) WithWorkers(workers int) *Searcher {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	c := *s
	c.workers = workers
	c.busy = new(atomic.Int64)
	return &c
}

// enter counts a search of s as busy, and returns the function that
// counts it out.
func (s *Searcher) enter() func() {
	if s.busy == nil {
		return func() {}
	}
	s.busy.Add(1)
	return func() { s.busy.Add(-1) }
}

// share takes for a search of s, which is busy itself, as many extra
// workers as are idle, up to s.workers-1, and returns their number; the
// caller gives them back (busy.Add(-n)) when the iteration ends.
func (s *Searcher) share() int {
	for {
		busy := s.busy.Load()
		n := min(int64(s.workers)-busy, int64(s.workers-1))
		if n <= 0 {
			return 0
		}
		if s.busy.CompareAndSwap(busy, busy+n) {
			return int(n)
		}
	}
}

// Workers returns the number of goroutines that search one board.
func (s *Searcher) Workers() int { return max(s.workers, 1) }

// split returns the tasks of one iteration with bound st.bound: the nodes
// at the smallest depth (up to 6) that gives minTasks for each worker,
// each within the bound; and the smallest f above the bound that it saw
// on the way. It reports false if a node on the way is the goal, which the
// sequential search then finds.
func (st *search) split(workers int) ([]task, int, bool) {
	var tasks []task
	next := int(^uint(0) >> 1)
	for depth := 2; depth <= 6; depth++ {
		tasks, next = tasks[:0], int(^uint(0)>>1)
		goal := false
		first := st.firstMoves(st.blank)
		moves := append([]firstMove(nil), first...)
		for i, m := range moves {
			h := st.apply(st.blank, m.cell)
			if f := 1 + h; f > st.bound {
				next = min(next, f)
			} else if h == 0 && string(st.cells) == st.goal {
				goal = true
			} else {
				path := []int{st.blank, m.cell}
				next = min(next, st.expand(path, m.line, i, depth, &tasks, &goal))
			}
			st.takeBack(st.blank, m.cell)
		}
		if goal {
			return nil, 0, false
		}
		if len(tasks) >= minTasks*workers {
			break
		}
	}
	return tasks, next, true
}

// expand adds to tasks the nodes below the one path leads to, within the
// bound, depth moves from the start, and returns the smallest f above the
// bound it saw; it sets goal if it meets the goal.
func (st *search) expand(path []int, line, first, depth int, tasks *[]task, goal *bool) int {
	g := len(path) - 1
	if g == depth {
		*tasks = append(*tasks, task{cells: append([]int(nil), path...), line: line, first: first})
		return int(^uint(0) >> 1)
	}
	next := int(^uint(0) >> 1)
	z := path[g]
	for _, m := range st.movesFrom(z, path[g-1], line) {
		h := st.apply(z, m.cell)
		if f := g + 1 + h; f > st.bound {
			next = min(next, f)
		} else if h == 0 && string(st.cells) == st.goal {
			*goal = true
		} else {
			next = min(next, st.expand(append(path, m.cell), m.line, first, depth, tasks, goal))
		}
		st.takeBack(z, m.cell)
	}
	return next
}

// movesFrom lists the moves below a node whose blank is in cell z and came
// from cell prev along line, as dfs and dfsMulti try them.
func (st *search) movesFrom(z, prev, line int) []firstMove {
	var out []firstMove
	if st.moves != nil {
		for i := range int(st.moves.count[z]) {
			if c := int(st.moves.next[z][i]); c != prev {
				out = append(out, firstMove{c, 0})
			}
		}
		return out
	}
	for _, ray := range st.rays[z][1-line] {
		for _, c := range ray {
			out = append(out, firstMove{c, 1 - line})
		}
	}
	return out
}

// below searches the subtree of the task's node, whose moves st has
// played, g moves from the start.
func (st *search) below(t *task) int {
	g := len(t.cells) - 1
	z := t.cells[g]
	if st.moves != nil {
		return st.dfs(g, z, t.cells[g-1])
	}
	return st.dfsMulti(g, z, 1-t.line)
}

// parallelRoot is root for an iteration split among s.workers goroutines,
// each with a search of its own, set on the start; st is the caller's. It
// reports false if the iteration is not worth splitting (see split).
func (s *Searcher) parallelRoot(st *search, workers []*search, all bool) (int, bool) {
	tasks, next, ok := st.split(len(workers))
	if !ok {
		return 0, false
	}
	var (
		claim atomic.Int64
		stop  atomic.Int64 // tasks from this index on are not needed
		mu    sync.Mutex
		best  = len(tasks) // the first task with a solution
		path  []uint8
		found = make([]atomic.Bool, st.firstCount()) // first moves with a solution, for Hints
		err   error
		wg    sync.WaitGroup
	)
	stop.Store(int64(len(tasks)))
	for _, w := range workers {
		w.bound, w.nodes, w.found, w.err = st.bound, 0, false, nil
		wg.Go(func() {
			for {
				i := int(claim.Add(1) - 1)
				if i >= len(tasks) || int64(i) >= stop.Load() {
					return
				}
				t := &tasks[i]
				if all && found[t.first].Load() {
					continue
				}
				w.stopAt, w.task, w.firstDone = &stop, i, nil
				if all {
					w.firstDone = &found[t.first]
				}
				n, p, e := w.runTask(t)
				mu.Lock()
				switch {
				case e != nil && !errors.Is(e, errStopped):
					if err == nil {
						err = e
						stop.Store(0)
					}
				case p != nil && all:
					found[t.first].Store(true)
				case p != nil && i < best:
					best, path = i, p
					stop.Store(int64(i))
				case p == nil && e == nil:
					next = min(next, n)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for _, w := range workers {
		st.nodes += w.nodes
	}
	switch {
	case err != nil:
		st.err = err
	case all:
		st.hints = st.hints[:0]
		for i, m := range st.firstMoves(st.blank) {
			if found[i].Load() {
				st.hints = append(st.hints, st.cells[m.cell])
			}
		}
		st.found = len(st.hints) > 0
	case best < len(tasks):
		st.found, st.path = true, path
	}
	return next, true
}

// firstCount returns the number of moves from the start.
func (st *search) firstCount() int { return len(st.firstMoves(st.blank)) }

// runTask plays the moves of t, searches below, takes them back and
// returns the smallest f above the bound, or the solution (deepest move
// first, as st.path holds it), or the error that ended the task.
func (st *search) runTask(t *task) (int, []uint8, error) {
	st.found, st.err, st.path = false, nil, st.path[:0]
	var tiles []uint8
	for i := 1; i < len(t.cells); i++ {
		tiles = append(tiles, st.cells[t.cells[i]])
		st.apply(t.cells[i-1], t.cells[i])
	}
	n := st.below(t)
	for i := len(t.cells) - 1; i >= 1; i-- {
		st.takeBack(t.cells[i-1], t.cells[i])
	}
	if st.err != nil {
		return 0, nil, st.err
	}
	if !st.found {
		return n, nil, nil
	}
	p := append([]uint8(nil), st.path...)
	for i := len(tiles) - 1; i >= 0; i-- {
		p = append(p, tiles[i])
	}
	return 0, p, nil
}

// stopped reports whether the iteration no longer needs the task this
// search runs: a task before it found a solution, or for Hints one of its
// first move did.
func (st *search) stopped() bool {
	if st.stopAt == nil {
		return false
	}
	return int64(st.task) >= st.stopAt.Load() || st.firstDone != nil && st.firstDone.Load()
}

// workersFor returns the searches of the workers of a search of b: each
// set on b with an evaluator of its own.
func (s *Searcher) workersFor(ctx context.Context, b board.Board) ([]*search, error) {
	out := make([]*search, s.workers)
	for i := range out {
		w, err := s.start(ctx, b)
		if err != nil {
			return nil, err
		}
		out[i] = w
	}
	return out, nil
}
