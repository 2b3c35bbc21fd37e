package published

import "github.com/slidetable/slidetable/board"

// MaxDistance returns the largest number of moves, in the metric m, that a
// board of size needs to reach the standard goal, and true, where it is
// known (God's number: 31 for 3x3, 80 for 4x4; 24 and 43 in multi-tile
// moves). For other sizes it returns board.Size.DistanceBound and false.
// It returns 0 and false for a size board.Size.Validate refuses, or an
// unknown metric. Callers use it to refuse, before searching, a distance
// no board has.
func MaxDistance(size board.Size, m board.Metric) (int, bool) {
	if size.Validate() != nil || !m.Valid() {
		return 0, false
	}
	gods := godsNumbers
	if m == board.MultiTile {
		gods = multiGodsNumbers
	}
	if d, ok := gods[size]; ok {
		return d, true
	}
	return size.DistanceBound(), false
}

// godsNumbers are the largest distances to the standard goal of the sizes
// whose every board has been searched: the tables of up to 12 cells, built
// by this module (the small ones are built into it; the 12-cell ones are
// counted below), and 4x4 (80 moves; Bruengger et al. 1999, Korf 2008).
var godsNumbers = map[board.Size]int{
	{W: 2, H: 2}: 6, {W: 2, H: 3}: 21, {W: 3, H: 2}: 21, {W: 2, H: 4}: 36, {W: 4, H: 2}: 36, {W: 3, H: 3}: 31,
	{W: 2, H: 5}: 55, {W: 5, H: 2}: 55, {W: 4, H: 3}: 53, {W: 3, H: 4}: 53, {W: 6, H: 2}: 80, {W: 2, H: 6}: 80,
	{W: 4, H: 4}: 80,
}

// multiGodsNumbers are godsNumbers in the multi-tile metric: the tables of
// up to 12 cells built by this module, whose distributions equal those
// lightln2 published (multiCounts), and 4x4 (43 moves; Norskog and
// Davidson 2010, lightln2 2022).
var multiGodsNumbers = map[board.Size]int{
	{W: 2, H: 2}: 6, {W: 2, H: 3}: 20, {W: 3, H: 2}: 20, {W: 2, H: 4}: 25, {W: 4, H: 2}: 25, {W: 3, H: 3}: 24,
	{W: 2, H: 5}: 36, {W: 5, H: 2}: 36, {W: 4, H: 3}: 33, {W: 3, H: 4}: 33, {W: 6, H: 2}: 41, {W: 2, H: 6}: 41,
	{W: 4, H: 4}: 43,
}

// DistributionOf returns the number of boards of size at each distance
// from the standard goal in the metric m, where it is held here, and false
// otherwise:
//
//   - published: 4x4 in both metrics (Korf and Schultze 2005; lightln2
//     2022), and in the multi-tile metric every size of up to 12 cells
//     (lightln2 2022);
//   - counted by this module's own breadth-first search: the 12-cell
//     sizes (4x3, 3x4, 6x2, 2x6) in single-tile moves, which have no
//     built-in table (Distribution.Counted; a long test builds each table
//     and compares).
//
// The smaller sizes have built-in tables, which count their boards
// themselves (package source).
func DistributionOf(size board.Size, m board.Metric) (Distribution, bool) {
	switch {
	case size == size4x4 && m == board.SingleTile:
		return Distribution{Size: size4x4, Counts: append([]uint64(nil), counts4x4[:]...), Source: source4x4, Cite: "Korf and Schultze 2005"}, true
	case size == size4x4 && m == board.MultiTile:
		return Distribution{Size: size4x4, Counts: append([]uint64(nil), counts4x4Multi[:]...), Source: source4x4Multi, Cite: "lightln2 2022", Metric: board.MultiTile}, true
	case m == board.MultiTile:
		if c, ok := transposed(multiCounts, size); ok {
			return Distribution{Size: size, Counts: c, Source: sourceMulti, Cite: "lightln2 2022", Metric: board.MultiTile}, true
		}
	case m == board.SingleTile:
		if c, ok := transposed(counted, size); ok {
			return Distribution{Size: size, Counts: c, Source: sourceCounted, Cite: "counted here", Counted: true}, true
		}
	}
	return Distribution{}, false
}

// transposed returns a copy of the counts of size in m, or of the size
// turned a quarter: the board mirrored in its main diagonal, its tiles
// renamed, has the same distances, as the blank's corner is kept.
func transposed(m map[board.Size][]uint64, size board.Size) ([]uint64, bool) {
	c, ok := m[size]
	if !ok {
		c, ok = m[board.Size{W: size.H, H: size.W}]
	}
	return append([]uint64(nil), c...), ok
}

const sourceMulti = "lightln2, SlidingTilesSolver, a complete breadth-first search on a GPU, 2022 " +
	"(github.com/lightln2/SlidingTilesSolver, results/multitile_frontier)"

// multiCounts holds the number of boards at each distance from the goal in
// the multi-tile metric, as published by lightln2 (sourceMulti). Its sizes
// are WxH; the distribution is the same for the board turned a quarter,
// HxW. This module's tables of every one of them count the same (tests of
// package bfs).
var multiCounts = map[board.Size][]uint64{
	{W: 2, H: 2}: {1, 2, 2, 2, 2, 2, 1},
	{W: 3, H: 2}: {1, 3, 4, 6, 8, 12, 15, 18, 22, 30, 36, 45, 42, 30, 28, 24, 18, 9, 5, 3, 1},
	{W: 4, H: 2}: {1, 4, 6, 12, 18, 36, 53, 96, 136, 232, 324, 544, 728, 1064, 1366, 1928, 2321, 2780, 2884, 2436, 1825, 800, 368, 140, 50, 8},
	{W: 3, H: 3}: {1, 4, 8, 16, 32, 64, 127, 244, 454, 856, 1576, 2854, 5117, 8588, 13466, 19739, 26558, 31485, 30985, 23494, 11751, 3390, 589, 41, 1},
	{W: 5, H: 2}: {1, 5, 8, 20, 32, 80, 127, 300, 458, 960, 1458, 3055, 4540, 8780, 12694, 23520, 33370, 57200, 77373, 119315, 151791, 204225, 235617, 256305, 246642, 178775, 120853, 49655, 20885, 4530, 1229, 440, 113, 30, 8, 5, 1},
	{W: 4, H: 3}: {1, 5, 12, 30, 72, 180, 431, 1058, 2418, 5711, 12858, 29630, 65053, 145090, 303771, 640141, 1260032, 2476812, 4490822, 7999853, 12981931, 20265326, 28065825, 36086638, 39470660, 37460934, 27258384, 14584710, 4854329, 939300, 93345, 5229, 204, 5},
	{W: 6, H: 2}: {1, 6, 10, 30, 50, 150, 249, 720, 1152, 2880, 4610, 11544, 18128, 42684, 65924, 149514, 228778, 488796, 728433, 1467000, 2136054, 3978876, 5574328, 9510150, 12699920, 19077354, 23527929, 29862012, 32688655, 31474098, 27976007, 18457764, 12016184, 4687338, 1939160, 519318, 141371, 19092, 3257, 1038, 200, 36},
}

const sourceCounted = "counted by this module's breadth-first search ('slidetable build WxH', " +
	"239,500,800 boards); a long test builds the table and compares"

// counted holds the number of boards at each distance from the standard
// goal of the 12-cell sizes, which have no built-in table, as 'slidetable
// build' counts them (sourceCounted). A transposed size has the same
// counts: transposing the board keeps the blank's corner and relabels the
// tiles.
var counted = map[board.Size][]uint64{
	{W: 4, H: 3}: counts4x3,
	{W: 6, H: 2}: counts6x2,
}

// counts4x3 are the counts of 4x3 and 3x4, to God's number 53.
var counts4x3 = []uint64{
	1, 2, 4, 9, 20, 37, 63, 122, 232, 431, 781, 1392, 2494, 4442, 7854, 13899,
	24215, 41802, 71167, 119888, 198363, 323206, 515778, 811000, 1248011,
	1885279, 2782396, 4009722, 5621354, 7647872, 10065800, 12760413, 15570786,
	18171606, 20299876, 21587248, 21841159, 20906905, 18899357, 16058335,
	12772603, 9515217, 6583181, 4242753, 2503873, 1350268, 643245, 270303,
	92311, 27116, 5390, 1115, 86, 18,
}

// counts6x2 are the counts of 6x2 and 2x6, to God's number 80.
var counts6x2 = []uint64{
	1, 2, 3, 6, 11, 20, 36, 60, 95, 155, 258, 426, 688, 1106, 1723, 2615,
	3901, 5885, 8851, 13205, 19508, 28593, 41179, 58899, 83582, 118109,
	165136, 228596, 312542, 423797, 568233, 755727, 994641, 1296097, 1667002,
	2119476, 2660415, 3300586, 4038877, 4877286, 5804505, 6810858, 7864146,
	8929585, 9958080, 10902749, 11716813, 12356080, 12791679, 13002649,
	12981651, 12723430, 12245198, 11572814, 10738102, 9772472, 8720063,
	7623133, 6526376, 5459196, 4457799, 3546306, 2749552, 2068975, 1510134,
	1064591, 720002, 464913, 284204, 165094, 89649, 45758, 21471, 9583, 3829,
	1427, 430, 129, 33, 12, 2,
}
