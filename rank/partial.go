package rank

import (
	"math/bits"

	"github.com/slidetable/slidetable/internal/bitx"
)

// MaxPartialCells is the most cells RankPartial and UnrankPartial handle:
// the used cells are one 64-bit mask.
const MaxPartialCells = 64

// Placements returns n!/(n-k)!, the number of ways to put k distinct tiles
// into n cells, and false if 0 <= k <= n <= MaxPartialCells does not hold
// or the count does not fit in 64 bits.
func Placements(n, k int) (uint64, bool) {
	if k < 0 || n < k || n > MaxPartialCells {
		return 0, false
	}
	c := uint64(1)
	for i := n - k + 1; i <= n; i++ {
		hi, lo := bits.Mul64(c, uint64(i))
		if hi != 0 {
			return 0, false
		}
		c = lo
	}
	return c, true
}

// RankPartial returns the dense rank, in [0, n!/(n-k)!), of a placement of
// k = len(cells) tiles among n cells: cells[i] is the cell of the i-th
// tile, all distinct and below n. The rank is the mixed-radix number whose
// i-th digit, of radix n-i, is the number of cells below cells[i] not
// taken by tiles before i; the last tile is the lowest digit, so moving it
// changes the rank the least. Nothing is checked; n <= MaxPartialCells and
// the count must fit in 64 bits (see Placements).
func RankPartial(cells []uint8, n int) uint64 {
	var used uint64
	var r uint64
	for i, c := range cells {
		d := uint64(c) - uint64(bits.OnesCount64(used&(1<<c-1)))
		r = r*uint64(n-i) + d
		used |= 1 << c
	}
	return r
}

// UnrankPartial writes into cells (k = len(cells) of them) the placement of
// k tiles among n cells whose rank (see RankPartial) is r. It requires
// r < n!/(n-k)!.
func UnrankPartial(r uint64, n int, cells []uint8) {
	k := len(cells)
	// The digits, lowest (last tile) first.
	for i := k - 1; i >= 0; i-- {
		radix := uint64(n - i)
		cells[i] = uint8(r % radix)
		r /= radix
	}
	free := ^uint64(0)
	if n < 64 {
		free = 1<<n - 1
	}
	for i, d := range cells {
		c := bitx.NthSet64(free, int(d))
		cells[i] = c
		free &^= 1 << c
	}
}

// Partial ranks placements of a fixed number of tiles among a fixed number
// of cells as RankPartial does, with the digits' weights worked out once,
// so that the digits are computed independently of each other. The zero
// value is not usable; make one with NewPartial.
type Partial struct {
	n, k   int
	weight [MaxPartialCells]uint64
}

// NewPartial returns the ranker of k tiles among n cells, and false if
// Placements(n, k) is not ok.
func NewPartial(n, k int) (Partial, bool) {
	if _, ok := Placements(n, k); !ok {
		return Partial{}, false
	}
	p := Partial{n: n, k: k}
	w := uint64(1)
	for i := k - 1; i >= 0; i-- {
		p.weight[i] = w
		w *= uint64(n - i)
	}
	return p, true
}

// Rank returns RankPartial(cells, n); len(cells) must be k.
func (p *Partial) Rank(cells []uint8) uint64 {
	var used uint64
	var r uint64
	w := p.weight[:len(cells)]
	for i, c := range cells {
		r += (uint64(c) - uint64(bits.OnesCount64(used&(1<<c-1)))) * w[i]
		used |= 1 << c
	}
	return r
}

// MoveDelta returns how the rank of a placement changes when its i-th tile
// moves from cell a to the free cell b, to be added to the rank as a
// signed number. occ holds the cells of the placement before the move, and
// at[c] the index of the tile in cell c, read for the cells of occ
// strictly between a and b only. It looks at those cells alone, not at the
// whole placement.
//
// The i-th digit counts the free cells below the tile's cell among those
// the earlier tiles leave: it changes by b-a less one for each earlier
// tile between a and b. The digit of each later tile between them counts
// the i-th tile's cell or stops counting it: it changes by one, up if the
// tile moved down past it, down if it moved up. No other digit changes.
func (p *Partial) MoveDelta(i, a, b int, occ uint64, at *[MaxPartialCells]int8) int64 {
	d := b - a
	if d == 1 || d == -1 { // no cell between a and b
		return int64(d) * int64(p.weight[i])
	}
	lo, hi := min(a, b), max(a, b)
	between := occ & (uint64(1)<<hi - 1) &^ (uint64(2)<<lo - 1) // the cells lo+1 .. hi-1
	sign := int64(1)
	if d < 0 {
		sign = -1
	}
	digit, delta := int64(d), int64(0)
	for between != 0 {
		c := bits.TrailingZeros64(between)
		between &= between - 1
		if j := int(at[c]); j < i {
			digit -= sign
		} else {
			delta += sign * int64(p.weight[j])
		}
	}
	return delta + digit*int64(p.weight[i])
}
