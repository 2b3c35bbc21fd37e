package board

import (
	"errors"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/failure"
)

// ErrNotation reports a list of moves in letters that cannot be read: a
// character that is not a letter of a direction, or a count out of range.
var ErrNotation = failure.New(failure.Input, "board: bad move notation")

// Letter returns the letter speedsolvers write for d: U, D, L or R, the way
// the tiles move.
func (d Direction) Letter() byte {
	if int(d) < len(letters) {
		return letters[d]
	}
	return '?'
}

const letters = "UDLR"

// maxLetterMoves bounds the moves ParseLetters reads, and so the tiles it
// returns: far more than any solution, and a bound on what a caller's
// text can make it allocate.
const maxLetterMoves = 1 << 16

// Letters writes the moves of tiles, played one after another from b, in
// the speedsolvers' notation: for each move the letter of the way its
// tiles slide (see Direction.Letter), followed, in the multi-tile metric
// when more than one tile slides, by how many do ("R3D2L"). In the
// single-tile metric a move is one tile and one letter ("RRRDDL"). It
// fails with ErrIllegalMove naming the first move that cannot be played.
func (b Board) Letters(tiles []uint8, m Metric) (string, error) {
	var out strings.Builder
	at := b
	for i, t := range tiles {
		var (
			next  Board
			count = 1
			err   error
		)
		dir, derr := at.TapDirection(t)
		if m == MultiTile {
			next, count, err = at.Tap(t)
		} else {
			next, err = at.Move(t)
		}
		if err == nil {
			err = derr
		}
		if err != nil {
			return "", errorf(ErrIllegalMove, "move %d of %d, tile %d, cannot be played on %s", i+1, len(tiles), t, at)
		}
		out.WriteByte(dir.Letter())
		if count > 1 {
			out.WriteString(strconv.Itoa(count))
		}
		at = next
	}
	return out.String(), nil
}

// MoveLetters writes each of moves, each a move of b (hints, not a path),
// in the speedsolvers' notation (see Letters).
func (b Board) MoveLetters(moves []uint8, m Metric) ([]string, error) {
	out := make([]string, len(moves))
	for i, t := range moves {
		s, err := b.Letters([]uint8{t}, m)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// ParseLetters reads moves written in the speedsolvers' notation, played
// one after another from b, and returns the tiles moved, in the metric m:
// a letter (U, D, L or R, either case) for the way the tiles slide,
// optionally followed by how many slide at once ("R3"); spaces and commas
// between moves are allowed. In the multi-tile metric "R3" is one move,
// the tap of the tile three cells left of the blank, and "RRR" three; in
// the single-tile metric both are three moves. It fails with ErrNotation
// for text it cannot read and ErrIllegalMove for a move the board does
// not allow, naming it.
func (b Board) ParseLetters(s string, m Metric) ([]uint8, error) {
	tiles, _, err := b.playLetters(s, m)
	return tiles, err
}

// AfterLetters returns the board that moves in the speedsolvers' notation
// (see ParseLetters; either form, in any metric) make when played from b:
// a board given as a scramble of the goal. Its errors are ParseLetters's.
func (b Board) AfterLetters(s string) (Board, error) {
	_, end, err := b.playLetters(s, SingleTile)
	return end, err
}

// playLetters is ParseLetters, which also returns the board the moves end
// on.
func (b Board) playLetters(s string, m Metric) ([]uint8, Board, error) {
	var tiles []uint8
	at, w := b, b.size.W
	for i, n := 0, 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		dir := strings.IndexByte(letters, c&^0x20) // upper case
		if dir < 0 {
			return nil, Board{}, errorf(ErrNotation, "%q at offset %d is not a move: want U, D, L or R, each optionally with a count, such as R3D2L", clip(s[i:]), i)
		}
		start := i
		i++
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-i < 3 {
			j++
		}
		count := 1
		if j > i {
			count, _ = strconv.Atoi(s[i:j])
		}
		n++
		word := s[start:j]
		i = j
		if count < 1 || count >= max(w, b.size.H) || (i < len(s) && s[i] >= '0' && s[i] <= '9') {
			return nil, Board{}, errorf(ErrNotation, "move %d, %q: a %s board slides 1 to %d tiles at once", n, clip(word+s[i:min(len(s), i+3)]), b.size, max(w, b.size.H)-1)
		}
		z := at.Blank()
		var cell int
		switch Direction(dir) {
		case Up: // the tiles below the blank move up
			cell = z + count*w
		case Down:
			cell = z - count*w
		case Left:
			cell = z + count
		case Right:
			cell = z - count
		}
		if cell < 0 || cell >= at.Len() || (dir >= int(Left) && cell/w != z/w) {
			if count == 1 {
				return nil, Board{}, errorf(ErrIllegalMove, "move %d, %s: no tile can slide %s on %s", n, word, Direction(dir), at)
			}
			return nil, Board{}, errorf(ErrIllegalMove, "move %d, %s: fewer than %d tiles can slide %s on %s", n, word, count, Direction(dir), at)
		}
		if m == MultiTile {
			t := at.cells[cell]
			at, _, _ = at.Tap(t) // in the blank's line: checked above
			tiles = append(tiles, t)
		} else {
			for k := 1; k <= count; k++ {
				t := at.cells[z+(cell-z)*k/count]
				at, _ = at.Move(t) // next to the blank
				tiles = append(tiles, t)
			}
		}
		if len(tiles) > maxLetterMoves {
			return nil, Board{}, errorf(ErrNotation, "more than %d moves", maxLetterMoves)
		}
	}
	return tiles, at, nil
}

// AfterMoves returns the board that moves played from b make, as a
// scramble is given: in the speedsolvers' letters (see AfterLetters), or,
// where s starts with a digit, as tile numbers separated by spaces or
// commas, each moved (Move) in the single-tile metric or tapped (Tap) in
// the multi-tile one. An empty s is b itself. It fails with ErrNotation
// for text it cannot read, or more than 65,536 moves, and with
// ErrIllegalMove for a move that cannot be played, naming it.
func (b Board) AfterMoves(m Metric, s string) (Board, error) {
	text := strings.TrimSpace(s)
	if text == "" || text[0] < '0' || text[0] > '9' {
		return b.AfterLetters(text)
	}
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' })
	if len(words) > maxLetterMoves {
		return Board{}, errorf(ErrNotation, "%d moves: at most %d", len(words), maxLetterMoves)
	}
	at := b
	for i, w := range words {
		t, err := strconv.ParseUint(w, 10, 8)
		if err != nil {
			return Board{}, errorf(ErrNotation, "move %d, %q: not a tile number", i+1, clip(w))
		}
		next, err := at.Play(m, uint8(t))
		if ie := (*inputError)(nil); errors.As(err, &ie) {
			return Board{}, errorf(ErrIllegalMove, "move %d: %s", i+1, ie.msg)
		} else if err != nil {
			return Board{}, err
		}
		at = next
	}
	return at, nil
}
