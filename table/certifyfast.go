package table

import (
	"math/bits"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/rotation"
	"github.com/slidetable/slidetable/rank"
)

// certifyFast checks premises 2 to 4 of Certify for the boards of the
// groups of slots [from, to), as certify does, in the table's metric, and
// reports whether they all hold; certify then finds the board to name. It computes the vertical
// neighbours as the search does, by a change of rank read from a table
// (package rotation) rather than by ranking them, checks the moves along a
// row with bit operations on the group's reachable bits, and has few
// branches that depend on the table, so that the processor overlaps the
// loads of the neighbours of many boards. The goal has index gi.
func (t *Table) certifyFast(from, to, gi uint64) bool {
	n := t.n
	w := uint64(t.size.W)
	rot := rotation.For(int(n)-1, int(w))
	depth, reach := t.depth, t.reach
	all := uint64(1)<<n - 1
	// Bit z of pairs: slot z and z+1 are in one row.
	var pairs uint64
	for z := range n - 1 {
		if z%w != w-1 {
			pairs |= 1 << z
		}
	}
	gk, gz := gi/n>>1, gi%n

	multi := t.metric == board.MultiTile
	var rows [16]uint64 // rows[r]: bit z set for the slots of row r
	for z := range n {
		rows[z/w] |= 1 << z
	}
	var pf rotation.Prefix
	var leftAt, rightAt [16]uint32 // for each window, where its changes start, the prefix's part included
	half := rot.Sharing.D
	base, decoded := uint64(0), false
	var bad, closer uint64
	for k := from; k < to; k++ {
		// The reachable bits of the group's boards: indices 2kn to 2kn+2n-1.
		i := 2 * k * n
		rb := reach[i/64] >> (i % 64)
		if i%64+2*n > 64 {
			rb |= reach[i/64+1] << (64 - i%64)
		}
		member := rb >> n & all // bit z: the board of sequence 2k+1 is the one reached
		reached := (rb | member) & all
		if reached == 0 {
			continue
		}
		ds := depth[k*n : k*n+n : k*n+n]

		// Along the rows: a board and its neighbour in the row are both
		// reached or neither, with the same sequence, and their depths
		// differ by at most one.
		bad |= ((reached ^ reached>>1) | (member^member>>1)&reached) & pairs
		closer = 0
		if multi {
			// Every board of a row is one move from every other: the
			// row's depths are two consecutive values at most, and those
			// at the larger have a neighbour at the smaller.
			for r := range n / w {
				if reached&rows[r] == 0 {
					continue
				}
				lo, hi := ds[r*w], ds[r*w]
				for _, d := range ds[r*w : r*w+w] {
					lo, hi = min(lo, d), max(hi, d)
				}
				bad |= b2u64(hi-lo > 1)
				for z := r * w; z < r*w+w; z++ {
					closer |= b2u64(ds[z] > lo) << z
				}
			}
		} else {
			for p := pairs & reached; p != 0; p &= p - 1 {
				z := bits.TrailingZeros64(p)
				a, b := int(ds[z]), int(ds[z+1&15])
				bad |= b2u64(a > b+1 || b > a+1)
				closer |= b2u64(b+1 == a)<<z | b2u64(a+1 == b)<<(z+1)
			}
		}

		// Along the columns: the neighbour, whose sequence's rank the
		// change of the window's rotation gives, is reached, and its
		// depth differs by at most one.
		if !decoded || k >= base+half {
			decoded = true
			hi := rot.Sharing.Div(k)
			base = hi * half
			rot.Set(&pf, hi)
			for a := range rot.Windows {
				idx := rot.PrefixIndex(&pf, a)
				leftAt[a] = rot.DeltaAt[a][rotation.Left] + idx
				rightAt[a] = rot.DeltaAt[a][rotation.Right] + idx
			}
		}
		loEven := 2 * (k - base)
		p0 := uint64(pf.Par ^ rot.Par[loEven]) // parity of sequence 2k
		for r := reached; r != 0; r &= r - 1 {
			z := uint64(bits.TrailingZeros64(r))
			m := member >> z & 1
			p := m ^ p0 // the board's sequence is 2k+p
			lo := loEven + p
			lex := int64(2*k + p)
			sidx := rot.SuffixIdx[int(lo)*rot.Windows : int(lo+1)*rot.Windows]
			d := int(ds[z&15])
			// Up one row at a time, and in the multi-tile metric on up
			// the column; each window's change of rank adds to those
			// before (see package bfs).
			var delta int64
			var par uint64
			for a := int64(z) - int64(w); a >= 0; a -= int64(w) {
				e := rot.Delta[leftAt[a&15]+sidx[a]]
				delta += int64(e >> 1)
				par ^= uint64(e & 1)
				tiles := uint64(lex+delta)&^1 | m ^ par
				c := uint64(a) // the blank's new cell
				j := tiles*n + c
				nd := int(depth[rank.Slot(tiles, c, n)])
				bad |= reach[j/64]>>(j%64)&1 ^ 1 | b2u64(nd > d+1 || d > nd+1)
				closer |= b2u64(nd+1 == d) << z
				if !multi {
					break
				}
			}
			delta, par = 0, 0
			for a := z; a+w < n; a += w {
				e := rot.Delta[rightAt[a&15]+sidx[a]]
				delta += int64(e >> 1)
				par ^= uint64(e & 1)
				tiles := uint64(lex+delta)&^1 | m ^ par
				c := a + w
				j := tiles*n + c
				nd := int(depth[rank.Slot(tiles, c, n)])
				bad |= reach[j/64]>>(j%64)&1 ^ 1 | b2u64(nd > d+1 || d > nd+1)
				closer |= b2u64(nd+1 == d) << z
				if !multi {
					break
				}
			}
		}
		// Every board but the goal has a neighbour one closer.
		need := reached
		if k == gk {
			need &^= 1 << gz
		}
		bad |= need &^ closer
	}
	return bad == 0
}

func b2u64(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
