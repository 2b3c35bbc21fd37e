package board

import (
	"fmt"
	"strconv"

	"github.com/slidetable/slidetable/failure"
)

// ErrMetric reports a name that is not a metric's.
var ErrMetric = failure.New(failure.Input, "board: unknown metric")

// Metric says what counts as one move.
type Metric uint8

// The two metrics. In the single-tile metric a move slides the one tile
// next to the blank into it. In the multi-tile metric a move slides every
// tile between the blank and a tile in its row or column, that one
// included, one cell towards the blank: 1 to w-1 tiles along a row, or 1
// to h-1 along a column, as many games let a player tap a tile and as the
// speedsolving community counts moves.
const (
	SingleTile Metric = iota
	MultiTile
)

var metrics = [...]string{SingleTile: "single", MultiTile: "multi"}

// String returns "single" or "multi".
func (m Metric) String() string {
	if int(m) < len(metrics) {
		return metrics[m]
	}
	return "Metric(" + strconv.Itoa(int(m)) + ")"
}

// Valid reports whether m is one of the two metrics.
func (m Metric) Valid() bool { return int(m) < len(metrics) }

// ParseMetric returns the metric named s: "single" or "multi".
func ParseMetric(s string) (Metric, error) {
	for m, name := range metrics {
		if s == name {
			return Metric(m), nil
		}
	}
	return 0, fmt.Errorf("%w %q: want single or multi", ErrMetric, s)
}

// Line returns the cells in line with cell z of a board of size s, whose
// tiles a tap can slide towards a blank in z (see MultiTile): the cells of
// its column, top to bottom, then those of its row, left to right, z
// itself left out. A z outside the board has none.
func (s Size) Line(z int) []int {
	if z < 0 || z >= s.Cells() {
		return nil
	}
	w, n := s.W, s.Cells()
	cells := make([]int, 0, s.W+s.H-2)
	for c := z % w; c < n; c += w {
		if c != z {
			cells = append(cells, c)
		}
	}
	for c := z - z%w; c < z-z%w+w; c++ {
		if c != z {
			cells = append(cells, c)
		}
	}
	return cells
}

// Taps returns the tiles b's player can tap in the multi-tile metric: the
// tiles in the blank's column, top to bottom, then in its row, left to
// right.
func (b Board) Taps() []uint8 {
	line := b.size.Line(b.Blank())
	taps := make([]uint8, len(line))
	for i, c := range line {
		taps[i] = b.cells[c]
	}
	return taps
}

// Tap returns the board after tile t, in the blank's row or column, is
// tapped: t and every tile between it and the blank slide one cell
// towards the blank, one move of the multi-tile metric. It also returns
// how many tiles slid. It fails with ErrIllegalMove if t is not in the
// blank's row or column.
func (b Board) Tap(t uint8) (Board, int, error) {
	i, err := b.tappable(t)
	if err != nil {
		return Board{}, 0, err
	}
	c := []byte(b.cells)
	count := SlideCells(c, b.size.W, b.Blank(), i)
	return Board{size: b.size, cells: string(c)}, count, nil
}

// Play returns the board after the move of tile t in the metric m: t
// slides into the blank (Move) in the single-tile metric, and is tapped
// (Tap) in the multi-tile one. It fails with ErrIllegalMove if t cannot
// move so.
func (b Board) Play(m Metric, t uint8) (Board, error) {
	if m == MultiTile {
		next, _, err := b.Tap(t)
		return next, err
	}
	return b.Move(t)
}

// TapDirection returns the way tile t and the tiles between it and the
// blank slide when t is tapped (see Tap): for a tile next to the blank,
// the direction of its move (see MoveOf). It fails with ErrIllegalMove if
// t is not in the blank's row or column.
func (b Board) TapDirection(t uint8) (Direction, error) {
	i, err := b.tappable(t)
	if err != nil {
		return 0, err
	}
	return slideDirection(b.Blank(), i, b.size.W), nil
}

// tappable returns the cell of tile t if it is in the blank's row or
// column.
func (b Board) tappable(t uint8) (int, error) {
	if t == 0 {
		return -1, errorf(ErrIllegalMove, "0 is the blank, not a tile")
	}
	i := b.Index(t)
	if i < 0 {
		return -1, errorf(ErrIllegalMove, "there is no tile %d on a %s board", t, b.size)
	}
	z, w := b.Blank(), b.size.W
	if i%w != z%w && i/w != z/w {
		return -1, errorf(ErrIllegalMove, "tile %d is not in the blank's row or column", t)
	}
	return i, nil
}

// SlideCells moves the blank of a board of width w, held as its cells in
// reading order (see Board.Cells), from cell z to cell c of its row or
// column: the tiles between slide one cell towards z. It returns how many
// tiles slid; sliding back from c to z undoes it. It does not check that c
// is in z's row or column, nor that the blank is in z.
func SlideCells(cells []uint8, w, z, c int) int {
	step := 1
	if c%w == z%w {
		step = w
	}
	if c < z {
		step = -step
	}
	count := 0
	for ; z != c; z += step {
		cells[z], cells[z+step] = cells[z+step], 0
		count++
	}
	return count
}
