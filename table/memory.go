package table

import (
	"runtime"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// WriteMemory returns the most bytes WriteTo allocates for a table of the
// given size, besides the table itself.
//
// It was measured: WriteTo allocates about 7 MB for the tables of up to 10
// cells, and 25 to 35 MB with two workers for those of 12 cells, which it
// codes a few blocks at a time.
func WriteMemory(size board.Size) uint64 {
	n := size.Cells()
	if n <= modelCells {
		return 8<<20 + 2*rank.Factorial(n)/2
	}
	return uint64(runtime.GOMAXPROCS(0)+1) * 12 << 20
}
