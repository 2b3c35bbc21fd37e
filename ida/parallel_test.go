package ida_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
)

// TestParallelSameAnswers requires a search on several goroutines, split
// at every iteration but the first, to find the same solutions and hints
// as the sequential one, in both metrics.
func TestParallelSameAnswers(t *testing.T) {
	defer ida.SetParallelNodes(0)()
	r := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct {
		size   board.Size
		metric board.Metric
	}{
		{board.Size{W: 3, H: 3}, board.SingleTile},
		{board.Size{W: 4, H: 2}, board.SingleTile},
		{board.Size{W: 3, H: 3}, board.MultiTile},
		{board.Size{W: 4, H: 2}, board.MultiTile},
		{board.Size{W: 3, H: 4}, board.MultiTile},
	} {
		goal := board.Goal(tc.size)
		h := ida.Manhattan(goal)
		if tc.metric == board.MultiTile {
			h = ida.Lines(goal)
		}
		seq := ida.NewIn(h, tc.metric)
		par := seq.WithWorkers(3)
		for range boardsPer(30) {
			b, err := gen.Uniform(r, tc.size)
			if err != nil {
				t.Fatal(err)
			}
			if tc.size.Cells() == 12 {
				if b, _, err = gen.Walk(r, goal, 40, nil); err != nil {
					t.Fatal(err)
				}
			}
			want, err := seq.Solve(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			got, err := par.Solve(context.Background(), b)
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("%s %v: parallel Solve(%v) = %v, %v; sequential %v", tc.size, tc.metric, b, got, err, want)
			}
			wh, wd, _ := seq.Hints(context.Background(), b)
			gh, gd, err := par.Hints(context.Background(), b)
			if err != nil || gd != wd || !slices.Equal(gh, wh) {
				t.Fatalf("%s %v: parallel Hints(%v) = %v, %d, %v; sequential %v, %d", tc.size, tc.metric, b, gh, gd, err, wh, wd)
			}
		}
	}
}

// TestWorkersShared requires concurrent searches of one searcher to share
// its workers: a search alone splits among all of them, two among what
// the other leaves, and every worker is given back.
func TestWorkersShared(t *testing.T) {
	s := ida.NewIn(ida.Lines(board.Goal(board.Size{W: 3, H: 3})), board.MultiTile).WithWorkers(4)
	leave := ida.Enter(s)
	if n := ida.Share(s); n != 3 {
		t.Fatalf("a search alone: %d extra workers, want 3", n)
	}
	if n := ida.Share(s); n != 0 {
		t.Fatalf("with every worker taken: %d more, want 0", n)
	}
	ida.GiveBack(s, 3)
	leave2 := ida.Enter(s)
	if n := ida.Share(s); n != 2 {
		t.Fatalf("two searches: %d extra workers for one, want 2", n)
	}
	leave3, leave4, leave5 := ida.Enter(s), ida.Enter(s), ida.Enter(s)
	if n := ida.Share(s); n != 0 {
		t.Fatalf("more searches than workers: %d extra, want 0", n)
	}
	ida.GiveBack(s, 2)
	for _, f := range []func(){leave, leave2, leave3, leave4, leave5} {
		f()
	}
	if b := ida.Busy(s); b != 0 {
		t.Fatalf("%d busy after every search left, want 0", b)
	}
}

// TestConcurrentSearches requires searches run at once on one searcher of
// several workers, every iteration worth splitting, to find what a
// sequential search finds, and to give back every worker.
func TestConcurrentSearches(t *testing.T) {
	defer ida.SetParallelNodes(0)()
	size := board.Size{W: 3, H: 3}
	seq := ida.NewIn(ida.Lines(board.Goal(size)), board.MultiTile)
	par := seq.WithWorkers(3)
	r := rand.New(rand.NewPCG(9, 10))
	boards := make([]board.Board, boardsPer(12))
	want := make([][]uint8, len(boards))
	for i := range boards {
		var err error
		if boards[i], err = gen.Uniform(r, size); err != nil {
			t.Fatal(err)
		}
		if want[i], err = seq.Solve(context.Background(), boards[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	got := make([][]uint8, len(boards))
	errs := make([]error, len(boards))
	for i, b := range boards {
		wg.Go(func() {
			if i%2 == 0 {
				got[i], errs[i] = par.Solve(context.Background(), b)
				return
			}
			var d int
			_, d, errs[i] = par.Hints(context.Background(), b)
			got[i] = want[i][:min(d, len(want[i]))]
			if d != len(want[i]) {
				errs[i] = fmt.Errorf("Hints: distance %d, want %d", d, len(want[i]))
			}
		})
	}
	wg.Wait()
	for i := range boards {
		if errs[i] != nil || !slices.Equal(got[i], want[i]) {
			t.Errorf("%v: %v, %v; sequential %v", boards[i], got[i], errs[i], want[i])
		}
	}
	if b := ida.Busy(par); b != 0 {
		t.Errorf("%d busy after the searches, want 0", b)
	}
}

// tapLines is Lines with the TapEvaluator methods, done by single-tile
// moves, so that the tests reach the search's kernel for TapEvaluators.
type tapLines struct{ h ida.Heuristic }

func (l tapLines) Goal() board.Board { return l.h.Goal() }
func (l tapLines) Start(b board.Board) ida.Evaluator {
	return &tapEval{Evaluator: l.h.Start(b), w: b.Size().W}
}

type tapEval struct {
	ida.Evaluator
	w     int
	taps  [][3]int // the single moves of each Tap, to take back
	depth []int
}

func (e *tapEval) Taps(z int, ray []int, tiles []uint8, limit int, bounds []int) {
	b := z
	for k, c := range ray {
		bounds[k] = e.Move(tiles[k], c, b)
		b = c
	}
	for k := len(ray) - 1; k >= 0; k-- {
		prev := z
		if k > 0 {
			prev = ray[k-1]
		}
		e.Undo(tiles[k], ray[k], prev)
	}
}

func (e *tapEval) Tap(z int, ray []int, tiles []uint8) int {
	b, h := z, 0
	for k, t := range tiles {
		h = e.Move(t, ray[k], b)
		e.taps = append(e.taps, [3]int{int(t), ray[k], b})
		b = ray[k]
	}
	e.depth = append(e.depth, len(tiles))
	return h
}

func (e *tapEval) UndoTap() {
	k := e.depth[len(e.depth)-1]
	e.depth = e.depth[:len(e.depth)-1]
	for range k {
		m := e.taps[len(e.taps)-1]
		e.taps = e.taps[:len(e.taps)-1]
		e.Undo(uint8(m[0]), m[1], m[2])
	}
}

// TestTapKernel requires the search with a TapEvaluator, sequential and
// split, to find what the search with single-tile moves finds.
func TestTapKernel(t *testing.T) {
	defer ida.SetParallelNodes(0)()
	r := rand.New(rand.NewPCG(9, 10))
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 4, H: 2}, {W: 3, H: 4}} {
		goal := board.Goal(size)
		plain := ida.NewIn(ida.Lines(goal), board.MultiTile)
		taps := ida.NewIn(tapLines{ida.Lines(goal)}, board.MultiTile)
		for _, s := range []*ida.Searcher{taps, taps.WithWorkers(3)} {
			for range boardsPer(20) {
				b, _, err := gen.Walk(r, goal, 40, nil)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := plain.Distance(context.Background(), b)
				got, err := s.Solve(context.Background(), b)
				if err != nil || len(got) != want {
					t.Fatalf("%s: Solve(%v) = %v, %v; want %d moves", size, b, got, err, want)
				}
				at := b
				for _, tile := range got {
					if at, _, err = at.Tap(tile); err != nil {
						t.Fatal(err)
					}
				}
				if at != goal {
					t.Fatalf("%s: Solve(%v) = %v ends at %v", size, b, got, at)
				}
				wh, _, _ := plain.Hints(context.Background(), b)
				gh, _, err := s.Hints(context.Background(), b)
				if err != nil || !slices.Equal(gh, wh) {
					t.Fatalf("%s: Hints(%v) = %v, %v; want %v", size, b, gh, err, wh)
				}
			}
		}
	}
}

// boardsPer returns n, or a fifth of it under -short (the race detector's
// runs).
func boardsPer(n int) int {
	if testing.Short() {
		return max(n/5, 2)
	}
	return n
}
