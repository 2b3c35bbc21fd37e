package levels_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// packSizes are the sizes the page offers, whose packs are built in.
var packSizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}, {W: 4, H: 4}}

var metrics = []board.Metric{board.SingleTile, board.MultiTile}

// searchedReach is how far the packs of the sizes without a table reach,
// every distance from 1 on held: the levels a game deals at once. 4x4 in
// multi-tile moves goes to 39, where a uniform board lies about once in
// 3,200 draws (at 40, once in 100,000).
var searchedReach = map[board.Metric]int{board.SingleTile: 60, board.MultiTile: 39}

// builtinPack reads the built-in pack of size in metric, checking every
// solution (ReadPack).
func builtinPack(t *testing.T, size board.Size, m board.Metric) []levels.PackEntry {
	t.Helper()
	b, err := data.PackFile(size, m)
	if err != nil {
		t.Fatal(err)
	}
	pack, err := levels.ReadPack(bytes.NewReader(b), size, m)
	if err != nil {
		t.Fatal(err)
	}
	return pack
}

// solvers returns, for each metric, the reference of a size's pack: a
// solver that answers from the size's built-in table where it has one,
// and otherwise by search, never from a level pack (which would answer
// for itself).
func solvers(t *testing.T) func(size board.Size, m board.Metric) *solver.Solver {
	t.Helper()
	var tables, searches [2]*solver.Solver
	for _, m := range metrics {
		var err error
		if tables[m], err = solver.New(solver.WithMetric(m)); err != nil {
			t.Fatal(err)
		}
		if searches[m], err = solver.New(solver.WithMetric(m), solver.WithSearch()); err != nil {
			t.Fatal(err)
		}
	}
	return func(size board.Size, m board.Metric) *solver.Solver {
		if source.HasBuiltin(size) {
			return tables[m]
		}
		return searches[m]
	}
}

// TestBuiltinPacks reads every built-in pack, replaying every solution to
// the goal (ReadPack), and checks the distances: every one against the
// table where the size has one; for 4x4, where an exact search proves
// them, the first board at each distance up to 12 and at each tenth (with
// SLIDETABLE_LONG=1, every board up to 30 moves and the first at each
// distance beyond: a search of a far multi-tile board takes seconds),
// and the boards at 80 moves of 4x4 against the published list, which the
// pack must hold whole. Each other distance holds PerDistance boards, or
// every board there is at it, no board twice (nor a board near the
// levels, which TestBuiltinNear checks, the same as a level).
func TestBuiltinPacks(t *testing.T) {
	s := solvers(t)
	for _, size := range packSizes {
		for _, m := range metrics {
			t.Run(size.String()+"/"+m.String(), func(t *testing.T) {
				pack := builtinPack(t, size, m)
				tbl, err := source.BuiltinTableIn(size, m)
				if err != nil && size.Cells() <= levels.SmallCells {
					t.Fatal(err)
				}
				// The published boards at the largest distance, which the
				// pack holds whole: their distance is published, not
				// searched for here (a search of an 80-move board takes a
				// minute).
				var hardest published.Hardest
				if m == board.SingleTile {
					hardest, _ = published.HardestOf(size)
				}
				at := map[int]int{}
				seen := map[board.Board]bool{}
				for i, e := range pack {
					lv, err := e.Level(size)
					if err != nil {
						t.Fatal(err)
					}
					if seen[lv.Board] {
						t.Errorf("line %d: %s twice", i+1, lv.Board)
					}
					seen[lv.Board] = true
					if e.Near {
						continue // no level: see TestBuiltinNear
					}
					at[e.Distance]++
					var want int
					switch {
					case hardest.Distance > 0 && e.Distance == hardest.Distance:
						if !slices.Contains(hardest.Boards, lv.Board) {
							t.Errorf("line %d: %s, at %d moves, is not one of the published boards that far", i+1, lv.Board, e.Distance)
						}
						continue
					case tbl != nil:
						want, err = tbl.Distance(lv.Board)
					case testenv.IsLong() && (e.Distance <= 30 || at[e.Distance] == 1) || at[e.Distance] == 1 && (e.Distance <= 12 || e.Distance%10 == 0):
						want, err = s(size, m).Distance(context.Background(), lv.Board)
					default:
						continue
					}
					if err != nil || want != e.Distance {
						t.Errorf("line %d: %s is %d moves away (%v), the pack says %d", i+1, lv.Board, want, err, e.Distance)
					}
				}
				if n := at[hardest.Distance]; n > 0 && n != len(hardest.Boards) {
					t.Errorf("%d boards at %d moves, of the %d published", n, hardest.Distance, len(hardest.Boards))
				}
				for d, n := range at {
					if d == hardest.Distance && d > 0 {
						continue
					}
					if n > levels.PerDistance || tbl != nil && uint64(n) != min(uint64(levels.PerDistance), levels.Count(tbl, d, d)) {
						t.Errorf("%d boards at %d moves", n, d)
					}
				}
				if tbl != nil && len(at) != tbl.Max() {
					t.Errorf("the pack covers %d distances of 1 to %d", len(at), tbl.Max())
				}
				if tbl == nil {
					for d := 1; d <= searchedReach[m]; d++ {
						if at[d] == 0 {
							t.Errorf("no board at %d moves, in a pack that reaches %d", d, searchedReach[m])
						}
					}
				}
			})
		}
	}
}

// TestPacksRemade makes the built-in packs again and requires the same
// boards, distances and ways of drawing (the solutions may be other
// optimal ones: ReadPack checks them): every pack of a size with a table,
// and the 4x4 ones at their first distances (every distance, which takes
// hours, is not remade here).
func TestPacksRemade(t *testing.T) {
	testenv.Long(t)
	s := solvers(t)
	for _, size := range packSizes {
		for _, m := range metrics {
			t.Run(size.String()+"/"+m.String(), func(t *testing.T) {
				stored := builtinPack(t, size, m)
				p := levels.Puzzle{Goal: board.Goal(size), Metric: m, Solver: s(size, m), Uniform: true}
				opts := &levels.PackOptions{Seed: 1}
				if size.Cells() > levels.SmallCells {
					opts.Max = 12
				}
				made, err := levels.MakePack(context.Background(), p, opts)
				if err != nil {
					t.Fatal(err)
				}
				if size.Cells() > levels.SmallCells {
					n := 0
					for n < len(stored) && stored[n].Distance <= opts.Max {
						n++
					}
					stored = stored[:n]
				}
				if len(made) != len(stored) {
					t.Fatalf("%d boards made, %d stored", len(made), len(stored))
				}
				for i := range made {
					a, b := made[i], stored[i]
					if fmt.Sprint(a.Board) != fmt.Sprint(b.Board) || a.Distance != b.Distance || a.Uniform != b.Uniform {
						t.Fatalf("board %d: made %+v, stored %+v", i+1, a, b)
					}
				}
			})
		}
	}
}

// TestReadPackRefuses checks that ReadPack names what is wrong with a
// line.
func TestReadPackRefuses(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	good := levels.PackEntry{Size: "3x3", Metric: "single", Board: []int{1, 2, 3, 4, 5, 6, 7, 0, 8}, Distance: 1, Solution: []int{8}, Uniform: true}
	line := func(change func(e *levels.PackEntry)) string {
		e := good
		e.Board = append([]int(nil), good.Board...)
		e.Solution = append([]int(nil), good.Solution...)
		change(&e)
		b, _ := json.Marshal(e)
		return string(b) + "\n"
	}
	if got, err := levels.ReadPack(strings.NewReader(line(func(*levels.PackEntry) {})), size, board.SingleTile); err != nil || len(got) != 1 {
		t.Fatalf("a good line: %v %v", got, err)
	}
	for _, tc := range []struct{ text, want string }{
		{line(func(e *levels.PackEntry) { e.Metric = "multi" }), "line 1: a board of 3x3 in multi moves, in a pack of 3x3 in single moves"},
		{line(func(e *levels.PackEntry) { e.Size = "4x4" }), "line 1: a board of 4x4 in single moves"},
		{line(func(e *levels.PackEntry) { e.Solution = []int{6} }), "line 1: move 1 of the solution"},
		{line(func(e *levels.PackEntry) { e.Distance, e.Solution = 2, []int{8, 8} }), "ends on 1 2 3/4 5 6/7 0 8, not the goal"},
		{line(func(e *levels.PackEntry) { e.Distance = 2 }), "distance 2 with a solution of 1 moves"},
		{line(func(e *levels.PackEntry) { e.Board[0] = 9 }), "line 1: "},
		{line(func(e *levels.PackEntry) { e.Board[0] = 300 }), "cell 0 holds 300"},
		{line(func(e *levels.PackEntry) { e.Solution = []int{99} }), "move 1 of the solution taps 99"},
		{line(func(*levels.PackEntry) {}) + `{"size":"3x3","extra":1}` + "\n", "line 2: "},
		{"not json\n", "line 1: "},
		{strings.Repeat("x", levels.MaxPackLine+1), "token too long"},
		{line(func(e *levels.PackEntry) { e.Hints = []int{8, 8} }), "hints [8 8]: not in increasing order"},
		{line(func(e *levels.PackEntry) { e.Hints = []int{1, 8} }), "hint 1 is no move of 1 2 3/4 5 6/7 0 8"},
		{line(func(e *levels.PackEntry) { e.Hints = []int{5, 7} }), "hints [5 7] without 8, the solution's first move"},
		// The board after 5 goes back: it is 1 move from the goal by
		// the solution's end and 3 by its start.
		{line(func(e *levels.PackEntry) { e.Distance, e.Solution = 3, []int{5, 5, 8} }), "line 1: the solution passes 1 2 3/4 5 6/7 0 8 1 moves from the goal, where line 1 passes it 3 moves"},
	} {
		_, err := levels.ReadPack(strings.NewReader(tc.text), size, board.SingleTile)
		if !errors.Is(err, levels.ErrPack) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.60q: %v, want ErrPack with %q", tc.text, err, tc.want)
		}
	}
}

// TestPlanPack decides how each distance of a 4x4 pack is drawn, before
// any board is drawn or solved: near the goal, where uniform boards are
// rare because few boards lie that close, by random walks; uniformly where
// boards are common; the published boards at 80 moves, all of them unless
// a number a distance is asked for; and the far tail of the distribution,
// where random walks reach boards no more often than uniform draws, is
// refused, saying how rare, in Auto mode (39 multi-tile moves, 68
// single-tile moves), and in any mode where no time would see the end (79
// single-tile moves).
func TestPlanPack(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 4, H: 4}
	for _, tc := range []struct {
		name    string
		m       board.Metric
		opts    levels.PackOptions
		how     map[int]levels.How
		n       map[int]int
		refused levels.UniformReason // and at which distance
		at      int
	}{
		{"single default", board.SingleTile, levels.PackOptions{Max: 60, Hardest: true},
			map[int]levels.How{1: levels.Walked, 35: levels.Walked, 36: levels.Solved, 60: levels.Solved, 80: levels.Hardest},
			map[int]int{1: levels.PerDistance, 60: levels.PerDistance, 80: levels.MaxPackEntries}, 0, 0},
		{"single 80, 2 a distance", board.SingleTile, levels.PackOptions{Min: 80, Max: 60, Hardest: true, PerDistance: 2},
			map[int]levels.How{80: levels.Hardest}, map[int]int{80: 2}, 0, 0},
		{"single 60..70", board.SingleTile, levels.PackOptions{Min: 60, Max: 70}, nil, nil, levels.TooRare, 68},
		{"single 68, filter", board.SingleTile, levels.PackOptions{Min: 68, Max: 68, Mode: levels.Filter},
			map[int]levels.How{68: levels.Solved}, nil, 0, 0},
		{"single 79, filter", board.SingleTile, levels.PackOptions{Min: 79, Max: 79, Mode: levels.Filter}, nil, nil, levels.Hopeless, 79},
		{"multi 1..38", board.MultiTile, levels.PackOptions{Max: 38},
			map[int]levels.How{1: levels.Walked, 22: levels.Walked, 38: levels.Solved}, nil, 0, 0},
		{"multi 39", board.MultiTile, levels.PackOptions{Min: 39, Max: 39, PerDistance: 1}, nil, nil, levels.TooRare, 39},
		{"multi 39, filter", board.MultiTile, levels.PackOptions{Min: 39, Max: 39, Mode: levels.Filter},
			map[int]levels.How{39: levels.Solved}, map[int]int{39: levels.PerDistance}, 0, 0},
		{"multi 42, filter", board.MultiTile, levels.PackOptions{Min: 42, Max: 42, Mode: levels.Filter}, nil, nil, levels.Hopeless, 42},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := levels.Puzzle{Goal: board.Goal(size), Metric: tc.m, Uniform: true}
			plan, err := levels.PlanPack(context.Background(), p, &tc.opts)
			if tc.refused != 0 {
				var ue *levels.UniformError
				if !errors.As(err, &ue) || ue.Reason != tc.refused || ue.Min != tc.at || !strings.Contains(err.Error(), fmt.Sprintf("levels at %d moves", tc.at)) {
					t.Fatalf("%v, want a *UniformError of reason %v at %d moves", err, tc.refused, tc.at)
				}
				// Refused where the boards at least that far are rare, by
				// the published distribution.
				d, _ := published.DistributionOf(size, tc.m)
				var tail, all float64
				for dist, c := range d.Counts {
					all += float64(c)
					if dist >= tc.at {
						tail += float64(c)
					}
				}
				if tail/all >= levels.RareFraction {
					t.Errorf("refused at %d moves, where %.2g of the boards are as far", tc.at, tail/all)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			at := map[int]levels.PackStep{}
			for i, step := range plan {
				if i > 0 && step.Distance <= plan[i-1].Distance {
					t.Fatalf("distances out of order: %v", plan)
				}
				at[step.Distance] = step
			}
			for d, how := range tc.how {
				if at[d].How != how {
					t.Errorf("%d moves: drawn %v, want %v", d, at[d].How, how)
				}
			}
			for d, n := range tc.n {
				if at[d].N != n {
					t.Errorf("%d moves: %d boards, want %d", d, at[d].N, n)
				}
			}
		})
	}
}

// TestMakePackFound: each entry is given to Found as soon as it has its
// solution, the same entries as MakePack returns, in the same order.
func TestMakePackFound(t *testing.T) {
	t.Parallel()
	var found []levels.PackEntry
	p := levels.Puzzle{Goal: board.Goal(board.Size{W: 3, H: 2}), Metric: board.SingleTile}
	pack, err := levels.MakePack(context.Background(), p, &levels.PackOptions{Seed: 1, PerDistance: 2,
		Found: func(e levels.PackEntry) { found = append(found, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(pack) == 0 || fmt.Sprint(found) != fmt.Sprint(pack) {
		t.Fatalf("found %v, made %v", found, pack)
	}
}

// TestReadPackHints checks that ReadPack takes hints that agree with the
// other lines of a pack, and names those that do not: on a 3x3 board
// with two optimal moves, a and b, and a third move c, each line made
// from the exact table, which is the reference.
func TestReadPackHints(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	tbl, err := source.BuiltinTableIn(size, board.SingleTile)
	if err != nil {
		t.Fatal(err)
	}
	// The first board of the table with two optimal moves and another.
	var g board.Board
	var a, b, c uint8
	for _, lv := range builtinPack(t, size, board.SingleTile) {
		x, _ := lv.Level(size)
		hints, _, err := tbl.Hints(x.Board)
		if err != nil {
			t.Fatal(err)
		}
		if moves := x.Board.Moves(); len(hints) == 2 && len(moves) > 2 {
			g, a, b = x.Board, hints[0], hints[1]
			c = moves[slices.IndexFunc(moves, func(m uint8) bool { return m != a && m != b })]
			break
		}
	}
	if g.IsZero() {
		t.Fatal("no board of the 3x3 pack with two optimal moves and another")
	}
	entry := func(b board.Board, first uint8, hints ...int) string {
		t.Helper()
		next, err := b.Move(first)
		if err != nil {
			t.Fatal(err)
		}
		rest, err := tbl.Path(next)
		if err != nil {
			t.Fatal(err)
		}
		sol := append([]int{int(first)}, ints(rest)...)
		e := levels.PackEntry{Size: "3x3", Metric: "single", Board: ints(b.Cells()), Distance: len(sol), Solution: sol, Hints: hints, Near: hints != nil}
		line, _ := json.Marshal(e)
		return string(line) + "\n"
	}
	after := func(b board.Board, m uint8) board.Board {
		next, err := b.Move(m)
		if err != nil {
			t.Fatal(err)
		}
		return next
	}
	lo, hi := int(min(a, b)), int(max(a, b))
	// The boards after a, b and c, each on a solution of its own: every
	// move of g leads to a board placed.
	placed := ""
	for _, m := range []uint8{a, b, c} {
		n := after(g, m)
		hints, _, err := tbl.Hints(n)
		if err != nil || len(hints) == 0 {
			t.Fatalf("%s: %v %v", n, hints, err)
		}
		placed += entry(n, hints[0])
	}
	good := placed + entry(g, a, lo, hi)
	got, err := levels.ReadPack(strings.NewReader(good), size, board.SingleTile)
	if err != nil || len(got) != 4 || !got[3].Near || !slices.Equal(got[3].Hints, []int{lo, hi}) {
		t.Fatalf("good hints: %+v %v", got, err)
	}
	for _, tc := range []struct{ text, want string }{
		{placed + entry(g, a, int(a)), fmt.Sprintf("tile %d takes %s", b, g)},
		{placed + entry(g, a, sorted(a, b, c)...), fmt.Sprintf("the hint %d takes %s", c, g)},
	} {
		_, err := levels.ReadPack(strings.NewReader(tc.text), size, board.SingleTile)
		if !errors.Is(err, levels.ErrPack) || !strings.Contains(err.Error(), "line 4: "+tc.want) {
			t.Errorf("%v, want ErrPack with %q", err, tc.want)
		}
	}
}

// sorted returns the moves as ints in increasing order, as hints are
// written.
func sorted(moves ...uint8) []int {
	out := ints(moves)
	slices.Sort(out)
	return out
}

// ints returns b as ints.
func ints(b []uint8) []int {
	out := make([]int, len(b))
	for i, x := range b {
		out[i] = int(x)
	}
	return out
}

// TestReadPackMoves checks that ReadPack stops at MaxPackMoves moves of
// all the solutions together, however many lines hold them: the same
// line of a long solution (a path that never comes back to a board, so
// that each board lies at one distance), again and again, taken up to the
// bound and refused past it. It replays a million moves on one goroutine,
// which takes seconds under the race detector and tells it nothing.
func TestReadPackMoves(t *testing.T) {
	if testenv.Race {
		t.Skip("a million moves replayed on one goroutine")
	}
	size := board.Size{W: 3, H: 3}
	r := rand.New(rand.NewPCG(1, 2))
	at, seen := board.Goal(size), map[board.Board]bool{board.Goal(size): true}
	var back []uint8 // the moves from the goal
	for len(back) < 1500 {
		moves := at.Moves()
		m := moves[r.IntN(len(moves))]
		next, err := at.Move(m)
		if err != nil {
			t.Fatal(err)
		}
		if seen[next] {
			continue // a walk that came back would place a board twice
		}
		seen[next], at, back = true, next, append(back, m)
	}
	sol := make([]int, len(back))
	for i, m := range back {
		sol[len(back)-1-i] = int(m) // each move undone, last first
	}
	line, _ := json.Marshal(levels.PackEntry{Size: "3x3", Metric: "single", Board: ints(at.Cells()), Distance: len(sol), Solution: sol})
	// n lines are taken (the error names the next), n+1 are not.
	n := levels.MaxPackMoves / len(sol)
	_, err := levels.ReadPack(strings.NewReader(strings.Repeat(string(line)+"\n", n+1)), size, board.SingleTile)
	if want := fmt.Sprintf("line %d: more than %d moves", n+1, levels.MaxPackMoves); !errors.Is(err, levels.ErrPack) || !strings.Contains(err.Error(), want) {
		t.Errorf("%d lines: %v, want ErrPack with %q", n+1, err, want)
	}
}

// nearFrom is, for each built-in pack that holds boards near its levels,
// the least distance of the boards it knows that those are found around
// (go run data/near.go -min: see data/packs/README.md), every board within
// levels.NearMoves moves of one of them.
var nearFrom = map[string]int{"4x4/multi": 34}

// TestBuiltinNear checks the boards the built-in packs hold near their
// levels, whose solutions ReadPack replayed and whose hints it checked
// against the other lines. Only the packs of nearFrom hold some, and
// there exactly the boards MakeNear finds around their levels, each once,
// none a level or on a level's solution, each with hints. Their distances
// and hints are checked against a search with the built-in abstraction
// tier (they were found with the large one): the first board at each
// distance up to nearSearched; with SLIDETABLE_LONG=1, the first at every
// distance and every nearLongEvery-th board up to nearLongSearched moves
// (81 boards, two minutes of processor time).
func TestBuiltinNear(t *testing.T) {
	s := solvers(t)
	for _, size := range packSizes {
		for _, m := range metrics {
			t.Run(size.String()+"/"+m.String(), func(t *testing.T) {
				pack := builtinPack(t, size, m)
				var levelLines, near []levels.PackEntry
				for _, e := range pack {
					if e.Near {
						near = append(near, e)
					} else {
						levelLines = append(levelLines, e)
					}
				}
				from, ok := nearFrom[size.String()+"/"+m.String()]
				if !ok {
					if len(near) > 0 {
						t.Fatalf("%d boards near the levels, in a pack that holds none", len(near))
					}
					return
				}
				want := aroundLevels(t, size, m, levelLines, from)
				at := map[int]int{}
				searched := 0
				for i, e := range near {
					lv, err := e.Level(size)
					if err != nil {
						t.Fatal(err)
					}
					if !want[lv.Board] || len(e.Hints) == 0 {
						t.Fatalf("%s (%+v): not a board MakeNear finds, or no hints", lv.Board, e)
					}
					delete(want, lv.Board) // each once
					at[e.Distance]++
					switch {
					case at[e.Distance] == 1 && e.Distance <= nearSearched:
					case testenv.IsLong() && (at[e.Distance] == 1 || e.Distance <= nearLongSearched && i%nearLongEvery == 0):
					default:
						continue
					}
					hints, d, err := s(size, m).Hints(context.Background(), lv.Board)
					if err != nil || d != e.Distance || !slices.Equal(sorted(hints...), e.Hints) {
						t.Errorf("%s: a search says %d moves, hints %v (%v); the pack %d, %v", lv.Board, d, hints, err, e.Distance, e.Hints)
					}
					searched++
				}
				if len(want) > 0 {
					t.Errorf("%d boards within %d moves of a board %d moves or more from the goal are not in the pack", len(want), levels.NearMoves, from)
				}
				t.Logf("%d boards near the levels, by distance %v; %d checked by a search", len(near), at, searched)
			})
		}
	}
}

// How far TestBuiltinNear searches: the hints of a board 33 multi-tile
// moves from the goal take a tenth of a second or so with the built-in
// tier, of one 36 moves away about a second, 39 moves away 12 s, 40 moves
// away 24 s.
const (
	nearSearched     = 33
	nearLongSearched = 36
	nearLongEvery    = 20
)

// aroundLevels returns the boards within levels.NearMoves moves of the
// boards the levels know (their boards, and those along their solutions)
// at from moves or more, that they do not know: MakeNear's boards, found
// here with the rules written out.
func aroundLevels(t *testing.T, size board.Size, m board.Metric, lines []levels.PackEntry, from int) map[board.Board]bool {
	t.Helper()
	known := map[board.Board]bool{}
	var far []board.Board
	for _, e := range lines {
		lv, err := e.Level(size)
		if err != nil {
			t.Fatal(err)
		}
		b := lv.Board
		for k := 0; ; k++ {
			known[b] = true
			if len(e.Solution)-k >= from {
				far = append(far, b)
			}
			if k == len(e.Solution) {
				break
			}
			b = play(t, m, b, uint8(e.Solution[k]))
		}
	}
	out := map[board.Board]bool{}
	ring := far
	for range levels.NearMoves {
		var next []board.Board
		for _, b := range ring {
			moves := b.Moves()
			if m == board.MultiTile {
				moves = b.Taps()
			}
			for _, t := range moves {
				n, _ := b.Play(m, t)
				if !known[n] && !out[n] {
					out[n] = true
					next = append(next, n)
				}
			}
		}
		ring = next
	}
	return out
}
