package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/js"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/server"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// testSolver answers every size: from the built-in tables, and 4x4 with the
// built-in pattern database.
var testSolver = func() *solver.Solver {
	s, err := solver.New()
	if err != nil {
		panic(err)
	}
	return s
}()

// testMultiSolver is testSolver in the multi-tile metric: the built-in
// tables of that metric, and 4x4 by a search guided by the built-in
// abstraction database.
var testMultiSolver = func() *solver.Solver {
	s, err := solver.New(solver.WithMetric(board.MultiTile))
	if err != nil {
		panic(err)
	}
	return s
}()

// searchSolver and searchMultiSolver answer every board by search, never
// from a level pack: the references for the answers a game gives from one.
var searchSolver, searchMultiSolver = func() (*solver.Solver, *solver.Solver) {
	s, err := solver.New(solver.WithSearch())
	if err != nil {
		panic(err)
	}
	m, err := solver.New(solver.WithMetric(board.MultiTile), solver.WithSearch())
	if err != nil {
		panic(err)
	}
	return s, m
}()

// testLinesSolver is testMultiSolver with 4x4 searched by a bound computed
// from the board alone (ida.Lines), without a database: boards within
// about 22 moves answer in a test's time, shuffled ones never, which the
// servers of newServer use to show what the page says when a search runs
// out of time.
var testLinesSolver = func() *solver.Solver {
	s, err := solver.New(solver.WithMetric(board.MultiTile), solver.WithHeuristic(ida.Lines(board.Goal(board.Size{W: 4, H: 4}))))
	if err != nil {
		panic(err)
	}
	return s
}()

// serverOf returns a server for a game of the puzzles.
func serverOf(ps []game.Puzzle, opts *server.Options) (*server.Server, error) {
	g, err := game.New(ps, nil)
	if err != nil {
		return nil, err
	}
	return server.New(g, opts)
}

// newServer returns a server for the built-in 2x3, 3x3 and 4x2 tables and
// 4x4 by search, in both metrics, as slidetable serve plays them.
func newServer(t testing.TB, opts *server.Options) *server.Server {
	t.Helper()
	var ps []game.Puzzle
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		sv := testSolver
		if m == board.MultiTile {
			sv = testMultiSolver
		}
		for _, sz := range []board.Size{{W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}} {
			tbl, err := source.BuiltinTableIn(sz, m)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, game.Puzzle{Goal: tbl.Goal(), Solver: sv, Table: tbl, Metric: m})
		}
		// 4x4 by search, with the built-in pattern database in
		// single-tile moves, which solves uniform boards in milliseconds,
		// and without a database in multi-tile moves (testLinesSolver).
		if m == board.MultiTile {
			sv = testLinesSolver
		}
		ps = append(ps, game.Puzzle{Goal: board.Goal(board.Size{W: 4, H: 4}), Solver: sv, Metric: m, Uniform: m == board.SingleTile})
	}
	s, err := serverOf(ps, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// call makes a GET request to h and decodes a JSON answer into v (unless
// nil); it returns the status and the body.
func call(t testing.TB, h http.Handler, path string, v any) (int, string) {
	t.Helper()
	rec := serve(t, h, httptest.NewRequest(http.MethodGet, path, nil))
	body := rec.Body.String()
	if ct := rec.Header().Get("Content-Type"); strings.HasPrefix(path, "/api/") && path != "/api/chart" && !strings.HasPrefix(ct, "application/json") && !strings.HasPrefix(path, "/api/chart?") {
		t.Errorf("%s: Content-Type %q", path, ct)
	}
	if v != nil && rec.Code == http.StatusOK {
		if err := json.Unmarshal([]byte(body), v); err != nil {
			t.Fatalf("%s: %v: %s", path, err, body)
		}
	}
	return rec.Code, body
}

func boardQuery(b board.Board) string {
	cells := make([]string, b.Len())
	for i := range cells {
		cells[i] = fmt.Sprint(b.At(i))
	}
	return url.Values{"size": {b.Size().String()}, "board": {strings.Join(cells, ",")}}.Encode()
}

// moves is api.Moves as decoded.
type moves struct {
	Board    []int `json:"board"`
	Solvable bool  `json:"solvable"`
	Distance *int  `json:"distance"`
	Moves    []int `json:"moves"`
}

// TestAnswersAgainstReference checks distance, hint and solve for every 2x3
// board and random 3x3 boards, solvable or not, against a plain
// breadth-first search.
func TestAnswersAgainstReference(t *testing.T) {
	s := newServer(t, nil)
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []board.Size{{W: 2, H: 3}, {W: 3, H: 3}} {
		ref := reference.Distances(board.Goal(size))
		var boards []board.Board
		for b := range ref {
			boards = append(boards, b)
		}
		if size.Cells() == 9 {
			boards = boards[:0]
			for range 300 {
				b, err := gen.Uniform(r, size)
				if err != nil {
					t.Fatal(err)
				}
				boards = append(boards, b)
			}
		}
		// Unsolvable boards: swap two tiles.
		for _, b := range boards[:20] {
			c := b.Cells()
			i, j := 0, 1
			if c[i] == 0 {
				i = 2
			}
			if c[j] == 0 {
				j = 2
			}
			c[i], c[j] = c[j], c[i]
			u, err := board.New(size, c)
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, u)
		}
		for _, b := range boards {
			want, solvable := ref[b]
			q := boardQuery(b)
			var dj struct {
				Solvable bool `json:"solvable"`
				Distance *int `json:"distance"`
			}
			if code, body := call(t, s, "/api/distance?"+q, &dj); code != 200 {
				t.Fatalf("%s: %d %s", q, code, body)
			}
			if dj.Solvable != solvable || solvable && (dj.Distance == nil || *dj.Distance != want) || !solvable && dj.Distance != nil {
				t.Fatalf("%s: solvable %v distance %v, want %v %d", q, dj.Solvable, dj.Distance, solvable, want)
			}
			var h moves
			call(t, s, "/api/hint?"+q, &h)
			var p moves
			call(t, s, "/api/solve?"+q, &p)
			if !solvable {
				if h.Solvable || p.Solvable || h.Moves != nil || p.Moves != nil {
					t.Fatalf("%s: unsolvable board got moves %v %v", q, h.Moves, p.Moves)
				}
				continue
			}
			// The hints are exactly the moves to a board one closer.
			var wantHints []int
			for _, m := range b.Moves() {
				next, _ := b.Move(m)
				if ref[next] == want-1 {
					wantHints = append(wantHints, int(m))
				}
			}
			if fmt.Sprint(h.Moves) != fmt.Sprint(wantHints) && !sameSet(h.Moves, wantHints) {
				t.Fatalf("%s: hints %v, want %v", q, h.Moves, wantHints)
			}
			if len(p.Moves) != want {
				t.Fatalf("%s: solution of %d moves, want %d", q, len(p.Moves), want)
			}
			end := b
			for _, m := range p.Moves {
				var err error
				if end, err = end.Move(uint8(m)); err != nil {
					t.Fatalf("%s: solution %v: %v", q, p.Moves, err)
				}
			}
			if end != board.Goal(size) {
				t.Fatalf("%s: solution %v ends at %s", q, p.Moves, end)
			}
		}
	}
}

// TestGoalAnswers asks the API about 3x3 boards towards a goal of their
// own (goal=...), in both metrics: each distance, hint, solution and
// level against a plain search from that goal, and the answers name it.
func TestGoalAnswers(t *testing.T) {
	s := newServer(t, nil)
	size := board.Size{W: 3, H: 3}
	goal := board.MustParse(size, "1 2 3/8 0 4/7 6 5") // the blank in the middle
	r := rand.New(rand.NewPCG(7, 8))
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		ref := reference.DistancesIn(goal, m)
		extra := "&goal=1,2,3,8,0,4,7,6,5&metric=" + m.String()
		for range 30 {
			b, err := gen.Uniform(r, size)
			if err != nil {
				t.Fatal(err)
			}
			want, solvable := ref[b]
			var d struct {
				Goal     []int `json:"goal"`
				Solvable bool  `json:"solvable"`
				Distance *int  `json:"distance"`
			}
			call(t, s, "/api/distance?"+boardQuery(b)+extra, &d)
			if d.Solvable != solvable || solvable && *d.Distance != want || fmt.Sprint(d.Goal) != "[1 2 3 8 0 4 7 6 5]" {
				t.Fatalf("%s in %s-tile moves: %+v, want %d (%v)", b, m, d, want, solvable)
			}
			if !solvable {
				continue
			}
			var h, p moves
			call(t, s, "/api/hint?"+boardQuery(b)+extra, &h)
			call(t, s, "/api/solve?"+boardQuery(b)+extra, &p)
			end := b
			for _, tile := range p.Moves {
				end, _, _ = end.Tap(uint8(tile))
			}
			if *h.Distance != want || len(h.Moves) == 0 || len(p.Moves) != want || end != goal {
				t.Fatalf("%s in %s-tile moves: hints %v, solution %v to %s; want %d moves", b, m, h.Moves, p.Moves, end, want)
			}
			for _, tile := range h.Moves {
				if next, _, _ := b.Tap(uint8(tile)); ref[next] != want-1 {
					t.Fatalf("%s: hint %d leads to %d moves, want %d", b, tile, ref[next], want-1)
				}
			}
		}
		var lv struct {
			Board    []int `json:"board"`
			Distance int   `json:"distance"`
		}
		call(t, s, "/api/level?size=3x3&min=20&max=21&seed=1"+extra, &lv)
		b := board.MustParse(size, strings.Trim(fmt.Sprint(lv.Board), "[]"))
		if d, ok := ref[b]; !ok || d != lv.Distance || d < 20 || d > 21 {
			t.Errorf("level in %s-tile moves: %v at %d; the reference says %d", m, lv.Board, lv.Distance, d)
		}
	}
}

func sameSet(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[int]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, v := range m {
		if v != 0 {
			return false
		}
	}
	return true
}

// TestLevels checks that levels lie in the range asked for, by the
// reference search on 3x3 and by IDA* on 4x4, and that a seed repeats.
func TestLevels(t *testing.T) {
	s := newServer(t, nil)
	ref := reference.Distances(board.Goal(board.Size{W: 3, H: 3}))
	for _, rg := range [][2]int{{0, 0}, {20, 22}, {31, 31}, {1, 31}, {30, 40}} {
		for seed := range 5 {
			path := fmt.Sprintf("/api/level?size=3x3&min=%d&max=%d&seed=%d", rg[0], rg[1], seed)
			lv := getLevel(t, s, path, board.Size{W: 3, H: 3})
			d, ok := ref[lv.Board]
			if !ok || d != lv.Distance || d < rg[0] || d > rg[1] {
				t.Fatalf("%s: %v at %d, reference %d (%v)", path, lv.Board, lv.Distance, d, ok)
			}
			_, again := call(t, s, path, nil)
			_, first := call(t, s, path, nil)
			if again != first {
				t.Fatalf("%s: %s then %s", path, first, again)
			}
		}
	}
	goal := board.Goal(board.Size{W: 4, H: 4})
	for _, rg := range [][2]int{{0, 0}, {5, 5}, {10, 14}, {20, 24}} {
		path := fmt.Sprintf("/api/level?size=4x4&min=%d&max=%d&seed=3", rg[0], rg[1])
		lv := getLevel(t, s, path, goal.Size())
		d, err := ida.Distance(context.Background(), lv.Board, goal)
		if err != nil || d != lv.Distance || d < rg[0] || d > rg[1] {
			t.Fatalf("%s: %v at %d, IDA* says %d (%v)", path, lv.Board, lv.Distance, d, err)
		}
	}
	// Uniform boards solved, in a range they often fall in; and the
	// published hardest boards.
	path := "/api/level?size=4x4&min=50&max=55&seed=1"
	lv := getLevel(t, s, path, goal.Size())
	if d, err := searchSolver.Distance(context.Background(), lv.Board); err != nil || d != lv.Distance || d < 50 || d > 55 {
		t.Fatalf("%s: %v at %d, the solver says %d (%v)", path, lv.Board, lv.Distance, d, err)
	}
	hardest, _ := published.HardestOf(goal.Size())
	path = "/api/level?size=4x4&min=80&seed=2"
	if lv := getLevel(t, s, path, goal.Size()); lv.Distance != 80 || !slices.Contains(hardest.Boards, lv.Board) {
		t.Fatalf("%s: %v at %d, not a published 80-move board", path, lv.Board, lv.Distance)
	}
}

// getLevel asks for a level.
func getLevel(t *testing.T, h http.Handler, path string, size board.Size) levels.Level {
	t.Helper()
	var lv struct {
		Board    []uint8 `json:"board"`
		Distance int     `json:"distance"`
	}
	if code, body := call(t, h, path, &lv); code != 200 {
		t.Fatalf("%s: %d %s", path, code, body)
	}
	b, err := board.New(size, lv.Board)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return levels.Level{Board: b, Distance: lv.Distance}
}

// TestBadInput checks that bad requests get 400 (or the status named) and an
// error naming the problem.
func TestBadInput(t *testing.T) {
	s := newServer(t, nil)
	long := "/api/distance?size=3x3&board=" + strings.Repeat("1,", 600)
	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/api/distance", 400, "missing parameter size"},
		{"/api/distance?size=3x3", 400, "missing parameter board: the 9 numbers"},
		{"/api/distance?size=3x&board=1", 400, `bad size: "3x" is not written WxH (for example 3x3)`},
		{"/api/distance?size=5x5&scramble=", 400, "size 5x5 is not served; the sizes are 2x3, 4x2, 3x3, 4x4"},
		{"/api/distance?size=5x5&board=1", 400, "5x5 needs 25 numbers, got 1"},
		{"/api/distance?size=3x3&board=1,2,3,4,5,6,7,7,0", 400, "tile 7 appears twice"},
		{"/api/distance?size=3x3&board=1,2,3", 400, "3x3 needs 9 numbers, got 3"},
		{"/api/distance?size=3x3&board=1,2,3,4,5,6,7,8,0&board=1,2,3,4,5,6,7,8,0", 400, "parameter board given 2 times"},
		{"/api/hint?size=3x3&board=1,2,3,4,5,6,7,8,0&x=1", 400, `unknown parameter "x"`},
		{"/api/solve?size=3x3&board=a,b", 400, `"a" is not a number`},
		{"/api/distance?size=3x3&board=garbage", 400, `"garbage" is not a number`},
		{"/api/level?size=3x3&min=x", 400, `min="x": not a whole number`},
		{"/api/level?size=3x3&min=-1", 400, "min=-1: want 0 to 1000"},
		{"/api/level?size=3x3&max=1001", 400, "max=1001: want 0 to 1000"},
		{"/api/level?size=3x3&min=32", 400, "no boards at these distances: 32: no 3x3 board is more than 31 moves from the goal"},
		{"/api/level?size=4x4&min=61", 400, "min=61: 4x4 levels go up to 60 moves here, and to 80 for the published boards that far"},
		{"/api/level?size=4x4&min=81", 400, "no boards at these distances: 81: no 4x4 board is more than 80 moves from the goal"},
		{"/api/level?size=3x3&min=20&max=10", 400, "no boards at these distances: 20..10, an empty range"},
		{"/api/level?size=3x3&seed=-1", 400, `seed="-1": want a whole number`},
		{"/api/chart?size=5x5", 400, "size 5x5 is not served"},
		{"/api/chart?size=3x3&goal=1", 400, `unknown parameter "goal": chart takes size, metric`},
		{"/api/chart?size=3x3&x=1", 400, `unknown parameter "x": chart takes size, metric`},
		{"/api/chart?size=3x3&size=3x3", 400, "parameter size given 2 times"},
		{"/api/chart?size=3x3&metric=diagonal", 400, `metric="diagonal": want single or multi`},
		{"/api/chart?metric=multi", 400, "missing parameter size"},
		{"/api/distance?size=3x3&board=1,2,3,4,5,6,7,8,0&goal=1,2,3", 400, `goal="1,2,3": 3x3 needs 9 numbers, got 3`},
		{"/api/sizes?goal=1", 400, `unknown parameter "goal": sizes takes metric`},
		{"/api/stats?size=3x3&board=1", 400, `unknown parameter "board"`},
		{"/api/sizes?x=1", 400, `unknown parameter "x": sizes takes metric`},
		{"/api/nothing", 404, "no endpoint /api/nothing"},
		{"/api/distance?%zz", 400, "bad query"},
		{long, 414, "longer than the limit of 1024"},
	}
	for _, tt := range tests {
		code, body := call(t, s, tt.path, nil)
		var e api.Error
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			t.Errorf("%.80s: not JSON: %s", tt.path, body)
			continue
		}
		if code != tt.status || !strings.Contains(e.Error, tt.want) {
			t.Errorf("%.80s: %d %q, want %d and %q", tt.path, code, e.Error, tt.status, tt.want)
		}
		// Messages speak of boards and sizes, not of packages.
		for _, part := range strings.Split(e.Error, ": ") {
			if slices.Contains([]string{"board", "table", "pdb", "solver", "ida", "levels"}, part) {
				t.Errorf("%.80s: %q names a package", tt.path, e.Error)
			}
		}
	}
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete} {
		rec := serve(t, s, httptest.NewRequest(m, "/api/sizes", strings.NewReader("{}")))
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") == "" {
			t.Errorf("%s: %d, Allow %q", m, rec.Code, rec.Header().Get("Allow"))
		}
	}
	req := httptest.NewRequest(http.MethodGet, "/api/sizes", strings.NewReader(strings.Repeat("x", 5000)))
	rec := serve(t, s, req)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("large body: %d %s", rec.Code, rec.Body)
	}
}

// blocker is a Solver that blocks until released or until its context
// ends.
type blocker struct {
	searching
	started chan struct{}
	release chan struct{}
}

func (b *blocker) wait(ctx context.Context) error {
	b.started <- struct{}{}
	select {
	case <-b.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (b *blocker) Ask(ctx context.Context, _ board.Board, _ api.Ask) (source.Reply, error) {
	return source.Reply{Distance: 7}, b.wait(ctx)
}
func (b *blocker) Within(ctx context.Context, _ board.Board, _ int) ([]uint8, bool, error) {
	return nil, false, b.wait(ctx)
}
func (b *blocker) Metric() board.Metric { return board.SingleTile }

// searching is what a game's Solver says that searches every board: no
// answer is quick, no level pack deals, no source is described. A fake
// Solver embeds it.
type searching struct{}

func (searching) Quick(board.Board) bool { return false }
func (searching) Deal(*rand.Rand, board.Size, int, int) (source.Dealt, bool) {
	return source.Dealt{}, false
}
func (searching) Describe(context.Context, board.Size) *api.Source { return nil }
func (searching) Needs(board.Size) source.Needs                    { return source.Needs{} }

// TestLimits checks the concurrency limit (503 with Retry-After) and the
// time limit of searches.
func TestLimits(t *testing.T) {
	bl := &blocker{started: make(chan struct{}, 8), release: make(chan struct{})}
	g := board.Goal(board.Size{W: 4, H: 4})
	s, err := serverOf([]game.Puzzle{{Goal: g, Solver: bl}}, &server.Options{Searches: 2, Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	q := "/api/distance?" + boardQuery(g)
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range 2 {
		wg.Go(func() { codes[i], _ = call(t, s, q, nil) })
	}
	<-bl.started
	<-bl.started
	rec := serve(t, s, httptest.NewRequest(http.MethodGet, q, nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "busy") {
		t.Errorf("third search: %d, Retry-After %q, %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	close(bl.release)
	wg.Wait()
	if codes[0] != 200 || codes[1] != 200 {
		t.Errorf("the two searches: %v", codes)
	}
	// The slots are free again; a search that outlasts the time limit gets
	// 422, final, naming it, with no Retry-After: asking again would not
	// help.
	bl.release = make(chan struct{})
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", q, nil))
	<-bl.started
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "time limit of 200ms") || !strings.Contains(rec.Body.String(), `"final":true`) || rec.Header().Get("Retry-After") != "" {
		t.Errorf("slow search: %d, Retry-After %q, %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
}

// TestStatsAndChart checks /api/stats against api.NewStats and that
// /api/chart is an SVG image.
func TestStatsAndChart(t *testing.T) {
	s := newServer(t, nil)
	tbl, _ := source.BuiltinTable(board.Size{W: 3, H: 3})
	var got struct {
		States  uint64   `json:"states"`
		Max     int      `json:"max"`
		Counts  []uint64 `json:"counts"`
		Hardest [][]int  `json:"hardest"`
	}
	if code, body := call(t, s, "/api/stats?size=3x3", nil); code != 200 {
		t.Fatal(code, body)
	} else if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	want := api.NewStats(tbl, nil)
	if got.States != want.States || got.Max != want.Max || fmt.Sprint(got.Counts) != fmt.Sprint(want.Counts) || len(got.Hardest) != 2 {
		t.Errorf("stats %+v, want %+v with the 2 hardest boards", got, want)
	}
	rec := serve(t, s, httptest.NewRequest(http.MethodGet, "/api/chart?size=3x3", nil))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), "<svg") {
		t.Errorf("chart: %d %q %.100s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	// 4x4: the published distribution, with its source.
	var pub struct {
		States  uint64   `json:"states"`
		Max     int      `json:"max"`
		Counts  []uint64 `json:"counts"`
		Hardest [][]int  `json:"hardest"`
		Source  string   `json:"source"`
	}
	call(t, s, "/api/stats?size=4x4", &pub)
	d, _ := published.DistributionOf(board.Size{W: 4, H: 4}, board.SingleTile)
	if pub.States != 10461394944000 || pub.Max != 80 || fmt.Sprint(pub.Counts) != fmt.Sprint(d.Counts) || pub.Source != d.Source || len(pub.Hardest) != 17 {
		t.Errorf("4x4 stats: %d states, max %d, %d hardest, source %q", pub.States, pub.Max, len(pub.Hardest), pub.Source)
	}
	// Its chart draws the published distribution, in either metric, and
	// says it is published, as plot 4x4 does.
	for _, q := range []string{"size=4x4", "size=4x4&metric=multi"} {
		rec := serve(t, s, httptest.NewRequest(http.MethodGet, "/api/chart?"+q, nil))
		if body := rec.Body.String(); rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, "<svg") ||
			!strings.Contains(body, "not computed here") || !strings.Contains(body, "published by") {
			t.Errorf("chart?%s: %d %q %.200s", q, rec.Code, rec.Header().Get("Content-Type"), body)
		}
	}
	// A size with neither a table nor a published distribution has none.
	g := board.Goal(board.Size{W: 5, H: 3})
	s53, err := serverOf([]game.Puzzle{{Goal: g, Solver: testSolver}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if code, body := call(t, s53, "/api/stats?size=5x3", nil); code != 404 || !strings.Contains(body, "no table for 5x3") {
		t.Errorf("5x3 stats: %d %s", code, body)
	}
	if code, body := call(t, s53, "/api/chart?size=5x3", nil); code != 404 || !strings.Contains(body, "no table for 5x3") {
		t.Errorf("5x3 chart: %d %s", code, body)
	}
	var sizes []struct {
		Size      string `json:"size"`
		Table     bool   `json:"table"`
		Published bool   `json:"published"`
		Max       *int   `json:"max"`
		MaxLevel  int    `json:"max_level"`
	}
	call(t, s, "/api/sizes", &sizes)
	var names []string
	for _, si := range sizes {
		names = append(names, si.Size)
	}
	if fmt.Sprint(names) != "[2x3 4x2 3x3 4x4]" || sizes[2].Max == nil || *sizes[2].Max != 31 || sizes[3].Table || sizes[3].MaxLevel != game.DefaultMaxLevel ||
		!sizes[3].Published || sizes[3].Max == nil || *sizes[3].Max != 80 || sizes[2].Published {
		t.Errorf("sizes %+v", sizes)
	}
}

// TestPage checks the page and its files are served, with a policy that
// keeps it to its own files.
func TestPage(t *testing.T) {
	s := newServer(t, nil)
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		rec := serve(t, s, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("%s: %d, CSP %q", path, rec.Code, rec.Header().Get("Content-Security-Policy"))
		}
		if strings.Contains(rec.Body.String(), "http://") && path != "/app.js" || strings.Contains(rec.Body.String(), "https://") {
			t.Errorf("%s refers to another site", path)
		}
	}
	// The WebAssembly build beside the page, which its scripts may compile.
	for path, ctype := range map[string]string{"/slidetable.js": "text/javascript", "/slidetable.wasm": "application/wasm", "/wasm_exec.js": "text/javascript"} {
		rec := serve(t, s, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), ctype) ||
			!strings.Contains(rec.Header().Get("Content-Security-Policy"), "script-src 'self' 'wasm-unsafe-eval'") {
			t.Errorf("%s: %d, Content-Type %q, CSP %q", path, rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Content-Security-Policy"))
		}
	}
}

// TestFiles checks that the page's files and the WebAssembly build's do
// not share a name, so that neither hides the other.
func TestFiles(t *testing.T) {
	static, err := fs.Sub(os.DirFS("."), "static")
	if err != nil {
		t.Fatal(err)
	}
	page, err := fs.ReadDir(static, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range page {
		if _, err := fs.Stat(js.Files(), e.Name()); err == nil {
			t.Errorf("%s is both a page file and a file of package js", e.Name())
		}
	}
	all, err := fs.ReadDir(server.Files(), ".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range all {
		names = append(names, e.Name())
	}
	for _, want := range []string{"index.html", "slidetable.js", "slidetable.wasm", "wasm_exec.js"} {
		if !slices.Contains(names, want) {
			t.Errorf("Files() lists %v, without %s", names, want)
		}
	}
	if !slices.IsSorted(names) {
		t.Errorf("Files() lists %v, not in order", names)
	}
}

// TestSiteFiles checks the static site's files: those served, but for
// index.html, which tells the page it is static.
func TestSiteFiles(t *testing.T) {
	err := fs.WalkDir(server.Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		served, _ := fs.ReadFile(server.Files(), path)
		site, err := fs.ReadFile(server.SiteFiles(), path)
		if err != nil {
			return err
		}
		if path == "index.html" {
			want := strings.Replace(string(served), `<meta name="slidetable-engine" content="api">`, `<meta name="slidetable-engine" content="wasm">`, 1)
			if string(site) != want || want == string(served) {
				t.Errorf("the site's index.html does not tell the page it is static")
			}
		} else if !bytes.Equal(site, served) {
			t.Errorf("%s differs in the site", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.FileServerFS(server.SiteFiles()))
	defer ts.Close()
	for _, path := range []string{"/", "/index.html", "/app.js", "/slidetable.wasm"} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || len(b) == 0 || (path == "/" && !bytes.Contains(b, []byte(`content="wasm"`))) {
			t.Errorf("%s from the site: %d, %d bytes", path, res.StatusCode, len(b))
		}
	}
}

// TestRunLogsAndShutsDown serves on loopback, checks a log line per request,
// and that Run returns nil after its context ends, once the request in
// flight has its answer.
func TestRunLogsAndShutsDown(t *testing.T) {
	var logs strings.Builder
	var mu sync.Mutex
	bl := &blocker{started: make(chan struct{}, 1), release: make(chan struct{})}
	g := board.Goal(board.Size{W: 4, H: 4})
	s, err := serverOf([]game.Puzzle{{Goal: g, Solver: bl}}, &server.Options{
		Logger: slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln, 5*time.Second) }()
	base := "http://" + ln.Addr().String()
	got := make(chan int, 1)
	go func() {
		res, err := http.Get(base + "/api/distance?" + boardQuery(g))
		if err != nil {
			got <- -1
			return
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		got <- res.StatusCode
	}()
	<-bl.started
	cancel()
	time.Sleep(20 * time.Millisecond)
	close(bl.release)
	if code := <-got; code != 200 {
		t.Errorf("request in flight: %d", code)
	}
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(logs.String(), "msg=request"); n != 1 || !strings.Contains(logs.String(), "status=200") {
		t.Errorf("log:\n%s", logs.String())
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func TestNewRejects(t *testing.T) {
	tbl, _ := source.BuiltinTable(board.Size{W: 3, H: 3})
	g := board.Goal(board.Size{W: 4, H: 4})
	for name, ps := range map[string][]game.Puzzle{
		"none":         nil,
		"no solver":    {{Goal: g}},
		"no goal":      {{Solver: testSolver}},
		"twice":        {{Goal: g, Solver: testSolver}, {Goal: g, Solver: testSolver}},
		"wrong table":  {{Goal: g, Solver: testSolver, Table: tbl}},
		"negative max": {{Goal: g, Solver: testSolver, MaxLevel: -1}},
	} {
		if _, err := serverOf(ps, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
