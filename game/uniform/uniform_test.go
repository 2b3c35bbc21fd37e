package uniform_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game/uniform"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// TestCountStates: uniform draws of 3x2 pass, and draws that favour one
// board fail.
func TestCountStates(t *testing.T) {
	t.Parallel()
	goal := board.Goal(board.Size{W: 3, H: 2})
	r := rand.New(rand.NewPCG(1, 2))
	uniformly := func() (board.Board, error) { return gen.UniformTo(r, goal) }
	i := 0
	favouring := func() (board.Board, error) {
		if i++; i%10 == 0 {
			return goal, nil
		}
		return gen.UniformTo(r, goal)
	}
	for _, c := range []struct {
		name string
		draw func() (board.Board, error)
		pass bool
	}{{"uniform", uniformly, true}, {"favouring the goal", favouring, false}} {
		rep, err := uniform.CountStates(context.Background(), goal, 36_000, c.draw)
		if err != nil {
			t.Fatal(err)
		}
		if rep.States != 360 || rep.DF != 359 || rep.Passes(0.001) != c.pass {
			t.Errorf("%s: %d states, %d degrees of freedom, p = %g; want 360, 359 and a pass %v", c.name, rep.States, rep.DF, rep.P, c.pass)
		}
	}
}

// TestMeasureDistances: uniform 3x3 boards, solved by the solver, follow
// the distribution of the built-in table, with a test of at least one
// degree of freedom from LeastDraws boards on.
func TestMeasureDistances(t *testing.T) {
	t.Parallel()
	tb, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	s, err := solver.New()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	n := uniform.LeastDraws(tb.Counts())
	solved := 0
	rep, err := uniform.MeasureDistances(context.Background(), max(n, 2000), func() (board.Board, error) {
		return gen.UniformTo(r, tb.Goal())
	}, s, tb.Counts(), func(k int) { solved = k })
	if err != nil {
		t.Fatal(err)
	}
	if rep.DF < 1 || !rep.Passes(0.001) || solved != max(n, 2000) {
		t.Errorf("%d degrees of freedom, p = %g, %d solved; want a pass of %d boards", rep.DF, rep.P, solved, max(n, 2000))
	}
}
