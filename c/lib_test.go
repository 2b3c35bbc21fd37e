package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// The tests of this file check the Go under the cgo layer directly, so
// that they run without a C compiler and under the race detector.

// far5x5 is a 5x5 board beyond any search's reach in a test's time.
var far5x5 = board.MustParse(board.Size{W: 5, H: 5}, "5 19 7 1 23/18 22 14 21 0/12 6 2 11 13/9 3 4 17 24/16 20 15 10 8")

func openTest(t *testing.T, w, h int, m board.Metric) (uint64, *tableHandle) {
	t.Helper()
	t.Setenv("SLIDETABLE_CACHE", t.TempDir())
	th, err := openSize(context.Background(), w, h, int(m), nil)
	if err != nil {
		t.Fatal(err)
	}
	id := tables.add(th)
	t.Cleanup(func() { closeTable(id) })
	return id, th
}

func TestHandles(t *testing.T) {
	id, _ := openTest(t, 3, 3, board.SingleTile)
	c := newCancel()
	defer freeCancel(c)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{func() error { _, err := acquire(0); return err }(), "the table is 0, which is none"},
		{func() error { _, err := acquire(c); return err }(), fmt.Sprintf("handle %#x is a cancel token, not a table", c)},
		{fireCancel(id), fmt.Sprintf("handle %#x is a table, not a cancel token", id)},
		{func() error { _, err := acquire(id + 1000); return err }(), fmt.Sprintf("table %#x is not open (closed, or never opened)", id+1000)},
		{func() error { _, err := acquire(77); return err }(), "0x4d is not a handle of this library"},
	} {
		status, msg := statusOf(tc.err)
		if status != statusHandle || msg != tc.want {
			t.Errorf("status %d %q, want %d %q", status, msg, statusHandle, tc.want)
		}
	}
	h, err := acquire(id)
	if err != nil {
		t.Fatal(err)
	}
	h.release()
	if err := closeTable(id); err != nil {
		t.Fatal(err)
	}
	if _, err := acquire(id); err == nil {
		t.Error("a closed table is acquired")
	}
	if err := closeTable(id); err == nil {
		t.Error("a table closed twice")
	}
}

// TestCloseEndsCalls closes a table while a search runs on it and while
// lookups run on another: the search ends as cancelled by the close,
// naming it, and close waits for it.
func TestCloseEndsCalls(t *testing.T) {
	id, h := openTest(t, 5, 5, board.SingleTile)
	if _, err := acquire(id); err != nil {
		t.Fatal(err)
	}
	ctx, done, err := h.context(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var serr error
	var finished time.Time
	var wg sync.WaitGroup
	wg.Go(func() {
		defer h.release()
		defer done()
		_, serr = h.distance(ctx, far5x5)
		finished = time.Now()
	})
	time.Sleep(50 * time.Millisecond)
	if err := closeTable(id); err != nil {
		t.Fatal(err)
	}
	closed := time.Now()
	wg.Wait()
	if finished.After(closed) {
		t.Error("close returned before the search on its table")
	}
	status, msg := statusOf(inCall(ctx, serr))
	if status != statusCancelled || msg != "the table was closed during the call" {
		t.Errorf("the search ended with %d %q", status, msg)
	}
}

func TestCallContext(t *testing.T) {
	ctx, done, err := callContext(context.Background(), 20, 0)
	if err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	if status, msg := statusOf(inCall(ctx, ctx.Err())); status != statusTimeout || msg != "the time limit of 20ms ran out before the answer" {
		t.Errorf("time-out: %d %q", status, msg)
	}
	done()

	c := newCancel()
	defer freeCancel(c)
	ctx, done, err = callContext(context.Background(), 0, c)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	fireCancel(c)
	<-ctx.Done()
	if status, msg := statusOf(inCall(ctx, ctx.Err())); status != statusCancelled || msg != "cancelled by its cancel token" {
		t.Errorf("fired: %d %q", status, msg)
	}
	if _, _, err := callContext(context.Background(), 0, c); err == nil {
		t.Error("a call given a fired token starts")
	} else if status, _ := statusOf(err); status != statusCancelled {
		t.Errorf("a call given a fired token: status %d", status)
	}
	for _, ms := range []int64{-1, maxTimeoutMS + 1} {
		if _, _, err := callContext(context.Background(), ms, 0); err == nil {
			t.Errorf("timeout_ms %d taken", ms)
		} else if status, _ := statusOf(err); status != statusArgument {
			t.Errorf("timeout_ms %d: status %d", ms, status)
		}
	}
}

func TestStatusOf(t *testing.T) {
	_, errBoard := board.Parse(board.Size{W: 3, H: 3}, "1 2 3/4 5 6/7 7 0")
	_, errOpen := source.NewResolver(nil).Open(context.Background(), "/nonexistent/x.tbl")
	for _, tc := range []struct {
		err  error
		want int
	}{
		{nil, statusOK},
		{errBoard, statusInput},
		{fmt.Errorf("%w: x", game.ErrInput), statusInput},
		{fmt.Errorf("%w: x", levels.ErrRange), statusInput},
		{fmt.Errorf("%w: x", levels.ErrNotFound), statusNotFound},
		{fmt.Errorf("%w: x", table.ErrChecksum), statusFile},
		{errOpen, statusFile},
		{fileError(errors.New("odd")), statusFile},
		{fileError(fmt.Errorf("%w: 1 GB", table.ErrMemory)), statusMemory},
		{context.DeadlineExceeded, statusTimeout},
		{errClosed, statusCancelled},
		{statusErrorf(statusTruncated, "x"), statusTruncated},
		{errors.New("surprise"), statusInternal},
	} {
		if got, _ := statusOf(tc.err); got != tc.want {
			t.Errorf("%v: status %d, want %d", tc.err, got, tc.want)
		}
	}
	if _, msg := statusOf(errBoard); msg != "tile 7 appears twice" {
		t.Errorf("message %q, not the command line's", msg)
	}
}

func TestCountLines(t *testing.T) {
	for text, want := range map[string]int{"": 0, "\n": 1, "a": 1, "a\n": 1, "a\nb": 2, "a\n\nb\n": 3} {
		if got := countLines([]byte(text)); got != want {
			t.Errorf("countLines(%q) = %d, want %d", text, got, want)
		}
	}
}

// TestDistancesSearched answers a batch by search on every core: Korf's
// 3 easiest boards, then a bad one; the three are answered, in order, and
// the bad one named by its index.
func TestDistancesSearched(t *testing.T) {
	_, h := openTest(t, 4, 4, board.SingleTile)
	if h.answer.Exact() {
		t.Fatal("4x4 has a table")
	}
	var text strings.Builder
	var want []int32
	for _, k := range published.Korf100().Instances {
		if k.Distance <= 45 && len(want) < 3 {
			text.WriteString(k.Board.String() + "\n")
			want = append(want, int32(k.Distance))
		}
	}
	text.WriteString("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 15\n")
	out := make([]int32, 4)
	n, err := h.distances(context.Background(), h.textBoards([]byte(text.String())), out)
	if status, msg := statusOf(err); n != 3 || status != statusInput || !strings.HasPrefix(msg, "board at index 3: ") {
		t.Fatalf("answered %d, then %d %q", n, status, msg)
	}
	for i := range want {
		if out[i] != want[i] {
			t.Errorf("board %d: %d, Korf says %d", i, out[i], want[i])
		}
	}
}

// TestConcurrent asks one table from many goroutines at once while
// another closes it: each call answers right or finds the table closed.
func TestConcurrent(t *testing.T) {
	id, h := openTest(t, 3, 3, board.SingleTile)
	want := map[board.Board]int{}
	b := board.Goal(h.size)
	for i := range 200 { // a walk from the goal
		d, err := h.answer.Table.Distance(b)
		if err != nil {
			t.Fatal(err)
		}
		want[b] = d
		moves := b.Moves()
		b, _ = b.Move(moves[i%len(moves)])
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for b, d := range want {
				h, err := acquire(id)
				if err != nil {
					return // closed
				}
				got, err := h.distance(h.ctx, b)
				h.release()
				if err != nil || got != d {
					t.Errorf("%s: %d, %v; want %d", b, got, err, d)
				}
			}
		})
	}
	time.Sleep(time.Millisecond)
	closeTable(id)
	wg.Wait()
}

func TestWarnings(t *testing.T) {
	var w warningList
	for i := range maxWarnings + 10 {
		w.add(fmt.Sprint("warning ", i%(maxWarnings+5)))
	}
	if got := strings.Count(w.text(), "\n"); got != maxWarnings {
		t.Errorf("%d warnings kept, want %d", got, maxWarnings)
	}
}

// TestLookup requires the lookup of cells, the hot path that makes no
// board, to answer as the solver does for every arrangement of 0..8 that
// reaches the goal, and to leave the others, and cells that are no board,
// to the general path.
func TestLookup(t *testing.T) {
	_, h := openTest(t, 3, 3, board.SingleTile)
	p := []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}
	for ; p != nil; p = nextPermutation(p) {
		got, ok := h.lookup(p)
		b, _ := h.board(p)
		want, err := h.distance(h.ctx, b)
		if err != nil || ok != (want != unsolvable) || ok && got != want {
			t.Fatalf("%v: lookup %d %v, the solver %d %v", p, got, ok, want, err)
		}
	}
	for _, cells := range [][]uint8{{}, {1, 2, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 5, 6, 7, 7, 0}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 0}, {255, 1, 2, 3, 4, 5, 6, 7, 0}} {
		if _, ok := h.lookup(cells); ok {
			t.Errorf("%v: looked up", cells)
		}
		if _, err := h.board(cells); err == nil {
			t.Errorf("%v: a board", cells)
		}
	}
}

// TestStatusKinds: the status codes of slidetable.h for failures of each
// kind are those of the one table of package failure.
func TestStatusKinds(t *testing.T) {
	for k, want := range map[failure.Kind]int{
		failure.Input: statusInput, failure.File: statusFile, failure.Memory: statusMemory,
		failure.Time: statusTimeout, failure.Cancelled: statusCancelled,
		failure.NotFound: statusNotFound, failure.Internal: statusInternal,
	} {
		if got := k.Codes().C; got != want {
			t.Errorf("%v: C status %d in package failure, %d in slidetable.h", k, got, want)
		}
	}
}

// TestPackAnswers checks that a 4x4 board of the level pack, or one on
// its stored solution, is answered from the pack in either metric: with a
// context ended before the call, a search could not run, yet the distance
// and the solution come, the solution's first move among the optimal ones
// a search finds (on the shallow boards, where one is quick); for a board
// the pack holds near its multi-tile levels, hints come from it too, every
// optimal move. A table opened from a file is asked instead.
func TestPackAnswers(t *testing.T) {
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		_, h := openTest(t, 4, 4, m)
		pack := h.answer.Pack()
		if pack == nil {
			t.Fatalf("4x4 in %s moves: no level pack", m)
		}
		checked := 0
		for i, e := range pack.Entries {
			b := pack.Levels[i].Board
			d, _, _, err := h.ask(ended, b, api.AskDistance)
			if err != nil || d != e.Distance {
				t.Fatalf("%s: %d (%v), the pack says %d", b, d, err, e.Distance)
			}
			d, path, _, err := h.ask(ended, b, api.AskSolve)
			if err != nil || d != e.Distance || len(path) != d {
				t.Fatalf("%s: solved in %d, %v (%v)", b, d, path, err)
			}
			hd, hint, partial, err := h.ask(ended, b, api.AskHint)
			if err != nil || hd != d || d > 0 && (!partial || len(hint) != 1 || hint[0] != path[0]) {
				t.Fatalf("%s: hint %v (partial %v) of %d (%v), want the solution's first move %d, partial", b, hint, partial, hd, err, path[0])
			}
			if d > 8 {
				continue
			}
			hints, hd, err := h.solver.Hints(context.Background(), b)
			if err != nil || hd != d || !slices.Contains(hints, path[0]) {
				t.Fatalf("%s: the pack's first move %d of %d; a search's %v of %d (%v)", b, path[0], d, hints, hd, err)
			}
			checked++
		}
		if checked < 20 {
			t.Errorf("%s: %d boards checked against a search", m, checked)
		}
	}
	// The boards near the multi-tile levels: all three from the pack,
	// hints with every optimal move, the solution's first move first.
	_, h := openTest(t, 4, 4, board.MultiTile)
	near := h.answer.Pack().Near
	for _, e := range near {
		lv, err := e.Level(h.size)
		if err != nil {
			t.Fatal(err)
		}
		b := lv.Board
		d, _, _, err := h.ask(ended, b, api.AskDistance)
		sd, path, _, serr := h.ask(ended, b, api.AskSolve)
		hd, hints, partial, herr := h.ask(ended, b, api.AskHint)
		if err != nil || serr != nil || herr != nil || d != e.Distance || sd != d || hd != d || len(path) != d || partial || len(hints) != len(e.Hints) || hints[0] != path[0] {
			t.Fatalf("%s: distance %d (%v), solution %v (%v), hints %v partial %v (%v); the pack says %d, hints %v", b, d, err, path, serr, hints, partial, herr, e.Distance, e.Hints)
		}
		for _, m := range hints {
			if !slices.Contains(e.Hints, int(m)) {
				t.Fatalf("%s: hints %v, the pack's %v", b, hints, e.Hints)
			}
		}
	}
	if len(near) == 0 {
		t.Error("no boards near the 4x4 multi-tile levels")
	}
	t.Setenv("SLIDETABLE_CACHE", t.TempDir())
	th, err := openFile(context.Background(), filepath.Join("..", "data", "4x4-multi.abs"))
	if err != nil {
		t.Fatal(err)
	}
	closeTable(tables.add(th))
	if th.answer.Pack() != nil {
		t.Error("a table opened from a file: the level pack answers")
	}
}
