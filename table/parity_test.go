package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

func TestCheckParity(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}} {
		t.Run(size.String(), func(t *testing.T) {
			tbl, err := Build(context.Background(), board.Goal(size), nil)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := tbl.CheckParity(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			states := rank.Factorial(size.Cells())
			if rep.Permutations != states || rep.Reachable != states/2 || rep.Mismatches != 0 || rep.First != nil {
				t.Fatalf("report %+v, want %d permutations, %d reachable, no mismatch", rep, states, states/2)
			}
		})
	}
}

// TestCheckParityFindsFlips flips reachable bits and checks that the
// report names exactly the boards flipped, whichever index they have.
func TestCheckParityFindsFlips(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 4, H: 2}
	tbl, err := Build(context.Background(), board.Goal(size), nil)
	if err != nil {
		t.Fatal(err)
	}
	n := size.Cells()
	states := rank.Factorial(n)
	for _, flips := range [][]uint64{{0}, {states - 1}, {12345, 678}, {states / 2, 3, states - 2}} {
		t.Run(fmt.Sprint(flips), func(t *testing.T) {
			reach := slices.Clone(tbl.reach)
			for _, i := range flips {
				reach[i/64] ^= 1 << (i % 64)
			}
			bad := *tbl
			bad.reach = reach
			rep, err := bad.CheckParity(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := rep.Mismatches, uint64(len(flips)); got != want {
				t.Fatalf("%d mismatches, want %d", got, want)
			}
			cells := make([]uint8, n)
			rank.Unindex(slices.Min(flips), cells)
			if !slices.Equal(rep.First, cells) {
				t.Fatalf("first mismatch %v, want %v", rep.First, cells)
			}
		})
	}
}

func TestCheckParityCancel(t *testing.T) {
	t.Parallel()
	tbl, err := Build(context.Background(), board.Goal(board.Size{W: 3, H: 3}), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tbl.CheckParity(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
