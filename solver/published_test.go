package solver_test

import (
	"context"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
)

// TestPublishedHardest confirms with the search that a board of the
// published list of the hardest 4x4 boards is exactly 80 moves from the
// goal. The board is the list's quickest for the built-in pattern database:
// about a minute of one core, so a long check (SLIDETABLE_LONG=1).
func TestPublishedHardest(t *testing.T) {
	testenv.Long(t)
	h, ok := published.HardestOf(board.Size{W: 4, H: 4})
	if !ok {
		t.Fatal("no published 4x4 list")
	}
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	b := h.Boards[11]
	d, err := s.Distance(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if d != h.Distance {
		t.Fatalf("%s is %d moves from the goal; the published list says %d", b, d, h.Distance)
	}
}

// TestKorf100 solves Korf's 100 boards with the built-in pattern database
// and compares each distance with the published one: the ten nearest the
// goal, or all of them with SLIDETABLE_LONG=1 (a few seconds of search).
func TestKorf100(t *testing.T) {
	k := published.Korf100()
	insts := k.Instances
	if !testenv.IsLong() {
		insts = slices.SortedFunc(slices.Values(insts), func(a, b published.Instance) int { return a.Distance - b.Distance })[:10]
	}
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	err = each(len(insts), func(i int) error {
		in := insts[i]
		d, err := s.Distance(context.Background(), in.Board)
		if err != nil || d != in.Distance {
			return fmtErr("%s: Distance %d, %v; %s publishes %d", in.Board, d, err, k.Name, in.Distance)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
