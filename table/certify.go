package table

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// ErrDistance reports a table whose distances are not the fewest moves to
// its goal, found by Certify. Errors wrapping it are *DistanceError and also
// wrap ErrFormat.
var ErrDistance = failure.New(failure.File, "table: wrong distance")

// DistanceError reports what Certify found wrong: a board whose recorded
// distance cannot be right, or two neighbours whose distances cannot both
// be right.
type DistanceError struct {
	Board    board.Board // the board
	Distance int         // the distance the table records for it
	// Neighbour, if not the zero Board, is a neighbour of Board whose
	// recorded distance, NeighbourDistance (-1: cannot reach the goal),
	// contradicts Board's: at least one of the two is wrong. Without a
	// neighbour, Board is the goal at a distance other than 0 or a board
	// with no neighbour one move closer.
	Neighbour         board.Board
	NeighbourDistance int

	goal bool // Board is the goal
}

func (e *DistanceError) Error() string {
	switch {
	case e.goal && e.Distance < 0:
		return fmt.Sprintf("table: wrong distance: the goal %s is not among the boards that reach it", e.Board)
	case e.goal:
		return fmt.Sprintf("table: wrong distance: the goal %s is at distance %d", e.Board, e.Distance)
	case e.Neighbour.IsZero() && e.Distance == 0:
		return fmt.Sprintf("table: wrong distance: board %s is at distance 0 and is not the goal", e.Board)
	case e.Neighbour.IsZero():
		return fmt.Sprintf("table: wrong distance: board %s is at distance %d but no neighbour is at %d", e.Board, e.Distance, e.Distance-1)
	case e.NeighbourDistance < 0:
		return fmt.Sprintf("table: wrong distance: board %s is at distance %d but its neighbour %s cannot reach the goal", e.Board, e.Distance, e.Neighbour)
	}
	return fmt.Sprintf("table: wrong distance: board %s is at distance %d and its neighbour %s at %d; at least one is wrong",
		e.Board, e.Distance, e.Neighbour, e.NeighbourDistance)
}

// Unwrap returns ErrDistance and ErrFormat.
func (e *DistanceError) Unwrap() []error { return []error{ErrDistance, ErrFormat} }

// CertifyOptions configures Certify. A nil *CertifyOptions means the
// defaults.
type CertifyOptions struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if set, is called as the boards are checked, a chunk at a
	// time, with the number of slots checked so far and the number there
	// are (n!/2). Calls do not overlap.
	Progress func(checked, total uint64)
}

// CertifiedCells is the most cells of a table that NewReader, Open and
// their With forms certify as they read it (see Certify): a table of up to
// CertifiedCells cells read without an error is proven exact, and one of
// more is proven only once Certify passes. 10 cells take a few tens of
// milliseconds, 12 cells seconds.
const CertifiedCells = 10

// Certify proves that every distance in t is exact, without trusting
// whoever built it. Write R for the boards t records as reaching the goal
// and d(x) for the distance it records for x in R. The proof rests on this
// theorem: if
//
//  1. the goal is in R and d(goal) = 0,
//  2. R is closed under moves: every neighbour of every board in R, the
//     goal included, is in R,
//  3. every board in R but the goal has a neighbour y with d(y) = d(x)-1,
//  4. the distances of any two neighbours in R differ by at most one,
//
// then R is exactly the set of boards that can reach the goal, and d(x)
// is the fewest moves from x to the goal for every x in R. By 3, following
// a neighbour one closer from x goes down one step at a time, and can stop
// only at the goal (a board at 0 other than the goal would need a
// neighbour at -1), so x reaches the goal in d(x) moves. By 2, every board
// on any path from x stays in R, and by 4 and 1 a path of k moves from x to
// the goal gives d(x) <= k: no path is shorter than d(x). By 1 and 2, every
// board that can reach the goal is in R. Certify checks each premise for
// every board of R, in one pass over the table, in parallel; a table that
// fails one is wrong somewhere near the board it names.
//
// It returns nil for a correct table, a *DistanceError (wrapping
// ErrDistance and ErrFormat) naming a board whose distance is wrong or
// whose neighbour is missing from R, or ctx's error once ctx is done. It
// allocates little besides the error. The neighbours along a column come
// from a change of rank read from a table, as in the search, not from
// ranking them; a range of boards that fails is checked again by ranking
// each neighbour, which names the board. On 12 cells (239,500,800 boards)
// it takes about 2.5 s of processor time, most of it waiting on memory
// for the neighbours along columns; on 10 cells, a few tens of
// milliseconds. New certifies every table it is given, and NewReader and
// Open every table of up to CertifiedCells cells; call Certify on larger
// ones read from a file that may be wrong. On a table read in place it
// first reads every block (see Load), so that the table then takes all
// its memory.
func (t *Table) Certify(ctx context.Context, opts *CertifyOptions) error {
	if t.n == 0 {
		return errZero
	}
	var o CertifyOptions
	if opts != nil {
		o = *opts
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if err := t.load(ctx, o.Workers); err != nil {
		return err
	}
	gi := rank.Index(t.goal.CellString())
	if d, ok := t.Lookup(gi); !ok || d != 0 {
		return &DistanceError{Board: t.goal, Distance: d, goal: true}
	}
	if len(t.counts) == 0 || t.counts[0] != 1 {
		return fmt.Errorf("%w: the goal is not the one board at distance 0", ErrFormat)
	}

	n := t.n
	groups := t.slots() / n
	const chunk = 1 << 12 // groups a chunk
	var (
		mu      sync.Mutex
		checked uint64
	)
	// The error of the lowest failing chunk, whatever the scheduling: the
	// same board is named every time.
	return parallel.Chunks(ctx, o.Workers, groups, chunk, func(from, to uint64) error {
		if !t.certifyFast(from, to, gi) {
			if err := t.certify(from, to, gi); err != nil {
				return err
			}
			return fmt.Errorf("%w: the proof fails in slot groups %d to %d", ErrDistance, from, to-1)
		}
		if o.Progress != nil {
			mu.Lock()
			checked += (to - from) * n
			o.Progress(checked, groups*n)
			mu.Unlock()
		}
		return nil
	})
}

// certify checks premises 2 to 4 of Certify for the boards of the groups
// of slots [from, to), ranking every neighbour from its tile sequence, and
// returns a *DistanceError naming the first board that fails one. The goal
// has index gi.
func (t *Table) certify(from, to, gi uint64) error {
	n := t.n
	m := int(n - 1)
	var seqs [2][MaxCells]uint8
	var moved [MaxCells]uint8
	lex := seqs[0][:m]
	rank.Unrank(2*from, lex)
	lines := make([][]int, n)
	for z := range n {
		lines[z] = t.moves(int(z))
	}
	for k := from; k < to; k++ {
		// The two tile sequences of the group: lexicographic ranks 2k
		// and 2k+1, which differ by a swap of the last two tiles.
		copy(seqs[1][:m], lex)
		seqs[1][m-1], seqs[1][m-2] = seqs[1][m-2], seqs[1][m-1]
		par := uint64(rank.Parity(lex))
		for z := range n {
			d := t.slotDepth(k, z)
			if d == Unreached {
				continue
			}
			// Which board of the pair is the reachable one.
			which := uint64(0)
			if !t.reached((2*k|par)*n + z) {
				which = 1
			}
			tiles := (2*k | par) ^ which
			i := tiles*n + z
			// The goal is at 0, checked by Certify; premises 2 and 4
			// hold for it as for every other board, and only premise 3
			// does not apply.
			closer := i == gi
			for _, c := range lines[z] {
				mv := moved[:m]
				copy(mv, seqs[which][:m])
				moveBlank(mv, int(z), c, t.size.W)
				j := rank.RankTiles(mv)*n + uint64(c)
				nd, ok := t.Lookup(j)
				if !ok || nd+1 < int(d) || int(d)+1 < nd {
					return &DistanceError{Board: t.boardAt(i), Distance: int(d), Neighbour: t.boardAt(j), NeighbourDistance: nd}
				}
				closer = closer || nd+1 == int(d)
			}
			if !closer {
				return &DistanceError{Board: t.boardAt(i), Distance: int(d)}
			}
		}
		nextPermutation(lex)
		nextPermutation(lex)
	}
	return nil
}

// moves returns the cells the blank in cell z moves to in one move of the
// table's metric.
func (t *Table) moves(z int) []int {
	if t.metric == board.MultiTile {
		return t.size.Line(z)
	}
	cells, k := t.size.Neighbours(z)
	return cells[:k]
}

// moveBlank changes seq, the tile sequence of a board with the blank in
// cell z (its tiles in reading order, the blank skipped), into that of the
// board after the blank moves to cell c of its row or column, the tiles
// between sliding one cell towards z. Along a row the sequence stays the
// same; along a column each tile that slides passes the w-1 tiles between
// its cells.
func moveBlank(seq []uint8, z, c, w int) {
	switch {
	case c < z && (z-c)%w == 0 && c%w == z%w:
		// The blank goes up: one window [a, a+w-1] after another rotates
		// left, a = z-w, z-2w, ... c.
		for a := z - w; a >= c; a -= w {
			x := seq[a]
			copy(seq[a:a+w-1], seq[a+1:a+w])
			seq[a+w-1] = x
		}
	case c > z && (c-z)%w == 0 && c%w == z%w:
		// Down: the windows [a, a+w-1] rotate right, a = z, z+w, ... c-w.
		for a := z; a < c; a += w {
			x := seq[a+w-1]
			copy(seq[a+1:a+w], seq[a:a+w-1])
			seq[a] = x
		}
	}
}

// slotDepth returns the depth of slot z of group k; every block of a
// table of records must be in memory.
func (t *Table) slotDepth(k, z uint64) uint8 {
	if r := t.rec; r != nil {
		return uint8(r.at(k, z))
	}
	return t.depth[k*t.n+z]
}

func (t *Table) boardAt(i uint64) board.Board {
	cells := make([]uint8, t.n)
	rank.Unindex(i, cells)
	b, _ := board.New(t.size, cells)
	return b
}
