package abstraction

import "github.com/slidetable/slidetable/board"

// The classings of the two 4x4 tiers, for the standard goal. Each is
// looked up for a board and for its mirror, and the bound is the largest
// of the four lookups. They were chosen by the nodes IDA* generates on
// uniform boards (gen -n 100 -seed 1 4x4), which docs/performance.md
// records; the measurements are in the package documentation.
var (
	// rokicki is the classing published with the Rust crate slidy and
	// credited there to Tomas Rokicki: 151,351,200 arrangements, the
	// farthest 32 moves from the goal's.
	rokicki = "1 1 2 2/3 3 2 2/3 3 4 4/3 4 4 0"
	// rows classes the tiles by their goal row: 252,252,000 arrangements.
	// Its mirror classes them by column, so that together they see each
	// tile's row and column, which Rokicki's classing and its mirror
	// blur.
	rows = "1 1 1 1/2 2 2 2/3 3 3 3/4 4 4 0"
	// bands classes the tiles in bands around the left block: the top
	// row's first three, the right two columns below them and tile 4, the
	// left block of four, the bottom row: 201,801,600 arrangements. Beside
	// rows and Rokicki's classing it takes IDA* half the nodes, found by
	// trying classings near Rokicki's (docs/performance.md).
	bands = "1 1 1 2/3 3 2 2/3 3 2 2/4 4 4 0"
	// The small classings of the built-in tier, beside Rokicki's: 3,603,600
	// arrangements each, found by a local search over classings of 3
	// classes (moving a cell to another class at a time), scored by IDA*'s
	// nodes.
	small1 = "1 1 3 1/2 2 2 2/2 2 2 2/3 3 3 0"
	small2 = "1 2 2 2/1 1 2 1/1 1 3 3/1 1 3 0"
)

// Large4x4 returns the classings of the 4x4 tier that 'slidetable build
// -metric multi 4x4' writes: rows, Rokicki's and bands, 605,404,800
// arrangements in a 303 MB file, of which a search reads the words,
// 151 MB.
func Large4x4() []*Classing { return classings4x4(rows, rokicki, bands) }

// Builtin4x4 returns the classings of the 4x4 tier built into the
// programs: Rokicki's and two small ones, 158,558,400 arrangements, 33 MB
// compressed, 40 MB in memory.
func Builtin4x4() []*Classing { return classings4x4(rokicki, small1, small2) }

// classings4x4 returns the classings of the standard 4x4 goal written in
// specs.
func classings4x4(specs ...string) []*Classing {
	goal := board.Goal(board.Size{W: 4, H: 4})
	out := make([]*Classing, len(specs))
	for i, s := range specs {
		out[i] = MustParseClassing(goal, s)
	}
	return out
}
