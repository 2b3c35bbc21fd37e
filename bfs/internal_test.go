package bfs

import (
	"context"
	"errors"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// TestPairReached plants, in the row of a board one move from the goal,
// the other sequence of its pair, as if a search had reached it: the search
// must then stop with ErrPairReached rather than record either.
func TestPairReached(t *testing.T) {
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 3, H: 3}, {W: 2, H: 4}} {
		for _, workers := range []int{1, 2} {
			goal := board.Goal(size)
			s := newPacked(goal, workers, board.SingleTile)
			next, err := goal.Move(goal.Moves()[0])
			if err != nil {
				t.Fatal(err)
			}
			tiles, z := rank.Split(next.CellString())
			k := tiles >> 1
			s.words[k] |= done1<<(2*z) | uint32(^tiles&1)<<(s.sh.memberShift+uint(s.sh.rowOf[z]))
			_, err = levels(context.Background(), s, goal, nil)
			if !errors.Is(err, ErrPairReached) {
				t.Fatalf("%s, %d workers: err = %v, want ErrPairReached", size, workers, err)
			}
		}
	}
}

// TestMultiPairReached does the same in the multi-tile metric, in the row
// of a board one tap from the goal along its column.
func TestMultiPairReached(t *testing.T) {
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 3, H: 3}, {W: 2, H: 4}} {
		for _, workers := range []int{1, 2} {
			goal := board.Goal(size)
			s := newPacked(goal, workers, board.MultiTile)
			next, _, err := goal.Tap(goal.Cells()[goal.Blank()-size.W])
			if err != nil {
				t.Fatal(err)
			}
			tiles, z := rank.Split(next.CellString())
			r := uint(z / size.W)
			s.multi.words[tiles>>1] |= (7 | (^tiles&1)<<7) << (multiRowShift + 8*r)
			_, err = levels(context.Background(), s, goal, nil)
			if !errors.Is(err, ErrPairReached) {
				t.Fatalf("%s, %d workers: err = %v, want ErrPairReached", size, workers, err)
			}
		}
	}
}

// TestSmallPairReached does the same for the search of small boards.
func TestSmallPairReached(t *testing.T) {
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 3, H: 3}, {W: 2, H: 4}} {
		goal := board.Goal(size)
		s := newSmall(goal)
		next, err := goal.Move(goal.Moves()[0])
		if err != nil {
			t.Fatal(err)
		}
		tiles, z := rank.Split(next.CellString())
		k := tiles >> 1
		s.bytes[uint64(z)*s.sm.groups+k] = 5 | uint8(^tiles&1)<<7
		_, err = levels(context.Background(), s, goal, nil)
		if !errors.Is(err, ErrPairReached) {
			t.Fatalf("%s: err = %v, want ErrPairReached", size, err)
		}
	}
}
