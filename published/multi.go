package published

const source4x4Multi = "lightln2, SlidingTilesSolver, a complete breadth-first search on a GPU, 2022 " +
	"(github.com/lightln2/SlidingTilesSolver, results/multitile_frontier/16-4x4-multislide.txt); " +
	"God's number 43, with 16 boards, as A. Norskog and M. Davidson found in 2010"

// counts4x4Multi is the number of 4x4 boards at each distance from a goal
// with the blank in a corner, in moves of the multi-tile metric.
var counts4x4Multi = [...]uint64{
	1, 6, 18, 54, 162, 486, 1457, 4334, 12568, 36046,
	102801, 289534, 808623, 2231878, 6076994, 16288752, 42897301, 110898278, 280452246, 692243746,
	1662949961, 3877105392, 8739560829, 18980345944, 39548054325, 78704340919, 148822892020, 265887723109, 445836441561, 696335133459,
	1003488060424, 1319170469836, 1557715328184, 1618484638382, 1433852232759, 1031020185493, 553272719705, 194226181998, 37278017548, 3232990286,
	106073878, 1148071, 4616, 16,
}
