package pdb

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/rank"
)

// Errors returned, wrapped with detail, by Build, Memory, Prove and the
// readers.
var (
	// ErrPartition reports groups that are not a partition of the tiles a
	// pattern database can hold.
	ErrPartition = failure.New(failure.Input, "pdb: bad partition")
	// ErrMemory reports a build, a reader or a proof that needs more
	// memory than allowed.
	ErrMemory = failure.New(failure.Memory, "pdb: not enough memory allowed")
	// ErrFormat reports a file that is not a well-formed pattern
	// database: the container's container.ErrFormat, as ErrChecksum and
	// ErrVersion are its own, shared by every kind of file.
	ErrFormat = container.ErrFormat
	// ErrChecksum reports a file whose bytes do not match their checksums.
	ErrChecksum = container.ErrChecksum
	// ErrVersion reports a file of a format version this package does not read.
	ErrVersion = container.ErrVersion
)

// MaxCells is the most cells a board of a pattern database may have: a
// placement's cells are one 64-bit mask.
const MaxCells = rank.MaxPartialCells

// maxFree is the most cells a group may leave free: the blank's states of
// a placement share one 64-bit word, two bits each, in the build.
const maxFree = 32

// DB is an additive pattern database: for each group of a partition of the
// tiles, the fewest moves of the group's tiles that bring them to their goal
// cells from each placement, moves of other tiles being free. A DB is safe
// for concurrent use once built or read.
type DB struct {
	size   board.Size
	goal   board.Board
	groups []group
	file   *container.File // the file of a database read in place, or nil
	hash   [32]byte        // see ContentHash; zero for a database built
}

// group is one group's table.
type group struct {
	tiles []uint8 // in increasing order
	count uint64  // placements: n!/(n-k)!
	free  uint64  // cells a placement leaves free: n-k
	// blank says whether there is an entry for each free cell of the
	// blank (entry p*free + i for placement p with the blank in its i-th
	// free cell) or one for each placement, the least over the blank's
	// cells (entry p).
	blank bool
	// enc says how entries are held: encNibble, two a byte (low nibble
	// first), or encByte, one a byte. An entry is the group's moves minus
	// the Manhattan distance of its tiles, halved (the difference is even).
	enc     uint8
	entries []byte
	rk      rank.Partial
	// blocks, for a database read in place, reads the blocks of entries
	// as lookups first need them; nil if entries are all in memory.
	blocks *blocks
}

// Part of the file format; do not change.
const (
	encNibble = 1
	encByte   = 2
	// encBlank is added to the encoding of a group with an entry for each
	// free cell of the blank (format version 2).
	encBlank = 2
)

// entries returns the number of entries of a group of count placements
// that leave free cells free.
func entryCount(count, free uint64, blank bool) uint64 {
	if blank {
		return count * free
	}
	return count
}

// entry returns entry r.
func (g *group) entry(r uint64) int {
	if g.blocks != nil {
		return g.blocks.entry(g.enc, r)
	}
	return entryAt(g.entries, g.enc, r)
}

// byteOf returns the index of the byte that holds entry r in encoding
// enc.
func byteOf(enc uint8, r uint64) uint64 {
	if enc == encNibble {
		return r >> 1
	}
	return r
}

// entryAt returns entry r of entries held in encoding enc.
func entryAt(entries []byte, enc uint8, r uint64) int {
	if enc == encNibble {
		return int(entries[r>>1]>>nibbleShift(r)) & 15
	}
	return int(entries[r])
}

// nibbleShift returns the shift of entry r's nibble in its byte: 0 for an
// even r, the low nibble, and 4 for an odd one.
func nibbleShift(r uint64) uint64 { return (r & 1) * 4 }

// moves returns the entry of the group's tiles in cells with the blank in
// cell z, or the least over the blank's cells if z is negative.
func (g *group) moves(cells []uint8, z int) int {
	p := g.rk.Rank(cells)
	if !g.blank {
		return g.entry(p)
	}
	var occ uint64
	for _, c := range cells {
		occ |= 1 << c
	}
	if z >= 0 {
		return g.entry(p*g.free + uint64(bits.OnesCount64(^occ&(uint64(1)<<z-1))))
	}
	best := g.entry(p * g.free)
	for i := uint64(1); i < g.free; i++ {
		best = min(best, g.entry(p*g.free+i))
	}
	return best
}

// Size returns the size of the boards of the database.
func (db *DB) Size() board.Size { return db.size }

// Kind returns container.PatternDB: what the database's file holds.
func (db *DB) Kind() container.Kind { return container.PatternDB }

// Metric returns board.SingleTile: a pattern database's entries are lower
// bounds of distances in single-tile moves only.
func (db *DB) Metric() board.Metric { return board.SingleTile }

// Entries returns the number of entries of the database's groups: one for
// each placement of a group's tiles, or for a database that keeps the
// blank, for each placement and cell of the blank.
func (db *DB) Entries() uint64 {
	var n uint64
	for _, g := range db.groups {
		n += entryCount(g.count, g.free, g.blank)
	}
	return n
}

// Goal returns the goal of the database.
func (db *DB) Goal() board.Board { return db.goal }

// Groups returns the partition: the tiles of each group, in increasing
// order.
func (db *DB) Groups() [][]uint8 {
	out := make([][]uint8, len(db.groups))
	for i, g := range db.groups {
		out[i] = append([]uint8(nil), g.tiles...)
	}
	return out
}

// KeepsBlank reports whether the database holds an entry for each cell of
// the blank (see Options.Blank), which makes its heuristic consistent.
func (db *DB) KeepsBlank() bool { return len(db.groups) > 0 && db.groups[0].blank }

// Bytes returns the memory the tables take; for a database read in place
// (see OpenWith), the most they take once every block is read.
func (db *DB) Bytes() uint64 {
	var s uint64
	for _, g := range db.groups {
		s += uint64(len(g.entries))
	}
	return s
}

// Moves returns the database's entry for group i with its tiles in the
// given cells (cells[j] holds the j-th tile of Groups()[i]): the fewest
// moves of the group's tiles that bring them home, wherever the blank is.
// It panics if i or a cell is out of range or two cells are the same.
func (db *DB) Moves(i int, cells []uint8) int { return db.moves(i, cells, -1) }

// MovesFrom is Moves with the blank in cell blank, which must be free: the
// fewest moves of the group's tiles that bring them home from there. If
// the database does not keep the blank's cell (KeepsBlank is false), it is
// Moves.
func (db *DB) MovesFrom(i int, cells []uint8, blank int) int {
	if blank < 0 || blank >= db.size.Cells() || slices.Contains(cells, uint8(blank)) {
		panic(fmt.Sprintf("pdb: the blank's cell %d is not free", blank))
	}
	return db.moves(i, cells, blank)
}

func (db *DB) moves(i int, cells []uint8, z int) int {
	g := &db.groups[i]
	if len(cells) != len(g.tiles) {
		panic(fmt.Sprintf("pdb: %d cells for a group of %d tiles", len(cells), len(g.tiles)))
	}
	md := 0
	var occ uint64
	for j, c := range cells {
		if int(c) >= db.size.Cells() || occ&(1<<c) != 0 {
			panic(fmt.Sprintf("pdb: cell %d out of range or taken twice", c))
		}
		occ |= 1 << c
		md += db.size.CellDistance(int(c), db.goal.Index(g.tiles[j]))
	}
	return md + 2*g.moves(cells, z)
}

// checkPartition checks that groups partition the tiles of goal, each
// group leaving at least two cells and at most maxFree cells free, with
// placements that fit in 64 bits, and returns each group sorted.
func checkPartition(goal board.Board, groups [][]uint8) ([][]uint8, error) {
	size := goal.Size()
	n := size.Cells()
	if n > MaxCells {
		return nil, fmt.Errorf("%w: %s has more than %d cells", ErrPartition, size, MaxCells)
	}
	if len(groups) == 0 {
		return nil, fmt.Errorf("%w: no groups", ErrPartition)
	}
	var seen uint64
	out := make([][]uint8, len(groups))
	for i, g := range groups {
		if len(g) == 0 {
			return nil, fmt.Errorf("%w: group %d is empty", ErrPartition, i+1)
		}
		if n-len(g) < 2 {
			return nil, fmt.Errorf("%w: group %d has %d tiles, at most %d fit on %s", ErrPartition, i+1, len(g), n-2, size)
		}
		if n-len(g) > maxFree {
			return nil, fmt.Errorf("%w: group %d leaves %d cells free, at most %d may be", ErrPartition, i+1, n-len(g), maxFree)
		}
		if _, ok := rank.Placements(n, len(g)); !ok {
			return nil, fmt.Errorf("%w: group %d has too many placements", ErrPartition, i+1)
		}
		s := append([]uint8(nil), g...)
		for j := 1; j < len(s); j++ { // insertion sort: groups are short
			for k := j; k > 0 && s[k] < s[k-1]; k-- {
				s[k], s[k-1] = s[k-1], s[k]
			}
		}
		for _, t := range s {
			if t == 0 || int(t) >= n {
				return nil, fmt.Errorf("%w: tile %d is not a tile of %s", ErrPartition, t, size)
			}
			if seen&(1<<t) != 0 {
				return nil, fmt.Errorf("%w: tile %d is in two groups", ErrPartition, t)
			}
			seen |= 1 << t
		}
		out[i] = s
	}
	if all := (uint64(1)<<(n-1) - 1) << 1; seen != all {
		t := bits.TrailingZeros64(all &^ seen)
		return nil, fmt.Errorf("%w: tile %d is in no group", ErrPartition, t)
	}
	return out, nil
}

// DefaultPartition returns the partition a build uses for boards of size
// whose recipe (package internal/recipe) names none: the tiles in reading
// order in groups of five (the last group what is left), which a machine
// with a few gigabytes of memory builds for boards of up to about 30
// cells. (The 4x4's recipes name their own partitions.)
func DefaultPartition(size board.Size) [][]uint8 {
	var groups [][]uint8
	for t := 1; t < size.Cells(); t++ {
		if (t-1)%5 == 0 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], uint8(t))
	}
	return groups
}
