package table

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/rank"
)

// TestCertifyGoalOnly is the table whose only reachable board is the goal,
// every checksum valid, written by this package's writer: reading it must
// fail, naming the goal and a neighbour that is missing.
func TestCertifyGoalOnly(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 2, H: 3}, {W: 2, H: 2}} {
		t.Run(size.String(), func(t *testing.T) {
			goal := board.Goal(size)
			n := size.Cells()
			states := rank.Factorial(n)
			depth := bytes.Repeat([]byte{Unreached}, int(states/2))
			reach := make([]uint64, (states+63)/64)
			gi := rank.Index(goal.CellString())
			depth[rank.Half(gi, n)] = 0
			reach[gi/64] |= 1 << (gi % 64)
			tb, err := NewTrusted(goal, depth, reach, []uint64{1})
			if err != nil {
				t.Fatal(err)
			}
			file := write(t, tb, 0)
			_, err = NewReader(bytes.NewReader(file), int64(len(file)))
			var de *DistanceError
			if !errors.As(err, &de) || !errors.Is(err, ErrDistance) {
				t.Fatalf("NewReader of a goal-only table: %v, want a *DistanceError", err)
			}
			t.Log(err)
			if de.Board != goal || de.Neighbour.IsZero() || de.NeighbourDistance != -1 {
				t.Fatalf("error names %v and neighbour %v at %d, want the goal and a missing neighbour", de.Board, de.Neighbour, de.NeighbourDistance)
			}
			if _, err := New(goal, depth, reach, []uint64{1}); !errors.Is(err, ErrDistance) {
				t.Fatalf("New of a goal-only table: %v, want ErrDistance", err)
			}
		})
	}
}

// TestCertifyOneBoardChanged takes every reachable board of the 2x3 and
// 3x2 tables in turn and either removes it from the reachable set, or adds
// in its place the other board of its slot, which cannot reach the goal,
// at the same distance (every slot of these tables holds a reachable
// board, so that is the one place an unreachable board can be added). The
// counts are kept consistent, so every check but Certify passes; Certify
// must reject each table with a *DistanceError naming a board.
func TestCertifyOneBoardChanged(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 2, H: 3}, {W: 3, H: 2}} {
		for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
			oneBoardChanged(t, searchedIn(t, board.Goal(size), metric))
		}
	}
}

// oneBoardChanged is TestCertifyOneBoardChanged on one table.
func oneBoardChanged(t *testing.T, tb *Table) {
	size := tb.size
	{
		n := int(tb.n)
		for i := range tb.Boards() {
			d, ok := tb.Lookup(i)
			if !ok {
				continue
			}
			slot := rank.Half(i, n)
			partner := rank.Partner(i, n)
			for _, change := range []string{"removed", "replaced"} {
				depth := append([]uint8(nil), tb.depth...)
				reach := append([]uint64(nil), tb.reach...)
				counts := append([]uint64(nil), tb.counts...)
				reach[i/64] &^= 1 << (i % 64)
				if change == "removed" {
					depth[slot] = Unreached
					counts[d]--
					for counts[len(counts)-1] == 0 {
						counts = counts[:len(counts)-1]
					}
				} else {
					reach[partner/64] |= 1 << (partner % 64)
				}
				bad, err := newTrusted(tb.goal, tb.metric, depth, reach, counts)
				if err != nil {
					t.Fatalf("%v: board %d %s: the table does not pass the format's checks: %v", size, i, change, err)
				}
				err = bad.Certify(context.Background(), &CertifyOptions{Workers: 1})
				var de *DistanceError
				if !errors.As(err, &de) || de.Board.IsZero() {
					t.Fatalf("%v: board %d at %d %s: Certify: %v, want a *DistanceError naming a board", size, i, d, change, err)
				}
			}
		}
	}
}

// TestCertifyFastAgrees checks that the fast proof and the one that names a
// board agree, group range by group range, on true tables of every shape
// it handles and on tables with one distance changed.
func TestCertifyFastAgrees(t *testing.T) {
	t.Parallel()
	sizes := []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}
	switch {
	case testenv.Race:
		// The proofs compared range by range run on one goroutine: the
		// race detector needs only the small sizes' Certify (41 s with
		// every size, under it).
		sizes = sizes[:3]
	case testenv.IsLong():
		sizes = append(sizes, board.Size{W: 5, H: 2}, board.Size{W: 2, H: 5})
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, size := range sizes {
		for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
			fastAgrees(t, searchedIn(t, board.Goal(size), metric), rng)
		}
	}
}

// fastAgrees is TestCertifyFastAgrees on one table.
func fastAgrees(t *testing.T, tb *Table, rng *rand.Rand) {
	size := tb.size
	{
		gi := rank.Index(tb.goal.CellString())
		groups := uint64(len(tb.depth)) / tb.n
		agree := func(what string) {
			t.Helper()
			for from := uint64(0); from < groups; from += 97 {
				to := min(from+97, groups)
				fast, slow := tb.certifyFast(from, to, gi), tb.certify(from, to, gi) == nil
				if fast != slow {
					t.Fatalf("%v %v, %s, groups %d to %d: fast proof %v, the other %v", size, tb.metric, what, from, to, fast, slow)
				}
			}
		}
		if err := tb.Certify(context.Background(), nil); err != nil {
			t.Fatalf("%v %v: true table: %v", size, tb.metric, err)
		}
		agree("true table")
		tries := 40
		if size.Cells() >= 9 {
			tries = 3
		}
		for range tries {
			s := rng.Uint64N(uint64(len(tb.depth)))
			d := tb.depth[s]
			if d == Unreached {
				continue
			}
			for _, nd := range []uint8{d + 1, d + 2, d - 1, d - 2} {
				if nd == Unreached || nd > 250 {
					continue
				}
				tb.depth[s] = nd
				agree(fmt.Sprintf("slot %d at %d instead of %d", s, nd, d))
			}
			tb.depth[s] = d
		}
	}
}
