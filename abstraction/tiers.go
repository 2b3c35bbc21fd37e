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
	// small is the larger classing of the built-in tier (10,090,080
	// arrangements) and rowsSmall the other (3,603,600): rows with the
	// middle two merged.
	small     = "1 1 1 2/1 1 2 2/3 1 2 3/3 3 3 0"
	rowsSmall = "1 1 1 1/2 2 2 2/2 2 2 2/3 3 3 0"
)

// Large4x4 returns the classings of the 4x4 tier that 'slidetable build
// -metric multi 4x4' writes: rows and Rokicki's, 403,603,200 arrangements
// in a 151 MB file, 101 MB in memory.
func Large4x4() []*Classing { return classings4x4(rows, rokicki) }

// Small4x4 returns the classings of the built-in 4x4 tier, small enough to
// build into the program: 13,693,680 arrangements, 2.8 MB compressed.
func Small4x4() []*Classing { return classings4x4(small, rowsSmall) }

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
