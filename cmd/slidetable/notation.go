package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/board"
)

// addScrambleFlag adds -scramble to f: a board given as the moves that
// make it from the goal.
func (f *flags) addScrambleFlag() {
	f.scramble = f.String("scramble", "", "instead of a board, play `MOVES` from the goal (a -table FILE's own, or -goal): letters as speedsolvers write them (\"RRDL\", \"R3D2L\": the way the tiles slide, with a count when several slide at once) or tile numbers (\"8 7 4\": each tile moved, or tapped with -metric multi); none, \"\", is the goal itself")
}

// scrambleGiven reports whether -scramble was given, even empty: an
// empty scramble is the goal, not a missing board.
func (f *flags) scrambleGiven() bool {
	given := false
	if f.scramble != nil {
		f.Visit(func(fl *flag.Flag) { given = given || fl.Name == "scramble" })
	}
	return given
}

// scrambled returns the board -scramble makes from goal, the goal the
// command's answers are measured to: a -table FILE's own, -goal, or the
// standard one. Its moves are letters, or tile numbers; none is the goal.
func (f *flags) scrambled(goal board.Board) (board.Board, error) {
	text := strings.TrimSpace(*f.scramble)
	if text != "" && text[0] >= '0' && text[0] <= '9' {
		b, err := playTiles(goal, text, f.metric)
		if err != nil {
			return board.Board{}, f.fail(fmt.Errorf("-scramble: %w", err))
		}
		return b, nil
	}
	b, err := goal.AfterLetters(text)
	if err != nil {
		return board.Board{}, f.fail(fmt.Errorf("-scramble: %w", err))
	}
	return b, nil
}

// playTiles plays the tiles of text, numbers separated by spaces or
// commas, from b: each a single-tile move, or a tap in the multi-tile
// metric.
func playTiles(b board.Board, text string, m board.Metric) (board.Board, error) {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(words) > maxScrambleMoves {
		return board.Board{}, fmt.Errorf("%d moves: at most %d", len(words), maxScrambleMoves)
	}
	for i, w := range words {
		t, err := strconv.ParseUint(w, 10, 8)
		if err != nil {
			return board.Board{}, fmt.Errorf("move %d, %q: not a tile number", i+1, clip(w))
		}
		if b, err = b.Play(m, uint8(t)); err != nil {
			return board.Board{}, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return b, nil
}

// maxScrambleMoves bounds the tile numbers -scramble plays.
const maxScrambleMoves = 1 << 16

// notationFlag is -notation of solve and hint: how moves are written.
type notationFlag struct {
	f    *flags
	name *string
}

func addNotationFlag(f *flags) *notationFlag {
	return &notationFlag{f: f, name: f.String("notation", "tiles", "write moves as `NOTATION`: tiles (the tile moved, or tapped) or letters (the way the tiles slide, as speedsolvers write them: RRDL, or R3D2L in multi-tile moves)")}
}

// letters checks -notation and reports whether it asks for letters.
func (n *notationFlag) letters() (bool, error) {
	switch *n.name {
	case "tiles":
		return false, nil
	case "letters":
		return true, nil
	}
	return false, n.f.failf("-notation %q: want tiles or letters", clip(*n.name))
}

// inMetric is what the text answers add after a distance in m.
func inMetric(m board.Metric) string {
	if m == board.MultiTile {
		return " (multi-tile moves)"
	}
	return ""
}
