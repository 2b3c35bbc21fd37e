package abstraction

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGroups encodes random distances of a group with rows within one of
// their least, and requires them back and the check passed; then changes
// a bit or a least distance at random, and requires the check to refuse
// exactly the groups that no longer decode to distances of that shape.
func TestGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, size := range [][2]int{{16, 4}, {12, 4}, {8, 4}, {12, 3}, {9, 3}, {6, 2}, {8, 2}} {
		lay := layoutOf(size[0], size[1])
		d := make([]byte, lay.n)
		mins := make([]byte, lay.h)
		for range 3000 {
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
			w := lay.encode(d, mins)
			got := make([]byte, lay.n)
			for z := range got {
				got[z] = lay.depth(w, mins, z)
			}
			if !slices.Equal(got, d) {
				t.Fatalf("%v: encoded %v, read back %v", size, d, got)
			}
			if err := lay.check(w, mins, 31); err != nil {
				t.Fatalf("%v: %v", size, err)
			}
			// A change: the check passes iff the group still reads as
			// rows within one of a least distance that some cell has.
			if r.IntN(2) == 0 {
				w ^= 1 << r.IntN(2*lay.n)
			} else {
				mins[r.IntN(lay.h)] = byte(r.IntN(33))
			}
			err := lay.check(w, mins, 31)
			if want := plainValid(lay, w, mins, 31); (err == nil) != want {
				t.Fatalf("%v: word %x, mins %v: check says %v, the plain rule %v", size, w, mins, err, want)
			}
		}
	}
}

// plainValid is the rule check implements, spelled out: each row either
// unreached in every cell, or its cells' remainders those of m and m+1
// for its least m, m at most the largest, one cell at m, m+1 at most the
// largest if a cell is there; nothing beyond the cells.
func plainValid(l layout, w uint32, mins []byte, largest uint8) bool {
	if l.n < 16 && w>>(2*l.n) != 0 {
		return false
	}
	for r := range l.h {
		m := mins[r]
		at, above, unreached := 0, 0, 0
		for z := r * l.w; z < r*l.w+l.w; z++ {
			c := int(w >> (2 * z) & 3)
			switch {
			case c == 3:
				unreached++
			case m != Unreached && c == int(m)%3:
				at++
			case m != Unreached && c == (int(m)+1)%3:
				above++
			default:
				return false
			}
		}
		if m == Unreached {
			if unreached != l.w {
				return false
			}
			continue
		}
		if unreached > 0 || at == 0 || m > largest || above > 0 && m+1 > largest {
			return false
		}
	}
	return true
}

// TestPlanes requires planes to invert, and the bits of a group to give
// its word back.
func TestPlanes(t *testing.T) {
	b := make([]byte, 6*100)
	for i := range b {
		b[i] = byte(i * 7)
	}
	if got := unplanes(planes(b, 100, 6), 100, 6); !slices.Equal(got, b) {
		t.Fatal("unplanes does not invert planes")
	}
	r := rand.New(rand.NewPCG(3, 3))
	for _, size := range [][2]int{{16, 4}, {12, 4}, {9, 3}} {
		lay := layoutOf(size[0], size[1])
		d := make([]byte, lay.n)
		mins := make([]byte, lay.h)
		bits := make([]byte, lay.bitBytes())
		for range 1000 {
			for c := range d {
				d[c] = byte(c/lay.w*3 + r.IntN(2))
				if c/lay.w == 1 && r.IntN(5) == 0 {
					d[c] = Unreached
				}
			}
			for c := lay.w; c < 2*lay.w; c++ {
				if d[lay.w] == Unreached {
					d[c] = Unreached
				} else if d[c] == Unreached {
					d[c] = 3
				}
			}
			w := lay.encode(d, mins)
			lay.bits(bits, w, mins)
			if got, ok := lay.fromBits(mins, bits); !ok || got != w {
				t.Fatalf("%v: word %x, from its bits %x, %v", size, w, got, ok)
			}
		}
	}
}

// TestWordBytes requires the words' bytes in a file to be little-endian
// on every machine.
func TestWordBytes(t *testing.T) {
	words := []uint32{0x04030201, 0x08070605}
	b := make([]byte, 8)
	putWords(b, words)
	if !slices.Equal(b, []byte{1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Fatalf("putWords wrote %v", b)
	}
	back := make([]uint32, 2)
	getWords(back, b)
	if !slices.Equal(back, words) {
		t.Fatalf("getWords read %x", back)
	}
}

// TestFastWords requires the row-at-a-time conversion of a compressed
// block of width 4 to give the words, and the verdict, of the group-at-a-
// time one, on valid frames and on frames with a byte changed.
func TestFastWords(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{16, 12, 8} {
		lay := layoutOf(n, 4)
		const count = 300
		ws := make([]uint32, count)
		ms := make([]byte, count*lay.h)
		d := make([]byte, n)
		for i := range count {
			for row := range lay.h {
				m := uint8(r.IntN(31))
				for c := row * 4; c < row*4+4; c++ {
					d[c] = min(m+uint8(r.IntN(2)), 31)
					if m == 0 {
						d[c] = Unreached
					}
				}
			}
			ws[i] = lay.encode(d, ms[i*lay.h:][:lay.h])
		}
		frame := lay.frame(ws, ms)
		b := &blocks{lay: lay, groups: count, shift: 9}
		for trial := range 300 {
			data := append([]byte(nil), frame...)
			if trial > 0 {
				data[r.IntN(len(data))] = byte(r.Uint32())
			}
			fast := make([]uint32, count)
			ok := fastWords(fast, data, count, lay)
			slow, _, err := b.fromFrame(0, data)
			if ok != (err == nil) || ok && !slices.Equal(fast, slow) {
				t.Fatalf("n %d: fastWords says %v, fromFrame %v", n, ok, err)
			}
			if trial == 0 && !slices.Equal(fast, ws) {
				t.Fatalf("n %d: the words do not come back", n)
			}
		}
	}
}
