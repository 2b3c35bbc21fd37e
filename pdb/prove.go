package pdb

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/slidetable/slidetable/internal/bitx"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/rank"
)

// ErrEntry reports an entry of a database that its proof refutes: the
// file is well formed, but does not hold the distances it claims.
var ErrEntry = errors.New("pdb: entry refuted")

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

func (e *EntryError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: group %d (tiles %s) in cells %s", ErrEntry, e.Group+1, join(e.Tiles), join(e.Cells))
	if e.Blank >= 0 {
		fmt.Fprintf(&b, " with the blank in cell %d", e.Blank)
	}
	fmt.Fprintf(&b, ": the entry says %d moves, %s", e.Moves, e.Reason)
	return b.String()
}

// Unwrap returns ErrEntry and ErrFormat.
func (e *EntryError) Unwrap() []error { return []error{ErrEntry, ErrFormat} }

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
// itself.
func (db *DB) proveMemory() uint64 {
	goal := db.goal
	groups := db.Groups()
	need, _ := Memory(goal, groups, &Options{Blank: db.KeepsBlank()})
	return need
}

// Prove checks every entry of the database against what its header
// describes (its size, goal, partition and encoding), and returns nil if
// each is exact, or an *EntryError naming the first entry that is not.
//
// The proof builds each group again as Build would, one group at a time,
// and compares every entry with the rebuilt one: the database is exact if
// and only if they all agree. It fails with ErrMemory, before allocating,
// if it needs more than opts.MaxMemory, and with ctx's error if ctx ends
// first.
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
		g := &db.groups[gi]
		fresh, err := buildGroup(ctx, db.goal, g.tiles, g.blank, workers, func(p Progress) {
			report(done + p.Placements)
		})
		if err != nil {
			return fmt.Errorf("pdb: proving group %d: %w", gi+1, err)
		}
		if err := db.compare(gi, &fresh); err != nil {
			return err
		}
		done += g.count
		report(done)
	}
	return nil
}

// compare compares every entry of group gi with the group fresh, built
// again, and returns an *EntryError for the first that differs.
func (db *DB) compare(gi int, fresh *group) error {
	g := &db.groups[gi]
	entries := entryCount(g.count, g.free, g.blank)
	for r := range entries {
		got, want := g.entry(r), fresh.entry(r)
		if got == want {
			continue
		}
		e := db.entryError(gi, r)
		e.Want = e.Moves + 2*(want-got)
		e.Reason = fmt.Sprintf("a fresh build of the group gives %d", e.Want)
		return e
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
