package rank_test

import (
	"testing"

	"github.com/slidetable/slidetable/rank"
)

// placementsInOrder calls f with every placement of k tiles among n cells
// in lexicographic order of the cell tuple, by plain recursion.
func placementsInOrder(n, k int, f func(cells []uint8)) {
	cells := make([]uint8, 0, k)
	used := make([]bool, n)
	var rec func()
	rec = func() {
		if len(cells) == k {
			f(cells)
			return
		}
		for c := range n {
			if !used[c] {
				used[c] = true
				cells = append(cells, uint8(c))
				rec()
				cells = cells[:len(cells)-1]
				used[c] = false
			}
		}
	}
	rec()
}

// TestPartialOrder checks every placement of every k tiles among n <= 7
// cells: the ranks count the placements in lexicographic order, from 0 to
// Placements(n, k)-1, and UnrankPartial inverts RankPartial.
func TestPartialOrder(t *testing.T) {
	for n := 0; n <= 7; n++ {
		for k := 0; k <= n; k++ {
			count, ok := rank.Placements(n, k)
			if !ok {
				t.Fatalf("Placements(%d, %d) not ok", n, k)
			}
			pr, ok := rank.NewPartial(n, k)
			if !ok {
				t.Fatalf("NewPartial(%d, %d) not ok", n, k)
			}
			var next uint64
			back := make([]uint8, k)
			placementsInOrder(n, k, func(cells []uint8) {
				if got := rank.RankPartial(cells, n); got != next {
					t.Fatalf("RankPartial(%v, %d) = %d, want %d", cells, n, got, next)
				}
				if got := pr.Rank(cells); got != next {
					t.Fatalf("Partial(%d, %d).Rank(%v) = %d, want %d", n, k, cells, got, next)
				}
				rank.UnrankPartial(next, n, back)
				for i := range cells {
					if back[i] != cells[i] {
						t.Fatalf("UnrankPartial(%d, %d) = %v, want %v", next, n, back, cells)
					}
				}
				next++
			})
			if next != count {
				t.Fatalf("%d placements of %d tiles among %d cells, Placements says %d", next, k, n, count)
			}
		}
	}
}

func TestPlacementsBounds(t *testing.T) {
	for _, c := range []struct {
		n, k int
		want uint64
		ok   bool
	}{
		{16, 8, 518918400, true}, {16, 0, 1, true}, {16, 16, 20922789888000, true},
		{4, 5, 0, false}, {3, -1, 0, false}, {65, 1, 0, false}, {64, 64, 0, false}, {64, 2, 64 * 63, true},
	} {
		got, ok := rank.Placements(c.n, c.k)
		if got != c.want || ok != c.ok {
			t.Errorf("Placements(%d, %d) = %d, %v; want %d, %v", c.n, c.k, got, ok, c.want, c.ok)
		}
	}
}

// FuzzPartial checks the round trip of a placement drawn from a rank, for
// any n up to 64 cells and k tiles whose count fits in 64 bits.
func FuzzPartial(f *testing.F) {
	for _, s := range []struct {
		n, k uint8
		r    uint64
	}{{0, 0, 0}, {1, 1, 0}, {9, 4, 3023}, {16, 8, 518918399}, {16, 6, 12345}, {25, 6, 1 << 30}, {64, 10, 1 << 62}, {64, 3, 7}} {
		f.Add(s.n, s.k, s.r)
	}
	f.Fuzz(func(t *testing.T, nb, kb uint8, r uint64) {
		n := int(nb) % (rank.MaxPartialCells + 1)
		k := int(kb) % (n + 1)
		count, ok := rank.Placements(n, k)
		if !ok {
			return
		}
		r %= count
		cells := make([]uint8, k)
		rank.UnrankPartial(r, n, cells)
		var used uint64
		for _, c := range cells {
			if int(c) >= n || used&(1<<c) != 0 {
				t.Fatalf("UnrankPartial(%d, %d) = %v, not %d distinct cells below %d", r, n, cells, k, n)
			}
			used |= 1 << c
		}
		if got := rank.RankPartial(cells, n); got != r {
			t.Fatalf("RankPartial(UnrankPartial(%d, %d) = %v) = %d", r, n, cells, got)
		}
		pr, ok := rank.NewPartial(n, k)
		if !ok {
			t.Fatalf("NewPartial(%d, %d) not ok", n, k)
		}
		if got := pr.Rank(cells); got != r {
			t.Fatalf("Partial(%d, %d).Rank(%v) = %d, want %d", n, k, cells, got, r)
		}
	})
}

func BenchmarkRankPartial(b *testing.B) {
	cells := []uint8{3, 14, 7, 0, 9, 12, 5, 1}
	b.ReportAllocs()
	var sink uint64
	for b.Loop() {
		sink += rank.RankPartial(cells, 16)
		cells[0] ^= 2
	}
	_ = sink
}

func BenchmarkPartialRank(b *testing.B) {
	cells := []uint8{3, 14, 7, 0, 9, 12, 5, 1}
	p, _ := rank.NewPartial(16, 8)
	b.ReportAllocs()
	var sink uint64
	for b.Loop() {
		sink += p.Rank(cells)
		cells[0] ^= 2
	}
	_ = sink
}

// TestMoveDelta checks MoveDelta against ranking the placement before and
// after every move of every tile to every free cell, for every placement
// of up to 4 tiles among 7 cells.
func TestMoveDelta(t *testing.T) {
	const n = 7
	for k := 1; k <= 4; k++ {
		p, _ := rank.NewPartial(n, k)
		placementsInOrder(n, k, func(cells []uint8) {
			var occ uint64
			var at [rank.MaxPartialCells]int8
			for i, c := range cells {
				occ |= 1 << c
				at[c] = int8(i)
			}
			before := rank.RankPartial(cells, n)
			moved := make([]uint8, k)
			for i, a := range cells {
				for b := range n {
					if occ&(1<<b) != 0 {
						continue
					}
					copy(moved, cells)
					moved[i] = uint8(b)
					want := int64(rank.RankPartial(moved, n)) - int64(before)
					if got := p.MoveDelta(i, int(a), b, occ, &at); got != want {
						t.Fatalf("%v, tile %d from %d to %d: MoveDelta %d, want %d", cells, i, a, b, got, want)
					}
				}
			}
		})
	}
}
