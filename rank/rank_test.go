package rank_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/slidetable/slidetable/rank"
)

// permutations calls f with every permutation of 0..m-1 in lexicographic
// order (Heap-free, by next-permutation), so ranks must come out 0, 1, ...
func permutations(m int, f func(p []uint8)) {
	p := make([]uint8, m)
	for i := range p {
		p[i] = uint8(i)
	}
	for {
		f(p)
		i := m - 2
		for i >= 0 && p[i] > p[i+1] {
			i--
		}
		if i < 0 {
			return
		}
		j := m - 1
		for p[j] < p[i] {
			j--
		}
		p[i], p[j] = p[j], p[i]
		slices.Reverse(p[i+1:])
	}
}

// parityByInversions is the definition: the parity of the number of pairs
// out of order.
func parityByInversions(p []uint8) int { return countPairs(p) % 2 }

// countPairs counts the pairs out of order one by one.
func countPairs(p []uint8) int {
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

func TestRankEveryPermutation(t *testing.T) {
	for m := 0; m <= 9; m++ {
		t.Run(fmt.Sprint(m), func(t *testing.T) {
			var next uint64
			q := make([]uint8, m)
			permutations(m, func(p []uint8) {
				if r := rank.Rank(p); r != next {
					t.Fatalf("Rank(%v) = %d, want %d", p, r, next)
				}
				rank.Unrank(next, q)
				if !slices.Equal(p, q) {
					t.Fatalf("Unrank(%d) = %v, want %v", next, q, p)
				}
				if got, want := rank.Parity(p), parityByInversions(p); got != want {
					t.Fatalf("Parity(%v) = %d, want %d", p, got, want)
				}
				if got, want := rank.Inversions(p), countPairs(p); got != want {
					t.Fatalf("Inversions(%v) = %d, want %d", p, got, want)
				}
				next++
			})
			if next != rank.Factorial(m) {
				t.Fatalf("%d permutations, want %d", next, rank.Factorial(m))
			}
		})
	}
}

func TestRankLong(t *testing.T) {
	p := make([]uint8, rank.MaxLen)
	for i := range p {
		p[i] = uint8(rank.MaxLen - 1 - i) // the last permutation
	}
	if got, want := rank.Rank(p), rank.Factorial(rank.MaxLen)-1; got != want {
		t.Fatalf("Rank(last of %d) = %d, want %d", rank.MaxLen, got, want)
	}
	q := make([]uint8, rank.MaxLen)
	rank.Unrank(rank.Factorial(rank.MaxLen)-1, q)
	if !slices.Equal(p, q) {
		t.Fatalf("Unrank(last) = %v, want %v", q, p)
	}
}

// TestIndexEveryBoard checks that Index is a bijection onto [0, n!) that
// Unindex inverts, that the tile rank's low bit is the tile sequence's
// parity, and that Half and Partner pair boards that differ by a swap of
// the last two tiles in reading order.
func TestIndexEveryBoard(t *testing.T) {
	for n := 4; n <= 9; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			states := rank.Factorial(n)
			seen := make([]bool, states)
			cells := make([]uint8, n)
			back := make([]uint8, n)
			permutations(n, func(p []uint8) {
				copy(cells, p)
				i := rank.Index(cells)
				if i >= states || seen[i] {
					t.Fatalf("Index(%v) = %d: out of range or repeated", cells, i)
				}
				seen[i] = true
				if s := rank.Index(string(cells)); s != i {
					t.Fatalf("Index of the string form = %d, want %d", s, i)
				}
				rank.Unindex(i, back)
				if !slices.Equal(back, cells) {
					t.Fatalf("Unindex(%d) = %v, want %v", i, back, cells)
				}
				var seq []uint8
				for _, c := range cells {
					if c != 0 {
						seq = append(seq, c)
					}
				}
				if got, want := int(i/uint64(n))&1, parityByInversions(seq); got != want {
					t.Fatalf("tile rank of %v has low bit %d, parity %d", cells, got, want)
				}
				// The partner swaps the last two tiles in reading order.
				last, prev := -1, -1
				for c := n - 1; c >= 0 && prev < 0; c-- {
					if cells[c] != 0 {
						if last < 0 {
							last = c
						} else {
							prev = c
						}
					}
				}
				swapped := slices.Clone(cells)
				swapped[last], swapped[prev] = swapped[prev], swapped[last]
				j := rank.Index(swapped)
				if rank.Partner(i, n) != j || rank.Partner(j, n) != i {
					t.Fatalf("Partner(%d) = %d, want %d", i, rank.Partner(i, n), j)
				}
				if rank.Half(i, n) != rank.Half(j, n) || rank.Half(i, n) >= states/2 {
					t.Fatalf("Half(%d) = %d, Half(%d) = %d", i, rank.Half(i, n), j, rank.Half(j, n))
				}
				if tiles, blank := rank.Split(string(cells)); rank.Slot(tiles, uint64(blank), uint64(n)) != rank.Half(i, n) {
					t.Fatalf("Slot(%d, %d, %d) = %d, Half(%d) = %d", tiles, blank, n, rank.Slot(tiles, uint64(blank), uint64(n)), i, rank.Half(i, n))
				}
			})
		})
	}
}

// TestRankTiles checks RankTiles against UnrankTiles, which it inverts,
// and against Split's tile rank, on every tile sequence of up to 8 tiles.
func TestRankTiles(t *testing.T) {
	for m := 1; m <= 8; m++ {
		seq := make([]uint8, m)
		for r := range rank.Factorial(m) {
			rank.UnrankTiles(r, seq)
			if got := rank.RankTiles(seq); got != r {
				t.Fatalf("RankTiles(UnrankTiles(%d) = %v) = %d", r, seq, got)
			}
			cells := make([]uint8, 0, m+1)
			for _, v := range seq {
				cells = append(cells, v+1)
			}
			if tiles, _ := rank.Split(append(cells, 0)); tiles != r {
				t.Fatalf("Split of %v: tile rank %d, RankTiles %d", cells, tiles, r)
			}
		}
	}
}

// TestOutOfRangePanics checks that Unindex and Unrank refuse, at once, an
// index beyond the boards of their length, which they once looped on for
// as long as the index was large.
func TestOutOfRangePanics(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"Unindex(1<<60) of 3 cells", func() { rank.Unindex(1<<60, make([]uint8, 3)) }},
		{"Unindex(6) of 3 cells", func() { rank.Unindex(6, make([]uint8, 3)) }},
		{"Unindex(0) of 0 cells", func() { rank.Unindex(0, nil) }},
		{"Unindex(0) of 21 cells", func() { rank.Unindex(0, make([]uint8, 21)) }},
		{"Unrank(24) of 4", func() { rank.Unrank(24, make([]uint8, 4)) }},
		{"Unrank(max) of 20", func() { rank.Unrank(^uint64(0), make([]uint8, 20)) }},
		{"UnrankTiles(1<<62) of 5", func() { rank.UnrankTiles(1<<62, make([]uint8, 5)) }},
	} {
		done := make(chan any, 1)
		go func() {
			defer func() { done <- recover() }()
			tc.f()
		}()
		select {
		case r := <-done:
			if r == nil {
				t.Errorf("%s did not panic", tc.name)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s has not returned after 5 s", tc.name)
		}
	}
	// The last index of each length still works.
	for n := 1; n <= rank.MaxLen; n++ {
		cells := make([]uint8, n)
		rank.Unindex(rank.Factorial(n)-1, cells)
		if got := rank.Index(cells); got != rank.Factorial(n)-1 {
			t.Fatalf("n=%d: Index(Unindex(n!-1)) = %d", n, got)
		}
	}
}
