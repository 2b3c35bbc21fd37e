package rank

import (
	"fmt"
	"math/bits"

	"github.com/slidetable/slidetable/internal/bitx"
)

// MaxLen is the longest permutation Rank and Unrank handle, and the most
// cells Index and Unindex handle: 20! is the largest factorial below 2^64.
const MaxLen = 20

// SmallCells is the most cells of a board whose n!/2 states are few
// enough to hold one slot each and visit in a fraction of a second: 10
// cells have 1,814,400 states, and the next boards, of 12 cells (no board
// has 11, since both sides are at least 2), have 132 times as many. It
// bounds the work done on every state of a size when it is asked for:
// the tables built when a question first needs one (table.QuickCells) and
// the states counted one by one (coverage.MaxCells).
const SmallCells = 10

var fact = func() (f [MaxLen + 1]uint64) {
	f[0] = 1
	for i := 1; i <= MaxLen; i++ {
		f[i] = f[i-1] * uint64(i)
	}
	return f
}()

// Factorial returns n! for 0 <= n <= MaxLen; it panics for other n, as
// indexing a slice out of range does.
func Factorial(n int) uint64 { return fact[n] }

// Rank returns the lexicographic rank of p, a permutation of 0..len(p)-1
// with len(p) <= MaxLen, in [0, len(p)!). p is not checked.
func Rank(p []uint8) uint64 {
	var seen uint32
	var r uint64
	m := len(p)
	for i, v := range p {
		below := bits.OnesCount32(seen & (1<<v - 1)) // smaller values already used
		r = r*uint64(m-i) + uint64(int(v)-below)
		seen |= 1 << v
	}
	return r
}

// Unrank writes into p the permutation of 0..len(p)-1 whose lexicographic
// rank is r. It panics if len(p) > MaxLen or r >= len(p)!, as indexing a
// slice out of range does.
func Unrank(r uint64, p []uint8) {
	m := len(p)
	if m > MaxLen || r >= fact[m] {
		panic(fmt.Sprintf("rank: Unrank(%d) of a permutation of %d: out of range", r, m))
	}
	free := uint32(1)<<m - 1
	for i := range m {
		f := fact[m-1-i]
		var d uint64
		switch {
		case f == 1:
			d = r
		case r < 1<<32:
			// Dividing by a multiplication, exact below 2^32.
			d, _ = bits.Mul64(r, factMagic[m-1-i])
		default:
			d = r / f
		}
		r -= d * f
		p[i] = bitx.NthSet(free, int(d))
		free &^= 1 << p[i]
	}
}

// factMagic[i] divides numbers below 2^32 by i! (Lemire, Kaser and Kurz,
// "Faster remainder by direct computation", 2019).
var factMagic = func() (m [MaxLen + 1]uint64) {
	for i, f := range fact {
		if f > 1 {
			m[i] = ^uint64(0)/f + 1
		}
	}
	return m
}()

// Index returns the dense index in [0, n!) of a board's cells, n =
// len(cells) <= MaxLen, 0 for the blank: the tile rank (see Split) times n
// plus the blank's cell. cells must be a permutation of 0..n-1; it is not
// checked.
func Index[T ~string | ~[]byte](cells T) uint64 {
	tiles, blank := Split(cells)
	return tiles*uint64(len(cells)) + uint64(blank)
}

// Split returns the two digits of Index: the tile rank, in [0, (n-1)!), and
// the blank's cell. The tile rank of a tile sequence s (tile t as t-1) is
// Rank(s) with its lowest bit replaced by the parity of s, so that of the
// two sequences 2k and 2k+1, which differ by a swap of their last two tiles,
// the even one always comes first.
func Split[T ~string | ~[]byte](cells T) (tiles uint64, blank int) {
	n := len(cells)
	for blank < n && cells[blank] != 0 {
		blank++
	}
	// The Lehmer digit of each tile is the number of smaller tiles not yet
	// seen; the rank is the sum of the digits times the factorials, which
	// do not depend on each other, so the processor works on them at once.
	m := n - 1
	var seen uint32
	var sum uint64
	for c := 0; c < blank; c++ {
		v := cells[c] - 1
		d := uint64(int(v) - bits.OnesCount32(seen&(1<<v-1)))
		tiles += d * fact[m-1-c]
		sum += d
		seen |= 1 << v
	}
	for c := blank + 1; c < n; c++ {
		v := cells[c] - 1
		d := uint64(int(v) - bits.OnesCount32(seen&(1<<v-1)))
		tiles += d * fact[m-c]
		sum += d
		seen |= 1 << v
	}
	return tiles&^1 | sum&1, blank
}

// Unindex writes into cells the board whose index is i (see Index). It
// panics if len(cells) is 0 or more than MaxLen, or i >= len(cells)!, as
// indexing a slice out of range does.
func Unindex(i uint64, cells []uint8) {
	n := uint64(len(cells))
	if n == 0 || n > MaxLen || i >= fact[n] {
		panic(fmt.Sprintf("rank: Unindex(%d) of a board of %d cells: out of range", i, n))
	}
	tiles, blank := i/n, int(i%n)
	seq := cells[:n-1]
	UnrankTiles(tiles, seq)
	// Shift the cells after the blank right by one and put the blank in.
	copy(cells[blank+1:], cells[blank:n-1])
	cells[blank] = 0
	for c := range cells {
		if c != blank {
			cells[c]++
		}
	}
}

// RankTiles returns the tile rank (see Split) of seq, a permutation of
// 0..len(seq)-1 with len(seq) <= MaxLen (tile t as t-1): its lexicographic
// rank with the lowest bit replaced by its parity, the inverse of
// UnrankTiles. seq is not checked.
func RankTiles(seq []uint8) uint64 {
	var seen uint32
	var r, sum uint64
	m := uint64(len(seq))
	for i, v := range seq {
		d := uint64(int(v) - bits.OnesCount32(seen&(1<<v-1))) // its Lehmer digit
		r = r*(m-uint64(i)) + d
		sum += d
		seen |= 1 << v
	}
	return r&^1 | sum&1
}

// UnrankTiles writes into seq the tile sequence (values 0..len(seq)-1) whose
// tile rank (see Split) is t. It panics as Unrank does.
func UnrankTiles(t uint64, seq []uint8) {
	Unrank(t&^1, seq)
	if Parity(seq) != int(t&1) && len(seq) >= 2 {
		seq[len(seq)-1], seq[len(seq)-2] = seq[len(seq)-2], seq[len(seq)-1]
	}
}

// Parity returns 0 for an even permutation p of 0..len(p)-1 and 1 for an
// odd one: the parity of its inversions.
func Parity(p []uint8) int { return Inversions(p) & 1 }

// Inversions returns the number of pairs of p, a permutation of
// 0..len(p)-1 with len(p) <= MaxLen, that are out of order: the sum of its
// Lehmer digits.
func Inversions(p []uint8) int {
	var seen uint32
	inv := 0
	for _, v := range p {
		inv += bits.OnesCount32(seen >> v) // values already seen that are larger
		seen |= 1 << v
	}
	return inv
}

// Half returns the slot of index i (of a board of n cells) in a table of n!/2
// slots that holds one of each pair of boards differing by a swap of the last
// two tiles in reading order: (tiles/2)*n + blank.
func Half(i uint64, n int) uint64 {
	tiles, blank := i/uint64(n), i%uint64(n)
	return Slot(tiles, blank, uint64(n))
}

// Slot returns the slot under Half of the board of n cells whose index is
// tiles*n + blank (see Index and Split): (tiles/2)*n + blank. The tile
// ranks 2k and 2k+1 differ by a swap of the last two tiles, so they share
// the slots of group k, one for each blank cell.
func Slot(tiles, blank, n uint64) uint64 { return (tiles>>1)*n + blank }

// Partner returns the index of the board that shares i's slot under Half:
// the board with the last two tiles in reading order swapped.
func Partner(i uint64, n int) uint64 {
	tiles, blank := i/uint64(n), i%uint64(n)
	return (tiles^1)*uint64(n) + blank
}
