package ida

import (
	"github.com/slidetable/slidetable/board"
)

// state is a board being searched, with its heuristic kept up to date move
// by move.
type state struct {
	w, h0   int     // width and height
	cells   []uint8 // tile in each cell, 0 for the blank
	blank   int     // cell of the blank
	goal    []uint8 // goal cell of each tile
	goalAt  []uint8 // tile of each cell in the goal
	md      int     // sum of the Manhattan distances
	rowLC   []int   // linear conflict moves of each row
	colLC   []int   // of each column
	h       int     // md + sum(rowLC) + sum(colLC)
	scratch []int
}

func newState(b, goal board.Board) state {
	size := b.Size()
	n := size.Cells()
	s := state{
		w: size.W, h0: size.H,
		cells:   b.Cells(),
		blank:   b.Blank(),
		goal:    make([]uint8, n),
		goalAt:  goal.Cells(),
		rowLC:   make([]int, size.H),
		colLC:   make([]int, size.W),
		scratch: make([]int, 0, max(size.W, size.H)),
	}
	for c := range n {
		s.goal[goal.At(c)] = uint8(c)
	}
	for c, t := range s.cells {
		if t != 0 {
			s.md += s.dist(t, c)
		}
	}
	s.h = s.md
	for r := range size.H {
		s.rowLC[r] = s.lineConflicts(r*s.w, 1, s.w, true)
		s.h += s.rowLC[r]
	}
	for c := range size.W {
		s.colLC[c] = s.lineConflicts(c, s.w, s.h0, false)
		s.h += s.colLC[c]
	}
	return s
}

// dist is the Manhattan distance of tile t in cell c from its goal cell.
func (s *state) dist(t uint8, c int) int {
	g := int(s.goal[t])
	dr := c/s.w - g/s.w
	dc := c%s.w - g%s.w
	return abs(dr) + abs(dc)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// lineConflicts returns the extra moves that the order of the tiles in one
// line forces: the line's cells are start, start+step, ... (count of them);
// row says whether it is a row. Of the tiles whose goal is in this line, all
// but a longest subsequence in goal order must leave the line and return,
// two moves each.
func (s *state) lineConflicts(start, step, count int, row bool) int {
	pos := s.scratch[:0] // goal positions along the line, in line order
	for i := range count {
		t := s.cells[start+i*step]
		if t == 0 {
			continue
		}
		g := int(s.goal[t])
		if row && g/s.w == start/s.w {
			pos = append(pos, g%s.w)
		} else if !row && g%s.w == start%s.w {
			pos = append(pos, g/s.w)
		}
	}
	if len(pos) < 2 {
		return 0
	}
	// Longest increasing subsequence by patience sorting; lines are short.
	var tails [256]int
	l := 0
	for _, p := range pos {
		i := 0
		for i < l && tails[i] < p {
			i++
		}
		tails[i] = p
		if i == l {
			l++
		}
	}
	return 2 * (len(pos) - l)
}

// solved reports whether every tile is in its goal cell.
func (s *state) solved() bool {
	for c, t := range s.cells {
		if t != s.goalAt[c] {
			return false
		}
	}
	return true
}

// neighbours returns the cells next to z: the first k of ns, in the order
// of board.Board.Moves (above, below, left, right).
func (s *state) neighbours(z int) (ns [4]int, k int) {
	w, n := s.w, len(s.cells)
	if z >= w {
		ns[k] = z - w
		k++
	}
	if z+w < n {
		ns[k] = z + w
		k++
	}
	if z%w > 0 {
		ns[k] = z - 1
		k++
	}
	if z%w < w-1 {
		ns[k] = z + 1
		k++
	}
	return ns, k
}

// saved is what undo needs to restore the heuristic.
type saved struct {
	md, h  int
	lc     [2]int
	lines  [2]int
	isRows bool
}

// move slides the tile in cell c into the blank and returns what undo needs.
func (s *state) move(c int) saved {
	z := s.blank
	t := s.cells[c]
	u := saved{md: s.md, h: s.h}
	s.cells[z], s.cells[c] = t, 0
	s.blank = c
	delta := s.dist(t, z) - s.dist(t, c)
	s.md += delta
	s.h += delta
	if c/s.w != z/s.w { // a vertical move changes two rows
		u.isRows = true
		u.lines = [2]int{c / s.w, z / s.w}
		for i, r := range u.lines {
			u.lc[i] = s.rowLC[r]
			s.rowLC[r] = s.lineConflicts(r*s.w, 1, s.w, true)
			s.h += s.rowLC[r] - u.lc[i]
		}
	} else { // a horizontal move changes two columns
		u.lines = [2]int{c % s.w, z % s.w}
		for i, col := range u.lines {
			u.lc[i] = s.colLC[col]
			s.colLC[col] = s.lineConflicts(col, s.w, s.h0, false)
			s.h += s.colLC[col] - u.lc[i]
		}
	}
	return u
}

// undo reverses move(c) made when the blank was in z.
func (s *state) undo(c, z int, u saved) {
	s.cells[c], s.cells[z] = s.cells[z], 0
	s.blank = z
	s.md, s.h = u.md, u.h
	lc := s.colLC
	if u.isRows {
		lc = s.rowLC
	}
	// Restore in reverse order, in case both lines are the same.
	lc[u.lines[1]] = u.lc[1]
	lc[u.lines[0]] = u.lc[0]
}
