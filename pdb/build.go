package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync/atomic"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/bitx"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// Options tune Build. A nil *Options means the zero value: all cores, no
// memory limit, no progress reports.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// MaxMemory is the most bytes the build may allocate; 0 means the
	// default, half the physical memory (or of the address space the
	// process may use, if less), as everywhere in this module.
	MaxMemory uint64
	// Progress, if set, is called after each level of each group's search
	// from Build's goroutine.
	Progress func(Progress)
	// Blank keeps an entry for each cell of the blank, not only the least
	// over them: n-k times the entries for a group of k tiles, for a bound
	// that is larger and consistent (a move changes it by at most one).
	Blank bool
}

// Progress describes a build after a level of one group's search.
type Progress struct {
	Group, Groups int    // the group being built, from 0, and how many there are
	Depth         int    // the level just finished: moves of the group's tiles
	Placements    uint64 // the group's placements reached so far
	Total         uint64 // the group's placements
	States        uint64 // the group's (placement, blank region) states reached
}

// Memory returns the most bytes Build holds at once for the partition of
// goal's tiles into groups with opts (nil for the zero Options): the tables
// of the groups built so far and, for the group being built, two bits for
// each (placement, free cell) pair, rounded up to a power of two free
// cells, one byte a placement and, with opts.Blank, one byte an entry.
func Memory(goal board.Board, groups [][]uint8, opts *Options) (uint64, error) {
	gs, err := checkPartition(goal, groups)
	if err != nil {
		return 0, err
	}
	blank := opts != nil && opts.Blank
	n := goal.Size().Cells()
	var done, peak uint64
	for _, g := range gs {
		count, _ := rank.Placements(n, len(g))
		work := stateWords(count, n-len(g))*8 + count
		entries := entryCount(count, uint64(n-len(g)), blank)
		if blank {
			work += entries
		}
		peak = max(peak, done+work, done+entries+entryBytes(entries, encNibble))
		done += entryBytes(entries, encByte)
	}
	return peak, nil
}

// entryBytes is the size of a group's entries in an encoding; the build
// reserves a byte an entry, as it does not know which encoding fits.
func entryBytes(count uint64, enc uint8) uint64 {
	if enc == encNibble {
		return (count + 1) / 2
	}
	return count
}

// fieldsPer returns the two-bit fields a word reserves for the states of
// a placement, one for each index of the blank's region among its free
// cells (see regionIndex): free rounded up to a power of two.
func fieldsPer(free int) int { return 1 << bits.Len(uint(free-1)) }

func stateWords(count uint64, free int) uint64 {
	per := uint64(64 / (2 * fieldsPer(free))) // placements a word
	return (count + per - 1) / per
}

// Build builds the pattern database of goal's size and goal for the given
// partition of its tiles: for each group, a breadth-first search from the
// goal over the group tiles' cells and the blank's region (the free cells
// the blank reaches without moving a group tile), in which moving a group
// tile costs one move and any other move none. It stops with ctx's error if
// ctx ends first, and fails with ErrPartition for groups that are not a
// partition of the tiles (each of at most n-2 tiles and leaving at most 32
// cells free) and with ErrMemory, before allocating, if the build needs
// more than opts.MaxMemory.
func Build(ctx context.Context, goal board.Board, groups [][]uint8, opts *Options) (*DB, error) {
	if opts == nil {
		opts = &Options{}
	}
	gs, err := checkPartition(goal, groups)
	if err != nil {
		return nil, err
	}
	need, _ := Memory(goal, groups, opts)
	if limit := mem.Limit(opts.MaxMemory); need > limit {
		return nil, fmt.Errorf("%w: %s groups %v need %s, the limit is %s", ErrMemory, goal.Size(), gs, human.Bytes(need), human.Bytes(limit))
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	db := &DB{size: goal.Size(), goal: goal}
	for i, tiles := range gs {
		g, err := buildGroup(ctx, goal, tiles, opts.Blank, workers, func(p Progress) {
			if opts.Progress != nil {
				p.Group, p.Groups = i, len(gs)
				opts.Progress(p)
			}
		})
		if err != nil {
			return nil, err
		}
		db.groups = append(db.groups, g)
	}
	return db, nil
}

// searcher is the search of one group.
type searcher struct {
	n, w, k   int
	count     uint64 // placements: n!/(n-k)!
	free      int    // free cells of a placement: n-k
	fields    int    // two-bit fields a placement: fieldsPer(free)
	per       uint64 // placements a word
	rk        rank.Partial
	all       uint64 // mask of the n cells
	notLeft   uint64 // cells not in the first column
	notRight  uint64 // cells not in the last column
	neighbour []uint64
	words     []uint64 // the states: two bits each
	depth     []uint8  // first depth of each placement, if kept
	// sdepth, kept with Options.Blank, holds the depth of each state at
	// p*free + j, j the index of the blank's region (see regionIndex).
	sdepth []uint8
	// check, if set, is told of each placement when it is first reached,
	// with its depth and the Manhattan distance of its tiles (md[i][c]
	// for the i-th tile in cell c), in place of recording the depth.
	check func(p uint64, depth, md int)
	md    [][]uint8
	// stop, once set by check, ends the search after the level.
	stop atomic.Bool
}

// Two-bit state codes; the codes of the frontier and of the next level
// swap from level to level.
const (
	unseen = 0
	done   = 3
)

// newSearcher returns the search of the group of goal's tiles tiles, with
// no memory for the states yet.
func newSearcher(goal board.Board, tiles []uint8) *searcher {
	size := goal.Size()
	n, k := size.Cells(), len(tiles)
	count, _ := rank.Placements(n, k)
	rk, _ := rank.NewPartial(n, k)
	s := &searcher{n: n, w: size.W, k: k, count: count, free: n - k, fields: fieldsPer(n - k), rk: rk}
	s.per = uint64(64 / (2 * s.fields))
	s.all = ^uint64(0) >> (64 - n)
	s.neighbour = make([]uint64, n)
	for c := range n {
		if c%s.w != 0 {
			s.notLeft |= 1 << c
			s.neighbour[c] |= 1 << (c - 1)
		}
		if c%s.w != s.w-1 {
			s.notRight |= 1 << c
			s.neighbour[c] |= 1 << (c + 1)
		}
		if c >= s.w {
			s.neighbour[c] |= 1 << (c - s.w)
		}
		if c+s.w < n {
			s.neighbour[c] |= 1 << (c + s.w)
		}
	}
	md := goal.Manhattan()
	s.md = make([][]uint8, k)
	for i, t := range tiles {
		s.md[i] = md[t]
	}
	return s
}

// buildGroup builds the entries of the group of goal's tiles tiles, with
// one for each cell of the blank if blank is set.
func buildGroup(ctx context.Context, goal board.Board, tiles []uint8, blank bool, workers int, progress func(Progress)) (group, error) {
	s := newSearcher(goal, tiles)
	s.words = mem.Words(stateWords(s.count, s.free))
	s.depth = mem.Bytes(s.count)
	if blank {
		s.sdepth = mem.Bytes(s.count * uint64(s.free))
	}
	reached, states, err := s.run(ctx, goal, tiles, workers, progress)
	if err != nil {
		return group{}, err
	}
	s.words = nil // the states are done with; let the entries take their place
	// Collect them now, so that the entries reuse their memory instead of
	// adding to the peak: for the 8-tile group of 4x4 they are 1 GB.
	runtime.GC()
	if reached != s.count {
		return group{}, fmt.Errorf("%w: group %v reaches %d of its %d placements", ErrPartition, tiles, reached, s.count)
	}
	if blank {
		s.depth = nil
	}
	return s.entries(tiles, s.count, states, blank, workers)
}

// run searches from goal, level by level, until a level finds no new
// state, and returns the placements and the states it reached. It calls
// progress after each level, and returns after a level once s.stop is
// set.
func (s *searcher) run(ctx context.Context, goal board.Board, tiles []uint8, workers int, progress func(Progress)) (reached, states uint64, err error) {
	cells := make([]uint8, len(tiles))
	var occ uint64
	for i, t := range tiles {
		cells[i] = uint8(goal.Index(t))
		occ |= 1 << cells[i]
	}
	start := s.rk.Rank(cells)
	s.set(start, s.regionIndex(occ, goal.Blank()), 1, 0)
	if s.check != nil {
		s.check(start, 0, 0)
	}
	reached, states = 1, 1
	for d := 0; ; d++ {
		if d+1 > 255 {
			return 0, 0, fmt.Errorf("%w: group %v needs more than 255 moves", ErrPartition, tiles)
		}
		np, ns, err := s.level(ctx, d, workers)
		if err != nil {
			return 0, 0, err
		}
		reached += np
		states += ns
		progress(Progress{Depth: d, Placements: reached, Total: s.count, States: states})
		if ns == 0 || s.stop.Load() {
			return reached, states, nil
		}
	}
}

// level expands the frontier of depth d, the states of code 1+d%2, into
// the states of depth d+1, and returns the new placements and states.
func (s *searcher) level(ctx context.Context, d, workers int) (np, ns uint64, err error) {
	const chunk = 1 << 12 // words a worker claims at a time
	cur := uint64(1 + d&1)
	next := 3 - cur
	var newPlacements, newStates atomic.Uint64
	err = parallel.Chunks(ctx, workers, uint64(len(s.words)), chunk, func(lo, hi uint64) error {
		var np, ns uint64
		cells := make([]uint8, s.k)
		for wi := lo; wi < hi; wi++ {
			p, q := s.expandWord(wi, cur, next, uint8(d+1), cells)
			np += p
			ns += q
		}
		newPlacements.Add(np)
		newStates.Add(ns)
		return nil
	})
	return newPlacements.Load(), newStates.Load(), err
}

// manhattan returns the Manhattan distance of the group's tiles in cells.
func (s *searcher) manhattan(cells []uint8) int {
	md := 0
	for i, c := range cells {
		md += int(s.md[i][c])
	}
	return md
}

// regionIndex returns the index of the blank's region, for a placement
// whose group tiles take the cells occ and the blank in cell z: the index,
// among the free cells, of the lowest cell of the region. It names the
// region in a state's field and in the depths of Options.Blank.
func (s *searcher) regionIndex(occ uint64, z int) int {
	free := s.all &^ occ
	r := s.region(free, uint64(1)<<z)
	lowest := r & -r
	return bits.OnesCount64(free & (lowest - 1))
}

// region returns the cells of free connected to r.
func (s *searcher) region(free, r uint64) uint64 {
	w := s.w
	for {
		g := (r | r<<1&s.notLeft | r>>1&s.notRight | r<<w | r>>w) & free
		if g == r {
			return r
		}
		r = g
	}
}

// set marks the state of placement p whose region has index j with code
// if it is unseen, and records depth d for p if no state of p was seen
// before. It returns whether it marked the state and whether p was new.
func (s *searcher) set(p uint64, j int, code uint64, d uint8) (bool, bool) {
	wi := p / s.per
	sh := (p % s.per) * uint64(2*s.fields)
	fieldMask := (uint64(1)<<(2*s.fields) - 1)
	if s.fields == 32 {
		fieldMask = ^uint64(0)
	}
	bit := sh + uint64(2*j)
	addr := &s.words[wi]
	for {
		old := atomic.LoadUint64(addr)
		if old>>bit&3 != unseen {
			return false, false
		}
		if atomic.CompareAndSwapUint64(addr, old, old|code<<bit) {
			fresh := old>>sh&fieldMask == 0
			if fresh && s.depth != nil {
				s.depth[p] = d
			}
			if s.sdepth != nil {
				s.sdepth[p*uint64(s.free)+uint64(j)] = d
			}
			return true, fresh
		}
	}
}

// expandWord expands the frontier states (code cur) of word wi, marking
// their successors with code next at depth d, and returns the new
// placements and states it found.
func (s *searcher) expandWord(wi, cur, next uint64, d uint8, cells []uint8) (np, ns uint64) {
	w := atomic.LoadUint64(&s.words[wi])
	lo := w & 0x5555555555555555
	hi := w >> 1 & 0x5555555555555555
	var front uint64
	if cur == 1 {
		front = lo &^ hi
	} else {
		front = hi &^ lo
	}
	if front == 0 {
		return 0, 0
	}
	// Mark them done first, both bits of each state (front holds their
	// low bits): the word's other bits may change meanwhile.
	atomic.OrUint64(&s.words[wi], front|front<<1)
	fields := uint64(s.fields)
	lastP := ^uint64(0)
	var occ, free uint64
	var at [MaxCells]int8 // the tile index in each cell of the placement
	md := 0               // the Manhattan distance of the placement, if checked
	for front != 0 {
		b := uint64(bits.TrailingZeros64(front))
		front &= front - 1
		f := b / 2 // the state's field in the word
		p := wi*s.per + f/fields
		j := int(f % fields)
		if p != lastP {
			rank.UnrankPartial(p, s.n, cells)
			occ = 0
			for i, c := range cells {
				occ |= 1 << c
				at[c] = int8(i)
			}
			if s.check != nil {
				md = s.manhattan(cells)
			}
			free = s.all &^ occ
			lastP = p
		}
		// The blank's region: the free cells connected to the j-th.
		z := int(bitx.NthSet64(free, j))
		region := s.region(free, uint64(1)<<z)
		for i, t := range cells {
			into := s.neighbour[t] & region
			for into != 0 {
				u := uint8(bits.TrailingZeros64(into))
				into &= into - 1
				delta := s.rk.MoveDelta(i, int(t), int(u), occ, &at)
				p2 := uint64(int64(p) + delta)
				occ2 := occ ^ (1 << t) ^ (1 << u)
				ok, fresh := s.set(p2, s.regionIndex(occ2, int(t)), next, d)
				if ok {
					ns++
				}
				if fresh {
					np++
					if s.check != nil {
						s.check(p2, int(d), md-int(s.md[i][t])+int(s.md[i][u]))
					}
				}
			}
		}
	}
	return np, ns
}

// entries turns the depths into the group's entries: depth minus the
// tiles' Manhattan distance, halved, in nibbles if every one fits. With
// blank, there is one for each (placement, free cell), the entry of the
// blank's region there; states is then the number of states the search
// reached, which it checks.
func (s *searcher) entries(tiles []uint8, count, states uint64, blank bool, workers int) (group, error) {
	free := uint64(s.free)
	// The excesses, in place of the depths, checked and measured.
	var maxEx atomic.Uint32
	var bad atomic.Uint64
	var regions atomic.Uint64
	bad.Store(^uint64(0))
	parallel.Chunks(context.Background(), workers, count, 1<<14, func(lo, hi uint64) error {
		cells := make([]uint8, len(tiles))
		var m uint32
		var nr uint64
		for p := lo; p < hi; p++ {
			rank.UnrankPartial(p, s.n, cells)
			sum := s.manhattan(cells)
			var occ uint64
			for _, c := range cells {
				occ |= 1 << c
			}
			excess := func(d *uint8) bool {
				ex := int(*d) - sum
				if ex < 0 || ex&1 != 0 {
					bad.Store(p)
					return false
				}
				*d = uint8(ex / 2)
				m = max(m, uint32(ex/2))
				return true
			}
			if !blank {
				if !excess(&s.depth[p]) {
					return nil
				}
				continue
			}
			row := s.sdepth[p*free : (p+1)*free]
			// In increasing order, a region's lowest cell, at whose index
			// the region's depth is kept, comes first: give each free
			// cell its region's entry.
			for i, rest := 0, s.all&^occ; rest != 0; i++ {
				c := bits.TrailingZeros64(rest)
				rest &= rest - 1
				if j := s.regionIndex(occ, c); j != i {
					row[i] = row[j]
				} else if nr++; !excess(&row[i]) {
					return nil
				}
			}
		}
		regions.Add(nr)
		for {
			old := maxEx.Load()
			if m <= old || maxEx.CompareAndSwap(old, m) {
				break
			}
		}
		return nil
	})
	if p := bad.Load(); p != ^uint64(0) {
		return group{}, fmt.Errorf("pdb: internal error: placement %d of group %v has a depth below its Manhattan distance", p, tiles)
	}
	depths := s.depth
	if blank {
		if regions.Load() != states {
			return group{}, fmt.Errorf("pdb: internal error: group %v has %d blank regions, its search reached %d", tiles, regions.Load(), states)
		}
		depths = s.sdepth
	}
	s.depth, s.sdepth = nil, nil
	g := group{tiles: tiles, count: count, free: free, blank: blank, rk: s.rk, enc: encByte, entries: depths}
	if maxEx.Load() <= 15 {
		g.enc = encNibble
		g.entries = packNibbles(depths)
	}
	return g, nil
}

// packNibbles returns the bytes of b, each below 16, two a byte, low
// nibble first.
func packNibbles(b []uint8) []uint8 {
	out := mem.Bytes(uint64(len(b)+1) / 2)
	for i := 0; i+1 < len(b); i += 2 {
		out[i/2] = b[i] | b[i+1]<<4
	}
	if len(b)%2 == 1 {
		out[len(b)/2] = b[len(b)-1]
	}
	return out
}
