package board

import "strconv"

// Direction is the way a tile slides into the blank.
type Direction uint8

// The four directions. A tile slides the opposite way to the blank: the
// tile below the blank slides Up.
const (
	Up    Direction = iota // the tile below the blank slides up
	Down                   // the tile above the blank slides down
	Left                   // the tile right of the blank slides left
	Right                  // the tile left of the blank slides right
)

var directions = [...]string{Up: "up", Down: "down", Left: "left", Right: "right"}

// String returns "up", "down", "left" or "right".
func (d Direction) String() string {
	if int(d) < len(directions) {
		return directions[d]
	}
	return "Direction(" + strconv.Itoa(int(d)) + ")"
}

// Move is a tile sliding into the blank, with the way it slides.
type Move struct {
	Tile uint8
	Dir  Direction
}

// String returns the move as its tile and direction: "5 up".
func (m Move) String() string { return strconv.Itoa(int(m.Tile)) + " " + m.Dir.String() }

// Neighbours returns the cells next to cell z of a board of size s, the
// cells whose tiles can slide into a blank in z: the first k of cells, in
// the move order of this package, which every list of moves follows: the
// cell above z, below it, left of it, right of it. A z outside the board
// has none.
func (s Size) Neighbours(z int) (cells [4]int, k int) {
	if z < 0 || z >= s.Cells() {
		return cells, 0
	}
	w, n := s.W, s.Cells()
	if z >= w {
		cells[k] = z - w
		k++
	}
	if z+w < n {
		cells[k] = z + w
		k++
	}
	if z%w > 0 {
		cells[k] = z - 1
		k++
	}
	if z%w < w-1 {
		cells[k] = z + 1
		k++
	}
	return cells, k
}

// CellDistance returns the Manhattan distance between cells a and b of a
// board of size s: the rows plus the columns between them, the fewest
// moves a tile needs to go from one to the other.
func (s Size) CellDistance(a, b int) int {
	return abs(a/s.W-b/s.W) + abs(a%s.W-b%s.W)
}

// Manhattan returns the Manhattan distance of every tile from its cell in
// b, taken as a goal, from every cell: row t, for a tile t (0, the blank,
// included), holds for each cell c Size.CellDistance(c, b.Index(t)), the
// fewest moves t needs from c to its cell in b. A heuristic or a model
// that adds these up move by move reads them from here. The rows share one
// array; the zero Board has none.
func (b Board) Manhattan() [][]uint8 {
	n := b.Len()
	all := make([]uint8, n*n)
	rows := make([][]uint8, n)
	for g := range n {
		t := int(b.cells[g])
		row := all[t*n : (t+1)*n : (t+1)*n]
		for c := range n {
			row[c] = uint8(b.size.CellDistance(c, g))
		}
		rows[t] = row
	}
	return rows
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// slideDirection returns the way the tile in cell c, in the row or column
// of the blank in cell z of a board of width w, slides towards the blank:
// as a move of a tile next to the blank, or a tap (see Board.Tap).
func slideDirection(z, c, w int) Direction {
	switch {
	case c%w == z%w && c < z: // above the blank
		return Down
	case c%w == z%w:
		return Up
	case c < z: // left of the blank
		return Right
	}
	return Left
}

// LegalMoves returns the moves b allows, in the move order (see
// Size.Neighbours), each with the way its tile slides. The zero Board has
// none.
func (b Board) LegalMoves() []Move {
	z := b.Blank()
	cells, k := b.size.Neighbours(z)
	moves := make([]Move, k)
	for i, c := range cells[:k] {
		moves[i] = Move{Tile: b.cells[c], Dir: slideDirection(z, c, b.size.W)}
	}
	return moves
}

// MoveOf returns the move of tile t, with the way it slides. It fails with
// ErrIllegalMove if t is not next to the blank.
func (b Board) MoveOf(t uint8) (Move, error) {
	c, err := b.movable(t)
	if err != nil {
		return Move{}, err
	}
	return Move{Tile: t, Dir: slideDirection(b.Blank(), c, b.size.W)}, nil
}

// Slide returns the board after the tile that can slide in direction d
// does so, as an arrow key in a game asks, and that move. It fails with
// ErrIllegalMove if no tile can slide that way.
func (b Board) Slide(d Direction) (Board, Move, error) {
	z := b.Blank()
	cells, k := b.size.Neighbours(z)
	for _, c := range cells[:k] {
		if slideDirection(z, c, b.size.W) == d {
			next, err := b.Move(b.cells[c])
			return next, Move{Tile: b.cells[c], Dir: d}, err
		}
	}
	return Board{}, Move{}, errorf(ErrIllegalMove, "no tile can slide %s", d)
}

// movable returns the cell of tile t if it can slide into the blank.
func (b Board) movable(t uint8) (int, error) {
	if t == 0 {
		return -1, errorf(ErrIllegalMove, "0 is the blank, not a tile")
	}
	i := b.Index(t)
	if i < 0 {
		return -1, errorf(ErrIllegalMove, "there is no tile %d on a %s board", t, b.size)
	}
	cells, k := b.size.Neighbours(b.Blank())
	for _, c := range cells[:k] {
		if c == i {
			return i, nil
		}
	}
	return -1, errorf(ErrIllegalMove, "tile %d is not next to the blank", t)
}
