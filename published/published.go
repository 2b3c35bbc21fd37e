package published

import "github.com/slidetable/slidetable/board"

// Distribution is a count of the boards at each distance from the standard
// goal of one size: published, or, if Counted, counted by this module.
type Distribution struct {
	// Size is the size of the boards.
	Size board.Size
	// Counts holds the number of boards at distance 0, 1, ...; its last
	// entry is the number of boards at the largest distance (God's number).
	Counts []uint64
	// Source cites where the counts were published.
	Source string
	// Cite is a short form of Source, such as "Korf and Schultze 2005".
	Cite string
	// Metric is what counts as one move in the distances.
	Metric board.Metric
	// Counted says the counts are this module's own, for a size it builds
	// a table of but does not ship one (the 12-cell sizes): Source says
	// how, and a long test builds the table and compares.
	Counted bool
}

// Total returns the number of boards counted: all the boards that reach the
// goal.
func (d Distribution) Total() uint64 {
	var sum uint64
	for _, c := range d.Counts {
		sum += c
	}
	return sum
}

// Fraction returns the fraction of all the boards counted that are lo to hi
// moves from the goal, both included: the chance that a uniform random
// board that reaches the goal is in that range.
func (d Distribution) Fraction(lo, hi int) float64 {
	lo, hi = max(lo, 0), min(hi, d.Max())
	var in uint64
	for i := lo; i <= hi; i++ {
		in += d.Counts[i]
	}
	return float64(in) / float64(d.Total())
}

// Max returns the largest distance, God's number of the size.
func (d Distribution) Max() int { return len(d.Counts) - 1 }

// Hardest is a published list of the boards at the largest distance from
// the standard goal of one size.
type Hardest struct {
	// Distance is the number of moves every board of the list needs.
	Distance int
	// Boards are the boards, in the order of the source.
	Boards []board.Board
	// Source cites where the list was published.
	Source string
}

// HardestOf returns the published list of the boards farthest from the
// standard goal of size, and false if none is held here.
func HardestOf(size board.Size) (Hardest, bool) {
	if size != size4x4 {
		return Hardest{}, false
	}
	boards := make([]board.Board, len(hardest4x4))
	for i, cells := range hardest4x4 {
		b, err := board.New(size4x4, cells[:])
		if err != nil {
			// The list is fixed; the tests parse every board of it.
			panic("published: bad board in the 4x4 list: " + err.Error())
		}
		boards[i] = b
	}
	return Hardest{Distance: len(counts4x4) - 1, Boards: boards, Source: sourceHardest4x4}, true
}

var size4x4 = board.Size{W: 4, H: 4}

const source4x4 = "R. E. Korf and P. Schultze, Large-Scale Parallel Breadth-First Search, AAAI 2005; " +
	"OEIS A089484 (complete sequence, a(0)..a(80))"

// counts4x4 is OEIS A089484: the number of 4x4 boards at each distance
// from a goal with the blank in a corner.
var counts4x4 = [...]uint64{
	1, 2, 4, 10, 24, 54, 107, 212, 446, 946,
	1948, 3938, 7808, 15544, 30821, 60842, 119000, 231844, 447342, 859744,
	1637383, 3098270, 5802411, 10783780, 19826318, 36142146, 65135623, 116238056, 204900019, 357071928,
	613926161, 1042022040, 1742855397, 2873077198, 4660800459, 7439530828, 11668443776, 17976412262, 27171347953, 40271406380,
	58469060820, 83099401368, 115516106664, 156935291234, 208207973510, 269527755972, 340163141928, 418170132006, 500252508256, 581813416256,
	657076739307, 719872287190, 763865196269, 784195801886, 777302007562, 742946121222, 683025093505, 603043436904, 509897148964, 412039723036,
	317373604363, 232306415924, 161303043901, 105730020222, 65450375310, 37942606582, 20696691144, 10460286822, 4961671731, 2144789574,
	868923831, 311901840, 104859366, 29592634, 7766947, 1508596, 272198, 26638, 3406, 70,
	17,
}

const sourceHardest4x4 = "the 17 boards at 80 moves, as listed on Herbert Kociemba's 15-puzzle page " +
	"(A. Brüngger, A. Marzetta, K. Fukuda and J. Nievergelt, The parallel search bench ZRAM and its " +
	"applications, 1999; R. E. Korf, Linear-time disk-based implicit graph search, 2008)"

// hardest4x4 lists the 4x4 boards 80 moves from the standard goal, cells in
// reading order with 0 for the blank.
var hardest4x4 = [...][16]uint8{
	{0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1},
	{0, 12, 10, 13, 15, 11, 14, 9, 3, 7, 2, 5, 4, 8, 6, 1},
	{0, 11, 9, 13, 12, 15, 10, 14, 3, 7, 6, 2, 4, 8, 5, 1},
	{0, 15, 9, 13, 11, 12, 10, 14, 3, 7, 6, 2, 4, 8, 5, 1},
	{0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 6, 2, 4, 8, 5, 1},
	{0, 12, 14, 13, 15, 11, 9, 10, 3, 7, 6, 2, 4, 8, 5, 1},
	{0, 12, 10, 13, 15, 11, 14, 9, 3, 7, 6, 2, 4, 8, 5, 1},
	{0, 12, 11, 13, 15, 14, 10, 9, 3, 7, 6, 2, 4, 8, 5, 1},
	{0, 12, 10, 13, 15, 11, 9, 14, 7, 3, 6, 2, 4, 8, 5, 1},
	{0, 12, 9, 13, 15, 11, 14, 10, 3, 8, 6, 2, 4, 7, 5, 1},
	{0, 12, 9, 13, 15, 11, 10, 14, 8, 3, 6, 2, 4, 7, 5, 1},
	{0, 12, 14, 13, 15, 11, 9, 10, 8, 3, 6, 2, 4, 7, 5, 1},
	{0, 12, 9, 13, 15, 11, 10, 14, 7, 8, 6, 2, 4, 3, 5, 1},
	{0, 12, 10, 13, 15, 11, 14, 9, 7, 8, 6, 2, 4, 3, 5, 1},
	{0, 12, 9, 13, 15, 8, 10, 14, 11, 7, 6, 2, 4, 3, 5, 1},
	{0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 5, 6, 4, 8, 2, 1},
	{0, 12, 9, 13, 15, 11, 10, 14, 7, 8, 5, 6, 4, 3, 2, 1},
}
