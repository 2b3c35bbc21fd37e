package table

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
)

// BenchmarkLookup looks up the indices of 4096 random boards that reach
// the goal, in turn, in the 3x3 and 5x2 tables of both metrics, held in
// memory and read in place (every block read first): the cost of a
// lookup once the board is ranked.
func BenchmarkLookup(b *testing.B) {
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 5, H: 2}} {
		for _, metric := range metrics {
			res, err := bfs.Run(context.Background(), board.Goal(size), &bfs.Options{Metric: metric})
			if err != nil {
				b.Fatal(err)
			}
			depth, reach := res.Expand()
			mem, err := newTrusted(res.Goal, metric, depth, reach, res.Counts)
			if err != nil {
				b.Fatal(err)
			}
			ip := openInPlace(b, saveFile(b, "t.tbl", writeV2(b, smallInPlace(mem, recordBlockBits))))
			if err := ip.Load(context.Background()); err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, 6))
			var idx []uint64
			for len(idx) < 4096 {
				if i := rng.Uint64N(mem.Boards()); mem.reached(i) {
					idx = append(idx, i)
				}
			}
			for _, tc := range []struct {
				name string
				t    *Table
			}{{"memory", mem}, {"inplace", ip}} {
				b.Run(fmt.Sprint(size, "/", metric, "/", tc.name), func(b *testing.B) {
					b.ReportAllocs()
					i, sum := 0, 0
					for b.Loop() {
						d, ok := tc.t.Lookup(idx[i&4095])
						if !ok {
							b.Fatal("not found")
						}
						sum += d
						i++
					}
					if sum < 0 {
						b.Fatal(sum)
					}
				})
			}
		}
	}
}
