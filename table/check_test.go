package table

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// TestNewRejects damages a search result in each way New checks for.
func TestNewRejects(t *testing.T) {
	t.Parallel()
	goal := board.Goal(board.Size{W: 3, H: 3})
	res, err := bfs.Run(context.Background(), goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	depth, reach := res.Expand()
	n := uint64(goal.Len())
	// A slot of the last group, whose reachable bits span words.
	slot := uint64(len(depth)) - 2
	k, z := slot/n, slot%n
	reached := 2*k*n + z
	if reach[reached/64]>>(reached%64)&1 == 0 {
		reached = (2*k+1)*n + z
	}
	for _, tc := range []struct {
		name   string
		damage func(r *result)
	}{
		{"both boards of a slot", func(r *result) {
			p := rank.Partner(reached, int(n))
			r.Reach[p/64] |= 1 << (p % 64)
		}},
		{"reached board without depth", func(r *result) { r.Depth[slot] = bfs.Unreached }},
		{"depth without board", func(r *result) { r.Reach[reached/64] &^= 1 << (reached % 64) }},
		{"depth beyond the largest", func(r *result) { r.Depth[slot] = uint8(len(r.Counts)) }},
		{"counts", func(r *result) { r.Depth[slot] ^= 2 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &result{Goal: res.Goal, Depth: slices.Clone(depth), Reach: slices.Clone(reach), Counts: slices.Clone(res.Counts)}
			tc.damage(r)
			if _, err := New(r.Goal, r.Depth, r.Reach, r.Counts); !errors.Is(err, ErrFormat) {
				t.Fatalf("err = %v, want ErrFormat", err)
			}
		})
	}
	if _, err := New(res.Goal, depth, reach, res.Counts); err != nil {
		t.Fatalf("undamaged: %v", err)
	}
}

// result is a search result as New takes it.
type result struct {
	Goal   board.Board
	Depth  []uint8
	Reach  []uint64
	Counts []uint64
}
