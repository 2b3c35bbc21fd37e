package bfs

import (
	"context"
	"math/bits"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/bitx"
	"github.com/slidetable/slidetable/internal/rotation"
	"github.com/slidetable/slidetable/rank"
)

// Boards of up to smallCells cells are searched by one goroutine in a
// layout of their own: the slot bytes are kept blank cell by blank cell,
// row z holding the (n-1)!/2 slots of boards with the blank in cell z, in
// the order of their tile ranks. A level walks the rows of its colour, so
// the moves of every board of a row are the same and the processor
// predicts them, and a vertical move reads the tile rank it leads to from a
// table indexed by the tile rank: (n-1)! <= 40320 ranks of 16 bits for each
// window. At this size the general search's batches, regions and
// goroutines cost more than the work they share out. The result is
// rearranged into the layout of Result at the end.
const smallCells = 9

// smallMover holds the tables of one board shape of at most smallCells
// cells.
type smallMover struct {
	n, w, m int
	groups  uint64 // (n-1)!/2: slots a row
	words   uint64 // words of the frontier a row
	cells   [smallCells]smallCell
}

// smallCell describes the moves of a blank in one cell: vertical moves as
// the table of the tile rank they lead to, nil if there is no such move.
type smallCell struct {
	left, right bool
	up, down    []uint16
}

// smallTableMemory bounds the bytes of one shape's tables: at most 6
// windows of two directions over 8! tile ranks.
const smallTableMemory = 6 * 2 * 40320 * 2

var smallMovers sync.Map // board.Size -> *smallMover

func smallMoverFor(size board.Size) *smallMover {
	return perShape(&smallMovers, size, newSmallMover)
}

// newSmallMover computes, for each window of w tiles a move of the blank up
// rotates left, the tile rank each tile rank leads to; the move down from
// the same window is its inverse.
func newSmallMover(size board.Size) *smallMover {
	n := size.Cells()
	w, m := size.W, n-1
	M := rank.Factorial(m)
	sm := &smallMover{n: n, w: w, m: m, groups: M / 2, words: (M/2 + 63) / 64}
	windows := m - w + 1
	ups := make([][]uint16, windows)
	downs := make([][]uint16, windows)
	for a := range windows {
		ups[a] = make([]uint16, M)
		downs[a] = make([]uint16, M)
	}
	var fact [smallCells]uint64
	for i := range m {
		fact[i] = rank.Factorial(m - 1 - i)
	}
	// The sequences in lexicographic order: their Lehmer digits count
	// like an odometer, and a window's change of rank, which depends on
	// the digits up to its end, is computed again only when one of them
	// changes.
	var seq, dig [smallCells]uint8
	var delta [smallCells]int64
	var par [smallCells]uint64
	var sum uint64
	for lex, from := uint64(0), 0; lex < M; lex++ {
		if lex > 0 {
			i := m - 1
			for ; dig[i] == uint8(m-1-i); i-- {
				sum -= uint64(dig[i])
				dig[i] = 0
			}
			dig[i]++
			sum++
			from = i
		}
		free := uint32(1)<<m - 1
		for i := range from {
			free &^= 1 << seq[i]
		}
		for i := from; i < m; i++ {
			seq[i] = bitx.NthSet(free, int(dig[i]))
			free &^= 1 << seq[i]
		}
		t := lex&^1 | sum&1
		for a := range windows {
			if a+w > from {
				delta[a], par[a] = rotation.Rotate(seq[a:a+w], dig[a:a+w], fact[a:a+w], rotation.Left)
			}
			u := uint64(int64(lex)+delta[a])&^1 | (sum&1 ^ par[a])
			ups[a][t] = uint16(u)
			downs[a][u] = uint16(t)
		}
	}
	for z := range n {
		c := &sm.cells[z]
		c.left, c.right = z%w > 0, z%w < w-1
		if z >= w {
			c.up = ups[z-w]
		}
		if z+w < n {
			c.down = downs[z]
		}
	}
	return sm
}

// small is the state of one Run over a board of at most smallCells cells.
type small struct {
	goal    board.Board
	sm      *smallMover
	n       int
	slots   uint64
	goalCol int      // colour of the goal's blank cell
	bytes   []uint8  // bytes[z*groups+k]: the slot of tile ranks 2k, 2k+1 with the blank in z
	front   []uint64 // front[z*words+k/64] bit k%64: that slot is at the frontier
}

func newSmall(goal board.Board) *small {
	size := goal.Size()
	sm := smallMoverFor(size)
	n := sm.n
	s := &small{
		goal:    goal,
		sm:      sm,
		n:       n,
		slots:   sm.groups * uint64(n),
		goalCol: cellColour(goal.Blank(), size.W),
		front:   make([]uint64, uint64(n)*sm.words),
	}
	s.bytes = make([]uint8, s.slots)
	t, z := rank.Split(goal.CellString())
	claim(s.rowBytes(z), s.rowFront(z), t>>1, 1, t&1)
	return s
}

// level expands every board at depth d and returns how many boards it found
// at depth d+1.
func (s *small) level(ctx context.Context, d int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	sm := s.sm
	c := s.goalCol ^ d&1
	mark := uint8(d + 2) // the slot byte of the boards found: their depth+1
	var found uint64
	var bad uint8
	for z := range s.n {
		if cellColour(z, sm.w) != c {
			continue
		}
		cm := &sm.cells[z]
		row := s.rowFront(z)
		bytes := s.rowBytes(z)
		// The rows of the neighbours: those of moves that do not exist
		// are never read.
		var lb, rb, ub, db []uint8
		var lf, rf, uf, df []uint64
		if cm.left {
			lb, lf = s.rowBytes(z-1), s.rowFront(z-1)
		}
		if cm.right {
			rb, rf = s.rowBytes(z+1), s.rowFront(z+1)
		}
		if cm.up != nil {
			ub, uf = s.rowBytes(z-sm.w), s.rowFront(z-sm.w)
		}
		if cm.down != nil {
			db, df = s.rowBytes(z+sm.w), s.rowFront(z+sm.w)
		}
		for j, f := range row {
			if f == 0 {
				continue
			}
			row[j] = 0
			for ; f != 0; f &= f - 1 {
				k := uint64(j*64 + bits.TrailingZeros64(f))
				t := 2*k | uint64(bytes[k]>>7)
				// Horizontal moves keep the tile rank.
				if cm.left {
					f, b := claim(lb, lf, k, mark, t&1)
					found += f
					bad |= b
				}
				if cm.right {
					f, b := claim(rb, rf, k, mark, t&1)
					found += f
					bad |= b
				}
				if cm.up != nil {
					u := uint64(cm.up[t])
					f, b := claim(ub, uf, u>>1, mark, u&1)
					found += f
					bad |= b
				}
				if cm.down != nil {
					u := uint64(cm.down[t])
					f, b := claim(db, df, u>>1, mark, u&1)
					found += f
					bad |= b
				}
			}
		}
	}
	if bad&pairBit != 0 {
		return 0, pairReached(d + 1)
	}
	return found, nil
}

func (s *small) rowBytes(z int) []uint8 {
	return s.bytes[uint64(z)*s.sm.groups : uint64(z+1)*s.sm.groups]
}

func (s *small) rowFront(z int) []uint64 {
	return s.front[uint64(z)*s.sm.words : uint64(z+1)*s.sm.words]
}

// finish puts into r the depth table and the reachable set, in the layout
// of Result.
func (s *small) finish(r *Result) {
	n := uint64(s.n)
	groups := s.sm.groups
	depth := make([]uint8, s.slots)
	reach := make([]uint64, (2*s.slots+63)/64)
	for z := range n {
		for k, v := range s.bytes[z*groups : (z+1)*groups] {
			depth[uint64(k)*n+z] = settle(v, uint64(k), z, n, reach)
		}
	}
	r.depth, r.reach = depth, reach
}
