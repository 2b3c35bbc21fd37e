package abstraction

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRecords encodes random distances of a group with rows within one of
// their least, and requires them back, every check passed, and the fast
// path to agree with the plain one on those and on random bytes.
func TestRecords(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, size := range [][2]int{{16, 4}, {12, 4}, {8, 4}, {12, 3}, {9, 3}, {6, 2}, {8, 2}} {
		lay := layoutOf(size[0], size[1])
		d := make([]byte, lay.n)
		rec := make([]byte, lay.size)
		for range 2000 {
			for row := range lay.h {
				m := uint8(r.IntN(30))
				unreached := r.IntN(10) == 0
				for c := row * lay.w; c < row*lay.w+lay.w; c++ {
					d[c] = m + uint8(r.IntN(2))
					if unreached {
						d[c] = Unreached
					}
				}
			}
			lay.encode(rec, d)
			got := make([]byte, lay.n)
			for z := range got {
				got[z] = lay.depth(rec, z)
			}
			if !slices.Equal(got, d) {
				t.Fatalf("%v: encoded %v, read back %v", size, d, got)
			}
			if err := lay.check(rec, 31); err != nil {
				t.Fatalf("%v: %v", size, err)
			}
			if w, ok := lay.fastWord(rec, 31); !ok || w != lay.word(rec) {
				t.Fatalf("%v: fastWord %x, %v; word %x", size, w, ok, lay.word(rec))
			}
			for i := range rec {
				rec[i] = byte(r.Uint32())
			}
			w, ok := lay.fastWord(rec, 31)
			if err := lay.check(rec, 31); ok != (err == nil) || ok && w != lay.word(rec) {
				t.Fatalf("%v: on %v fastWord says %x, %v; check %v, word %x", size, rec, w, ok, err, lay.word(rec))
			}
		}
		pl := planes(rec, lay.size)
		if !slices.Equal(unplanes(pl, lay.size), rec) {
			t.Fatalf("%v: planes do not invert", size)
		}
	}
}
