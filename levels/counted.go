package levels

import "github.com/slidetable/slidetable/board"

// counted holds the number of boards at each distance from the standard
// goal of the 12-cell sizes, which have no built-in table, as 'slidetable
// build' counts them (239,500,800 boards each); a long test builds each
// table and compares. A transposed size has the same counts: transposing
// the board keeps the blank's corner and relabels the tiles.
var counted = map[board.Size][]uint64{
	{W: 4, H: 3}: counts4x3,
	{W: 3, H: 4}: counts4x3,
	{W: 6, H: 2}: counts6x2,
	{W: 2, H: 6}: counts6x2,
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
