package pdb_test

import (
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
)

// TestMoveMatchesStart walks randomly on boards of several sizes and
// partitions and checks that the evaluator's value after each Move and
// Undo is that of a fresh start on the same board, and what MoveAbove
// gives before each move.
func TestMoveMatchesStart(t *testing.T) {
	for _, p := range []struct {
		size   board.Size
		groups [][]uint8
	}{
		{board.Size{W: 4, H: 4}, [][]uint8{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}}},
		{board.Size{W: 4, H: 4}, [][]uint8{{1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}, {4, 8, 12}}},
		{board.Size{W: 4, H: 3}, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11}}},
		{board.Size{W: 3, H: 4}, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11}}},
		{board.Size{W: 5, H: 5}, [][]uint8{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21}, {22, 23, 24}}},
	} {
		db := build(t, p.size, p.groups)
		h := db.Heuristic()
		r := rand.New(rand.NewPCG(3, 4))
		for range 20 {
			b, err := gen.Uniform(r, p.size)
			if err != nil {
				t.Fatal(err)
			}
			e := h.Start(b)
			var path []board.Board
			for range 200 {
				ms := b.Moves()
				m := ms[r.IntN(len(ms))]
				next, _ := b.Move(m)
				want := h.Start(next).H()
				// A cut move, with a limit near the bound: above the
				// limit a lower bound above it, else the bound; Undo
				// restores the board's.
				limit := want - 3 + r.IntN(5)
				cut := e.(ida.CutEvaluator).MoveAbove(m, b.Index(m), b.Blank(), limit)
				if cut > limit && (cut > want || cut%2 != want%2) || cut <= limit && cut != want {
					t.Fatalf("%s %v: %v, move %d: MoveAbove(limit %d) gives %d, the bound is %d", p.size, p.groups, b, m, limit, cut, want)
				}
				e.Undo(m, b.Index(m), b.Blank())
				if got, want := e.H(), h.Start(b).H(); got != want {
					t.Fatalf("%s: Undo of a cut move to %v gives %d, a fresh start %d", p.size, b, got, want)
				}
				got := e.Move(m, b.Index(m), b.Blank())
				if got != want {
					t.Fatalf("%s %v: %v, move %d: Move gives %d, a fresh start %d", p.size, p.groups, b, m, got, want)
				}
				path = append(path, b)
				b = next
			}
			for i := len(path) - 1; i >= 0; i-- {
				prev := path[i]
				m := prev.At(b.Blank())
				e.Undo(m, prev.Index(m), prev.Blank())
				if got, want := e.H(), h.Start(prev).H(); got != want {
					t.Fatalf("%s: Undo to %v gives %d, a fresh start %d", p.size, prev, got, want)
				}
				b = prev
			}
		}
	}
}
