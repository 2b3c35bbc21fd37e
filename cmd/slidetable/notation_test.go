package main

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
)

// TestNotationLetters solves 3x3 boards in both metrics with -notation
// letters: the letters, played from the board, reach the goal in as many
// moves as the plain search says the board is from it, and -json carries
// the same letters beside the tiles.
func TestNotationLetters(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 3, H: 3}
	goal := board.Goal(size)
	r := rand.New(rand.NewPCG(3, 4))
	for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
		ref := reference.DistancesIn(goal, metric)
		for range 20 {
			b := randomBoard(r, ref)
			code, out, errOut := slidetable(t, "", "solve", "-metric", metric.String(), "-notation", "letters", "3x3", b.String())
			if code != 0 {
				t.Fatalf("solve %v: exit %d, %s", b, code, errOut)
			}
			moves := lineAfter(out, "moves: ")
			tiles, err := b.ParseLetters(moves, metric)
			if err != nil {
				t.Fatalf("solve %v printed %q: %v", b, moves, err)
			}
			if len(tiles) != ref[b] || !reaches(b, tiles, metric, goal) {
				t.Fatalf("solve %v in %v: %q, %d moves (the plain search: %d), or not to the goal", b, metric, moves, len(tiles), ref[b])
			}
			if metric == board.SingleTile && strings.ContainsAny(moves, "0123456789") {
				t.Errorf("single-tile letters %q have counts", moves)
			}
			code, out, errOut = slidetable(t, "", "hint", "-metric", metric.String(), "-notation", "letters", "-json", "3x3", b.String())
			var h struct {
				Moves   []int
				Letters []string
			}
			if code != 0 || json.Unmarshal([]byte(out), &h) != nil || len(h.Letters) != len(h.Moves) || len(h.Moves) == 0 {
				t.Fatalf("hint -json %v: exit %d, %s %s", b, code, out, errOut)
			}
			for i, l := range h.Letters {
				tiles, err := b.ParseLetters(l, metric)
				if err != nil || len(tiles) != 1 || int(tiles[0]) != h.Moves[i] {
					t.Errorf("hint %v: letter %q reads as %v, %v; its tile is %d", b, l, tiles, err, h.Moves[i])
				}
			}
		}
	}
}

// TestScramble gives boards as moves from the goal, in letters and in
// tiles, to the commands that take a board, and refuses what cannot be
// played.
func TestScramble(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"distance", "-scramble", "RRDD", "3x3"}, "4\n"},
		{[]string{"distance", "-scramble", "R2D2", "3x3"}, "4\n"},
		{[]string{"distance", "-scramble", "8 7 4 1", "3x3"}, "4\n"},
		{[]string{"distance", "-metric", "multi", "-scramble", "R2D2", "3x3"}, "2\n"},
		{[]string{"distance", "-metric", "multi", "-scramble", "7 1", "3x3"}, "2\n"},
		{[]string{"solvable", "-scramble", "R3D3L2U", "4x4"}, "true\n"},
		{[]string{"solve", "-scramble", "R3D3L2U", "-notation", "letters", "4x4"}, "distance: 9\nmoves: DRRUUULLL\n"},
		{[]string{"distance", "-goal", "0 1 2/3 4 5/6 7 8", "-scramble", "L2", "3x3"}, "2\n"},
		// An empty scramble is the goal, as the API's empty scramble= is.
		{[]string{"distance", "-scramble", "", "3x3"}, "0\n"},
		{[]string{"hint", "-scramble", " ", "4x4"}, "distance: 0 (solved)\n"},
		{[]string{"solvable", "-goal", "0 1 2/3 4 5/6 7 8", "-scramble", "", "-json", "3x3"}, `{"size":"3x3","goal":[0,1,2,3,4,5,6,7,8],"board":[0,1,2,3,4,5,6,7,8],"solvable":true}` + "\n"},
	} {
		code, out, errOut := slidetable(t, "", tt.args...)
		if code != 0 || out != tt.want {
			t.Errorf("%q: exit %d, %q %q; want %q", tt.args, code, out, errOut, tt.want)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"distance", "-scramble", "RX", "3x3"}, "is not a move"},
		{[]string{"distance", "-scramble", "U", "3x3"}, "no tile can slide up"},
		{[]string{"distance", "-scramble", "8 1", "3x3"}, "move 2"},
		{[]string{"distance", "-scramble", "R", "3x3", "1 2 3 4 5 6 7 8 0"}, "not both"},
		{[]string{"distance", "-scramble", "R", "3x3", "-"}, "not both"},
		{[]string{"distance", "-scramble", "", "3x3", "1 2 3 4 5 6 7 8 0"}, "not both"},
		{[]string{"solve", "-scramble", "", "3x3", "-"}, "not both"},
		{[]string{"solve", "-notation", "braille", "3x3", "1 2 3 4 5 6 7 8 0"}, "want tiles or letters"},
	} {
		code, _, errOut := slidetable(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// randomBoard returns a board of ref, by a walk from its first key's goal
// of a random length.
func randomBoard(r *rand.Rand, ref map[board.Board]int) board.Board {
	for b, d := range ref {
		if d > 0 && r.IntN(1000) == 0 {
			return b
		}
	}
	for b, d := range ref {
		if d > 0 {
			return b
		}
	}
	panic("no board")
}

// reaches reports whether tiles, played from b in metric, end on goal.
func reaches(b board.Board, tiles []uint8, metric board.Metric, goal board.Board) bool {
	for _, t := range tiles {
		var err error
		if b, err = b.Play(metric, t); err != nil {
			return false
		}
	}
	return b == goal
}

// lineAfter returns the rest of the line of out that starts with prefix.
func lineAfter(out, prefix string) string {
	for l := range strings.Lines(out) {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}
