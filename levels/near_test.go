package levels_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/solver"
)

// TestMakeNear adds to the built-in 3x3 multi-tile pack the boards near
// its far levels, found by a solver whose table answers, and checks them
// against a plain search (internal/reference): they are exactly the
// boards within Moves moves of a board the pack knows at Min moves or
// more (a level, or a board along its solution) that the pack does not
// know, each once, at its distance, with every optimal move in increasing
// order, and with solutions that ReadPack takes beside the pack's lines.
func TestMakeNear(t *testing.T) {
	size, m := board.Size{W: 3, H: 3}, board.MultiTile
	const lo = 20 // of 24, God's number
	pack := builtinPack(t, size, m)
	s := solvers(t)(size, m)
	ref := reference.DistancesIn(board.Goal(size), m)
	known := map[board.Board]bool{}
	var far []board.Board // the boards known at lo moves or more
	for _, e := range pack {
		lv, err := e.Level(size)
		if err != nil {
			t.Fatal(err)
		}
		b := lv.Board
		for k := 0; ; k++ {
			known[b] = true
			if len(e.Solution)-k >= lo {
				far = append(far, b)
			}
			if k == len(e.Solution) {
				break
			}
			b = play(t, m, b, uint8(e.Solution[k]))
		}
	}
	for _, moves := range []int{1, 2} {
		t.Run(fmt.Sprintf("moves %d", moves), func(t *testing.T) {
			want := map[board.Board]bool{}
			ring := far
			for range moves {
				var next []board.Board
				for _, b := range ring {
					for _, tap := range b.Taps() {
						n := play(t, m, b, tap)
						if !known[n] && !want[n] {
							want[n] = true
							next = append(next, n)
						}
					}
				}
				ring = next
			}
			calls, last := 0, 0
			near, err := levels.MakeNear(context.Background(), s, pack, &levels.NearOptions{Min: lo, Moves: moves,
				Progress: func(done, total int) { calls, last = calls+1, total }})
			if err != nil {
				t.Fatal(err)
			}
			if len(near) != len(want) || calls != len(near) || last != len(near) || len(near) < 100 {
				t.Fatalf("%d boards near, %d wanted; progress called %d times of %d", len(near), len(want), calls, last)
			}
			var text bytes.Buffer
			enc := json.NewEncoder(&text)
			for _, e := range pack {
				if err := enc.Encode(e); err != nil {
					t.Fatal(err)
				}
			}
			for _, e := range near {
				lv, err := e.Level(size)
				if err != nil {
					t.Fatal(err)
				}
				b, d := lv.Board, ref[lv.Board]
				if !want[b] || !e.Near || e.Uniform || e.Distance != d {
					t.Fatalf("%+v: wanted %v, %d moves from the goal", e, want[b], d)
				}
				delete(want, b) // each once
				var hints []int
				for _, tap := range b.Taps() {
					if ref[play(t, m, b, tap)] == d-1 {
						hints = append(hints, int(tap))
					}
				}
				slices.Sort(hints)
				if !slices.Equal(e.Hints, hints) {
					t.Fatalf("%s: hints %v, want %v", b, e.Hints, hints)
				}
				if err := enc.Encode(e); err != nil {
					t.Fatal(err)
				}
			}
			read, err := levels.ReadPack(&text, size, m)
			if err != nil || len(read) != len(pack)+len(near) {
				t.Fatalf("the pack with its near boards: %d entries, %v", len(read), err)
			}
			// The boards near a pack that holds some already are the same.
			again, err := levels.MakeNear(context.Background(), s, read, &levels.NearOptions{Min: lo, Moves: moves})
			if err != nil || fmt.Sprint(again) != fmt.Sprint(near) {
				t.Errorf("again, with them in the pack: %d boards (%v)", len(again), err)
			}
		})
	}
}

// TestMakeNearRefuses checks what MakeNear refuses: a distance of more
// than NearMoves moves, a pack of another metric than the solver's, and
// one with no levels.
func TestMakeNearRefuses(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	pack := builtinPack(t, size, board.MultiTile)
	ref := solvers(t)
	s := map[board.Metric]*solver.Solver{board.SingleTile: ref(size, board.SingleTile), board.MultiTile: ref(size, board.MultiTile)}
	for _, tc := range []struct {
		name  string
		s     levels.HintSolver
		pack  []levels.PackEntry
		moves int
		want  error
	}{
		{"3 moves", s[board.MultiTile], pack, 3, levels.ErrRange},
		{"-1 moves", s[board.MultiTile], pack, -1, levels.ErrRange},
		{"another metric", s[board.SingleTile], pack, 1, levels.ErrPack},
		{"no levels", s[board.MultiTile], nil, 1, levels.ErrPack},
	} {
		if _, err := levels.MakeNear(context.Background(), tc.s, tc.pack, &levels.NearOptions{Min: 20, Moves: tc.moves}); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// play returns b after the move of tile t in metric m.
func play(t *testing.T, m board.Metric, b board.Board, tile uint8) board.Board {
	t.Helper()
	next, err := b.Play(m, tile)
	if err != nil {
		t.Fatal(err)
	}
	return next
}
