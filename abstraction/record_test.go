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
		}
		pl := planes(rec, lay.size)
		if !slices.Equal(unplanes(pl, lay.size), rec) {
			t.Fatalf("%v: planes do not invert", size)
		}
	}
}

// TestSetWords requires the row-at-a-time conversion of a block of width 4
// to give the words and the verdict of the one-record-at-a-time one, on
// blocks of valid records and on blocks with a byte changed.
func TestSetWords(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{16, 12, 8} {
		lay := layoutOf(n, 4)
		const count = 200
		recs := make([]byte, count*lay.size)
		d := make([]byte, n)
		for i := range count {
			for row := range lay.h {
				m := uint8(r.IntN(31))
				for c := row * 4; c < row*4+4; c++ {
					d[c] = min(m+uint8(r.IntN(2)), 31)
				}
			}
			lay.encode(recs[i*lay.size:][:lay.size], d)
		}
		for trial := range 300 {
			bad := append([]byte(nil), recs...)
			if trial > 0 {
				bad[r.IntN(len(bad))] = byte(r.Uint32())
			}
			pl := planes(bad, lay.size)
			fast := &blocks{lay: lay, groups: count, shift: 8, largest: 31, words: make([]uint32, count), rows: rowTable(31)}
			slow := &blocks{lay: lay, groups: count, shift: 8, largest: 31, words: make([]uint32, count)}
			ef, es := fast.setWords(0, pl), slow.setWords(0, pl)
			if (ef == nil) != (es == nil) || ef != nil && ef.Error() != es.Error() {
				t.Fatalf("n %d: fast says %v, slow %v", n, ef, es)
			}
			if ef == nil && !slices.Equal(fast.words, slow.words) {
				t.Fatalf("n %d: the words differ", n)
			}
		}
	}
}
