package published

import (
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestKorfTurn checks that turning Korf's goal gives the standard goal and
// that every board keeps whether it reaches the goal: each of Korf's
// boards reaches his goal, and each turned board reaches ours.
func TestKorfTurn(t *testing.T) {
	var korfGoal [16]uint8
	for c := range korfGoal {
		korfGoal[c] = uint8(c)
	}
	if got, want := turn(korfGoal), board.Goal(size4x4); string(got[:]) != want.CellString() {
		t.Fatalf("Korf's goal turns into %v, want %s", got, want)
	}
	goal, err := board.New(size4x4, korfGoal[:])
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range korf100 {
		b, err := board.New(size4x4, k.cells[:])
		if err != nil {
			t.Fatalf("board %d: %v", i+1, err)
		}
		if ok, _ := b.SolvableTo(goal); !ok {
			t.Fatalf("board %d, %s, cannot reach Korf's goal", i+1, b)
		}
	}
}

// TestKorf100 checks the list against the arithmetic it must satisfy: 100
// distinct boards that reach the goal, each distance of the parity of the
// blank's distance to its goal cell, at least the Manhattan distance and at
// most God's number, 80.
func TestKorf100(t *testing.T) {
	k := Korf100()
	if len(k.Instances) != 100 || k.Source == "" || k.Name == "" {
		t.Fatalf("%d instances, source %q, name %q", len(k.Instances), k.Source, k.Name)
	}
	seen := map[board.Board]bool{}
	sum := 0
	for i, in := range k.Instances {
		b := in.Board
		if seen[b] {
			t.Fatalf("%s listed twice", b)
		}
		seen[b] = true
		if !b.Solvable() {
			t.Fatalf("board %d, %s, cannot reach the goal", i+1, b)
		}
		z := b.Blank()
		if (z/4+z%4+in.Distance)%2 != (3+3)%2 {
			t.Fatalf("board %d, %s: %d moves, but the blank is on the other colour", i+1, b, in.Distance)
		}
		md := 0
		for c := range 16 {
			if v := int(b.At(c)); v != 0 {
				md += abs(c/4-(v-1)/4) + abs(c%4-(v-1)%4)
			}
		}
		if md > in.Distance || in.Distance > 80 {
			t.Fatalf("board %d, %s: %d moves, Manhattan distance %d", i+1, b, in.Distance, md)
		}
		sum += in.Distance
	}
	// Korf's table gives 53.05 moves on average.
	if sum != 5305 {
		t.Fatalf("the distances add up to %d, want 5305", sum)
	}
}
