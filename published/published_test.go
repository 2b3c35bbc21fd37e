package published

import (
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// TestTotal checks the arithmetic the published counts must satisfy: they
// add up to 16!/2, the number of boards that reach the goal, and God's
// number is 80.
func TestTotal(t *testing.T) {
	d, ok := DistributionOf(size4x4, board.SingleTile)
	if !ok {
		t.Fatal("no 4x4 distribution")
	}
	if got, want := d.Total(), rank.Factorial(16)/2; got != want {
		t.Fatalf("Total() = %d, want 16!/2 = %d", got, want)
	}
	if got, want := d.Max(), 80; got != want {
		t.Fatalf("Max() = %d, want %d", got, want)
	}
	if d.Source == "" {
		t.Fatal("no source")
	}
}

// TestColours checks that the boards at even distances are exactly those
// with the blank on a cell of the goal blank's colour: every move changes
// the blank's colour, and 8 of the 16 cells have each colour, each holding
// the blank in 15!/2 boards that reach the goal.
func TestColours(t *testing.T) {
	d, _ := DistributionOf(size4x4, board.SingleTile)
	var even uint64
	for i, c := range d.Counts {
		if i%2 == 0 {
			even += c
		}
	}
	if got, want := even, 8*rank.Factorial(15)/2; got != want {
		t.Fatalf("%d boards at even distances, want 8 * 15!/2 = %d", got, want)
	}
}

// TestFirstDistances compares the first counts with a breadth-first search
// of our own.
func TestFirstDistances(t *testing.T) {
	depth := 15
	if testing.Short() {
		depth = 11
	}
	d, _ := DistributionOf(size4x4, board.SingleTile)
	got := levels(board.Goal(size4x4), depth)
	for i := 0; i <= depth; i++ {
		if got[i] != d.Counts[i] {
			t.Fatalf("%d boards at distance %d found by search, published %d", got[i], i, d.Counts[i])
		}
	}
}

// levels counts the boards at each distance from goal up to depth with a
// plain breadth-first search.
func levels(goal board.Board, depth int) []uint64 {
	seen := map[board.Board]bool{goal: true}
	frontier := []board.Board{goal}
	counts := []uint64{1}
	for len(counts) <= depth {
		var next []board.Board
		for _, b := range frontier {
			for _, m := range b.Moves() {
				c, err := b.Move(m)
				if err != nil {
					panic(err)
				}
				if !seen[c] {
					seen[c] = true
					next = append(next, c)
				}
			}
		}
		counts = append(counts, uint64(len(next)))
		frontier = next
	}
	return counts
}

// TestHardest checks the published list of the boards at 80 moves: as many
// as the distribution counts there, all distinct, all able to reach the
// goal, each with the blank on the goal blank's colour (80 is even), and
// none with a Manhattan distance above 80.
func TestHardest(t *testing.T) {
	h, ok := HardestOf(size4x4)
	if !ok {
		t.Fatal("no 4x4 list")
	}
	d, _ := DistributionOf(size4x4, board.SingleTile)
	if got, want := uint64(len(h.Boards)), d.Counts[d.Max()]; got != want {
		t.Fatalf("%d boards listed, the distribution counts %d at %d moves", got, want, d.Max())
	}
	if h.Distance != d.Max() {
		t.Fatalf("Distance = %d, want %d", h.Distance, d.Max())
	}
	seen := map[board.Board]bool{}
	for _, b := range h.Boards {
		if seen[b] {
			t.Fatalf("%s listed twice", b)
		}
		seen[b] = true
		if !b.Solvable() {
			t.Fatalf("%s cannot reach the goal", b)
		}
		z := b.Blank()
		if (z/4+z%4)%2 != (3+3)%2 {
			t.Fatalf("%s: blank on the wrong colour for an even distance", b)
		}
		md := 0
		for c := range 16 {
			if v := int(b.At(c)); v != 0 {
				md += abs(c/4-(v-1)/4) + abs(c%4-(v-1)%4)
			}
		}
		if md > h.Distance {
			t.Fatalf("%s: Manhattan distance %d above %d", b, md, h.Distance)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestOtherSizes(t *testing.T) {
	for _, s := range []board.Size{{W: 3, H: 3}, {W: 5, H: 5}, {W: 5, H: 3}} {
		if _, ok := DistributionOf(s, board.SingleTile); ok {
			t.Errorf("DistributionOf(%s) found data", s)
		}
		if _, ok := HardestOf(s); ok {
			t.Errorf("HardestOf(%s) found data", s)
		}
	}
}

func TestCopies(t *testing.T) {
	d, _ := DistributionOf(size4x4, board.SingleTile)
	d.Counts[0] = 99
	if e, _ := DistributionOf(size4x4, board.SingleTile); e.Counts[0] != 1 {
		t.Fatal("DistributionOf shares its counts with the caller")
	}
}

func TestFraction(t *testing.T) {
	d, _ := DistributionOf(size4x4, board.SingleTile)
	if got := d.Fraction(0, 80); got != 1 {
		t.Errorf("Fraction(0, 80) = %v, want 1", got)
	}
	if got := d.Fraction(-5, 200); got != 1 {
		t.Errorf("Fraction(-5, 200) = %v, want 1", got)
	}
	if got, want := d.Fraction(80, 80), 17/float64(d.Total()); got != want {
		t.Errorf("Fraction(80, 80) = %v, want %v", got, want)
	}
	if got := d.Fraction(10, 9); got != 0 {
		t.Errorf("Fraction(10, 9) = %v, want 0", got)
	}
	// Half the boards are at even distances, so no single distance holds
	// more than half.
	for i := range d.Counts {
		if f := d.Fraction(i, i); f <= 0 || f >= 0.5 {
			t.Errorf("Fraction(%d, %d) = %v", i, i, f)
		}
	}
}

// TestMultiDistribution checks the published 4x4 distribution of the
// multi-tile metric: every 4x4 board that reaches the goal, God's number 43
// with 16 boards.
func TestMultiDistribution(t *testing.T) {
	d, ok := DistributionOf(board.Size{W: 4, H: 4}, board.MultiTile)
	if !ok || d.Total() != 10461394944000 || d.Max() != 43 || d.Counts[43] != 16 {
		t.Fatalf("%v: %d boards, God's number %d", ok, d.Total(), d.Max())
	}
	if _, ok := DistributionOf(board.Size{W: 5, H: 3}, board.MultiTile); ok {
		t.Fatal("a 5x3 distribution in multi-tile moves, which is not held here")
	}
}

// TestSizes checks the facts about sizes against each other: every
// distribution held ends at the size's God's number, in its metric; a
// size turned a quarter has the same distribution; the counted 12-cell
// sizes add up to 12!/2 and say they are counted; a size without a known
// God's number gets its bound.
func TestSizes(t *testing.T) {
	sizes := []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 4, H: 2}, {W: 3, H: 3}, {W: 5, H: 2}, {W: 4, H: 3}, {W: 6, H: 2}, {W: 4, H: 4}}
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		for _, size := range sizes {
			for _, s := range []board.Size{size, {W: size.H, H: size.W}} {
				most, known := MaxDistance(s, m)
				if !known {
					t.Errorf("%s in %s-tile moves: God's number not known", s, m)
				}
				d, ok := DistributionOf(s, m)
				if !ok {
					continue
				}
				if d.Max() != most || d.Size != s || d.Metric != m || d.Source == "" {
					t.Errorf("%s in %s-tile moves: distribution of %s to %d (%s), God's number %d", s, m, d.Size, d.Max(), d.Metric, most)
				}
				if n := s.Cells(); n <= 12 && d.Total() != factorial(n)/2 {
					t.Errorf("%s in %s-tile moves: %d boards, want %d", s, m, d.Total(), factorial(n)/2)
				}
				if d.Counted != (n12(s) && m == board.SingleTile) {
					t.Errorf("%s in %s-tile moves: Counted %v", s, m, d.Counted)
				}
			}
		}
	}
	s := board.Size{W: 5, H: 5}
	if d, known := MaxDistance(s, board.MultiTile); known || d != s.DistanceBound() {
		t.Errorf("5x5: %d, %v, want the bound %d", d, known, s.DistanceBound())
	}
	if d, known := MaxDistance(board.Size{W: 1, H: 5}, board.SingleTile); known || d != 0 {
		t.Errorf("1x5: %d, %v", d, known)
	}
}

func n12(s board.Size) bool { return s.Cells() == 12 }

func factorial(n int) uint64 {
	f := uint64(1)
	for i := 2; i <= n; i++ {
		f *= uint64(i)
	}
	return f
}
