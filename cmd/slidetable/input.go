package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/board"
)

// parseBoard parses a board of size as the commands print one, so that
// what one command prints another reads back: numbers in reading order
// (see board.Parse), which may be followed by the moves gen -method walk
// prints after its boards ("  moves: 8 7 ..."), or preceded by the
// distance levels prints before its boards ("25  8 6 7/..."); or a JSON
// object of -json output with the board's "board" (and, if given, its
// "size", which must be size).
func parseBoard(size board.Size, text string) (board.Board, error) {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "{") {
		return parseBoardJSON(size, text)
	}
	if before, _, ok := strings.Cut(text, "moves:"); ok {
		text = before
	}
	b, err := board.Parse(size, text)
	if err != nil {
		// A line of levels: its distance, two spaces and the board.
		if d, rest, ok := strings.Cut(text, "  "); ok && isDigits(d) {
			return board.Parse(size, rest)
		}
	}
	return b, err
}

// isDigits reports whether s is a number of decimal digits.
func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// parseBoardJSON parses the board of a line of -json output.
func parseBoardJSON(size board.Size, text string) (board.Board, error) {
	var v struct {
		Size  string `json:"size"`
		Board []int  `json:"board"`
	}
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		return board.Board{}, fmt.Errorf("not a board, nor a JSON object with one: %v", err)
	}
	if v.Board == nil {
		return board.Board{}, errors.New(`a JSON object without a "board"`)
	}
	if v.Size != "" && v.Size != size.String() {
		return board.Board{}, fmt.Errorf("%w: a %s board, where %s was asked for", board.ErrMismatch, clip(v.Size), size)
	}
	words := make([]string, len(v.Board))
	for i, c := range v.Board {
		words[i] = strconv.Itoa(c)
	}
	return board.Parse(size, strings.Join(words, " "))
}
