package abstraction_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/internal/testenv"
)

// TestProveRefutes changes one entry of a correct database at a time, one
// move nearer or farther, and requires the proof to refute each, naming
// the entry or a neighbour it broke, in memory and read from a file.
func TestProveRefutes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	base := small3x3(t)
	if err := base.Prove(context.Background(), nil); err != nil {
		t.Fatalf("a database as built: %v", err)
	}
	arrangements := base.Classings()[0].Arrangements()
	tried, tries := 0, 12
	if testenv.IsLong() {
		tries = 60
	}
	for tried < tries {
		db := small3x3(t)
		pi := r.IntN(2)
		i := r.Uint64N(arrangements)
		if pi == 1 {
			i = r.Uint64N(db.Classings()[1].Arrangements())
		}
		old := abstraction.Entry(db, pi, i)
		v := old + 1
		if r.IntN(2) == 0 && old > 1 {
			v = old - 1
		}
		if !setEntry(db, pi, i, v) {
			continue // the row cannot hold v beside its other entries
		}
		tried++
		a := abstraction.Unindex(db, pi, i)
		refutedNear(t, db, pi, a)
		refutedNear(t, read(t, encode(t, db, tried%2 == 0)), pi, a)
	}
}

// TestEntryErrorMessage checks what an EntryError says.
func TestEntryErrorMessage(t *testing.T) {
	e := &abstraction.EntryError{Part: 1, Classing: "1 1 2/3 3 2/3 2 0", Arrangement: []uint8{1, 1, 2, 3, 3, 2, 3, 0, 2}, Depth: 3,
		Neighbour: []uint8{1, 1, 2, 3, 3, 2, 3, 2, 0}, NeighbourDepth: 5}
	want := "abstraction: entry refuted: classing 2 (1 1 2/3 3 2/3 2 0): arrangement 1 1 2/3 3 2/3 0 2 is at distance 3 and its neighbour 1 1 2/3 3 2/3 2 0 at 5; at least one is wrong"
	if got := e.Error(); got != want {
		t.Fatalf("Error() =\n%s\nwant\n%s", got, want)
	}
	if !errors.Is(e, abstraction.ErrEntry) || !errors.Is(e, abstraction.ErrFormat) {
		t.Fatal("an EntryError is not ErrEntry and ErrFormat")
	}
	e.Neighbour = nil
	if got := e.Error(); !strings.HasSuffix(got, "is at distance 3 but no neighbour is at 2") {
		t.Fatalf("Error() = %s", got)
	}
}

// setEntry sets entry i of classing pi to v and reports whether the
// record holds it with the other entries of its row unchanged; if not, it
// leaves the database with a record that no longer says what it did.
func setEntry(db *abstraction.DB, pi int, i uint64, v int) bool {
	n := uint64(db.Size().Cells())
	w := uint64(db.Size().W)
	row := i - i%w
	var before []int
	for j := row; j < row+w; j++ {
		before = append(before, abstraction.Entry(db, pi, j))
	}
	abstraction.SetEntry(db, pi, i, v)
	for j := row; j < row+w; j++ {
		want := before[j-row]
		if j == i {
			want = v
		}
		if abstraction.Entry(db, pi, j) != want {
			return false
		}
	}
	_ = n
	return true
}
