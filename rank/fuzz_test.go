package rank_test

import (
	"testing"

	"github.com/slidetable/slidetable/rank"
)

// isPermutation reports whether p holds each of 0..len(p)-1 once.
func isPermutation(p []uint8) bool {
	var seen uint32
	for _, v := range p {
		if int(v) >= len(p) || seen&(1<<v) != 0 {
			return false
		}
		seen |= 1 << v
	}
	return true
}

// FuzzRank checks the round trips of every length up to MaxLen: Unrank
// gives a permutation that Rank maps back to its rank; Unindex gives a
// board that Index maps back to its index, with the blank where the index
// says and Split agreeing; Half and Partner pair boards that differ only
// by a swap of their last two tiles, of opposite tile parity.
func FuzzRank(f *testing.F) {
	for _, s := range []struct {
		n uint8
		r uint64
	}{{0, 0}, {1, 0}, {4, 23}, {9, 181439}, {9, 362879}, {12, 479001599}, {16, 1 << 40}, {20, 2432902008176639999}, {20, 1 << 63}} {
		f.Add(s.n, s.r)
	}
	f.Fuzz(func(t *testing.T, n uint8, r uint64) {
		m := int(n) % (rank.MaxLen + 1)
		r %= rank.Factorial(m)

		p := make([]uint8, m)
		rank.Unrank(r, p)
		if !isPermutation(p) {
			t.Fatalf("Unrank(%d) of length %d = %v, not a permutation", r, m, p)
		}
		if got := rank.Rank(p); got != r {
			t.Fatalf("Rank(Unrank(%d)) = %d (%v)", r, got, p)
		}
		if got, want := rank.Parity(p), inversions(p)%2; got != want {
			t.Fatalf("Parity(%v) = %d, want %d", p, got, want)
		}
		if m < 2 {
			return
		}

		// Boards of m cells: index r.
		cells := make([]uint8, m)
		rank.Unindex(r, cells)
		if !isPermutation(cells) {
			t.Fatalf("Unindex(%d) of %d cells = %v, not a permutation", r, m, cells)
		}
		if got := rank.Index(cells); got != r {
			t.Fatalf("Index(Unindex(%d)) = %d (%v)", r, got, cells)
		}
		if got := rank.Index(string(cells)); got != r {
			t.Fatalf("Index of the string form of %v = %d, want %d", cells, got, r)
		}
		tiles, blank := rank.Split(cells)
		if cells[blank] != 0 || uint64(blank) != r%uint64(m) || tiles != r/uint64(m) {
			t.Fatalf("Split(%v) = %d, %d, want %d, %d", cells, tiles, blank, r/uint64(m), r%uint64(m))
		}
		seq := make([]uint8, 0, m-1)
		for _, c := range cells {
			if c != 0 {
				seq = append(seq, c-1)
			}
		}
		if got, want := int(tiles&1), rank.Parity(seq); got != want {
			t.Fatalf("%v: tile rank %d has low bit %d, the tiles' parity is %d", cells, tiles, got, want)
		}

		partner := rank.Partner(r, m)
		if rank.Partner(partner, m) != r || rank.Half(partner, m) != rank.Half(r, m) || partner == r && m > 2 {
			t.Fatalf("Partner(%d) = %d: not a pair sharing Half %d", r, partner, rank.Half(r, m))
		}
		if h := rank.Half(r, m); h >= rank.Factorial(m)/2 && m > 2 {
			t.Fatalf("Half(%d) = %d, beyond %d!/2", r, h, m)
		}
		if m >= 3 {
			other := make([]uint8, m)
			rank.Unindex(partner, other)
			var diff []int
			for i := range cells {
				if cells[i] != other[i] {
					diff = append(diff, i)
				}
			}
			// The last two tiles in reading order, skipping the blank.
			var last []int
			for i := m - 1; i >= 0 && len(last) < 2; i-- {
				if cells[i] != 0 {
					last = append(last, i)
				}
			}
			if len(diff) != 2 || diff[0] != last[1] || diff[1] != last[0] ||
				cells[diff[0]] != other[diff[1]] || cells[diff[1]] != other[diff[0]] {
				t.Fatalf("%v and its partner %v differ at %v, want a swap of cells %v", cells, other, diff, last)
			}
		}
	})
}

// inversions counts out-of-order pairs, the slow way.
func inversions(p []uint8) int {
	n := 0
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i] > p[j] {
				n++
			}
		}
	}
	return n
}
