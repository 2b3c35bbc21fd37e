package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// serialize writes a roaring bitmap of values below states, run-optimized
// or not, as the writer does.
func serialize(t testing.TB, values []uint32, optimize bool) []byte {
	t.Helper()
	set := roaring.BitmapOf(values...)
	if optimize {
		set.RunOptimize()
	}
	var buf bytes.Buffer
	if _, err := set.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sameSet reports whether dense holds exactly values (which may repeat).
func sameSet(dense []uint64, values []uint32) bool {
	want := make([]uint64, len(dense))
	for _, v := range values {
		if int(v/64) >= len(want) {
			return false
		}
		want[v/64] |= 1 << (v % 64)
	}
	for i := range want {
		if want[i] != dense[i] {
			return false
		}
	}
	return true
}

// setShapes returns sets that give every kind of container: arrays,
// bitmaps, runs (long, short, touching a container's ends), in more and
// fewer than four containers, ending inside a container or on its edge.
func setShapes() map[string][]uint32 {
	r := rand.New(rand.NewPCG(1, 2))
	shapes := map[string][]uint32{
		"one value":      {7},
		"first and last": {0, 1<<20 - 1},
		"full":           nil,
		"runs of 9":      nil,
		"runs of 300":    nil,
		"random sparse":  nil,
		"random dense":   nil,
		"mixed":          nil,
		"edges":          {65535, 65536, 131071, 131072},
	}
	for v := range uint32(1 << 20) {
		shapes["full"] = append(shapes["full"], v)
		if v/9%2 == 0 {
			shapes["runs of 9"] = append(shapes["runs of 9"], v)
		}
		if v%1000 < 300 {
			shapes["runs of 300"] = append(shapes["runs of 300"], v)
		}
		if r.IntN(100) == 0 {
			shapes["random sparse"] = append(shapes["random sparse"], v)
		}
		if r.IntN(3) != 0 {
			shapes["random dense"] = append(shapes["random dense"], v)
		}
		switch c := v >> 16; {
		case c%3 == 0 && r.IntN(50) == 0, c%3 == 1 && r.IntN(2) == 0, c%3 == 2 && v%1000 < 300:
			shapes["mixed"] = append(shapes["mixed"], v)
		}
	}
	return shapes
}

// TestReadSet decodes what roaring writes, with and without run
// containers, and checks the bits and the count.
func TestReadSet(t *testing.T) {
	t.Parallel()
	const states = 1 << 20
	for name, values := range setShapes() {
		for _, optimize := range []bool{false, true} {
			b := serialize(t, values, optimize)
			dense, card, err := readSet(b, states)
			if err != nil {
				t.Fatalf("%s (run-optimized %v): %v", name, optimize, err)
			}
			if card != uint64(len(values)) || !sameSet(dense, values) {
				t.Fatalf("%s (run-optimized %v): got %d values, want %d, or other ones", name, optimize, card, len(values))
			}
			if uint64(len(dense)) != states/64 {
				t.Fatalf("%s: %d words, want %d", name, len(dense), states/64)
			}
		}
	}
	// A value at the last index of the range, and one beyond it.
	for _, states := range []uint64{24, 181440, 1 << 16, 1<<16 + 1} {
		if _, _, err := readSet(serialize(t, []uint32{uint32(states - 1)}, true), states); err != nil {
			t.Fatalf("largest value of %d: %v", states, err)
		}
		for _, optimize := range []bool{false, true} {
			for _, values := range [][]uint32{{uint32(states)}, {0, uint32(states) + 100}} {
				_, _, err := readSet(serialize(t, values, optimize), states)
				if !errors.Is(err, ErrFormat) {
					t.Fatalf("values %v of %d: err = %v, want ErrFormat", values, states, err)
				}
			}
		}
	}
	// Bitmap containers beyond the range, in their last word and beyond.
	big := make([]uint32, 0, 8192) // 1, 9, ..., 65529
	for v := range uint32(8192) {
		big = append(big, v*8+1)
	}
	for _, states := range []uint64{64000, 65529} {
		if _, _, err := readSet(serialize(t, big, false), states); !errors.Is(err, ErrFormat) {
			t.Fatalf("bitmap past the end of %d: err = %v, want ErrFormat", states, err)
		}
	}
	if _, _, err := readSet(serialize(t, big, false), 65530); err != nil {
		t.Fatalf("bitmap up to the end: %v", err)
	}
}

// TestReadSetMalformed damages serialized sets in each way the format can
// be wrong.
func TestReadSetMalformed(t *testing.T) {
	t.Parallel()
	le := binary.LittleEndian
	const states = 1 << 20
	runs := serialize(t, setShapes()["runs of 300"], true)      // 16 run containers, with offsets
	arrays := serialize(t, []uint32{3, 5, 70000, 70001}, false) // no-run cookie, two arrays
	var tens []uint32                                           // one run container, no offsets:
	for v := range uint32(10) {                                 // runs 10..19 and 30..39
		tens = append(tens, 10+v, 30+v)
	}
	small := serialize(t, tens, true)
	if le.Uint32(small)&0xFFFF != cookieRuns || le.Uint32(runs)&0xFFFF != cookieRuns || le.Uint32(arrays) != cookieNoRuns {
		t.Fatal("the test sets do not have the cookies the cases below expect")
	}
	edit := func(b []byte, f func(b []byte) []byte) []byte { return f(append([]byte(nil), b...)) }
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"cookie only", arrays[:4]},
		{"bad cookie", edit(arrays, func(b []byte) []byte { b[0] ^= 1; return b })},
		{"too many containers", edit(arrays, func(b []byte) []byte { le.PutUint32(b[4:], 1<<16+1); return b })},
		{"more containers than bytes", edit(arrays, func(b []byte) []byte { le.PutUint32(b[4:], 1000); return b })},
		{"truncated", arrays[:len(arrays)-1]},
		{"trailing byte", append(append([]byte(nil), arrays...), 0)},
		{"keys out of order", edit(arrays, func(b []byte) []byte { le.PutUint16(b[12:], 0); return b })},
		{"key beyond the range", edit(arrays, func(b []byte) []byte { le.PutUint16(b[12:], 16); return b })},
		{"array out of order", edit(arrays, func(b []byte) []byte { b[len(b)-8], b[len(b)-6] = 5, 3; return b })},
		{"array repeats", edit(arrays, func(b []byte) []byte { b[len(b)-6] = 3; return b })},
		{"wrong offset", edit(arrays, func(b []byte) []byte { b[16]++; return b })},
		{"run count zero", edit(small, func(b []byte) []byte { le.PutUint16(b[9:], 0); return b[:11] })},
		{"runs overflow", edit(small, func(b []byte) []byte { le.PutUint16(b[11:], 65535); return b })},
		{"runs touch", edit(small, func(b []byte) []byte { le.PutUint16(b[15:], 20); return b })},
		{"runs overlap", edit(small, func(b []byte) []byte { le.PutUint16(b[15:], 15); return b })},
		{"runs out of order", edit(small, func(b []byte) []byte { le.PutUint16(b[11:], 40); return b })},
		{"run count says more", edit(small, func(b []byte) []byte { le.PutUint16(b[9:], 3); return b })},
		{"run cardinality", edit(small, func(b []byte) []byte { le.PutUint16(b[7:], 7); return b })},
		{"run container offset", edit(runs, func(b []byte) []byte {
			n := int(le.Uint32(b)>>16) + 1
			p := 4 + (n+7)/8 + 4*n
			le.PutUint32(b[p+4:], le.Uint32(b[p+4:])+4)
			return b
		})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := readSet(tc.b, states)
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("err = %v, want ErrFormat", err)
			}
		})
	}
}

// FuzzReadSet compares readSet with roaring's own reader on arbitrary
// bytes: what readSet accepts, roaring reads and validates to the same set;
// what roaring writes, readSet accepts.
func FuzzReadSet(f *testing.F) {
	for _, values := range setShapes() {
		if len(values) < 5000 {
			f.Add(serialize(f, values, true), uint32(1<<20))
			f.Add(serialize(f, values, false), uint32(1<<20))
		}
	}
	f.Add([]byte{}, uint32(10))
	f.Fuzz(func(t *testing.T, b []byte, n uint32) {
		states := uint64(n%(1<<22)) + 1
		dense, card, err := readSet(b, states)
		if err != nil && !errors.Is(err, ErrFormat) {
			t.Fatalf("err = %v, want ErrFormat", err)
		}
		r := roaring.New()
		m, rerr := r.ReadFrom(bytes.NewReader(b))
		if rerr == nil {
			rerr = r.Validate()
		}
		if err == nil {
			if rerr != nil || m != int64(len(b)) {
				t.Fatalf("readSet accepts what roaring does not: %v, %d of %d bytes", rerr, m, len(b))
			}
			if r.GetCardinality() != card || !sameSet(dense, r.ToArray()) {
				t.Fatalf("readSet gives %d values, roaring %d, or other ones", card, r.GetCardinality())
			}
			return
		}
		if rerr != nil || r.IsEmpty() || uint64(r.Maximum()) >= states {
			return
		}
		// roaring reads it and its values fit: what roaring writes of it,
		// readSet must read.
		var buf bytes.Buffer
		if _, err := r.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		dense, card, err = readSet(buf.Bytes(), states)
		if err != nil {
			t.Fatalf("readSet refuses what roaring writes: %v", err)
		}
		if card != r.GetCardinality() || !sameSet(dense, r.ToArray()) {
			t.Fatal("readSet reads what roaring writes to another set")
		}
	})
}
