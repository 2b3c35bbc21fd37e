package rank_test

import (
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/rank"
)

// boards returns count random boards of n cells, from a fixed seed, and
// their indices.
func boards(n, count int) ([][]uint8, []uint64) {
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	cells := make([][]uint8, count)
	idx := make([]uint64, count)
	for i := range cells {
		idx[i] = rng.Uint64N(rank.Factorial(n))
		cells[i] = make([]uint8, n)
		rank.Unindex(idx[i], cells[i])
	}
	return cells, idx
}

var sink uint64

func BenchmarkRank(b *testing.B) {
	for _, n := range []int{9, 12} {
		b.Run(sizeName(n), func(b *testing.B) {
			cells, _ := boards(n, 1024)
			perms := make([][]uint8, len(cells))
			for i, c := range cells {
				perms[i] = make([]uint8, n)
				for j, v := range c {
					perms[i][j] = (v + uint8(n) - 1) % uint8(n) // a permutation of 0..n-1
				}
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				sink += rank.Rank(perms[i&1023])
				i++
			}
		})
	}
}

func BenchmarkUnrank(b *testing.B) {
	for _, n := range []int{9, 12} {
		b.Run(sizeName(n), func(b *testing.B) {
			_, idx := boards(n, 1024)
			p := make([]uint8, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				rank.Unrank(idx[i&1023]%rank.Factorial(n), p)
				i++
			}
			sink += uint64(p[0])
		})
	}
}

func BenchmarkIndex(b *testing.B) {
	for _, n := range []int{9, 12} {
		b.Run(sizeName(n), func(b *testing.B) {
			cells, _ := boards(n, 1024)
			strs := make([]string, len(cells))
			for i, c := range cells {
				strs[i] = string(c)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				sink += rank.Index(strs[i&1023])
				i++
			}
		})
	}
}

func BenchmarkUnindex(b *testing.B) {
	for _, n := range []int{9, 12} {
		b.Run(sizeName(n), func(b *testing.B) {
			_, idx := boards(n, 1024)
			c := make([]uint8, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				rank.Unindex(idx[i&1023], c)
				i++
			}
			sink += uint64(c[0])
		})
	}
}

func sizeName(n int) string {
	if n == 9 {
		return "9cells"
	}
	return "12cells"
}
