package rank_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/rank"
)

// nextPermutation steps p to the next permutation in lexicographic order
// and reports false after the last.
func nextPermutation(p []uint8) bool {
	i := len(p) - 2
	for i >= 0 && p[i] > p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] < p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// inversions counts the out-of-order pairs of p, the slow way.
func countInversions(p []uint8) int {
	inv := 0
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i] > p[j] {
				inv++
			}
		}
	}
	return inv
}

// TestIndexAll checks Index against its definition for every board of up
// to 9 cells, and Unindex and Split against Index.
func TestIndexDefinition(t *testing.T) {
	for n := 2; n <= 9; n++ {
		seen := make([]bool, rank.Factorial(n))
		cells := make([]uint8, n)
		back := make([]uint8, n)
		for i := range cells {
			cells[i] = uint8(i)
		}
		for {
			// The definition: the tile sequence's lexicographic rank with
			// its low bit replaced by the sequence's parity.
			var seq []uint8
			blank := 0
			for c, v := range cells {
				if v == 0 {
					blank = c
				} else {
					seq = append(seq, v-1)
				}
			}
			tiles := rank.Rank(seq)&^1 | uint64(countInversions(seq)%2)
			want := tiles*uint64(n) + uint64(blank)
			if got := rank.Index(cells); got != want {
				t.Fatalf("Index(%v) = %d, want %d", cells, got, want)
			}
			if got := rank.Index(string(cells)); got != want {
				t.Fatalf("Index(%q) = %d, want %d", cells, got, want)
			}
			if gt, gb := rank.Split(cells); gt != tiles || gb != blank {
				t.Fatalf("Split(%v) = %d, %d, want %d, %d", cells, gt, gb, tiles, blank)
			}
			if seen[want] {
				t.Fatalf("index %d twice", want)
			}
			seen[want] = true
			rank.Unindex(want, back)
			if !slices.Equal(back, cells) {
				t.Fatalf("Unindex(%d) = %v, want %v", want, back, cells)
			}
			if !nextPermutation(cells) {
				break
			}
		}
	}
}

// TestRoundTripLarge checks random boards of 12, 16 and 20 cells, whose
// ranks pass 2^32, where Unrank divides differently.
func TestRoundTripLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{12, 16, 20} {
		cells := make([]uint8, n)
		for range 2000 {
			i := rng.Uint64N(rank.Factorial(n))
			rank.Unindex(i, cells)
			if got := rank.Index(cells); got != i {
				t.Fatalf("%d cells: Index(Unindex(%d)) = %d", n, i, got)
			}
			p := make([]uint8, n)
			r := rng.Uint64N(rank.Factorial(n))
			rank.Unrank(r, p)
			if got := rank.Rank(p); got != r {
				t.Fatalf("Rank(Unrank(%d)) = %d", r, got)
			}
		}
	}
}
