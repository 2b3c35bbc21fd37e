package server_test

import (
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestNotation asks for boards by scramble and for moves in letters: the
// letters of a solution, played from the board, reach the goal in as many
// moves as the distance, in both metrics; what cannot be read is refused
// with 400, naming it.
func TestNotation(t *testing.T) {
	s := newServer(t, nil)
	goal := board.Goal(board.Size{W: 3, H: 3})
	for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
		var p struct {
			Board    []int    `json:"board"`
			Distance int      `json:"distance"`
			Moves    []int    `json:"moves"`
			Letters  []string `json:"letters"`
		}
		path := "/api/solve?size=3x3&scramble=R2D2LURDLU&notation=letters&metric=" + metric.String()
		if code, body := call(t, s, path, &p); code != 200 {
			t.Fatalf("%s: %d %s", path, code, body)
		}
		cells := make([]uint8, len(p.Board))
		for i, c := range p.Board {
			cells[i] = uint8(c)
		}
		b, err := board.New(goal.Size(), cells)
		if err != nil {
			t.Fatal(err)
		}
		// R2 D2 L U R D L U: the tiles 8 7, 4 1, 2, 5, 1, 2, 5, 1.
		want, err := goal.Apply(8, 7, 4, 1, 2, 5, 1, 2, 5, 1)
		if err != nil || b != want {
			t.Fatalf("%s: board %v, want %v", path, b, want)
		}
		tiles, err := b.ParseLetters(strings.Join(p.Letters, ""), metric)
		if err != nil || len(tiles) != p.Distance || len(p.Letters) != len(p.Moves) {
			t.Fatalf("%s: letters %v read as %v, %v; distance %d, moves %v", path, p.Letters, tiles, err, p.Distance, p.Moves)
		}
		for i, tile := range tiles {
			if int(tile) != p.Moves[i] {
				t.Fatalf("%s: letters %v are tiles %v, the moves %v", path, p.Letters, tiles, p.Moves)
			}
		}
	}
	var h struct {
		Moves   []int    `json:"moves"`
		Letters []string `json:"letters"`
	}
	if code, body := call(t, s, "/api/hint?size=3x3&scramble=R&notation=letters", &h); code != 200 || len(h.Letters) != 1 || h.Letters[0] != "L" {
		t.Errorf("hint one move from the goal: %d %s, want the letter L", code, body)
	}
	for _, tc := range []struct{ path, want string }{
		{"/api/distance?size=3x3&scramble=RX", "is not a move"},
		{"/api/distance?size=3x3&scramble=U", "no tile can slide up"},
		{"/api/distance?size=3x3&scramble=R&board=1,2,3,4,5,6,7,8,0", "not both"},
		{"/api/solve?size=3x3&scramble=R&notation=braille", "want tiles or letters"},
		{"/api/distance?size=3x3&scramble=R&notation=letters", `unknown parameter \"notation\"`},
	} {
		if code, body := call(t, s, tc.path, nil); code != 400 || !strings.Contains(body, tc.want) {
			t.Errorf("%s: %d %s, want 400 and %q", tc.path, code, body, tc.want)
		}
	}
}
