package abstraction

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
)

// ErrMemory reports a build, a proof or a read that would take more memory
// than its limit allows.
var ErrMemory = failure.New(failure.Memory, "abstraction: not enough memory")

// MaxParts is the most classings a database holds.
const MaxParts = 8

// Options tune Build. A nil *Options means the zero value.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// MaxMemory is the most bytes the build may allocate; 0 means half
	// the physical memory.
	MaxMemory uint64
	// Progress, if set, is called from Build's goroutine after each level
	// of each classing's search.
	Progress func(Progress)
}

// Progress describes a build after a level of one classing's search.
type Progress struct {
	Part         int    // the classing, from 0
	Depth        int    // the level just finished
	Found        uint64 // arrangements at Depth
	Visited      uint64 // arrangements found so far in this classing
	Arrangements uint64 // the classing's arrangements
}

// DB is an abstraction database: for each of its classings of one goal
// (see Classing), the exact distance in multi-tile moves (board.MultiTile)
// of every arrangement of the classes from the goal's arrangement, in the
// abstract puzzle whose tiles of a class are indistinguishable. Every board maps to one
// arrangement of each classing, and any solution of the board moves its
// arrangement to the goal's in as many moves, so the distance of the
// arrangement is a lower bound of the board's: Heuristic takes the
// largest over the classings, and over the mirrored board where the goal
// has a mirror.
//
// A DB is safe for concurrent use; Close it when a search no longer needs
// it.
type DB struct {
	goal   board.Board
	parts  []*part
	mirror mirror
	reflex bool            // the goal has a mirror (see mirrorOf)
	file   *container.File // the file of a database read from one, or nil
	hash   [32]byte
	raw    []byte // the header's bytes, for a database read from a file
}

// part is one classing of a database and its entries.
type part struct {
	cl      *Classing
	x       *indexer
	goalIdx uint64 // the goal's arrangement
	largest uint8
	// mins holds the least distance of each row of each group (see
	// layout), h bytes a group, for a database built; nil for one read in
	// place.
	mins []byte
	// words holds each arrangement's distance modulo 3 (3: unreached), two
	// bits an arrangement, a word a group: arrangement g*n+z in bits
	// 2z and 2z+1 of words[g].
	words  []uint32
	blocks *blocks // for a database read in place
}

// Build finds, for each classing (at least one, at most MaxParts, all of
// one goal), the distance of every arrangement by a breadth-first search
// from the goal's, on opts.Workers goroutines. It fails with ErrMemory
// before allocating if the build needs more than opts.MaxMemory (see
// BuildMemory), and with ctx's error if ctx ends first.
func Build(ctx context.Context, classings []*Classing, opts *Options) (*DB, error) {
	if opts == nil {
		opts = &Options{}
	}
	db, err := newDB(classings)
	if err != nil {
		return nil, err
	}
	if need, limit := BuildMemory(classings), mem.Limit(opts.MaxMemory); need > limit {
		return nil, fmt.Errorf("%w: building %d classings of %s needs %s, the limit is %s", ErrMemory, len(classings), db.goal.Size(), human.Bytes(need), human.Bytes(limit))
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	mv := movesOf(db.goal.Size())
	for i, p := range db.parts {
		var visited uint64
		s := &searcher{x: p.x, mv: mv, n: uint64(p.x.n), workers: workers}
		counts, err := s.run(ctx, p.goalIdx, func(d int, found uint64) {
			visited += found
			if opts.Progress != nil {
				opts.Progress(Progress{Part: i, Depth: d, Found: found, Visited: visited, Arrangements: p.cl.Arrangements()})
			}
		})
		if err != nil {
			return nil, err
		}
		// The bitmaps are garbage now; give their memory back before the
		// records take theirs, so that the peak stays that of the search.
		debug.FreeOSMemory()
		p.largest = uint8(len(counts) - 1)
		if err := p.encode(ctx, workers, s.depth); err != nil {
			return nil, err
		}
		s.depth = nil
		debug.FreeOSMemory()
	}
	return db, nil
}

// BuildMemory returns the most bytes Build holds at once for classings:
// the records and words of the classings built before the one it
// searches, and for that one a byte and three bits an arrangement for the
// search, then its records and words beside its bytes.
func BuildMemory(classings []*Classing) uint64 {
	var done, most uint64
	for _, c := range classings {
		a := c.Arrangements()
		n := uint64(len(c.cells))
		kept := a / n * uint64(4+layoutOf(int(n), c.goal.Size().W).h)
		most = max(most, done+searchMemory(a), done+a+kept)
		done += kept
	}
	return most
}

// newDB returns a database of the classings, without entries.
func newDB(classings []*Classing) (*DB, error) {
	if len(classings) == 0 || len(classings) > MaxParts {
		return nil, fmt.Errorf("%w: a database holds 1 to %d classings, not %d", ErrClassing, MaxParts, len(classings))
	}
	goal := classings[0].goal
	db := &DB{goal: goal}
	db.mirror, db.reflex = mirrorOf(goal)
	for _, c := range classings {
		if c.goal != goal {
			return nil, fmt.Errorf("%w: classings of two goals, %v and %v", ErrClassing, goal, c.goal)
		}
		x, err := newIndexer(c)
		if err != nil {
			return nil, err
		}
		db.parts = append(db.parts, &part{cl: c, x: x, goalIdx: x.index([]uint8(c.cells))})
	}
	return db, nil
}

// code returns the two bits a depth is kept in: its remainder modulo 3,
// or 3 for Unreached.
func code(d uint8) uint32 {
	if d == Unreached {
		return 3
	}
	return uint32(d % 3)
}

// encode sets the words and the rows' least distances of the part from
// the depth of each arrangement.
func (p *part) encode(ctx context.Context, workers int, depth []byte) error {
	n := uint64(p.x.n)
	lay := layoutOf(p.x.n, p.cl.goal.Size().W)
	h := uint64(lay.h)
	p.mins = mem.Bytes(p.x.groups * h)
	p.words = mem.Words32(p.x.groups)
	return parallel.Chunks(ctx, workers, p.x.groups, groupChunk, func(lo, hi uint64) error {
		for g := lo; g < hi; g++ {
			p.words[g] = lay.encode(depth[g*n:g*n+n], p.mins[g*h:g*h+h])
		}
		return nil
	})
}

// Goal returns the goal whose distances the database bounds.
func (db *DB) Goal() board.Board { return db.goal }

// Size returns the size of the goal's boards.
func (db *DB) Size() board.Size { return db.goal.Size() }

// Kind returns container.Abstraction: what the tier's file holds.
func (db *DB) Kind() container.Kind { return container.Abstraction }

// Entries returns the number of arrangements of the tier's classings,
// one entry each.
func (db *DB) Entries() uint64 {
	var n uint64
	for _, p := range db.parts {
		n += p.cl.Arrangements()
	}
	return n
}

// Metric returns what the distances count as one move: board.MultiTile.
func (db *DB) Metric() board.Metric { return board.MultiTile }

// Classings returns the database's classings, in order.
func (db *DB) Classings() []*Classing {
	out := make([]*Classing, len(db.parts))
	for i, p := range db.parts {
		out[i] = p.cl
	}
	return out
}

// Reflects reports whether the heuristic also looks up the mirrored board:
// on a square board whose goal has the blank on the main diagonal.
func (db *DB) Reflects() bool { return db.reflex }

// Distance returns the distance, in the abstract puzzle of classing i, of
// the arrangement b maps to: a lower bound of b's distance. It fails
// with an error wrapping board.ErrMismatch if b is not of the goal's
// size, and board.ErrUnsolvable if the arrangement cannot reach the
// goal's.
func (db *DB) Distance(i int, b board.Board) (int, error) {
	if b.Size() != db.goal.Size() {
		return -1, fmt.Errorf("%w: board is %s, database is %s", board.ErrMismatch, b.Size(), db.goal.Size())
	}
	p := db.parts[i]
	d := p.exact(movesOf(db.goal.Size()), p.cl.Arrangement(b))
	if d < 0 {
		if err := db.Err(); err != nil {
			return -1, err
		}
		return -1, fmt.Errorf("%w: %s, as classing %s", board.ErrUnsolvable, b, p.cl)
	}
	return d, nil
}
