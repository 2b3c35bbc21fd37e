package ida_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/source"
)

// TestManhattanIncremental walks long random paths and back on several
// sizes, some with lines too long for a conflict table, and checks that the
// bound kept move by move is the one computed afresh.
func TestManhattanIncremental(t *testing.T) {
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 4}, {W: 7, H: 3}, {W: 3, H: 8}, {W: 8, H: 8}} {
		t.Run(size.String(), func(t *testing.T) {
			goal := board.Goal(size)
			h := ida.Manhattan(goal)
			r := rand.New(rand.NewPCG(1, uint64(size.Cells())))
			b := goal
			ev := h.Start(b)
			var trail []board.Board
			for range 3000 {
				ms := b.Moves()
				m := ms[r.IntN(len(ms))]
				next, err := b.Move(m)
				if err != nil {
					t.Fatal(err)
				}
				got := ev.Move(m, b.Index(m), b.Blank())
				if want := h.Start(next).H(); got != want || ev.H() != want {
					t.Fatalf("%s after tile %d from %s: bound %d (H %d), afresh %d", next, m, b, got, ev.H(), want)
				}
				trail = append(trail, b)
				b = next
			}
			for i := len(trail) - 1; i >= 0; i-- {
				prev := trail[i]
				ev.Undo(b.At(prev.Blank()), b.Blank(), prev.Blank())
				if got, want := ev.H(), h.Start(prev).H(); got != want {
					t.Fatalf("undo to %s: bound %d, afresh %d", prev, got, want)
				}
				b = prev
			}
		})
	}
}

// TestManhattanConsistent checks on every 3x3 board (a sample under
// -short) that the bound is at most the distance and changes by exactly
// one per move: a tile that enters its goal line may add a conflict as it
// comes one step closer, and one that leaves may resolve one as it goes
// one step away.
func TestManhattanConsistent(t *testing.T) {
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	h := ida.Manhattan(tbl.Goal())
	k := 0
	for b, d := range reference.Distances(tbl.Goal()) {
		if k++; testing.Short() && k%13 != 0 {
			continue // a sample under -short
		}
		hb := h.Start(b).H()
		if hb > d {
			t.Fatalf("%s: bound %d above the distance %d", b, hb, d)
		}
		for _, m := range b.Moves() {
			next, _ := b.Move(m)
			if diff := h.Start(next).H() - hb; diff != 1 && diff != -1 {
				t.Fatalf("%s to %s: bound changes by %d", b, next, diff)
			}
		}
	}
}

// zero is the heuristic that knows nothing: IDA* with it is a depth-first
// iterative deepening over every board.
type zero struct{ goal board.Board }

func (z zero) Goal() board.Board               { return z.goal }
func (z zero) Start(board.Board) ida.Evaluator { return zeroEval{} }

type zeroEval struct{}

func (zeroEval) H() int                   { return 0 }
func (zeroEval) Move(uint8, int, int) int { return 0 }
func (zeroEval) Undo(uint8, int, int)     {}

// TestSearcherHeuristicFree solves with a heuristic the search loop cannot
// know, towards a goal with the blank first, and checks the distances, the
// paths and the hints against the reference search.
func TestSearcherHeuristicFree(t *testing.T) {
	goal := board.MustParse(board.Size{W: 3, H: 2}, "0 1 2/3 4 5")
	ref := reference.Distances(goal)
	for _, s := range []*ida.Searcher{ida.New(zero{goal}), ida.New(ida.Manhattan(goal))} {
		for b, d := range ref {
			path, err := s.Solve(context.Background(), b)
			if err != nil || len(path) != d {
				t.Fatalf("%s: %d moves, %v; the reference says %d", b, len(path), err, d)
			}
			if end, err := b.Apply(path...); err != nil || end != goal {
				t.Fatalf("%s: %v ends at %s, %v", b, path, end, err)
			}
			hints, hd, err := s.Hints(context.Background(), b)
			if err != nil || hd != d {
				t.Fatalf("%s: Hints distance %d, %v; want %d", b, hd, err, d)
			}
			var want []uint8
			for _, m := range b.Moves() {
				if next, _ := b.Move(m); ref[next] == d-1 {
					want = append(want, m)
				}
			}
			if string(hints) != string(want) {
				t.Fatalf("%s: hints %v, want %v", b, hints, want)
			}
		}
	}
}
