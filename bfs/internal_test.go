package bfs

import (
	"context"
	"errors"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// TestPairReached plants, in the slot of a board one move from the goal,
// the other board of the slot, as if a search had reached it: the search
// must then stop with ErrPairReached rather than record either.
func TestPairReached(t *testing.T) {
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 3, H: 3}, {W: 2, H: 4}} {
		for _, workers := range []int{1, 2} {
			goal := board.Goal(size)
			s := newSearch(goal, workers)
			next, err := goal.Move(goal.Moves()[0])
			if err != nil {
				t.Fatal(err)
			}
			i := rank.Index(next.CellString())
			partner := rank.Partner(i, goal.Len())
			slot := rank.Half(partner, goal.Len())
			s.bytes[slot] = 5 | uint8(partner/uint64(goal.Len())&1)<<7
			_, err = s.run(context.Background(), nil)
			if !errors.Is(err, ErrPairReached) {
				t.Fatalf("%s, %d workers: err = %v, want ErrPairReached", size, workers, err)
			}
		}
	}
}
