package gen_test

import (
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
)

// TestNewRandBoards pins what a seed means: the first boards 'slidetable gen
// -n 2 -seed S SIZE' printed before NewRand was its random source, so that
// a seed keeps giving the boards it gave.
func TestNewRandBoards(t *testing.T) {
	cases := []struct {
		seed  uint64
		size  board.Size
		first string
		next  string
	}{
		{0, board.Size{W: 2, H: 2}, "3 1/0 2", "2 3/1 0"},
		{0, board.Size{W: 3, H: 3}, "8 0 2/5 1 6/7 4 3", "1 8 2/0 7 6/5 4 3"},
		{0, board.Size{W: 5, H: 5}, "11 18 24 17 5/2 8 3 1 0/14 7 12 13 22/19 6 16 21 10/4 20 23 15 9",
			"7 2 22 12 5/17 4 20 6 14/13 0 21 1 15/10 11 19 3 16/24 18 23 8 9"},
		{1, board.Size{W: 3, H: 2}, "5 0 2/4 3 1", "2 1 5/4 3 0"},
		{1, board.Size{W: 3, H: 3}, "3 6 4/8 0 7/5 2 1", "1 6 8/4 5 0/3 2 7"},
		{1, board.Size{W: 4, H: 4}, "15 1 12 4/9 3 8 5/13 0 11 2/14 10 7 6", "7 3 5 12/11 2 0 8/15 14 13 6/10 9 4 1"},
		{42, board.Size{W: 3, H: 2}, "2 4 3/1 5 0", "2 0 4/3 1 5"},
		{42, board.Size{W: 4, H: 4}, "0 2 3 5/14 6 11 8/12 1 10 7/9 13 15 4", "14 15 4 13/10 8 2 1/11 9 7 6/12 5 0 3"},
		{1<<64 - 1, board.Size{W: 2, H: 2}, "2 3/1 0", "2 3/0 1"},
		{1<<64 - 1, board.Size{W: 4, H: 4}, "9 2 4 6/1 13 11 10/12 5 7 14/0 15 3 8", "7 10 0 15/3 14 9 11/2 8 12 13/6 1 5 4"},
		{1<<64 - 1, board.Size{W: 5, H: 5}, "14 15 1 8 22/7 19 0 11 10/16 24 21 2 17/3 20 23 9 12/6 13 5 4 18",
			"22 4 2 1 12/9 20 5 10 16/18 23 11 24 0/13 8 17 15 21/19 7 14 3 6"},
	}
	for _, c := range cases {
		r := gen.NewRand(c.seed)
		for i, want := range []string{c.first, c.next} {
			b, err := gen.Uniform(r, c.size)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != want {
				t.Errorf("seed %d, %s, board %d: %s, want %s", c.seed, c.size, i+1, got, want)
			}
		}
	}
}

// TestNewRandWalk pins the walks of a seed as 'slidetable gen -method walk
// -k 20 -n 2 -seed 7 4x4' made them.
func TestNewRandWalk(t *testing.T) {
	r := gen.NewRand(7)
	goal := board.Goal(board.Size{W: 4, H: 4})
	for _, want := range []string{"1 2 3 4/5 6 8 0/9 10 7 12/13 14 11 15", "1 2 4 8/5 6 3 0/9 10 7 11/13 14 15 12"} {
		b, _, err := gen.Walk(r, goal, 20, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != want {
			t.Errorf("walk: %s, want %s", got, want)
		}
	}
}
