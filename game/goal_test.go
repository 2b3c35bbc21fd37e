package game_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/reference"
)

// goalAnswer is an answer about a board towards a goal of its own.
type goalAnswer struct {
	Size     string `json:"size"`
	Goal     []int  `json:"goal"`
	Metric   string `json:"metric"`
	Board    []int  `json:"board"`
	Solvable bool   `json:"solvable"`
	Distance *int   `json:"distance"`
	Moves    []int  `json:"moves"`
	Slides   []int  `json:"slides"`
}

// ask answers the request, decoded into v; it fails the test on an error.
func ask(t *testing.T, g *game.Game, name string, q url.Values, v any) {
	t.Helper()
	got, err := answer(t, g, name, q.Encode())
	if err != nil {
		t.Fatalf("%s?%s: %v", name, q.Encode(), err)
	}
	if err := json.Unmarshal([]byte(got), v); err != nil {
		t.Fatal(err)
	}
}

// cellsOf writes b's cells as the API's board parameter.
func cellsOf(b board.Board) string {
	s := make([]string, b.Len())
	for i := range s {
		s[i] = fmt.Sprint(b.At(i))
	}
	return strings.Join(s, ",")
}

// TestGoalAgainstReference asks distance, hint, solve, level and stats of
// 3x3 and 2x3 boards towards goals of their own, in both metrics, and
// checks every answer against a plain breadth-first search from that goal.
func TestGoalAgainstReference(t *testing.T) {
	g := newMultiGame(t, true)
	single := newGame(t, true)
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		size   board.Size
		goal   string
		metric board.Metric
	}{
		{board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8", board.SingleTile},
		{board.Size{W: 3, H: 3}, "1 2 3/4 0 5/6 7 8", board.MultiTile},
		{board.Size{W: 2, H: 3}, "5 4/3 2/1 0", board.SingleTile},
		{board.Size{W: 2, H: 3}, "0 1/2 3/4 5", board.MultiTile},
	} {
		name := fmt.Sprintf("%s-%s-%s", tc.size, tc.metric, strings.ReplaceAll(tc.goal, " ", ""))
		t.Run(name, func(t *testing.T) {
			gm := g
			if tc.metric == board.SingleTile {
				gm = single
			}
			goal := board.MustParse(tc.size, tc.goal)
			ref := reference.DistancesIn(goal, tc.metric)
			base := url.Values{"size": {tc.size.String()}, "goal": {tc.goal}, "metric": {tc.metric.String()}}
			with := func(kv ...string) url.Values {
				q := url.Values{}
				for k, v := range base {
					q[k] = v
				}
				for i := 0; i < len(kv); i += 2 {
					q.Set(kv[i], kv[i+1])
				}
				return q
			}
			for range 40 {
				b, err := gen.Uniform(r, tc.size) // towards the standard goal: half reach this one
				if err != nil {
					t.Fatal(err)
				}
				want, solvable := ref[b]
				var d goalAnswer
				ask(t, gm, "distance", with("board", cellsOf(b)), &d)
				if !slices.Equal(d.Goal, goalCells(goal)) || d.Solvable != solvable || solvable && *d.Distance != want {
					t.Fatalf("distance of %s towards %s: %+v, want %d (%v)", b, goal, d, want, solvable)
				}
				if !solvable {
					continue
				}
				var h goalAnswer
				ask(t, gm, "hint", with("board", cellsOf(b)), &h)
				var wantHints []int
				for _, m := range tapsOf(b, tc.metric) {
					next, _, _ := b.Tap(m)
					if tc.metric == board.SingleTile {
						next, _ = b.Move(m)
					}
					if ref[next] == want-1 {
						wantHints = append(wantHints, int(m))
					}
				}
				slices.Sort(wantHints)
				got := slices.Sorted(slices.Values(h.Moves))
				if *h.Distance != want || !slices.Equal(got, wantHints) {
					t.Fatalf("hint of %s towards %s: %v at %d, want %v at %d", b, goal, h.Moves, *h.Distance, wantHints, want)
				}
				var s goalAnswer
				ask(t, gm, "solve", with("board", cellsOf(b)), &s)
				at := b
				for _, m := range s.Moves {
					if at, _, err = at.Tap(uint8(m)); err != nil {
						t.Fatalf("solution %v of %s: %v", s.Moves, b, err)
					}
				}
				if len(s.Moves) != want || at != goal {
					t.Fatalf("solution %v of %s towards %s: %d moves to %s, want %d to the goal", s.Moves, b, goal, len(s.Moves), at, want)
				}
			}
			most := 0
			counts := map[int]int{}
			for _, d := range ref {
				most = max(most, d)
				counts[d]++
			}
			for _, seed := range []string{"1", "2"} {
				var lv goalAnswer
				ask(t, gm, "level", with("min", fmt.Sprint(most-2), "seed", seed), &lv)
				b, err := board.New(tc.size, cellsUint8(lv.Board))
				if err != nil {
					t.Fatal(err)
				}
				if d, ok := ref[b]; !ok || d != *lv.Distance || d < most-2 || !slices.Equal(lv.Goal, goalCells(goal)) {
					t.Errorf("level seed %s: %+v, reference %d %v", seed, lv, d, ok)
				}
			}
			if _, err := answer(t, gm, "level", with("min", fmt.Sprint(most+1)).Encode()); !errors.Is(err, game.ErrInput) ||
				!strings.Contains(err.Error(), fmt.Sprintf("no %s board is more than %d moves from the goal", tc.size, most)) {
				t.Errorf("level beyond the largest distance %d: %v", most, err)
			}
			var st struct {
				Goal   []int `json:"goal"`
				States int   `json:"states"`
				Max    int   `json:"max"`
				Counts []int `json:"counts"`
			}
			ask(t, gm, "stats", base, &st)
			if st.States != len(ref) || st.Max != most || !slices.Equal(st.Goal, goalCells(goal)) {
				t.Errorf("stats: %+v, want %d states, max %d", st, len(ref), most)
			}
			for d, c := range st.Counts {
				if counts[d] != c {
					t.Errorf("stats: %d boards at %d, want %d", c, d, counts[d])
				}
			}
		})
	}
}

// TestGoalSearched asks about 4x4 boards towards goals of their own, which
// a search answers. A goal with the blank where the standard goal has it
// is the standard goal with its tiles renamed, so a board's distance to it
// is that of the board with the same renaming to the standard goal, which
// the built-in pattern database answers.
func TestGoalSearched(t *testing.T) {
	g := newGame(t, true)
	size := board.Size{W: 4, H: 4}
	std := board.Goal(size)
	r := rand.New(rand.NewPCG(5, 6))
	// goal renames tile t of the standard goal to name[t].
	name := []uint8{0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 15}
	rename := func(b board.Board, to []uint8) board.Board {
		cells := make([]uint8, b.Len())
		for i := range cells {
			cells[i] = to[b.At(i)]
		}
		return mustNew(t, size, cells)
	}
	goal := rename(std, name)
	back := make([]uint8, len(name))
	for t, n := range name {
		back[n] = uint8(t)
	}
	for range 3 {
		w, _, err := gen.Walk(r, goal, 30, &gen.WalkOptions{NoUndo: true})
		if err != nil {
			t.Fatal(err)
		}
		var d goalAnswer
		ask(t, g, "distance", url.Values{"size": {"4x4"}, "goal": {goal.String()}, "board": {cellsOf(w)}}, &d)
		var want goalAnswer
		ask(t, g, "distance", url.Values{"size": {"4x4"}, "board": {cellsOf(rename(w, back))}}, &want)
		if d.Distance == nil || *d.Distance != *want.Distance || *d.Distance > 30 || !slices.Equal(d.Goal, goalCells(goal)) {
			t.Errorf("%s towards %s: %+v, want %d as renamed", w, goal, d, *want.Distance)
		}
	}
	// A level is a walk from that goal, kept by its exact distance.
	var lv goalAnswer
	ask(t, g, "level", url.Values{"size": {"4x4"}, "goal": {goal.String()}, "min": {"12"}, "max": {"14"}, "seed": {"1"}}, &lv)
	b := mustNew(t, size, cellsUint8(lv.Board))
	var want goalAnswer
	ask(t, g, "distance", url.Values{"size": {"4x4"}, "board": {cellsOf(rename(b, back))}}, &want)
	if *lv.Distance != *want.Distance || *lv.Distance < 12 || *lv.Distance > 14 {
		t.Errorf("level towards %s: %+v, its distance %d", goal, lv, *want.Distance)
	}
	// No table, so no distribution.
	if _, err := answer(t, g, "stats", url.Values{"size": {"4x4"}, "goal": {goal.String()}}.Encode()); !errors.Is(err, game.ErrUnknown) {
		t.Errorf("stats of 4x4 towards %s: %v", goal, err)
	}
}

// TestGoalRequests checks what a goal parameter changes and does not: the
// standard goal named is no goal at all, a bad goal is named as such, the
// parity rule is towards the goal, and more goals than a game keeps are
// each answered.
func TestGoalRequests(t *testing.T) {
	g := newGame(t, true)
	plain, err := answer(t, g, "hint", "size=3x3&board=8 6 7/2 5 4/3 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if same, err := answer(t, g, "hint", "size=3x3&board=8 6 7/2 5 4/3 0 1&goal=1 2 3/4 5 6/7 8 0"); err != nil || same != plain {
		t.Errorf("the standard goal named: %s %v, want %s", same, err, plain)
	}
	for _, tc := range []struct{ query, want string }{
		{"size=3x3&board=8 6 7/2 5 4/3 0 1&goal=1 2 3/4 5 6/7 7 0", `goal="1 2 3/4 5 6/7 7 0": tile 7 appears twice`},
		{"size=3x3&board=8 6 7/2 5 4/3 0 1&goal=1 2 3", `goal="1 2 3": 3x3 needs 9 numbers, got 3`},
		{"size=3x3&board=8 6 7/2 5 4/3 0 1&goal=0&goal=1", "parameter goal given 2 times"},
	} {
		if _, err := answer(t, g, "distance", tc.query); failure.KindOf(err) != failure.Input || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.query, err, tc.want)
		}
	}
	// The parity rule towards the goal: the standard goal with two tiles
	// swapped cannot be reached from the standard goal.
	got, err := answer(t, g, "solvable", "size=4x4&board=1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0&goal=2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0")
	if want := `{"size":"4x4","goal":[2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0],"board":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0],"solvable":false}`; err != nil || got != want {
		t.Errorf("solvable: %s %v, want %s", got, err, want)
	}
	// More goals than are kept: each is answered, the first again after
	// the others pushed it out.
	size := board.Size{W: 2, H: 2}
	goals := []string{}
	for p := []uint8{0, 1, 2, 3}; p != nil; p = nextPermutation(p) {
		goals = append(goals, cellsOf(mustNew(t, size, p)))
	}
	for _, goal := range append(goals, goals[0]) {
		got, err := answer(t, g, "distance", url.Values{"size": {"2x2"}, "goal": {goal}, "board": {goal}}.Encode())
		if err != nil || !strings.Contains(got, `"distance":0`) {
			t.Errorf("towards %s: %s %v", goal, got, err)
		}
	}
	// A goal's table is built by the answer, not by the request.
	req, err := request(g, "level", url.Values{"size": {"3x3"}, "goal": {"8 7 6/5 4 3/2 1 0"}, "min": {"99"}})
	if err != nil || req.Cheap() {
		t.Fatalf("level towards a goal: %v, cheap %v", err, req != nil && req.Cheap())
	}
	if _, err := req.Answer(context.Background()); !errors.Is(err, game.ErrInput) {
		t.Errorf("level at 99 moves: %v", err)
	}
}

func mustNew(t *testing.T, size board.Size, cells []uint8) board.Board {
	t.Helper()
	b, err := board.New(size, cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func goalCells(b board.Board) []int {
	out := make([]int, b.Len())
	for i := range out {
		out[i] = int(b.At(i))
	}
	return out
}

func cellsUint8(cells []int) []uint8 {
	out := make([]uint8, len(cells))
	for i, c := range cells {
		out[i] = uint8(c)
	}
	return out
}

// tapsOf returns the moves of b in the metric m.
func tapsOf(b board.Board, m board.Metric) []uint8 {
	if m == board.MultiTile {
		return b.Taps()
	}
	return b.Moves()
}

// nextPermutation rearranges p into the next permutation in lexicographic
// order and returns it, or returns nil after the last one.
func nextPermutation(p []uint8) []uint8 {
	i := len(p) - 2
	for i >= 0 && p[i] > p[i+1] {
		i--
	}
	if i < 0 {
		return nil
	}
	j := len(p) - 1
	for p[j] < p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return p
}
