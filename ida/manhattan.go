package ida

import (
	"sync"

	"github.com/slidetable/slidetable/board"
)

// Manhattan returns the heuristic of Estimate for boards of goal's size:
// the Manhattan distance of the tiles from their cells in goal plus the
// linear conflicts of every row and column. It never exceeds the distance
// and changes by exactly one, plus or minus an even number of conflict
// moves, per move. It is safe for concurrent use. goal must be a valid
// board.
func Manhattan(goal board.Board) Heuristic {
	size := goal.Size()
	n := size.Cells()
	m := &manhattan{
		goal:    goal,
		w:       size.W,
		h:       size.H,
		n:       n,
		dist:    goal.Manhattan(),
		goalRow: make([]uint8, n),
		goalCol: make([]uint8, n),
		rowOf:   make([]uint8, n),
		colOf:   make([]uint8, n),
		rowLC:   lineTable(size.W),
		colLC:   lineTable(size.H),
		rowPow:  powers(size.W),
		colPow:  powers(size.H),
	}
	for c := range n {
		m.rowOf[c], m.colOf[c] = uint8(c/size.W), uint8(c%size.W)
	}
	for g := range n {
		t := goal.At(g)
		m.goalRow[t], m.goalCol[t] = uint8(g/size.W), uint8(g%size.W)
	}
	return m
}

// manhattan is the heuristic of Manhattan: what its evaluators share.
type manhattan struct {
	goal             board.Board
	w, h, n          int
	dist             [][]uint8 // dist[t][c]: Manhattan distance of tile t in cell c (board.Board.Manhattan)
	goalRow, goalCol []uint8   // of each tile
	rowOf, colOf     []uint8   // of each cell
	rowLC, colLC     []uint8   // conflict moves of a row's or column's code; nil for long lines
	rowPow, colPow   []int32   // place values of a line's codes
}

func (m *manhattan) Goal() board.Board { return m.goal }

func (m *manhattan) Start(b board.Board) Evaluator {
	e := &manhattanEval{
		m:     m,
		cells: b.Cells(),
		code:  make([]int32, m.h+m.w),
		lc:    make([]uint8, m.h+m.w),
		undo:  make([]undoRecord, 0, 128),
	}
	for c, t := range e.cells {
		if t != 0 {
			e.h += int(m.dist[t][c])
		}
	}
	for r := range m.h {
		e.code[r] = e.lineCode(r, true)
		e.lc[r] = e.lineConflicts(r, true)
		e.h += int(e.lc[r])
	}
	for c := range m.w {
		e.code[m.h+c] = e.lineCode(c, false)
		e.lc[m.h+c] = e.lineConflicts(c, false)
		e.h += int(e.lc[m.h+c])
	}
	return e
}

// manhattanEval follows one search path. Each line (the rows, then the
// columns) has a code, the goal places along the line of the tiles in it
// that belong to it, one digit a cell (0 for a tile that does not belong,
// p+1 for a tile whose goal is place p), and a table gives the code's
// conflict moves. A move of tile t changes the conflicts of one line at
// most, t's goal line across the move, which t enters or leaves; it also
// shifts t's digit within its goal line along the move, which keeps that
// line's order and so its conflicts.
type manhattanEval struct {
	m     *manhattan
	cells []uint8
	h     int
	code  []int32
	lc    []uint8
	undo  []undoRecord
}

// undoRecord is what Undo restores: the bound before a move and the line
// whose conflicts it changed, line -1 for none.
type undoRecord struct {
	h     int32
	digit int32 // added to the line's code
	line  int16
	lc    uint8
}

func (e *manhattanEval) H() int { return e.h }

func (e *manhattanEval) Move(t uint8, from, to int) int {
	m := e.m
	dist := m.dist[t]
	rec := undoRecord{h: int32(e.h), line: -1}
	e.h += int(dist[to]) - int(dist[from])
	e.cells[to], e.cells[from] = t, 0
	if m.rowOf[from] != m.rowOf[to] {
		// A vertical move: only the conflicts of t's goal row can change,
		// if t leaves or enters it.
		if c := m.goalCol[t]; c == m.colOf[to] && m.colLC != nil {
			// t moves along its goal column: same order, new places.
			e.code[m.h+int(c)] += (int32(m.goalRow[t]) + 1) * (m.colPow[m.rowOf[to]] - m.colPow[m.rowOf[from]])
		}
		if r := m.goalRow[t]; r == m.rowOf[from] || r == m.rowOf[to] {
			var digit int32
			if m.rowLC != nil {
				digit = (int32(m.goalCol[t]) + 1) * m.rowPow[m.colOf[to]]
				if r == m.rowOf[from] {
					digit = -digit
				}
			}
			e.update(int(r), digit, m.rowLC, &rec)
		}
	} else {
		if r := m.goalRow[t]; r == m.rowOf[to] && m.rowLC != nil {
			e.code[r] += (int32(m.goalCol[t]) + 1) * (m.rowPow[m.colOf[to]] - m.rowPow[m.colOf[from]])
		}
		if c := m.goalCol[t]; c == m.colOf[from] || c == m.colOf[to] {
			var digit int32
			if m.colLC != nil {
				digit = (int32(m.goalRow[t]) + 1) * m.colPow[m.rowOf[to]]
				if c == m.colOf[from] {
					digit = -digit
				}
			}
			e.update(m.h+int(c), digit, m.colLC, &rec)
		}
	}
	e.undo = append(e.undo, rec)
	return e.h
}

// update adds digit to line i's code (the rows, then the columns) and
// brings its conflicts up to date, from table if the line has one.
func (e *manhattanEval) update(i int, digit int32, table []uint8, rec *undoRecord) {
	rec.line, rec.lc, rec.digit = int16(i), e.lc[i], digit
	var lc uint8
	if table != nil {
		e.code[i] += digit
		lc = table[e.code[i]]
	} else if i < e.m.h {
		lc = e.lineConflicts(i, true)
	} else {
		lc = e.lineConflicts(i-e.m.h, false)
	}
	e.lc[i] = lc
	e.h += int(lc) - int(rec.lc)
}

func (e *manhattanEval) Undo(t uint8, from, to int) {
	rec := e.undo[len(e.undo)-1]
	e.undo = e.undo[:len(e.undo)-1]
	e.cells[from], e.cells[to] = t, 0
	e.h = int(rec.h)
	if rec.line >= 0 {
		e.lc[rec.line] = rec.lc
		e.code[rec.line] -= rec.digit
	}
	m := e.m
	if m.rowOf[from] != m.rowOf[to] {
		if c := m.goalCol[t]; c == m.colOf[to] && m.colLC != nil {
			e.code[m.h+int(c)] -= (int32(m.goalRow[t]) + 1) * (m.colPow[m.rowOf[to]] - m.colPow[m.rowOf[from]])
		}
	} else if r := m.goalRow[t]; r == m.rowOf[to] && m.rowLC != nil {
		e.code[r] -= (int32(m.goalCol[t]) + 1) * (m.rowPow[m.colOf[to]] - m.rowPow[m.colOf[from]])
	}
}

// line returns the cells of row or column i: the first, the step and the
// count.
func (e *manhattanEval) line(i int, isRow bool) (start, step, count int) {
	if isRow {
		return i * e.m.w, 1, e.m.w
	}
	return i, e.m.w, e.m.h
}

// lineCode returns the code of row or column i, or 0 for a line too long
// for a table.
func (e *manhattanEval) lineCode(i int, isRow bool) int32 {
	m := e.m
	pow, goalLine, goalPlace := m.rowPow, m.goalRow, m.goalCol
	if !isRow {
		pow, goalLine, goalPlace = m.colPow, m.goalCol, m.goalRow
	}
	if pow == nil {
		return 0
	}
	start, step, count := e.line(i, isRow)
	var code int32
	for k := range count {
		if t := e.cells[start+k*step]; t != 0 && int(goalLine[t]) == i {
			code += (int32(goalPlace[t]) + 1) * pow[k]
		}
	}
	return code
}

// lineConflicts returns the conflict moves of row or column i, read from
// the cells: of the tiles whose goal is in the line, all but a longest
// subsequence in goal order must leave the line and return, two moves each.
func (e *manhattanEval) lineConflicts(i int, isRow bool) uint8 {
	m := e.m
	goalLine, goalPlace := m.goalRow, m.goalCol
	if !isRow {
		goalLine, goalPlace = m.goalCol, m.goalRow
	}
	start, step, count := e.line(i, isRow)
	var places [board.MaxCells]uint8
	k := 0
	for j := range count {
		if t := e.cells[start+j*step]; t != 0 && int(goalLine[t]) == i {
			places[k] = goalPlace[t]
			k++
		}
	}
	return conflicts(places[:k])
}

// conflicts returns twice the number of places not in a longest increasing
// subsequence of places.
func conflicts(places []uint8) uint8 {
	if len(places) < 2 {
		return 0
	}
	// Patience sorting; lines are short.
	var tails [board.MaxCells]uint8
	l := 0
	for _, p := range places {
		i := 0
		for i < l && tails[i] < p {
			i++
		}
		tails[i] = p
		if i == l {
			l++
		}
	}
	return uint8(2 * (len(places) - l))
}

// maxTableLine is the longest line whose codes have a table: 7^6 entries.
const maxTableLine = 6

// powers returns the place values of the codes of a line of length l, or
// nil if l is too long for a table.
func powers(l int) []int32 {
	if l > maxTableLine {
		return nil
	}
	p := make([]int32, l)
	v := int32(1)
	for i := range p {
		p[i] = v
		v *= int32(l + 1)
	}
	return p
}

var lineTables [maxTableLine + 1]func() []uint8

func init() {
	for l := range lineTables {
		lineTables[l] = sync.OnceValue(func() []uint8 { return buildLineTable(l) })
	}
}

// lineTable returns the conflict moves of every code of a line of length
// l, or nil if l is too long for a table. Codes that repeat a place never
// occur and get 0.
func lineTable(l int) []uint8 {
	if l > maxTableLine {
		return nil
	}
	return lineTables[l]()
}

func buildLineTable(l int) []uint8 {
	size := 1
	for range l {
		size *= l + 1
	}
	out := make([]uint8, size)
	digits := make([]uint8, l)
	places := make([]uint8, 0, l)
	for code := range size {
		v := code
		for i := range digits {
			digits[i] = uint8(v % (l + 1))
			v /= l + 1
		}
		places = places[:0]
		for _, d := range digits {
			if d != 0 {
				places = append(places, d-1)
			}
		}
		out[code] = conflicts(places)
	}
	return out
}
