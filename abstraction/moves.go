package abstraction

import "github.com/slidetable/slidetable/board"

// moves lists the multi-tile moves of the blank of a board of one size,
// for each of its cells z: the cells of z's row it reaches in one move,
// which keep the sequence and so the group, and the two rays of z's column
// (up, then down), the cells in order away from z, each reached from z in
// one move by the tiles between sliding one cell towards z.
type moves struct {
	n, w    int
	row     [maxCells][]uint8
	rowMask [maxCells]uint32 // the cells of row[z], as bits
	ray     [maxCells][2][]uint8
}

// movesOf returns the moves of size.
func movesOf(size board.Size) *moves {
	n, w := size.Cells(), size.W
	mv := &moves{n: n, w: w}
	for z := range n {
		for c := z - z%w; c < z-z%w+w; c++ {
			if c != z {
				mv.row[z] = append(mv.row[z], uint8(c))
				mv.rowMask[z] |= 1 << c
			}
		}
		for i, step := range [2]int{-w, w} {
			for c := z + step; c >= 0 && c < n; c += step {
				mv.ray[z][i] = append(mv.ray[z][i], uint8(c))
			}
		}
	}
	return mv
}
