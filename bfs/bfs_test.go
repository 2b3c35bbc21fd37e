package bfs_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/rank"
)

var smallSizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}

// check compares a search result with the reference search, board by board,
// over every index.
func check(t *testing.T, goal board.Board, res *bfs.Result) {
	t.Helper()
	ref := reference.Distances(goal)
	n := goal.Len()
	states := rank.Factorial(n)
	counts := map[int]uint64{}
	for _, d := range ref {
		counts[d]++
	}
	if got, want := len(res.Counts), len(counts); got != want {
		t.Fatalf("%d depths, want %d", got, want)
	}
	for d, c := range res.Counts {
		if c != counts[d] {
			t.Fatalf("Counts[%d] = %d, want %d", d, c, counts[d])
		}
	}
	cells := make([]uint8, n)
	reached := 0
	for i := range states {
		rank.Unindex(i, cells)
		b, err := board.New(goal.Size(), cells)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := ref[b]
		got := res.Reach[i/64]&(1<<(i%64)) != 0
		if got != ok {
			t.Fatalf("board %v: reachable %v, want %v", b, got, ok)
		}
		if !ok {
			continue
		}
		reached++
		if d := int(res.Depth[rank.Half(i, n)]); d != want {
			t.Fatalf("board %v: depth %d, want %d", b, d, want)
		}
	}
	if reached != len(ref) {
		t.Fatalf("%d boards reachable, want %d", reached, len(ref))
	}
}

func TestRunMatchesReference(t *testing.T) {
	for _, size := range smallSizes {
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/workers=%d", size, workers), func(t *testing.T) {
				goal := board.Goal(size)
				res, err := bfs.Run(context.Background(), goal, &bfs.Options{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				check(t, goal, res)
			})
		}
	}
}

// TestGeneralMatchesReference checks the general search, which Run uses
// only for boards of more than 9 cells, on the small boards.
func TestGeneralMatchesReference(t *testing.T) {
	for _, size := range smallSizes {
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/workers=%d", size, workers), func(t *testing.T) {
				goal := board.Goal(size)
				res, err := bfs.RunGeneral(goal, workers)
				if err != nil {
					t.Fatal(err)
				}
				check(t, goal, res)
			})
		}
	}
}

func TestRunOtherGoal(t *testing.T) {
	for _, tc := range []struct {
		size board.Size
		goal string
	}{
		{board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8"},
		{board.Size{W: 3, H: 3}, "1 2 3/4 0 5/6 7 8"},
		{board.Size{W: 4, H: 2}, "0 7 6 5/4 3 2 1"},
		{board.Size{W: 2, H: 3}, "1 0/2 3/4 5"},
	} {
		t.Run(tc.goal, func(t *testing.T) {
			goal := board.MustParse(tc.size, tc.goal)
			res, err := bfs.Run(context.Background(), goal, nil)
			if err != nil {
				t.Fatal(err)
			}
			check(t, goal, res)
		})
	}
}

func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := bfs.Run(ctx, board.Goal(board.Size{W: 3, H: 3}), nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestRunProgress(t *testing.T) {
	var levels []bfs.Progress
	res, err := bfs.Run(context.Background(), board.Goal(board.Size{W: 3, H: 2}), &bfs.Options{
		Progress: func(p bfs.Progress) { levels = append(levels, p) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(levels), len(res.Counts); got != want {
		t.Fatalf("%d progress calls, want one a level (%d)", got, want)
	}
	last := levels[len(levels)-1]
	if last.Visited != 360 || last.Slots != 360 || last.Depth != 21 {
		t.Fatalf("last progress %+v, want depth 21, 360 of 360", last)
	}
}

func TestRunRefuses(t *testing.T) {
	for _, tc := range []struct {
		size board.Size
		opts *bfs.Options
		want error
	}{
		{board.Size{W: 4, H: 4}, nil, bfs.ErrTooLarge},
		{board.Size{W: 5, H: 5}, nil, bfs.ErrTooLarge},
		{board.Size{W: 3, H: 3}, &bfs.Options{MaxMemory: 1000}, bfs.ErrMemory},
	} {
		t.Run(tc.size.String(), func(t *testing.T) {
			_, err := bfs.Run(context.Background(), board.Goal(tc.size), tc.opts)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			t.Log(err)
		})
	}
}
