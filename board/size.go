package board

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
)

// MaxCells is the largest number of cells a board may have. Tiles are bytes,
// so 16x16 is the largest square board.
const MaxCells = 256

// Errors returned, wrapped with detail, by ParseSize, Parse and New.
var (
	// ErrSize reports a size that is malformed, too small or too large.
	ErrSize = failure.New(failure.Input, "board: bad size")
	// ErrCellCount reports a board with the wrong number of cells.
	ErrCellCount = failure.New(failure.Input, "board: wrong number of cells")
	// ErrSyntax reports a cell that is not a number.
	ErrSyntax = failure.New(failure.Input, "board: not a number")
	// ErrRange reports a tile outside 0..n-1.
	ErrRange = failure.New(failure.Input, "board: tile out of range")
	// ErrDuplicate reports a tile that appears more than once.
	ErrDuplicate = failure.New(failure.Input, "board: duplicate tile")
	// ErrNoBlank reports a board without the blank, 0.
	ErrNoBlank = failure.New(failure.Input, "board: no blank")
	// ErrMismatch reports two boards, or a board and a table, of different sizes.
	ErrMismatch = failure.New(failure.Input, "board: sizes differ")
	// ErrIllegalMove reports a tile that is not next to the blank.
	ErrIllegalMove = failure.New(failure.Input, "board: illegal move")
	// ErrUnsolvable reports a board that cannot reach the goal it is
	// measured against. Every package that answers distances (table, ida,
	// solver) returns this one value as its own ErrUnsolvable, so a caller
	// tests for it once whatever answered.
	ErrUnsolvable = failure.New(failure.Input, "board: cannot reach the goal")
)

// Size is the shape of a board: W columns and H rows.
type Size struct {
	W, H int
}

// ParseSize parses a size written WxH, such as "3x3" or "4x2" (W columns, H
// rows): two decimal numbers and an x between them.
func ParseSize(s string) (Size, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !ok || !isDigits(ws) || !isDigits(hs) {
		return Size{}, fmt.Errorf("%w: %q is not written WxH (for example 3x3)", ErrSize, clip(s))
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil { // digits only: too large for an int
		return Size{}, fmt.Errorf("%w: %q has more than %d cells", ErrSize, clip(s), MaxCells)
	}
	sz := Size{W: w, H: h}
	if err := sz.Validate(); err != nil {
		return Size{}, err
	}
	return sz, nil
}

// Validate reports whether s is a board size this package handles: both sides
// at least 2 and at most MaxCells cells, so that every tile fits in a byte.
// Goal panics, and New, Parse and ParseSize fail, for any other size.
func (s Size) Validate() error {
	if s.W < 2 || s.H < 2 {
		return fmt.Errorf("%w: %s: width and height must be at least 2", ErrSize, s)
	}
	if s.W > MaxCells || s.H > MaxCells || s.W*s.H > MaxCells {
		return fmt.Errorf("%w: %s has more than %d cells", ErrSize, s, MaxCells)
	}
	return nil
}

// Cells returns the number of cells, W*H.
func (s Size) Cells() int { return s.W * s.H }

// String returns the size written WxH.
func (s Size) String() string { return strconv.Itoa(s.W) + "x" + strconv.Itoa(s.H) }

// MarshalText writes the size as String does, "3x3", so that a size is a
// string in JSON.
func (s Size) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a size as ParseSize does.
func (s *Size) UnmarshalText(text []byte) error {
	v, err := ParseSize(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// isDigits reports whether s is one or more decimal digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// DistanceBound returns an upper bound on the number of moves any board of
// size s needs to reach any goal, in either metric: 20·n·(W+H) for n
// cells, since solving tile by tile brings each tile into place in fewer
// than 20·(W+H) moves, and a multi-tile move does the work of one or more
// single ones. It returns 0 for a size Validate refuses. Where the exact
// largest distance is known, package published has it.
func (s Size) DistanceBound() int {
	if s.Validate() != nil {
		return 0
	}
	return 20 * s.Cells() * (s.W + s.H)
}

// clipLen is the most bytes of an input that an error message quotes.
const clipLen = 40

// clip returns s for quoting in a message, clipped to clipLen bytes (see
// human.Clip).
func clip(s string) string { return human.Clip(s, clipLen) }
