package board_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestLettersExamples checks moves from the 3x3 and 4x4 goals written out
// by hand: the tile left of the blank slides right (R), the one above it
// down (D).
func TestLettersExamples(t *testing.T) {
	g3 := board.Goal(board.Size{W: 3, H: 3})
	g4 := board.Goal(board.Size{W: 4, H: 4})
	tests := []struct {
		goal    board.Board
		metric  board.Metric
		letters string
		tiles   []uint8
	}{
		{g3, board.SingleTile, "R", []uint8{8}},
		{g3, board.SingleTile, "D", []uint8{6}},
		{g3, board.SingleTile, "RRDD", []uint8{8, 7, 4, 1}},
		{g3, board.MultiTile, "R2D2", []uint8{7, 1}},
		{g3, board.MultiTile, "R2D2L", []uint8{7, 1, 2}},
		{g4, board.MultiTile, "R3D3L2U", []uint8{13, 1, 3, 7}},
		{g4, board.SingleTile, "RRRD", []uint8{15, 14, 13, 9}},
	}
	for _, tt := range tests {
		got, err := tt.goal.Letters(tt.tiles, tt.metric)
		if err != nil || got != tt.letters {
			t.Errorf("%v %v Letters(%v) = %q, %v; want %q", tt.goal.Size(), tt.metric, tt.tiles, got, err, tt.letters)
		}
		tiles, err := tt.goal.ParseLetters(tt.letters, tt.metric)
		if err != nil || !slices.Equal(tiles, tt.tiles) {
			t.Errorf("%v %v ParseLetters(%q) = %v, %v; want %v", tt.goal.Size(), tt.metric, tt.letters, tiles, err, tt.tiles)
		}
	}
	// R2 in the single-tile metric is two moves; spaces, commas and lower
	// case are read too.
	if tiles, err := g3.ParseLetters(" r2, d ", board.SingleTile); err != nil || !slices.Equal(tiles, []uint8{8, 7, 4}) {
		t.Errorf("ParseLetters(r2, d) = %v, %v; want [8 7 4]", tiles, err)
	}
}

// TestLettersRoundTrip plays random walks of taps and of single moves on
// boards of several sizes, writes them in letters and reads them back: the
// same tiles, and the single-tile letters of a tap are as many as the
// tiles it slides.
func TestLettersRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 3}, {W: 4, H: 4}, {W: 5, H: 2}, {W: 2, H: 5}} {
		for range 200 {
			start := board.Goal(size)
			at := start
			var taps, singles []uint8
			for range r.IntN(30) {
				cand := at.Taps()
				tile := cand[r.IntN(len(cand))]
				next, count, err := at.Tap(tile)
				if err != nil {
					t.Fatal(err)
				}
				// The singles the tap is made of, nearest the blank first.
				z, c, w := at.Blank(), at.Index(tile), size.W
				step := 1
				if c/w != z/w {
					step = w
				}
				if c < z {
					step = -step
				}
				for k := 1; k <= count; k++ {
					singles = append(singles, at.At(z+step*k))
				}
				taps = append(taps, tile)
				at = next
			}
			multi, err := start.Letters(taps, board.MultiTile)
			if err != nil {
				t.Fatal(err)
			}
			single, err := start.Letters(singles, board.SingleTile)
			if err != nil {
				t.Fatal(err)
			}
			if strings.ContainsAny(single, "0123456789") {
				t.Fatalf("single-tile letters %q have a count", single)
			}
			got, err := start.ParseLetters(multi, board.MultiTile)
			if err != nil || !slices.Equal(got, taps) {
				t.Fatalf("%v: %q read back as %v, %v; want %v", size, multi, got, err, taps)
			}
			got, err = start.ParseLetters(multi, board.SingleTile)
			if err != nil || !slices.Equal(got, singles) {
				t.Fatalf("%v: %q in single moves read back as %v, %v; want %v", size, multi, got, err, singles)
			}
			got, err = start.ParseLetters(single, board.SingleTile)
			if err != nil || !slices.Equal(got, singles) {
				t.Fatalf("%v: %q read back as %v, %v; want %v", size, single, got, err, singles)
			}
			end, err := start.Apply(singles...)
			if err != nil || end != at {
				t.Fatalf("%v: the singles of %q end on %v, the taps on %v", size, multi, end, at)
			}
		}
	}
}

// TestLettersRefused checks what cannot be read or played.
func TestLettersRefused(t *testing.T) {
	g := board.Goal(board.Size{W: 3, H: 3})
	for _, tt := range []struct {
		s    string
		want error
	}{
		{"X", board.ErrNotation},
		{"R0", board.ErrNotation},
		{"R3", board.ErrNotation},
		{"R1000", board.ErrNotation},
		{"R-1", board.ErrNotation},
		{"3R", board.ErrNotation},
		{"U", board.ErrIllegalMove},
		{"L", board.ErrIllegalMove},
		{"RRR", board.ErrIllegalMove},
		{"DDD", board.ErrIllegalMove},
	} {
		for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
			if _, err := g.ParseLetters(tt.s, m); !errors.Is(err, tt.want) {
				t.Errorf("ParseLetters(%q, %v): %v, want %v", tt.s, m, err, tt.want)
			}
		}
	}
	if _, err := g.Letters([]uint8{1}, board.SingleTile); !errors.Is(err, board.ErrIllegalMove) {
		t.Errorf("Letters of tile 1 on the goal: %v, want ErrIllegalMove", err)
	}
	if _, err := g.Letters([]uint8{7}, board.SingleTile); !errors.Is(err, board.ErrIllegalMove) {
		t.Errorf("Letters of tile 7, two cells from the blank, in single-tile moves: %v, want ErrIllegalMove", err)
	}
	if _, err := g.ParseLetters(strings.Repeat("RL", 40000), board.SingleTile); !errors.Is(err, board.ErrNotation) {
		t.Errorf("80,000 moves: %v, want ErrNotation", err)
	}
}

// FuzzParseLetters reads any text from the 3x3 goal: an error of the
// package's own, or tiles that play from the goal and write back as
// letters that read back as the same tiles.
func FuzzParseLetters(f *testing.F) {
	f.Add("R2D2L", true)
	f.Add("rrdd", false)
	f.Add("U", false)
	f.Fuzz(func(t *testing.T, s string, multi bool) {
		g := board.Goal(board.Size{W: 3, H: 3})
		m := board.SingleTile
		if multi {
			m = board.MultiTile
		}
		tiles, err := g.ParseLetters(s, m)
		if err != nil {
			if !errors.Is(err, board.ErrNotation) && !errors.Is(err, board.ErrIllegalMove) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		back, err := g.Letters(tiles, m)
		if err != nil {
			t.Fatalf("%q read as %v, which cannot be written: %v", s, tiles, err)
		}
		again, err := g.ParseLetters(back, m)
		if err != nil || !slices.Equal(again, tiles) {
			t.Fatalf("%q read as %v, written %q, read back as %v, %v", s, tiles, back, again, err)
		}
	})
}

// TestAfterLetters checks that the board a scramble makes is the one its
// moves, read by ParseLetters, reach by Apply, in either form; and that
// what ParseLetters refuses, AfterLetters refuses alike.
func TestAfterLetters(t *testing.T) {
	g := board.Goal(board.Size{W: 4, H: 4})
	for _, s := range []string{"", "R", "R3D3L2U", "RRRDDDLLU", "r3 d3 l2 u"} {
		tiles, err := g.ParseLetters(s, board.SingleTile)
		if err != nil {
			t.Fatal(err)
		}
		want, err := g.Apply(tiles...)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := g.AfterLetters(s); err != nil || got != want {
			t.Errorf("AfterLetters(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"X", "U", "R4"} {
		if b, err := g.AfterLetters(s); err == nil || !b.IsZero() {
			t.Errorf("AfterLetters(%q) = %v, %v; want an error", s, b, err)
		}
	}
}

// TestAfterMoves plays scrambles in letters and in tile numbers, in both
// metrics, and refuses what cannot be read or played, naming it.
func TestAfterMoves(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	goal := board.Goal(size)
	play := func(m board.Metric, tiles ...uint8) board.Board {
		b := goal
		for _, t := range tiles {
			var err error
			if b, err = b.Play(m, t); err != nil {
				panic(err)
			}
		}
		return b
	}
	for _, tc := range []struct {
		m    board.Metric
		s    string
		want board.Board
	}{
		{board.SingleTile, "", goal},
		{board.SingleTile, "  ", goal},
		{board.SingleTile, "RR", play(board.SingleTile, 8, 7)},
		{board.MultiTile, "R2", play(board.MultiTile, 7)},
		{board.SingleTile, "8 7 4", play(board.SingleTile, 8, 7, 4)},
		{board.SingleTile, "8,7,\t4", play(board.SingleTile, 8, 7, 4)},
		{board.MultiTile, "7 1", play(board.MultiTile, 7, 1)},
	} {
		got, err := goal.AfterMoves(tc.m, tc.s)
		if err != nil || got != tc.want {
			t.Errorf("AfterMoves(%v, %q) = %v, %v; want %v", tc.m, tc.s, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		s    string
		kind error
		want string
	}{
		{"8 x", board.ErrNotation, `move 2, "x": not a tile number`},
		{"8 300", board.ErrNotation, `move 2, "300": not a tile number`},
		{"8 1", board.ErrIllegalMove, "move 2: "},
		{"RX", board.ErrNotation, "is not a move"},
		{strings.Repeat("1 ", 1<<16+1), board.ErrNotation, "65537 moves: at most 65536"},
	} {
		_, err := goal.AfterMoves(board.SingleTile, tc.s)
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("AfterMoves(%.20q): %v; want %v saying %q", tc.s, err, tc.kind, tc.want)
		}
	}
}
