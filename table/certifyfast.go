package table

import (
	"math/bits"

	"github.com/slidetable/slidetable/internal/rotation"
	"github.com/slidetable/slidetable/rank"
)

// certifyFast checks premises 2 to 4 of Certify for the boards of the
// groups of slots [from, to), as certify does, and reports whether they
// all hold; certify then finds the board to name. It computes the vertical
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

	var pf rotation.Prefix
	var upAt, downAt [16]uint32
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
		for p := pairs & reached; p != 0; p &= p - 1 {
			z := bits.TrailingZeros64(p)
			a, b := int(ds[z]), int(ds[z+1&15])
			bad |= b2u64(a > b+1 || b > a+1)
			closer |= b2u64(b+1 == a)<<z | b2u64(a+1 == b)<<(z+1)
		}

		// Along the columns: the neighbour, whose sequence's rank the
		// change of the window's rotation gives, is reached, and its
		// depth differs by at most one.
		if !decoded || k >= base+half {
			decoded = true
			hi := rot.Sharing.Div(k)
			base = hi * half
			rot.Set(&pf, hi)
			for z := range n {
				if a := int(z) - int(w); a >= 0 {
					upAt[z] = rot.DeltaAt[a][rotation.Left] + rot.PrefixIndex(&pf, a)
				}
				if z+w < n {
					downAt[z] = rot.DeltaAt[z][rotation.Right] + rot.PrefixIndex(&pf, int(z))
				}
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
			if z >= w {
				e := rot.Delta[upAt[z&15]+sidx[z-w]]
				tiles := uint64(lex+int64(e>>1))&^1 | m ^ uint64(e&1)
				j := tiles*n + z - w
				nd := int(depth[rank.Slot(tiles, z-w, n)])
				bad |= reach[j/64]>>(j%64)&1 ^ 1 | b2u64(nd > d+1 || d > nd+1)
				closer |= b2u64(nd+1 == d) << z
			}
			if z+w < n {
				e := rot.Delta[downAt[z&15]+sidx[z]]
				tiles := uint64(lex+int64(e>>1))&^1 | m ^ uint64(e&1)
				j := tiles*n + z + w
				nd := int(depth[rank.Slot(tiles, z+w, n)])
				bad |= reach[j/64]>>(j%64)&1 ^ 1 | b2u64(nd > d+1 || d > nd+1)
				closer |= b2u64(nd+1 == d) << z
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
