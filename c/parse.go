package main

import "github.com/slidetable/slidetable/board"

// parseLine reads a board of size from one line of a batch of boards
// written as text: quickly for the forms the command line writes (numbers
// separated by spaces, commas or tabs, rows optionally separated by '/'),
// and through board.Parse for any other form and for every error, so that
// a line reads, or fails with the message, exactly as board.Parse has it.
// cells is room for the board's cells.
func parseLine(size board.Size, line []byte, cells []uint8) (board.Board, error) {
	if b, ok := quickParse(size, line, cells); ok {
		return b, nil
	}
	return board.Parse(size, string(line))
}

// quickParse reads line as board.Parse does, for lines of numbers of at
// most three digits separated by ' ', ',', '\t' or '\r', in rows separated
// by '/' or not, that make a valid board; it reports false for any other
// line, which board.Parse then reads (or refuses). A board it reads is the
// one board.Parse reads: the same numbers in the same order, the same
// count of rows and of numbers in each, checked by board.New.
func quickParse(size board.Size, line []byte, cells []uint8) (board.Board, bool) {
	n := size.Cells()
	cells = cells[:0]
	rows, inRow := 0, 0 // rows ended by '/', numbers in the current row
	v, digits := 0, 0   // the number being read
	end := func() {     // the end of a number, if one is being read
		if digits > 0 {
			cells = append(cells, uint8(v))
			inRow++
			v, digits = 0, 0
		}
	}
	for _, c := range line {
		switch c {
		case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			v = v*10 + int(c-'0')
			if digits++; digits > 3 || v > 255 {
				return board.Board{}, false
			}
			continue
		case ' ', ',', '\t', '\r':
			end()
		case '/':
			end()
			if inRow != size.W {
				return board.Board{}, false
			}
			rows, inRow = rows+1, 0
		default:
			return board.Board{}, false
		}
		if len(cells) > n {
			return board.Board{}, false
		}
	}
	end()
	if len(cells) != n || rows > 0 && (rows+1 != size.H || inRow != size.W) {
		return board.Board{}, false
	}
	b, err := board.New(size, cells)
	return b, err == nil
}
