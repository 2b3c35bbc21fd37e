package abstraction

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// TestHeuristic3x3 checks the heuristic of two classings of 3x3 on every
// board against the exact multi-tile table: each bound is the largest of
// the reference distances of the board's arrangements, its mirror's
// included, and never above the board's distance.
func TestHeuristic3x3(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	goal := board.Goal(size)
	cls := []*Classing{
		MustParseClassing(goal, "1 1 2/3 3 2/3 2 0"),
		MustParseClassing(goal, "1 1 1/2 2 2/3 3 0"),
	}
	db, err := Build(context.Background(), cls, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !db.Reflects() {
		t.Fatal("the 3x3 goal has a mirror")
	}
	tb, err := table.Build(context.Background(), goal, &bfs.Options{Metric: board.MultiTile})
	if err != nil {
		t.Fatal(err)
	}
	// Every board in the long run, every 13th otherwise.
	every := uint64(13)
	if testenv.IsLong() {
		every = 1
	}
	refs := make([]map[string]int, len(cls))
	for i, c := range cls {
		refs[i] = reference.ClassDistances(size, c.Cells())
	}
	m, _ := mirrorOf(goal)
	h := db.Heuristic()
	cells := make([]uint8, 9)
	tight := 0
	for i := uint64(0); i < rank.Factorial(9); i += every {
		rank.Unindex(i, cells)
		b, err := board.New(size, cells)
		if err != nil {
			t.Fatal(err)
		}
		if !b.Solvable() {
			continue
		}
		d, err := tb.Distance(b)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for j, c := range cls {
			own := refs[j][string(c.Arrangement(b))]
			mirrored := make([]byte, 9)
			for cell := range 9 {
				mirrored[m.cell[cell]] = c.ofTile[m.tile[b.At(cell)]]
			}
			want = max(want, own, refs[j][string(mirrored)])
			if got, err := db.Distance(j, b); err != nil || got != own {
				t.Fatalf("Distance(%d, %v) = %d, %v; want %d", j, b, got, err, own)
			}
		}
		got := h.Estimate(b)
		if got != want || got > d {
			t.Fatalf("Estimate(%v) = %d, want %d, at most the distance %d", b, got, want, d)
		}
		if got == d {
			tight++
		}
	}
	t.Logf("%d bounds are the distance", tight)
}

// TestEvaluatorWalk follows random walks on 4x3 and 3x3 boards and
// requires the evaluator kept move by move, and taken back, to agree with
// one started afresh at every step.
func TestEvaluatorWalk(t *testing.T) {
	for _, tc := range []struct{ size, classes string }{
		{"3x3", "1 1 2/3 3 2/3 2 0"},
		{"4x3", "1 1 2 2/1 3 3 2/4 4 3 0"},
	} {
		c := classingOf(t, tc.size, "", tc.classes)
		db, err := Build(context.Background(), []*Classing{c}, nil)
		if err != nil {
			t.Fatal(err)
		}
		h := db.Heuristic()
		r := rand.New(rand.NewPCG(3, 4))
		for range 20 {
			b := c.goal
			e := h.Start(b)
			var path []board.Board
			for range 200 {
				taps := b.Taps()
				next, _, err := b.Tap(taps[r.IntN(len(taps))])
				if err != nil {
					t.Fatal(err)
				}
				hv := applyTap(e, b, next)
				if want := h.Start(next).H(); hv != want || e.H() != want {
					t.Fatalf("%s: after %v to %v the evaluator says %d (H %d), afresh %d", tc.size, b, next, hv, e.H(), want)
				}
				path = append(path, b)
				b = next
			}
			for k := len(path) - 1; k >= 0; k-- {
				undoTap(e, path[k], b)
				b = path[k]
				if want := h.Start(b).H(); e.H() != want {
					t.Fatalf("%s: taken back to %v the evaluator says %d, afresh %d", tc.size, b, e.H(), want)
				}
			}
		}
	}
}

// applyTap tells e the single-tile moves of the tap from a to b, as the
// search does, and returns the last bound.
func applyTap(e interface {
	Move(t uint8, from, to int) int
}, a, b board.Board) int {
	z, c := a.Blank(), b.Blank()
	w := a.Size().W
	step := 1
	if c%w == z%w {
		step = w
	}
	if c < z {
		step = -step
	}
	h := 0
	for ; z != c; z += step {
		h = e.Move(a.At(z+step), z+step, z)
	}
	return h
}

// undoTap takes back applyTap(e, a, b).
func undoTap(e interface{ Undo(t uint8, from, to int) }, a, b board.Board) {
	z, c := a.Blank(), b.Blank()
	w := a.Size().W
	step := 1
	if c%w == z%w {
		step = w
	}
	if c < z {
		step = -step
	}
	var moves [][3]int
	for ; z != c; z += step {
		moves = append(moves, [3]int{int(a.At(z + step)), z + step, z})
	}
	for k := len(moves) - 1; k >= 0; k-- {
		e.Undo(uint8(moves[k][0]), moves[k][1], moves[k][2])
	}
}

// TestTaps checks the evaluator's moves along rays against evaluators
// started afresh: Taps gives each move's bound, or one above the limit
// where the bound is, and Tap and UndoTap go there and back.
func TestTaps(t *testing.T) {
	c := classingOf(t, "4x3", "", "1 1 2 2/1 3 3 2/4 4 3 0")
	c2 := classingOf(t, "4x3", "", "1 1 1 1/2 2 2 2/3 3 3 0")
	db, err := Build(context.Background(), []*Classing{c, c2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := db.Heuristic()
	size := c.goal.Size()
	r := rand.New(rand.NewPCG(13, 14))
	b := c.goal
	e := h.Start(b).(*Evaluator)
	steps := 3000
	if testing.Short() {
		steps = 600
	}
	for range steps {
		z := b.Blank()
		for _, ray := range rays(size, z) {
			tiles := make([]uint8, len(ray))
			for k, cell := range ray {
				tiles[k] = b.At(cell)
			}
			limit := r.IntN(20)
			bounds := make([]int, len(ray))
			e.Taps(z, ray, tiles, limit, bounds)
			for k, cell := range ray {
				next, _, err := b.Tap(b.At(cell))
				if err != nil {
					t.Fatal(err)
				}
				want := h.Start(next).H()
				if want <= limit && bounds[k] != want || want > limit && bounds[k] <= limit {
					t.Fatalf("Taps from %v to cell %d, limit %d: %d, afresh %d", b, cell, limit, bounds[k], want)
				}
				if got := e.Tap(z, ray, tiles[:k+1]); got != want || e.H() != want {
					t.Fatalf("Tap from %v to cell %d: %d, afresh %d", b, cell, got, want)
				}
				e.UndoTap()
			}
		}
		taps := b.Taps()
		next, _, err := b.Tap(taps[r.IntN(len(taps))])
		if err != nil {
			t.Fatal(err)
		}
		applyTap(e, b, next)
		b = next
	}
}

// rays returns the rays of the blank in cell z of a board of size: the
// cells on each side of it in its column and its row, in order away from
// it.
func rays(size board.Size, z int) [][]int {
	w, n := size.W, size.Cells()
	var out [][]int
	for _, step := range []int{-w, w, -1, 1} {
		var ray []int
		for c := z + step; c >= 0 && c < n && (step == w || step == -w || c/w == z/w); c += step {
			ray = append(ray, c)
		}
		if len(ray) > 0 {
			out = append(out, ray)
		}
	}
	return out
}
