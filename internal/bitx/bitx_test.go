package bitx

import (
	"math/rand/v2"
	"testing"
)

// TestNthSet checks NthSet against a scan of the bits one by one.
func TestNthSet(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		x64 := r.Uint64()
		k := 0
		for i := range 64 {
			if x64>>i&1 == 0 {
				continue
			}
			if got := NthSet64(x64, k); got != uint8(i) {
				t.Fatalf("NthSet64(%#x, %d) = %d, want %d", x64, k, got, i)
			}
			k++
		}
		x := r.Uint32()
		k = 0
		for i := range 32 {
			if x>>i&1 == 0 {
				continue
			}
			if got := NthSet(x, k); got != uint8(i) {
				t.Fatalf("NthSet(%#x, %d) = %d, want %d", x, k, got, i)
			}
			k++
		}
	}
}

// TestAppender appends random bit strings and reads every bit back from
// the bytes.
func TestAppender(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		var a Appender
		a.Out = []byte{0xAB} // appended to, kept
		var want []uint64    // one a bit
		for range r.IntN(40) {
			k := uint(r.IntN(33))
			v := r.Uint64() & (1<<k - 1)
			a.Add(v, k)
			for j := range k {
				want = append(want, v>>j&1)
			}
		}
		out := a.Flush()
		if len(out) != 1+(len(want)+7)/8 || out[0] != 0xAB {
			t.Fatalf("%d bytes for %d bits after one, first %#x", len(out), len(want), out[0])
		}
		for i, w := range want {
			if got := uint64(out[1+i/8] >> (i % 8) & 1); got != w {
				t.Fatalf("bit %d is %d, want %d", i, got, w)
			}
		}
		if n := len(want); n%8 != 0 && out[len(out)-1]>>(n%8) != 0 {
			t.Fatal("the last byte's unused bits are not zero")
		}
	}
}
