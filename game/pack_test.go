package game_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// TestPackAnswers checks that a 4x4 board of the built-in level pack, or
// one on a stored solution, is answered by the pack with no search: with
// a context ended before the question, a search could not run, yet the
// distance, the hint (the solution's next move, marked partial) and the
// solution come, the pack named as their source. Where a search is quick
// (the shallow boards), its answers are the reference: the pack's
// distance is the searched one, its move one of the optimal moves, its
// solution as long and ending at the goal. Another goal is searched.
func TestPackAnswers(t *testing.T) {
	four := board.Size{W: 4, H: 4}
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		t.Run(m.String(), func(t *testing.T) {
			s, err := solver.New(solver.WithMetric(m))
			if err != nil {
				t.Fatal(err)
			}
			g, err := game.New([]game.Puzzle{{Goal: board.Goal(four), Solver: s, Metric: m}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			pack, err := source.BuiltinPack(four, m)
			if err != nil {
				t.Fatal(err)
			}
			ask := func(ctx context.Context, name string, b board.Board, extra string) any {
				t.Helper()
				q, err := url.ParseQuery(fmt.Sprintf("size=4x4&metric=%s&board=%s%s", m, url.QueryEscape(b.String()), extra))
				if err != nil {
					t.Fatal(err)
				}
				r, err := request(g, name, q)
				if err != nil {
					t.Fatal(err)
				}
				v, err := r.Answer(ctx)
				if err != nil {
					t.Fatalf("%s %s: %v", name, b, err)
				}
				return v
			}
			checked := 0
			for i, e := range pack.Entries {
				b := pack.Levels[i].Board
				// The board and one two moves along its solution.
				on := b
				if len(e.Solution) > 2 {
					on = play(t, m, b, uint8(e.Solution[0]), uint8(e.Solution[1]))
				}
				for _, b := range []board.Board{b, on} {
					dist := ask(ended, "distance", b, "").(api.Distance)
					hint := ask(ended, "hint", b, "").(api.Moves)
					sol := ask(ended, "solve", b, "").(api.Moves)
					for _, src := range []*api.Source{dist.Source, hint.Source, sol.Source} {
						if src == nil || src.Kind != "level pack" || !src.Exact {
							t.Fatalf("%s: answered by %+v, not the level pack", b, src)
						}
					}
					d := *dist.Distance
					if *hint.Distance != d || *sol.Distance != d || len(sol.Moves) != d || len(hint.Moves) != 1 || !hint.Partial || sol.Partial {
						t.Fatalf("%s: distance %d, hint %+v, solution %+v", b, d, hint, sol)
					}
					moves := make([]uint8, len(sol.Moves))
					for k, t := range sol.Moves {
						moves[k] = uint8(t)
					}
					if end := play(t, m, b, moves...); end != board.Goal(four) || moves[0] != uint8(hint.Moves[0]) {
						t.Fatalf("%s: the solution %v ends on %s; the hint %v", b, moves, end, hint.Moves)
					}
					if d > 10 {
						continue
					}
					want, wd, err := search(t, m).Hints(context.Background(), b)
					if err != nil || wd != d || !slices.Contains(want, moves[0]) {
						t.Fatalf("%s: the pack says %d moves, first %d; a search %d, optimal %v (%v)", b, d, moves[0], wd, want, err)
					}
					checked++
				}
			}
			if checked < 20 {
				t.Errorf("%d answers checked against a search", checked)
			}
			// Towards another goal, the same board is searched.
			b := pack.Levels[0].Board
			v := ask(context.Background(), "hint", b, "&goal="+url.QueryEscape("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"))
			if h := v.(api.Moves); !h.Solvable || h.Partial || h.Source != nil && h.Source.Kind == "level pack" {
				t.Errorf("towards another goal: %+v", h)
			}
		})
	}
}

// search returns a solver in the metric m that answers every board by
// search, never from a level pack: the reference for the pack's answers.
func search(t *testing.T, m board.Metric) *solver.Solver {
	t.Helper()
	s, err := solver.New(solver.WithMetric(m), solver.WithSearch())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play returns b after the moves, each the tile moved (tapped in the
// multi-tile metric).
func play(t *testing.T, m board.Metric, b board.Board, moves ...uint8) board.Board {
	t.Helper()
	var err error
	for _, mv := range moves {
		if b, err = b.Play(m, mv); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// TestPackLevelCheap checks that a 4x4 level the pack deals is a lookup
// (Request.Cheap, which a server does not hold behind its searches), and
// one beyond the pack is not.
func TestPackLevelCheap(t *testing.T) {
	four := board.Size{W: 4, H: 4}
	for _, c := range []struct {
		m      board.Metric
		lo, hi int
		cheap  bool
	}{
		{board.SingleTile, 30, 30, true},
		{board.SingleTile, 80, 80, true},
		{board.SingleTile, 59, 62, false},
		{board.MultiTile, 1, 39, true},
	} {
		s, err := solver.New(solver.WithMetric(c.m))
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.New([]game.Puzzle{{Goal: board.Goal(four), Solver: s, Metric: c.m, MaxLevel: 80}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		q := url.Values{"size": {"4x4"}, "metric": {c.m.String()}, "min": {fmt.Sprint(c.lo)}, "max": {fmt.Sprint(c.hi)}, "seed": {"1"}}
		r, err := request(g, "level", q)
		if err != nil {
			t.Fatal(err)
		}
		if r.Cheap() != c.cheap {
			t.Errorf("%s level %d..%d: cheap %v, want %v", c.m, c.lo, c.hi, r.Cheap(), c.cheap)
		}
		if !c.cheap {
			continue
		}
		v, err := r.Answer(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		lv := v.(api.Level)
		if lv.Distance < c.lo || lv.Distance > c.hi || lv.Source == nil || lv.Source.Kind != "level pack" {
			t.Errorf("%s level %d..%d: %+v", c.m, c.lo, c.hi, lv)
		}
	}
}

// TestPackNearAnswers checks that a board the 4x4 multi-tile pack holds
// near its levels is answered by the pack with no search (a context ended
// before the question): its distance, every optimal move as a hint (not
// partial), the first move of its stored solution first, and a solution
// that replays to the goal. Where a search is quick (boards up to 33
// moves away), its answer is the reference: the same distance and the
// same moves. A level is never one of these boards, whatever the seed.
func TestPackNearAnswers(t *testing.T) {
	four, m := board.Size{W: 4, H: 4}, board.MultiTile
	s, err := solver.New(solver.WithMetric(m))
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New([]game.Puzzle{{Goal: board.Goal(four), Solver: s, Metric: m, Uniform: true}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pack, err := source.BuiltinPack(four, m)
	if err != nil {
		t.Fatal(err)
	}
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	ask := func(name string, q url.Values) any {
		t.Helper()
		r, err := request(g, name, q)
		if err != nil {
			t.Fatal(err)
		}
		v, err := r.Answer(ended)
		if err != nil {
			t.Fatalf("%s %v: %v", name, q, err)
		}
		return v
	}
	near := map[board.Board]bool{}
	searched := 0
	for _, e := range pack.Near {
		lv, err := e.Level(four)
		if err != nil {
			t.Fatal(err)
		}
		b := lv.Board
		near[b] = true
		q := url.Values{"size": {"4x4"}, "metric": {"multi"}, "board": {b.String()}}
		dist := ask("distance", q).(api.Distance)
		hint := ask("hint", q).(api.Moves)
		sol := ask("solve", q).(api.Moves)
		for _, src := range []*api.Source{dist.Source, hint.Source, sol.Source} {
			if src == nil || src.Kind != "level pack" {
				t.Fatalf("%s: answered by %+v, not the level pack", b, src)
			}
		}
		var moves []uint8
		for _, t := range hint.Moves {
			moves = append(moves, uint8(t))
		}
		if d := e.Distance; *dist.Distance != d || *hint.Distance != d || *sol.Distance != d || hint.Partial || len(hint.Moves) != len(e.Hints) ||
			hint.Moves[0] != sol.Moves[0] || len(sol.Moves) != d || !slices.IsSorted(moves[1:]) {
			t.Fatalf("%s: distance %d, hint %+v, solution %+v; the line %+v", b, *dist.Distance, hint, sol, e)
		}
		path := make([]uint8, len(sol.Moves))
		for k, t := range sol.Moves {
			path[k] = uint8(t)
		}
		if end := play(t, m, b, path...); end != board.Goal(four) {
			t.Fatalf("%s: the solution %v ends on %s", b, path, end)
		}
		if e.Distance > 33 || searched == 3 {
			continue
		}
		want, d, err := search(t, m).Hints(context.Background(), b)
		slices.Sort(want)
		slices.Sort(moves)
		if err != nil || d != e.Distance || !slices.Equal(want, moves) {
			t.Fatalf("%s: the pack says %d moves, hints %v; a search %d, %v (%v)", b, e.Distance, moves, d, want, err)
		}
		searched++
	}
	if len(near) < 1000 || searched < 3 {
		t.Errorf("%d boards near the levels, %d checked by a search", len(near), searched)
	}
	for seed := range 300 {
		q := url.Values{"size": {"4x4"}, "metric": {"multi"}, "min": {"30"}, "max": {"39"}, "seed": {fmt.Sprint(seed)}}
		lv := ask("level", q).(api.Level)
		if near[lv.Board] || !slices.ContainsFunc(pack.Levels, func(l levels.Level) bool { return l.Board == lv.Board && l.Distance == lv.Distance }) {
			t.Fatalf("seed %d: dealt %s at %d, not a level of the pack", seed, lv.Board, lv.Distance)
		}
	}
}
