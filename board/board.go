package board

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Board is a validated arrangement of tiles on a board of some Size. The zero
// Board has size 0x0 and is not valid; build boards with Parse, New or Goal.
type Board struct {
	size  Size
	cells string // one byte per cell, reading order, 0 = blank
}

// inputError carries a message that names the bad value and the sentinel it
// is an instance of.
type inputError struct {
	kind error
	msg  string
}

func (e *inputError) Error() string { return "board: " + e.msg }
func (e *inputError) Unwrap() error { return e.kind }

func errorf(kind error, format string, args ...any) error {
	return &inputError{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// New returns the board of the given size whose cells, in reading order, are
// cells (0 for the blank). It checks that cells holds each of 0..n-1 once.
func New(size Size, cells []uint8) (Board, error) {
	if err := size.Validate(); err != nil {
		return Board{}, err
	}
	n := size.Cells()
	if len(cells) != n {
		return Board{}, errorf(ErrCellCount, "%s needs %d cells, got %d", size, n, len(cells))
	}
	var seen [MaxCells]bool
	blank := false
	for _, c := range cells {
		if int(c) >= n {
			return Board{}, errorf(ErrRange, "tile %d is out of range for %s (tiles are 1..%d, 0 is the blank)", c, size, n-1)
		}
		if seen[c] {
			if c == 0 {
				return Board{}, errorf(ErrDuplicate, "the blank (0) appears twice")
			}
			return Board{}, errorf(ErrDuplicate, "tile %d appears twice", c)
		}
		seen[c] = true
		blank = blank || c == 0
	}
	if !blank { // unreachable once count, range and duplicates pass; kept as a guard
		return Board{}, errorf(ErrNoBlank, "no blank (0)")
	}
	return Board{size: size, cells: string(cells)}, nil
}

// Parse reads a board of the given size from text: n numbers in reading
// order, 0 or '.' for the blank (as Grid writes it), separated by spaces
// and/or commas, optionally with '/' between rows ("1 2 3/4 5 6/7 8 0"). When rows are given, each must hold
// W numbers and there must be H of them.
func Parse(size Size, text string) (Board, error) {
	if err := size.Validate(); err != nil {
		return Board{}, err
	}
	isSep := func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' }
	// Each word first: a word that is not a number is named before the
	// numbers are counted.
	n := size.Cells()
	for _, tok := range strings.FieldsFunc(text, func(r rune) bool { return isSep(r) || r == '/' }) {
		if tok == "." {
			continue
		}
		if _, err := strconv.Atoi(tok); err != nil && !errors.Is(err, strconv.ErrRange) {
			return Board{}, errorf(ErrSyntax, "%q is not a number", clip(tok))
		}
	}
	var tokens []string
	if strings.Contains(text, "/") {
		rows := strings.Split(text, "/")
		if len(rows) != size.H {
			return Board{}, errorf(ErrCellCount, "%s needs %d rows, got %d", size, size.H, len(rows))
		}
		for i, row := range rows {
			f := strings.FieldsFunc(row, isSep)
			if len(f) != size.W {
				return Board{}, errorf(ErrCellCount, "row %d has %d numbers, %s needs %d", i+1, len(f), size, size.W)
			}
			tokens = append(tokens, f...)
		}
	} else {
		tokens = strings.FieldsFunc(text, isSep)
	}
	if len(tokens) != n {
		return Board{}, errorf(ErrCellCount, "%s needs %d numbers, got %d", size, n, len(tokens))
	}
	cells := make([]uint8, n)
	hasBlank := false
	for i, tok := range tokens {
		if tok == "." {
			tok = "0"
		}
		v, err := strconv.Atoi(tok)
		if err != nil || v < 0 || v >= n { // err: a number too large for an int
			return Board{}, errorf(ErrRange, "tile %s is out of range for %s (tiles are 1..%d, 0 is the blank)", clip(tok), size, n-1)
		}
		cells[i] = uint8(v)
		hasBlank = hasBlank || v == 0
	}
	if !hasBlank {
		return Board{}, errorf(ErrNoBlank, "no blank (0) among the %d numbers", n)
	}
	return New(size, cells)
}

// MustParse is like Parse but panics on error. It is meant for tests and
// examples with literal boards.
func MustParse(size Size, text string) Board {
	b, err := Parse(size, text)
	if err != nil {
		panic(err)
	}
	return b
}

// Goal returns the standard goal of the given size: 1..n-1 in reading order,
// then the blank. It panics if the size is not valid (see Size.Validate),
// as MustParse does on bad input: sizes come from ParseSize or a literal.
func Goal(size Size) Board {
	if err := size.Validate(); err != nil {
		panic(err)
	}
	n := size.Cells()
	cells := make([]byte, n)
	for i := range n - 1 {
		cells[i] = byte(i + 1)
	}
	return Board{size: size, cells: string(cells)}
}

// GoalName names goal in a sentence: "the goal" for the standard goal of
// its size, else "goal" and the board.
func GoalName(goal Board) string {
	if goal == Goal(goal.Size()) {
		return "the goal"
	}
	return "goal " + goal.String()
}

// Size returns the board's size.
func (b Board) Size() Size { return b.size }

// Len returns the number of cells.
func (b Board) Len() int { return len(b.cells) }

// At returns the tile in cell i (reading order), 0 for the blank.
func (b Board) At(i int) uint8 { return b.cells[i] }

// Cells returns a copy of the cells in reading order.
func (b Board) Cells() []uint8 { return []uint8(b.cells) }

// AppendCells appends the cells in reading order to dst and returns the
// extended slice; it allocates only if dst is too small.
func (b Board) AppendCells(dst []uint8) []uint8 { return append(dst, b.cells...) }

// CellString returns the cells as a string of bytes, one a cell in reading
// order, 0 for the blank. It does not allocate; pass it to rank.Index.
func (b Board) CellString() string { return b.cells }

// IsZero reports whether b is the zero Board, which is not a valid board.
func (b Board) IsZero() bool { return b.size == Size{} }

// Blank returns the cell index of the blank.
func (b Board) Blank() int { return strings.IndexByte(b.cells, 0) }

// Index returns the cell that holds tile t, or -1 if there is none.
func (b Board) Index(t uint8) int { return strings.IndexByte(b.cells, t) }

// String returns the board as rows of numbers separated by '/', the form
// Parse reads: "1 2 3/4 5 6/7 8 0".
func (b Board) String() string {
	var sb strings.Builder
	for i := 0; i < len(b.cells); i++ {
		if i > 0 {
			if i%b.size.W == 0 {
				sb.WriteByte('/')
			} else {
				sb.WriteByte(' ')
			}
		}
		sb.WriteString(strconv.Itoa(int(b.cells[i])))
	}
	return sb.String()
}

// Grid returns the board drawn as a grid of right-aligned numbers, one row a
// line, with '.' for the blank.
func (b Board) Grid() string {
	width := len(strconv.Itoa(len(b.cells) - 1))
	var sb strings.Builder
	for i := 0; i < len(b.cells); i++ {
		s := "."
		if b.cells[i] != 0 {
			s = strconv.Itoa(int(b.cells[i]))
		}
		if i%b.size.W > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strings.Repeat(" ", width-len(s)))
		sb.WriteString(s)
		if i%b.size.W == b.size.W-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// MarshalJSON encodes the board as a JSON array of its cells in reading
// order, such as [1,2,3,4,5,6,7,8,0].
func (b Board) MarshalJSON() ([]byte, error) {
	// Written directly: a nested json.Marshal of the cells as []int costs
	// four times as much, and seven times in WebAssembly.
	out := make([]byte, 0, 2+4*len(b.cells))
	out = append(out, '[')
	for i := 0; i < len(b.cells); i++ {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendUint(out, uint64(b.cells[i]), 10)
	}
	return append(out, ']'), nil
}

// AppendMoves appends to dst the tiles that can slide into the blank, in the
// move order (see Size.Neighbours): the tile above the blank, below it, left
// of it, right of it. The zero Board has no moves.
func (b Board) AppendMoves(dst []uint8) []uint8 {
	cells, k := b.size.Neighbours(b.Blank())
	for _, c := range cells[:k] {
		dst = append(dst, b.cells[c])
	}
	return dst
}

// Moves returns the tiles that can slide into the blank (see AppendMoves).
func (b Board) Moves() []uint8 { return b.AppendMoves(make([]uint8, 0, 4)) }

// Move returns the board after tile t slides into the blank. It fails with
// ErrIllegalMove if t is not next to the blank (on the zero Board, no tile
// is).
func (b Board) Move(t uint8) (Board, error) {
	i, err := b.movable(t)
	if err != nil {
		return Board{}, err
	}
	z := b.Blank()
	c := []byte(b.cells)
	c[z], c[i] = c[i], 0
	return Board{size: b.size, cells: string(c)}, nil
}

// Apply plays the moves in order and returns the final board, or an error
// naming the first illegal move.
func (b Board) Apply(moves ...uint8) (Board, error) {
	for k, t := range moves {
		next, err := b.Move(t)
		if err != nil {
			return Board{}, fmt.Errorf("move %d: %w", k+1, err)
		}
		b = next
	}
	return b, nil
}

// Inversions returns the number of pairs of tiles that are out of order when
// the board is read in reading order, skipping the blank: one of the two
// numbers the parity rule of Solvable looks at.
func (b Board) Inversions() int { return inversions(b.cells) }

// BlankRow returns the blank's row counted from the bottom, the bottom row
// being 1, or 0 for the zero Board: the other number the parity rule of
// Solvable looks at.
func (b Board) BlankRow() int {
	if b.IsZero() {
		return 0
	}
	return b.size.H - b.Blank()/b.size.W
}

// Solvable reports whether b can reach the standard goal of its size. With
// an odd width it can iff the number of inversions is even; with an even
// width, iff inversions plus the blank's row counted from the bottom is odd.
// The zero Board is not solvable.
func (b Board) Solvable() bool { return !b.IsZero() && b.invariant() == 1-b.size.W%2 }

// SolvableTo reports whether b can reach goal, by comparing the invariant of
// the parity test for both. It fails with ErrMismatch if the sizes differ
// and with ErrSize if both are the zero Board.
func (b Board) SolvableTo(goal Board) (bool, error) {
	if b.size != goal.size {
		return false, errorf(ErrMismatch, "board is %s, goal is %s", b.size, goal.size)
	}
	if b.IsZero() {
		return false, errorf(ErrSize, "the zero Board has no cells")
	}
	return b.invariant() == goal.invariant(), nil
}

// invariant is the quantity the parity rule compares: inversions for odd
// widths, inversions plus the blank's row from the bottom for even widths,
// modulo 2. Two boards of one size reach each other iff it is equal; the
// standard goal's is 0 for an odd width and 1 for an even one.
func (b Board) invariant() int {
	if b.size.W%2 == 1 {
		return b.Inversions() % 2
	}
	return (b.Inversions() + b.BlankRow()) % 2
}

// SolvableCounts is the parity rule of Solvable on the numbers it depends
// on, for callers that check many boards whose tiles come in the same
// order without building a Board for each: a board of width w and n cells
// whose tiles have inv inversions and whose blank is in cell blank can
// reach the standard goal iff, with an odd width, inv is even, and with an
// even width, inv plus the blank's row counted from the bottom is odd.
func SolvableCounts(w, n, inv, blank int) bool {
	if w%2 == 1 {
		return inv%2 == 0
	}
	rowFromBottom := n/w - blank/w
	return (inv+rowFromBottom)%2 == 1
}

// inversions counts out-of-order pairs of tiles, skipping the blank.
func inversions(cells string) int {
	inv := 0
	if len(cells) <= 64 {
		var seen uint64 // tiles already read
		for i := 0; i < len(cells); i++ {
			t := cells[i]
			if t == 0 {
				continue
			}
			inv += bits.OnesCount64(seen >> t) // seen tiles greater than t
			seen |= 1 << t
		}
		return inv
	}
	for i := 0; i < len(cells); i++ {
		for j := i + 1; j < len(cells); j++ {
			if cells[i] != 0 && cells[j] != 0 && cells[i] > cells[j] {
				inv++
			}
		}
	}
	return inv
}
