package abstraction

import (
	"context"
	"fmt"
	"sync"

	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
)

// ErrEntry reports an entry of a database that its proof refutes: the
// file is well formed, but does not hold the distances it claims. Errors
// wrapping it are *EntryError and also wrap ErrFormat.
var ErrEntry = failure.New(failure.File, "abstraction: entry refuted")

// EntryError is the error of Prove for an entry the certificate refutes: an
// arrangement whose distance cannot be right, or two neighbours whose
// distances cannot both be right.
type EntryError struct {
	Part     int    // the classing, from 0, in the order of DB.Classings
	Classing string // the classing, written as Classing.String writes it
	// Arrangement is the class of each cell, 0 at the blank, and Depth
	// the distance its entry says (-1: unreached).
	Arrangement []uint8
	Depth       int
	// Neighbour, if not nil, is an arrangement one move from Arrangement
	// whose entry, NeighbourDepth (-1: unreached), contradicts
	// Arrangement's: at least one of the two is wrong. Without a
	// neighbour, Arrangement is the goal's at a distance other than 0, or
	// another at 0, or one with no neighbour one move closer.
	Neighbour      []uint8
	NeighbourDepth int
	goal           bool
}

// Error names the classing, the arrangement and its entry, and what the
// certificate expected.
func (e *EntryError) Error() string {
	what := fmt.Sprintf("%v: classing %d (%s): arrangement %s", ErrEntry, e.Part+1, e.Classing, cellsString(e.Arrangement, e.Classing))
	switch {
	case e.goal:
		return fmt.Sprintf("%s, the goal's, is at distance %d", what, e.Depth)
	case e.Neighbour == nil && e.Depth == 0:
		return fmt.Sprintf("%s is at distance 0 and is not the goal's", what)
	case e.Neighbour == nil:
		return fmt.Sprintf("%s is at distance %d but no neighbour is at %d", what, e.Depth, e.Depth-1)
	case e.NeighbourDepth < 0:
		return fmt.Sprintf("%s is at distance %d but its neighbour %s is unreached", what, e.Depth, cellsString(e.Neighbour, e.Classing))
	}
	return fmt.Sprintf("%s is at distance %d and its neighbour %s at %d; at least one is wrong", what, e.Depth, cellsString(e.Neighbour, e.Classing), e.NeighbourDepth)
}

// Unwrap returns ErrEntry and ErrFormat.
func (e *EntryError) Unwrap() []error { return []error{ErrEntry, ErrFormat} }

// cellsString writes an arrangement in rows, as the classing is written
// (its rows separated by '/').
func cellsString(a []uint8, classing string) string {
	w := 0
	for i := 0; i < len(classing) && classing[i] != '/'; i++ {
		if classing[i] != ' ' {
			w++
		}
	}
	b := make([]byte, 0, 2*len(a))
	for i, v := range a {
		if i > 0 {
			if w > 0 && i%w == 0 {
				b = append(b, '/')
			} else {
				b = append(b, ' ')
			}
		}
		b = append(b, '0'+v)
	}
	return string(b)
}

// ProveOptions tune Prove. A nil *ProveOptions means the zero value: all
// cores, the default memory limit, no progress reports.
type ProveOptions struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// MaxMemory is the most bytes the proof may allocate beside the
	// database's words; 0 means half the physical memory.
	MaxMemory uint64
	// Progress, if set, is called as the proof goes, a chunk of groups at
	// a time, with the arrangements proven so far and their total over
	// every classing. Calls do not overlap.
	Progress func(done, total uint64)
}

// Prove proves that every entry of the database is the exact distance of
// its arrangement in the abstract puzzle of its classing, without trusting
// whoever built it. Write R for the arrangements an entry says are reached
// and d(a) for the entry of a in R. The certificate rests on this theorem:
// if
//
//  1. the goal's arrangement is in R and d(goal) = 0,
//  2. every neighbour (one multi-tile move away) of every arrangement in R
//     is in R,
//  3. every arrangement in R but the goal's has a neighbour b with
//     d(b) = d(a)-1,
//  4. the entries of any two neighbours in R differ by at most one,
//
// then R is exactly the set of arrangements that reach the goal's, and
// d(a) is the fewest moves from a to it. By 3, following a neighbour one
// closer from a goes down one step at a time and can stop only at the
// goal's (another at 0 would need a neighbour at -1), so a reaches it in
// d(a) moves; by 2 every arrangement on a path from a stays in R, and by
// 4 and 1 a path of k moves to the goal's gives d(a) <= k. By 1 and 2,
// every arrangement that reaches the goal's is in R.
//
// Such a distance is a lower bound of every board that maps to the
// arrangement: a move of a board is a move of its arrangement (the same
// tiles slide, whatever their names), and the goal maps to the goal's
// arrangement, so a solution of k moves of a board takes its arrangement
// to the goal's in k moves, and k >= d(a).
//
// Prove reads every block first (checking each against its SHA-256 and
// its records), then checks each premise for every arrangement of every
// classing in one parallel pass. It returns nil for a correct database, a
// *EntryError (wrapping ErrEntry and ErrFormat) naming an arrangement
// whose entry is wrong, or two neighbours whose entries cannot both be
// right, the first in the order of their indices; ErrMemory if the
// records of a classing read in place do not fit in opts.MaxMemory; or
// ctx's error once ctx is done. After it, every block is in memory.
func (db *DB) Prove(ctx context.Context, opts *ProveOptions) error {
	var o ProveOptions
	if opts != nil {
		o = *opts
	}
	lay := db.layout()
	var total, done uint64
	for _, p := range db.parts {
		total += p.cl.Arrangements()
	}
	var mu sync.Mutex
	progress := func(groups uint64) {
		if o.Progress == nil {
			return
		}
		mu.Lock()
		done += groups * uint64(lay.n)
		o.Progress(done, total)
		mu.Unlock()
	}
	for i, p := range db.parts {
		mins := p.mins
		if mins == nil {
			need := p.x.groups * uint64(lay.h)
			if limit := mem.Limit(o.MaxMemory); need > limit {
				return fmt.Errorf("%w: proving classing %d of the %s database needs %s, the limit is %s", ErrMemory, i+1, db.goal.Size(), human.Bytes(need), human.Bytes(limit))
			}
			var err error
			if mins, err = db.readAll(ctx, i, o.Workers); err != nil {
				return err
			}
		}
		c := &certifier{db: db, pi: i, p: p, lay: lay, words: p.words, mins: mins, mv: movesOf(db.goal.Size())}
		err := parallel.Chunks(ctx, o.Workers, p.x.groups, groupChunk, func(lo, hi uint64) error {
			err := c.check(lo, hi)
			progress(hi - lo)
			return err
		})
		if err != nil {
			return err
		}
		if m := c.largest(ctx, o.Workers); m != p.largest {
			return fmt.Errorf("%w: classing %d: the largest distance is %d, the header says %d", ErrFormat, i+1, m, p.largest)
		}
	}
	return nil
}

// readAll reads every block of part i of a database read in place,
// checked, sets the words of those not in memory yet, and returns the
// rows' least distances of every group, group by group.
func (db *DB) readAll(ctx context.Context, i, workers int) ([]byte, error) {
	p := db.parts[i]
	b := p.blocks
	h := uint64(b.lay.h)
	mins := mem.Bytes(p.x.groups * h)
	count := int((p.x.groups + 1<<b.shift - 1) >> b.shift)
	err := parallel.For(ctx, workers, count, func(k int) error {
		w, m, err := db.blockData(i, k, 1<<b.shift)
		if err != nil {
			return err
		}
		copy(mins[uint64(k)<<b.shift*h:], m)
		b.adopt(uint64(k), w)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := db.Err(); err != nil {
		return nil, err
	}
	return mins, nil
}

// certifier checks the premises of Prove for one classing.
type certifier struct {
	db    *DB
	pi    int
	p     *part
	lay   layout
	words []uint32
	mins  []byte // group by group
	mv    *moves
}

// depth returns the entry of arrangement j.
func (c *certifier) depth(j uint64) uint8 {
	n := uint64(c.p.x.n)
	g, z := j/n, int(j%n)
	return c.lay.depth(c.words[g], c.mins[g*uint64(c.lay.h):], z)
}

// check checks every arrangement of groups lo to hi.
func (c *certifier) check(lo, hi uint64) error {
	cur := newCursor(c.p.x)
	n, h := uint64(c.p.x.n), uint64(c.lay.h)
	for g := lo; g < hi; g++ {
		if err := c.lay.check(c.words[g], c.mins[g*h:g*h+h], c.p.largest); err != nil {
			return fmt.Errorf("%w: classing %d, group %d: %w", ErrFormat, c.pi+1, g, err)
		}
		cur.to(g)
		for z := range c.p.x.n {
			i := g*n + uint64(z)
			d := c.depth(i)
			if d == Unreached && i != c.p.goalIdx {
				continue
			}
			cur.place(z)
			if err := c.checkOne(cur, i, z, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkOne checks arrangement i, the cursor's, whose blank is in cell z
// and whose entry is d.
func (c *certifier) checkOne(cur *cursor, i uint64, z int, d uint8) error {
	if (i == c.p.goalIdx) != (d == 0) {
		return c.fail(i, d, i == c.p.goalIdx)
	}
	closer := d == 0
	var bad uint64
	var bd uint8
	look := func(j uint64) bool {
		e := c.depth(j)
		switch {
		case e == Unreached || e > d+1 || e+1 < d:
			bad, bd = j+1, e
			return true
		case e+1 == d:
			closer = true
		}
		return false
	}
	g := i / uint64(c.p.x.n)
	for _, t := range c.mv.row[z] {
		if look(g*uint64(c.p.x.n) + uint64(t)) {
			break
		}
	}
	if bad == 0 {
		cur.neighbours(c.mv, z, look)
	}
	switch {
	case bad != 0:
		err := c.fail(i, d, false)
		err.Neighbour = make([]uint8, c.p.x.n)
		c.p.x.unindex(bad-1, err.Neighbour)
		err.NeighbourDepth = depthInt(bd)
		return err
	case !closer:
		return c.fail(i, d, false)
	}
	return nil
}

// fail returns the EntryError of arrangement i at d, the goal's if goal
// is set.
func (c *certifier) fail(i uint64, d uint8, goal bool) *EntryError {
	e := &EntryError{Part: c.pi, Classing: c.p.cl.String(), Arrangement: make([]uint8, c.p.x.n), Depth: depthInt(d), goal: goal}
	c.p.x.unindex(i, e.Arrangement)
	return e
}

func depthInt(d uint8) int {
	if d == Unreached {
		return -1
	}
	return int(d)
}

// largest returns the largest entry of the classing.
func (c *certifier) largest(ctx context.Context, workers int) uint8 {
	var mu sync.Mutex
	var m uint8
	_ = parallel.Chunks(ctx, workers, c.p.x.groups, groupChunk, func(lo, hi uint64) error {
		var l uint8
		for g := lo; g < hi; g++ {
			for z := range c.p.x.n {
				if d := c.depth(g*uint64(c.p.x.n) + uint64(z)); d != Unreached {
					l = max(l, d)
				}
			}
		}
		mu.Lock()
		m = max(m, l)
		mu.Unlock()
		return nil
	})
	return m
}
