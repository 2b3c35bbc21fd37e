package gen

import (
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/rank"
)

// TestSettleTwoToOne checks the argument for the uniformity of Uniform:
// over all n! shuffles, settle hits every board that can reach the goal
// exactly twice and no other board, the boards reachable being those the
// reference search finds. With Fisher-Yates drawing each shuffle with
// probability 1/n!, each reachable board then has probability 2/n!.
func TestSettleTwoToOne(t *testing.T) {
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}} {
		t.Run(size.String(), func(t *testing.T) {
			n := size.Cells()
			for _, goal := range []board.Board{board.Goal(size), blankFirst(t, size)} {
				reach := reference.Distances(goal)
				hits := make(map[board.Board]int)
				cells := make([]uint8, n)
				for r := range rank.Factorial(n) {
					rank.Unrank(r, cells)
					b, err := settle(goal, cells)
					if err != nil {
						t.Fatal(err)
					}
					hits[b]++
				}
				if len(hits) != len(reach) {
					t.Fatalf("goal %s: settle hit %d boards, %d can reach the goal", goal, len(hits), len(reach))
				}
				for b, h := range hits {
					if _, ok := reach[b]; !ok || h != 2 {
						t.Fatalf("goal %s: %s hit %d times (reaches the goal: %v), want 2", goal, b, h, ok)
					}
				}
			}
		})
	}
}

// blankFirst returns the goal with the blank first and the tiles in order,
// 0 1 2 ... n-1.
func blankFirst(t *testing.T, size board.Size) board.Board {
	cells := make([]uint8, size.Cells())
	for i := range cells {
		cells[i] = uint8(i)
	}
	b, err := board.New(size, cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
