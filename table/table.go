package table

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math/bits"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// Errors returned by this package. Errors from reading a file wrap one of
// ErrFormat, ErrVersion and ErrChecksum: the failures every kind of file
// shares, which are package internal/container's (container.ErrFormat,
// ErrVersion, ErrChecksum), named here too for this package's callers.
var (
	// ErrFormat reports a file that is not a table or is malformed or
	// truncated.
	ErrFormat = container.ErrFormat
	// ErrVersion reports a table file this package cannot read because a
	// later version may have written it: a format version, an index scheme
	// or a depth encoding it does not know.
	ErrVersion = container.ErrVersion
	// ErrChecksum reports a table file whose contents do not match their
	// checksums.
	ErrChecksum = container.ErrChecksum
	// ErrNotRegular reports a path to read, or to write that exists, that
	// is not a regular file, such as a device or a FIFO.
	ErrNotRegular = failure.New(failure.File, "table: not a regular file")
	// ErrUnsolvable reports a board that cannot reach the table's goal. It
	// is board.ErrUnsolvable, the one value every package that answers
	// distances returns.
	ErrUnsolvable = board.ErrUnsolvable
)

// Unreached is the depth a table holds in a slot whose boards cannot reach
// the goal.
const Unreached = 0xFF

// Table is the distance to one goal of every board of one size. New,
// NewTrusted, Open and NewReader make tables (Build searches for one). The zero Table holds no boards: its lookups find none (Distance and
// Solvable fail with board.ErrMismatch, as for a board of another size), it
// has no counts, Max is -1, and CheckParity, Certify and WriteTo fail. A nil
// *Table panics, as any nil pointer does.
type Table struct {
	size   board.Size
	goal   board.Board
	n      uint64
	depth  []uint8  // one a slot of rank.Half; 0xFF where no board reaches the goal
	reach  []uint64 // bit i: board with index i reaches the goal
	counts []uint64 // counts[d]: boards at distance d
	metric board.Metric
	hash   [sha256.Size]byte // see ContentHash; zero for a table not read from a file
	// rec, for a table of records, holds its depths and says which
	// boards reach the goal; depth and reach are nil.
	rec *records
	// write are the settings its writes use: the zero value but in tests.
	write writeSettings
}

// New returns the table of the distances to goal that a search found, after
// checking that they are consistent (see the package documentation) and
// certifying them (see Certify), which for 12 cells takes some seconds:
// depth holds a distance, or Unreached, for each of the n!/2 slots of
// rank.Half; reach has bit i (word i/64, bit i%64) set iff the board with
// index i reaches the goal; counts[d] is the number of boards at distance
// d, the last non-zero. The table keeps the slices.
func New(goal board.Board, depth []uint8, reach []uint64, counts []uint64) (*Table, error) {
	t, err := NewTrusted(goal, depth, reach, counts)
	if err != nil {
		return nil, err
	}
	if err := t.Certify(context.Background(), nil); err != nil {
		return nil, err
	}
	return t, nil
}

// NewTrusted is New without Certify, for the result of a search the caller
// trusts, such as Build's: the search is checked against a
// reference search in its tests, and certifying 12 cells would add a third
// to a build.
func NewTrusted(goal board.Board, depth []uint8, reach []uint64, counts []uint64) (*Table, error) {
	return newTrusted(goal, board.SingleTile, depth, reach, counts)
}

// newTrusted is NewTrusted for distances in the given metric.
func newTrusted(goal board.Board, metric board.Metric, depth []uint8, reach []uint64, counts []uint64) (*Table, error) {
	if goal.IsZero() {
		return nil, fmt.Errorf("%w: no goal", ErrFormat)
	}
	if !metric.Valid() {
		return nil, fmt.Errorf("%w: %w %d", ErrFormat, board.ErrMetric, metric)
	}
	t := &Table{size: goal.Size(), goal: goal, depth: depth, reach: reach, counts: counts, metric: metric}
	t.n = uint64(t.size.Cells())
	if err := t.size.Validate(); err != nil {
		return nil, err
	}
	if t.n > MaxCells {
		return nil, fmt.Errorf("%w: %s is larger than a table can be", ErrFormat, t.size)
	}
	states := rank.Factorial(int(t.n))
	if uint64(len(t.depth)) != states/2 || uint64(len(t.reach)) != (states+63)/64 {
		return nil, fmt.Errorf("%w: %d slots and %d reach words do not fit %s", ErrFormat, len(t.depth), len(t.reach), t.size)
	}
	if err := t.checkAll(); err != nil {
		return nil, err
	}
	return t, nil
}

// check verifies slot groups [from, to): that each slot with a depth has
// exactly one reachable board and each slot without has none, and adds the
// depths to hist, which it then compares with counts when it covers every
// group.
func (t *Table) check(from, to uint64, hist []uint64) error {
	n := t.n
	maxDepth := uint8(len(t.counts))
	all := uint64(1)<<n - 1
	for k := from; k < to; k++ {
		// The reachable bits of the group's boards: indices 2kn to 2kn+2n-1.
		i := 2 * k * n
		rb := t.reach[i/64] >> (i % 64)
		if i%64+2*n > 64 {
			rb |= t.reach[i/64+1] << (64 - i%64)
		}
		r0, r1 := rb&all, rb>>n&all
		depths := t.depth[k*n : k*n+n]
		if r0&r1 != 0 {
			return fmt.Errorf("%w: both boards of slot %d reach the goal", ErrFormat, k*n+uint64(bits.TrailingZeros64(r0&r1)))
		}
		for z, d := range depths {
			reached := (r0|r1)>>z&1 == 1
			switch {
			case reached != (d != Unreached):
				return fmt.Errorf("%w: slot %d and the reachable set disagree", ErrFormat, k*n+uint64(z))
			case !reached:
			case d >= maxDepth:
				return fmt.Errorf("%w: slot %d holds distance %d, beyond the largest, %d", ErrFormat, k*n+uint64(z), d, maxDepth-1)
			default:
				hist[d]++
			}
		}
	}
	if from == 0 && to == uint64(len(t.depth))/n {
		return t.checkCounts(hist)
	}
	return nil
}

func (t *Table) checkCounts(hist []uint64) error {
	for d, c := range t.counts {
		if hist[d] != c {
			return fmt.Errorf("%w: %d boards at distance %d, the header says %d", ErrFormat, hist[d], d, c)
		}
	}
	if len(t.counts) == 0 || t.counts[len(t.counts)-1] == 0 {
		return fmt.Errorf("%w: no boards at the largest distance", ErrFormat)
	}
	return nil
}

// reached reports whether the board with index i reaches the goal.
func (t *Table) reached(i uint64) bool {
	if t.rec != nil {
		return t.rec.reached(i/t.n, i%t.n)
	}
	return t.reach[i/64]&(1<<(i%64)) != 0
}

// reachedAt is reached for the board of index i, whose tile rank is tiles
// and whose blank is in cell z.
func (t *Table) reachedAt(tiles, z, i uint64) bool {
	if t.rec != nil {
		return t.rec.reached(tiles, z)
	}
	return t.reach[i/64]&(1<<(i%64)) != 0
}

// slots returns the number of slots, n!/2.
func (t *Table) slots() uint64 { return rank.Factorial(int(t.n)) / 2 }

// Close closes the file of a table read in place (see OpenWith), once,
// and returns the error of closing it. The blocks already read stay in
// memory and keep answering; a lookup that needs another fails with
// ErrClosed. Their memory, outside the Go heap, is released once the
// table is no longer referenced. A table held in memory keeps no file open, so Close has
// nothing to release and lookups keep working; it is there so that code
// written against Open reads naturally. Close may run concurrently with
// lookups.
func (t *Table) Close() error {
	if t.rec == nil {
		return nil
	}
	return t.rec.close()
}

// Size returns the size of the table's boards.
func (t *Table) Size() board.Size { return t.size }

// ContentHash returns the SHA-256 of the bytes the table was read from, in
// the order of the file, so that it names exactly the bytes the table
// answers from, even if the file changed while it was read or afterwards.
// It is the SHA-256 of the header the reader parsed, which holds the
// SHA-256 of every block, and no block is used before it matches it (see
// the package documentation): two tables with the same ContentHash answer
// the same, and hashing the 176 KB header of 4x3 stands for hashing its
// 60 MB. For a file of version 1, before the container, it is the SHA-256
// of the whole file, computed as the reader read it. It is the key of the table's proof record
// (package source). ok is false for a table that was not read from a file
// (New, Build).
func (t *Table) ContentHash() (sum [sha256.Size]byte, ok bool) {
	return t.hash, t.hash != [sha256.Size]byte{}
}

// Metric returns what the table's distances count as one move.
func (t *Table) Metric() board.Metric { return t.metric }

// Goal returns the board distances are measured to.
func (t *Table) Goal() board.Board { return t.goal }

// Counts returns the number of boards at each distance: Counts()[d] boards
// are d moves from the goal. The caller must not modify it.
func (t *Table) Counts() []uint64 { return t.counts }

// Max returns the largest distance of any board from the goal (God's number
// for the standard goal).
func (t *Table) Max() int { return len(t.counts) - 1 }

// Mean returns the mean distance of the boards that can reach the goal.
func (t *Table) Mean() float64 {
	var sum float64
	for d, c := range t.counts {
		sum += float64(d) * float64(c)
	}
	return sum / float64(t.Reachable())
}

// Reachable returns the number of boards that can reach the goal.
func (t *Table) Reachable() uint64 {
	var s uint64
	for _, c := range t.counts {
		s += c
	}
	return s
}

// Kind returns container.Table: what the table's file holds.
func (t *Table) Kind() container.Kind { return container.Table }

// Entries returns the number of entries the table holds, one for each
// board of its size: Boards.
func (t *Table) Entries() uint64 { return t.Boards() }

// Boards returns the number of boards of the table's size, n!, the range of
// the indices Lookup takes; 0 for the zero Table.
func (t *Table) Boards() uint64 {
	if t.n == 0 {
		return 0
	}
	return rank.Factorial(int(t.n))
}

// Distance returns the fewest moves from b to the goal. It returns
// ErrUnsolvable if b cannot reach the goal and an error wrapping
// board.ErrMismatch if b is not of the table's size. It does not allocate
// when it succeeds.
func (t *Table) Distance(b board.Board) (int, error) {
	if b.Size() != t.size || t.n == 0 {
		return -1, t.mismatch(b)
	}
	tiles, z := rank.Split(b.CellString())
	if t.rec != nil {
		return t.rec.distance(tiles, uint64(z))
	}
	i := tiles*t.n + uint64(z)
	if t.reach[i/64]&(1<<(i%64)) == 0 {
		return -1, ErrUnsolvable
	}
	return int(t.depth[rank.Slot(tiles, uint64(z), t.n)]), nil
}

// Solvable reports whether b can reach the goal, from the reachable set the
// search found.
func (t *Table) Solvable(b board.Board) (bool, error) {
	if b.Size() != t.size || t.n == 0 {
		return false, t.mismatch(b)
	}
	return t.reached(rank.Index(b.CellString())), nil
}

// Lookup returns the distance of the board with index i (see rank.Index),
// and false if that board cannot reach the goal or i is out of range. On a
// table read in place it also returns false for a board whose block
// cannot be read or fails its checks; Err says so.
func (t *Table) Lookup(i uint64) (int, bool) {
	d, ok, _ := t.lookup(i)
	return d, ok
}

// lookup is Lookup with the error of a block that fails.
func (t *Table) lookup(i uint64) (int, bool, error) {
	if t.rec != nil {
		if i >= t.Boards() {
			return -1, false, nil
		}
		tiles, z := i/t.n, i%t.n
		if !t.rec.reached(tiles, z) {
			return -1, false, nil
		}
		d, err := t.rec.depth(tiles>>1, z)
		return d, err == nil, err
	}
	if i >= uint64(len(t.reach))*64 || !t.reached(i) {
		return -1, false, nil
	}
	tiles, z := i/t.n, i%t.n
	return int(t.depth[rank.Slot(tiles, z, t.n)]), true, nil
}

// errZero is the error of methods that need boards, on the zero Table.
var errZero = fmt.Errorf("%w: the zero Table holds no boards", ErrFormat)

func (t *Table) mismatch(b board.Board) error {
	return fmt.Errorf("%w: board is %s, table is %s", board.ErrMismatch, b.Size(), t.size)
}

// ParityReport is the outcome of CheckParity.
type ParityReport struct {
	Permutations uint64  // boards checked: all n! of them
	Reachable    uint64  // boards the search found reachable
	Mismatches   uint64  // boards where the parity formula and the search disagree
	First        []uint8 // cells of the first mismatch, if any
}

// CheckParity checks the parity formula of package board against the
// reachable set the search found, for every one of the n! boards: a board
// should be reachable iff it is solvable by the formula exactly when the
// goal is. It walks the tile orders in lexicographic order, in parallel,
// counts each order's inversions once and applies the formula
// (board.SolvableCounts) with every cell of the blank. It stops with ctx's
// error once ctx is done.
func (t *Table) CheckParity(ctx context.Context) (ParityReport, error) {
	if t.n == 0 {
		return ParityReport{}, errZero
	}
	n := int(t.n)
	m := n - 1
	w := t.size.W
	want := t.goal.Solvable()
	orders := rank.Factorial(m)
	const chunk = 1 << 13 // tile orders a chunk
	type part struct {
		reachable, mismatches uint64
		first                 uint64 // index of the first mismatch, if any
	}
	parts := make([]part, (orders+chunk-1)/chunk)
	err := parallel.Chunks(ctx, 0, orders, chunk, func(from, to uint64) error {
		p := &parts[from/chunk]
		seq := make([]uint8, m)
		rank.Unrank(from, seq)
		for lex := from; lex < to; lex++ {
			inv := rank.Inversions(seq)
			// The index of the board with this tile order and the blank in
			// cell z (see rank.Index): the tile rank has the order's
			// parity in its low bit.
			tiles := lex&^1 | uint64(inv&1)
			base := tiles * uint64(n)
			for z := range n {
				i := base + uint64(z)
				r := t.reachedAt(tiles, uint64(z), i)
				if r {
					p.reachable++
				}
				if r != (board.SolvableCounts(w, n, inv, z) == want) {
					if p.mismatches == 0 {
						p.first = i
					}
					p.mismatches++
				}
			}
			nextPermutation(seq)
		}
		return nil
	})
	if err != nil {
		return ParityReport{}, err
	}
	rep := ParityReport{Permutations: rank.Factorial(n)}
	first := ^uint64(0)
	for _, p := range parts {
		rep.Reachable += p.reachable
		if p.mismatches > 0 {
			rep.Mismatches += p.mismatches
			first = min(first, p.first)
		}
	}
	if rep.Mismatches > 0 {
		rep.First = make([]uint8, n)
		rank.Unindex(first, rep.First)
	}
	return rep, nil
}

// nextPermutation turns p into the next permutation in lexicographic order
// (the first after the last).
func nextPermutation(p []uint8) {
	i := len(p) - 2
	for i >= 0 && p[i] > p[i+1] {
		i--
	}
	if i >= 0 {
		j := len(p) - 1
		for p[j] < p[i] {
			j--
		}
		p[i], p[j] = p[j], p[i]
	}
	slices.Reverse(p[i+1:])
}
