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
