package abstraction

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
)

// ErrClassing reports classes that do not make a classing of a goal: the
// wrong number of them, the blank's cell not alone in class 0, a class
// left empty, or more classes or boards than a database holds.
var ErrClassing = failure.New(failure.Input, "abstraction: bad classing")

// MaxClasses is the most classes of tiles a classing has, beside the
// blank's class 0.
const MaxClasses = 7

// maxCells is the most cells of a board this version's tiers hold: 16.
// It is the payload's, not a size's: a group's entries, two bits for each
// cell of the blank, are one 32-bit word (see the package documentation),
// and the rank of an arrangement adds four chunks of four cells. The
// codec the package registers declares it (container.Codec.MaxCells), so
// that a recipe of a larger board is refused by name before it is built;
// such a board needs a payload of wider words, a version of its own.
const maxCells = 16

// Classing sorts the cells of a goal into classes: class 0 is the blank's
// cell alone, classes 1..k the others, and the tile of a goal cell belongs
// to the cell's class. Boards whose tiles of one class are exchanged map to
// one arrangement of the classes. A Classing is a value: it is not changed
// once made and is safe for concurrent use.
type Classing struct {
	goal    board.Board
	cells   string  // the class of each goal cell, reading order
	ofTile  []uint8 // the class of each tile, 0 for the blank
	k       int     // classes beside the blank's
	counts  []int   // tiles of each class, counts[0] = 1
	pattern string  // cells as text, for messages
}

// NewClassing returns the classing of goal's cells into classes: classes[c]
// is the class of cell c, in reading order, 0 at the goal's blank and
// nowhere else, the others 1..k with none of them empty, k at most
// MaxClasses. Boards of up to 16 cells have classings.
func NewClassing(goal board.Board, classes []uint8) (*Classing, error) {
	n := goal.Len()
	if goal.IsZero() || n > maxCells {
		return nil, fmt.Errorf("%w: %s has more than %d cells", ErrClassing, goal.Size(), maxCells)
	}
	if len(classes) != n {
		return nil, fmt.Errorf("%w: %s needs %d classes, one a cell, got %d", ErrClassing, goal.Size(), n, len(classes))
	}
	k := 0
	for c, x := range classes {
		switch {
		case x > MaxClasses:
			return nil, fmt.Errorf("%w: class %d of cell %d is above %d", ErrClassing, x, c, MaxClasses)
		case (x == 0) != (goal.At(c) == 0):
			return nil, fmt.Errorf("%w: class 0 is the blank's cell %d alone, cell %d has class %d", ErrClassing, goal.Blank(), c, x)
		}
		k = max(k, int(x))
	}
	counts := make([]int, k+1)
	ofTile := make([]uint8, n)
	for c, x := range classes {
		counts[x]++
		ofTile[goal.At(c)] = x
	}
	for x := 1; x <= k; x++ {
		if counts[x] == 0 {
			return nil, fmt.Errorf("%w: class %d has no cell, while class %d has", ErrClassing, x, k)
		}
	}
	cl := &Classing{goal: goal, cells: string(classes), ofTile: ofTile, k: k, counts: counts}
	cl.pattern = cl.format()
	return cl, nil
}

// ParseClassing reads a classing of goal as NewClassing takes it, written
// as a board is (see board.Parse): the class of each cell in reading
// order, rows optionally separated by '/', such as
// "1 1 2 2/3 3 2 2/3 3 4 4/3 4 4 0" for the 4x4.
func ParseClassing(goal board.Board, text string) (*Classing, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '/' || r == '\t' || r == '\n' })
	classes := make([]uint8, 0, len(fields))
	for _, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || v > MaxClasses {
			return nil, fmt.Errorf("%w: %q is not a class (0 to %d)", ErrClassing, f, MaxClasses)
		}
		classes = append(classes, uint8(v))
	}
	return NewClassing(goal, classes)
}

// MustParseClassing is ParseClassing that panics on error, for literal
// classings in tests and examples.
func MustParseClassing(goal board.Board, text string) *Classing {
	c, err := ParseClassing(goal, text)
	if err != nil {
		panic(err)
	}
	return c
}

// Goal returns the goal whose cells the classing sorts.
func (c *Classing) Goal() board.Board { return c.goal }

// Classes returns the number of classes beside the blank's.
func (c *Classing) Classes() int { return c.k }

// Cells returns the class of each goal cell, in reading order.
func (c *Classing) Cells() []uint8 { return []uint8(c.cells) }

// OfTile returns the class of tile t, 0 for the blank.
func (c *Classing) OfTile(t uint8) uint8 { return c.ofTile[t] }

// Counts returns the number of cells of each class, from class 0 (the
// blank's, 1).
func (c *Classing) Counts() []int { return append([]int(nil), c.counts...) }

// Arrangements returns the number of arrangements of the classes on the
// board: n! over the product of the factorials of the classes' sizes.
func (c *Classing) Arrangements() uint64 {
	a := factorial(len(c.cells))
	for _, m := range c.counts {
		a /= factorial(m)
	}
	return a
}

// String returns the classes written as a board is: "1 1 2 2/3 3 2 2/...".
func (c *Classing) String() string { return c.pattern }

// format writes the classes as rows of numbers separated by '/'.
func (c *Classing) format() string {
	var b strings.Builder
	w := c.goal.Size().W
	for i := 0; i < len(c.cells); i++ {
		if i > 0 {
			if i%w == 0 {
				b.WriteByte('/')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(strconv.Itoa(int(c.cells[i])))
	}
	return b.String()
}

// Arrangement returns the class of each cell of b, a board of the goal's
// size (which is not checked), 0 at its blank.
func (c *Classing) Arrangement(b board.Board) []uint8 {
	out := make([]uint8, b.Len())
	for i := range out {
		out[i] = c.ofTile[b.At(i)]
	}
	return out
}

// factorial returns m! for m up to 20.
func factorial(m int) uint64 {
	f := uint64(1)
	for i := 2; i <= m; i++ {
		f *= uint64(i)
	}
	return f
}

// mirror describes the reflection of boards in the main diagonal, on a
// square board whose goal has the blank on that diagonal: the board's
// tile t in cell c is, on the mirrored board, in cell cell[c] and named
// tile[t], the goal's tile in the mirror of t's goal cell. The mirrored
// goal is the goal, and a board and its mirror are equally far from it.
type mirror struct {
	cell []uint8
	tile []uint8
}

// mirrorOf returns the reflection of goal's boards, and false if the board
// is not square or the goal's blank is off the main diagonal.
func mirrorOf(goal board.Board) (mirror, bool) {
	size := goal.Size()
	w, z := size.W, goal.Blank()
	if size.W != size.H || z/w != z%w {
		return mirror{}, false
	}
	n := goal.Len()
	m := mirror{cell: make([]uint8, n), tile: make([]uint8, n)}
	for c := range n {
		m.cell[c] = uint8(c%w*w + c/w)
	}
	for t := range n {
		m.tile[t] = goal.At(int(m.cell[goal.Index(uint8(t))]))
	}
	return m, true
}
