package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"strings"
	"sync"

	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/bitx"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// ErrEntry reports an entry of a database that its proof refutes: the
// file is well formed, but does not hold the distances it claims.
var ErrEntry = failure.New(failure.File, "pdb: entry refuted")

// ProveOptions tune Prove. A nil *ProveOptions means the zero value: all
// cores, the default memory limit, no progress reports.
type ProveOptions struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// MaxMemory is the most bytes the proof may allocate beside the
	// database; 0 means half the physical memory.
	MaxMemory uint64
	// Progress, if set, is called from Prove's goroutine as the proof
	// goes, with the placements proven so far and their total over every
	// group.
	Progress func(done, total uint64)
}

// EntryError is the error of Prove for an entry its proof refutes. It
// wraps ErrEntry and ErrFormat.
type EntryError struct {
	Group int     // the group, from 0, in the order of DB.Groups
	Tiles []uint8 // the group's tiles, in increasing order
	Cells []uint8 // the placement: Cells[j] is the cell of Tiles[j]
	// Blank is the blank's cell, or -1 for an entry that is the least
	// over the blank's cells.
	Blank int
	Moves int // the moves of the group's tiles the entry says
	// Want is the moves the proof expected: the exact count, or for a
	// bound broken, the nearest value the bound allows.
	Want int
	// Reason says in words what the proof expected.
	Reason string
}

// Error names the group, the placement, the blank's cell if the entry has
// one, the moves the entry says and what the proof expected.
func (e *EntryError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: group %d (tiles %s) in cells %s", ErrEntry, e.Group+1, join(e.Tiles), join(e.Cells))
	if e.Blank >= 0 {
		fmt.Fprintf(&b, " with the blank in cell %d", e.Blank)
	}
	fmt.Fprintf(&b, ": the entry says %s, %s", movesString(e.Moves), e.Reason)
	return b.String()
}

// Unwrap returns ErrEntry and ErrFormat.
func (e *EntryError) Unwrap() []error { return []error{ErrEntry, ErrFormat} }

// movesString returns "1 move" or "n moves".
func movesString(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

// join writes a list of small numbers with spaces.
func join(xs []uint8) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, x)
	}
	return b.String()
}

// proveMemory returns the most bytes Prove allocates for db, beside db
// itself: the states of the largest group proven by its search.
func (db *DB) proveMemory() uint64 {
	n := db.size.Cells()
	var need uint64
	for _, g := range db.groups {
		if !g.blank {
			need = max(need, stateWords(g.count, n-len(g.tiles))*8)
		}
	}
	return need + 1<<20
}

// Prove checks every entry of the database against what its header
// describes (its size, goal, partition and encoding), and returns nil if
// each is exact, or an *EntryError naming an entry that is not: in the
// first group that has one, the lowest placement that breaks the
// certificate, or of those the search refutes at the least distance, the
// lowest. For a database read in place it first reads and checks every
// block (ErrChecksum for one that fails), and then that each group's
// largest entry is its header's.
//
// A group with an entry for each cell of the blank (KeepsBlank) is proven
// by a certificate checked in one pass. The group's entries give each
// state (its tiles' cells, the blank's cell) a number of moves D, the
// Manhattan distance of its tiles plus twice the entry; in the
// group's own space, where a move of one of its tiles costs one and a
// move of another tile nothing, D is the distance to the goal state for
// every state if and only if
//
//   - D is 0 at the goal state,
//   - D is the same for every cell of a region of the blank (the free
//     cells it reaches without moving a group tile),
//   - D changes by at most one with each move of a group tile, and
//   - every state but the goal's has a move of a group tile to a state
//     with D one less.
//
// The first three make D at most the distance, by induction along a
// shortest path; the last makes it at least the distance, as following
// the moves one less reaches D = 0, which only the goal state may have.
//
// The other kind, the least entry over the blank's cells, satisfies no
// such local condition (a move may lower it by more than one): Prove
// searches the group's states again, as Build does, and checks each
// placement's entry when the search first reaches it, at its distance.
// That proves the entries equal what Build's search makes, not that the
// search is right; the tests check the search against a plain one on
// small boards (see the package documentation).
//
// Prove fails with ErrMemory, before allocating, if it needs more than
// opts.MaxMemory, and with ctx's error if ctx ends first.
func (db *DB) Prove(ctx context.Context, opts *ProveOptions) error {
	if opts == nil {
		opts = &ProveOptions{}
	}
	limit := mem.Limit(opts.MaxMemory)
	if need := db.proveMemory(); need > limit {
		return fmt.Errorf("%w: proving the %s database needs %s, the limit is %s", ErrMemory, db.size, human.Bytes(need), human.Bytes(limit))
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// A database read in place: every block read and checked first.
	if err := db.loadAll(ctx, workers); err != nil {
		return err
	}
	if err := db.checkLargest(); err != nil {
		return err
	}
	var total, done uint64
	for _, g := range db.groups {
		total += g.count
	}
	report := func(d uint64) {
		if opts.Progress != nil {
			opts.Progress(d, total)
		}
	}
	report(0)
	for gi := range db.groups {
		var err error
		progress := func(p uint64) { report(done + p) }
		if db.groups[gi].blank {
			err = db.certify(ctx, gi, workers, progress)
		} else {
			err = db.search(ctx, gi, workers, progress)
		}
		if err != nil {
			return err
		}
		done += db.groups[gi].count
		report(done)
	}
	return nil
}

// search proves group gi, which keeps the least entry over the blank's
// cells, by searching its states from the goal and checking each
// placement's entry when the search first reaches it. progress is told of
// the placements reached after each level.
func (db *DB) search(ctx context.Context, gi, workers int, progress func(uint64)) error {
	g := &db.groups[gi]
	s := newSearcher(db.goal, g.tiles)
	s.words = mem.Words(stateWords(s.count, s.free))
	var mu sync.Mutex
	bad, badDepth := ^uint64(0), 0 // the lowest placement refuted, and its depth
	s.check = func(p uint64, depth, md int) {
		if md+2*g.entry(p) == depth {
			return
		}
		mu.Lock()
		if p < bad {
			bad, badDepth = p, depth
		}
		mu.Unlock()
		s.stop.Store(true)
	}
	reached, _, err := s.run(ctx, db.goal, g.tiles, workers, func(p Progress) { progress(p.Placements) })
	if err != nil {
		return fmt.Errorf("pdb: proving group %d: %w", gi+1, err)
	}
	if bad != ^uint64(0) {
		e := db.entryError(gi, bad)
		e.Want = badDepth
		e.Reason = fmt.Sprintf("the group's search reaches it in %d", badDepth)
		return e
	}
	if reached != g.count {
		return fmt.Errorf("%w: group %d reaches %d of its %d placements", ErrFormat, gi+1, reached, g.count)
	}
	return nil
}

// entryError returns an *EntryError for entry r of group gi, with its
// placement, blank and moves filled in.
func (db *DB) entryError(gi int, r uint64) *EntryError {
	g := &db.groups[gi]
	n := db.size.Cells()
	p, blank := r, -1
	if g.blank {
		p = r / g.free
	}
	cells := make([]uint8, len(g.tiles))
	rank.UnrankPartial(p, n, cells)
	if g.blank {
		var occ uint64
		for _, c := range cells {
			occ |= 1 << c
		}
		all := ^uint64(0) >> (64 - n)
		blank = int(bitx.NthSet64(all&^occ, int(r%g.free)))
	}
	return &EntryError{
		Group: gi, Tiles: append([]uint8(nil), g.tiles...), Cells: cells, Blank: blank,
		Moves: db.moves(gi, cells, blank),
	}
}

// certify proves group gi, which keeps an entry for each cell of the
// blank, by the certificate of Prove's documentation, checked placement by
// placement in increasing order. progress is told of the placements
// checked as the check goes.
func (db *DB) certify(ctx context.Context, gi, workers int, progress func(uint64)) error {
	g := &db.groups[gi]
	s := newSearcher(db.goal, g.tiles)
	goalCells := make([]uint8, len(g.tiles))
	for i, t := range g.tiles {
		goalCells[i] = uint8(db.goal.Index(t))
	}
	c := &certifier{db: db, gi: gi, g: g, s: s, goal: s.rk.Rank(goalCells), goalBlank: db.goal.Blank()}
	// In rounds, so that progress is reported from this goroutine.
	const rounds = 64
	step := max(g.count/rounds, 1<<12)
	for lo := uint64(0); lo < g.count; lo += step {
		hi := min(lo+step, g.count)
		err := parallel.Chunks(ctx, workers, hi-lo, 1<<12, func(a, b uint64) error {
			cells := make([]uint8, len(g.tiles))
			for p := lo + a; p < lo+b; p++ {
				if err := c.placement(p, cells); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		progress(hi)
	}
	return nil
}

// certifier checks the certificate of one group, placement by placement.
type certifier struct {
	db        *DB
	gi        int
	g         *group
	s         *searcher // the geometry and the ranks of the group
	goal      uint64    // the goal's placement
	goalBlank int
}

// moves returns the moves of state (placement p, tiles in occ, Manhattan
// distance md) with the blank in cell z.
func (c *certifier) moves(p, occ uint64, md, z int) int {
	free := c.s.all &^ occ
	i := uint64(bits.OnesCount64(free & (uint64(1)<<z - 1)))
	return md + 2*c.g.entry(p*c.g.free+i)
}

// placement checks the states of placement p, region by region, using
// cells for its tiles' cells, and returns an *EntryError for the first
// that breaks the certificate.
func (c *certifier) placement(p uint64, cells []uint8) error {
	s := c.s
	rank.UnrankPartial(p, s.n, cells)
	var occ uint64
	var at [MaxCells]int8
	for i, x := range cells {
		occ |= 1 << x
		at[x] = int8(i)
	}
	md := s.manhattan(cells)
	free := s.all &^ occ
	for rest := free; rest != 0; {
		region := s.region(free, rest&-rest)
		rest &^= region
		z := bits.TrailingZeros64(region) // the region's lowest cell
		d := c.moves(p, occ, md, z)
		for other := region &^ (1 << z); other != 0; other &= other - 1 {
			y := bits.TrailingZeros64(other)
			if dy := c.moves(p, occ, md, y); dy != d {
				return c.refute(p, y, dy, d, fmt.Sprintf("the blank's cell %d, in the same region, gives %d, and the blank moves between them for free", z, d))
			}
		}
		if p == c.goal && region&(1<<c.goalBlank) != 0 {
			if d != 0 {
				return c.refute(p, c.goalBlank, d, 0, "the goal's entry is 0")
			}
			continue
		}
		closer := false
		for i, t := range cells {
			for into := s.neighbour[t] & region; into != 0; into &= into - 1 {
				u := bits.TrailingZeros64(into)
				p2 := uint64(int64(p) + s.rk.MoveDelta(i, int(t), u, occ, &at))
				md2 := md - int(s.md[i][t]) + int(s.md[i][u])
				d2 := c.moves(p2, occ^(1<<t)^(1<<u), md2, int(t))
				if d2 < d-1 || d2 > d+1 {
					want := d2 + 1
					if d < d2 {
						want = d2 - 1
					}
					return c.refute(p, u, d, want, fmt.Sprintf("moving tile %d from cell %d to cell %d gives %d, and one move changes the distance by at most one", c.g.tiles[i], t, u, d2))
				}
				closer = closer || d2 == d-1
			}
		}
		if !closer {
			return c.refute(p, z, d, -1, fmt.Sprintf("no move of the group's tiles gives %d, one less, as every state but the goal's has", d-1))
		}
	}
	return nil
}

// refute returns the *EntryError of placement p with the blank in cell z,
// whose entry gives moves, where the proof expected want.
func (c *certifier) refute(p uint64, z, moves, want int, reason string) *EntryError {
	r := p * c.g.free
	free := c.s.all &^ c.occ(p)
	r += uint64(bits.OnesCount64(free & (uint64(1)<<z - 1)))
	e := c.db.entryError(c.gi, r)
	e.Moves, e.Want, e.Reason = moves, want, reason
	return e
}

// occ returns the cells of placement p.
func (c *certifier) occ(p uint64) uint64 {
	cells := make([]uint8, len(c.g.tiles))
	rank.UnrankPartial(p, c.s.n, cells)
	var occ uint64
	for _, x := range cells {
		occ |= 1 << x
	}
	return occ
}
