package abstraction

import (
	"context"
	"testing"

	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
)

// TestBuildReference builds the databases of small classings, on one
// goroutine and on several, and requires every entry to be the distance
// the plain search of package reference finds for its arrangement, and
// every arrangement it does not reach to be Unreached.
func TestBuildReference(t *testing.T) {
	for _, tc := range smallClassings {
		c := classingOf(t, tc.size, tc.goal, tc.classes)
		if c.Arrangements() > 1e5 && !testenv.IsLong() {
			continue // the reference's map takes seconds
		}
		ref := reference.ClassDistances(c.goal.Size(), c.Cells())
		for _, workers := range []int{1, 3} {
			t.Run(tc.size+" "+tc.classes, func(t *testing.T) {
				db, err := Build(context.Background(), []*Classing{c}, &Options{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				checkEntries(t, db.parts[0], ref)
			})
		}
	}
}

// checkEntries requires the records and words of p to hold the distances
// of ref, every other arrangement unreached.
func checkEntries(t *testing.T, p *part, ref map[string]int) {
	t.Helper()
	x := p.x
	lay := layoutOf(x.n, p.cl.goal.Size().W)
	h := uint64(lay.h)
	a := make([]uint8, x.n)
	largest, reached := 0, 0
	for i := range x.groups * uint64(x.n) {
		x.unindex(i, a)
		g, z := i/uint64(x.n), int(i%uint64(x.n))
		got := lay.depth(p.words[g], p.mins[g*h:g*h+h], z)
		want, ok := ref[string(a)]
		if !ok {
			want = Unreached
		} else {
			largest = max(largest, want)
			reached++
		}
		if int(got) != want {
			t.Fatalf("arrangement %v (index %d): entry %d, want %d", a, i, got, want)
		}
		if m := p.entry(uint32(g), z); m != code(uint8(want)) {
			t.Fatalf("arrangement %v: word code %d, want %d", a, m, code(uint8(want)))
		}
	}
	if reached != len(ref) || int(p.largest) != largest {
		t.Fatalf("%d arrangements reached, largest %d; the reference reaches %d, largest %d", reached, p.largest, len(ref), largest)
	}
}
