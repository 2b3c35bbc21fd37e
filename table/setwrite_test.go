package table

import (
	"bytes"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/slidetable/slidetable/internal/fileformat"
)

// TestWriteSet checks, on sets with every kind of container, that the set
// written decompresses to roaring's serialization after RunOptimize and that
// the strict reader reads it back bit for bit.
func TestWriteSet(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	type gen func(i uint64) bool
	for _, tc := range []struct {
		name   string
		states uint64
		set    gen
	}{
		{"empty", 100000, func(uint64) bool { return false }},
		{"full", 200000, func(uint64) bool { return true }},
		{"sparse", 300000, func(uint64) bool { return rng.IntN(100) == 0 }},
		{"dense", 300000, func(uint64) bool { return rng.IntN(3) != 0 }},
		{"runs", 400000, func(i uint64) bool { return i/700%2 == 0 }},
		{"periodic", 362880, func(i uint64) bool { return i/9%2 == 0 }},
		{"mixed", 500000, func(i uint64) bool {
			switch i >> 16 {
			case 0:
				return i%5000 == 0
			case 1:
				return rng.IntN(2) == 0
			case 2:
				return i/3000%2 == 1
			}
			return i == 499999
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reach := make([]uint64, (tc.states+63)/64)
			for i := range tc.states {
				if tc.set(i) {
					reach[i/64] |= 1 << (i % 64)
				}
			}
			set := roaring.FromDense(reach, false)
			set.RunOptimize()
			var want bytes.Buffer
			if _, err := set.WriteTo(&want); err != nil {
				t.Fatal(err)
			}
			for _, fast := range []bool{false, true} {
				b, err := encodeSet(denseWords(reach), tc.states, fast)
				if err != nil {
					t.Fatal(err)
				}
				t.Run(fmt.Sprint("fast=", fast), func(t *testing.T) {
					dec, err := decodeSetForTest(b, tc.states)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(dec, want.Bytes()) {
						t.Fatal("compressed set does not decompress to roaring's serialization")
					}
					back, card, err := readSet(dec, tc.states)
					if err != nil {
						t.Fatal(err)
					}
					var ones uint64
					for i, x := range reach {
						ones += uint64(bits.OnesCount64(x))
						if back[i] != x {
							t.Fatalf("word %d read back as %#x, want %#x", i, back[i], x)
						}
					}
					if card != ones {
						t.Fatalf("read %d values, want %d", card, ones)
					}
				})
			}
		})
	}
}

// decodeSetForTest decompresses a set the way NewReader does, with the same
// memory limit.
func decodeSetForTest(b []byte, states uint64) ([]byte, error) {
	return fileformat.Decode(b, maxSetBytes(states))
}
