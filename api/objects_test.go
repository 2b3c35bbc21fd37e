package api_test

import (
	"encoding/json"
	"testing"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRules checks the rules of the package documentation on each object
// that can leave a value out.
func TestRules(t *testing.T) {
	size := board.Size{W: 2, H: 2}
	std := board.Goal(size)
	other := board.MustParse(size, "0 1 2 3")
	b := board.MustParse(size, "1 2 0 3")
	for _, tc := range []struct {
		v    any
		want string
	}{
		{api.NewDrawn(std, b, nil), `{"size":"2x2","board":[1,2,0,3]}`},
		{api.NewDrawn(other, b, []uint8{}), `{"size":"2x2","goal":[0,1,2,3],"board":[1,2,0,3],"moves":[]}`},
		{api.NewDrawn(std, b, []uint8{3}), `{"size":"2x2","board":[1,2,0,3],"moves":[3]}`},
		{api.NewLevel(api.NewAbout(other, board.SingleTile), b, 4), `{"size":"2x2","goal":[0,1,2,3],"board":[1,2,0,3],"distance":4}`},
		{api.Solvable{About: api.NewAbout(std, board.SingleTile), Board: b, Solvable: true}, `{"size":"2x2","board":[1,2,0,3],"solvable":true}`},
		{api.Verify{About: api.NewAbout(std, board.SingleTile), Certified: true, Permutations: 24, Reachable: 12}, `{"size":"2x2","certified":true,"permutations":24,"reachable":12,"mismatches":0}`},
	} {
		if got := marshal(t, tc.v); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}
