package api_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/source"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		counts []uint64
		want   float64
	}{
		{[]uint64{1}, 0},
		{[]uint64{1, 1}, 0.5},
		{[]uint64{1, 2, 1}, 1},
		{[]uint64{3, 0, 0, 3}, 1.5},
		{[]uint64{1, 2, 4, 1}, 2},
		{[]uint64{5, 1, 1, 1}, 0},
	}
	for _, tt := range tests {
		if got := api.Median(tt.counts); got != tt.want {
			t.Errorf("Median(%v) = %v, want %v", tt.counts, got, tt.want)
		}
	}
	if got := api.Median([]uint64{0, 0}); !math.IsNaN(got) {
		t.Errorf("median of nothing = %v, want NaN", got)
	}
}

func TestJSON(t *testing.T) {
	b := board.MustParse(board.Size{W: 3, H: 3}, "4 1 3/7 2 6/0 5 8")
	goal := board.Goal(b.Size())
	other := board.MustParse(b.Size(), "0 1 2/3 4 5/6 7 8")
	tests := []struct {
		v    any
		want string
	}{
		{api.NewDistance(api.NewAbout(goal, board.SingleTile), b, true, 6), `{"size":"3x3","board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":6}`},
		{api.NewDistance(api.NewAbout(goal, board.SingleTile), b, false, 6), `{"size":"3x3","board":[4,1,3,7,2,6,0,5,8],"solvable":false}`},
		{api.NewDistance(api.NewAbout(other, board.SingleTile), b, true, 6), `{"size":"3x3","goal":[0,1,2,3,4,5,6,7,8],"board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":6}`},
		{api.NewMoves(api.NewAbout(goal, board.SingleTile), b, true, 2, []uint8{7, 5}, true), `{"size":"3x3","board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":2,"moves":[7,5]}`},
		{api.NewMoves(api.NewAbout(goal, board.SingleTile), b, true, 0, nil, true), `{"size":"3x3","board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":0,"moves":[]}`},
		{api.NewMoves(api.NewAbout(goal, board.SingleTile), b, false, 0, nil, true), `{"size":"3x3","board":[4,1,3,7,2,6,0,5,8],"solvable":false}`},
		{api.Error{Error: "bad"}, `{"error":"bad"}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.v)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
}

// TestStatsAgainstReference checks NewStats on 3x2 against a plain search.
func TestStatsAgainstReference(t *testing.T) {
	size := board.Size{W: 3, H: 2}
	tbl, err := source.BuiltinTable(size)
	if err != nil {
		t.Fatal(err)
	}
	dist := reference.Distances(board.Goal(size))
	var counts []uint64
	var sum int
	for _, d := range dist {
		for len(counts) <= d {
			counts = append(counts, 0)
		}
		counts[d]++
		sum += d
	}
	st := api.NewStats(tbl, nil)
	if st.States != uint64(len(dist)) || st.Max != len(counts)-1 || st.AtMax != counts[len(counts)-1] {
		t.Errorf("states %d max %d at max %d, want %d %d %d", st.States, st.Max, st.AtMax, len(dist), len(counts)-1, counts[len(counts)-1])
	}
	if want := float64(sum) / float64(len(dist)); math.Abs(st.Mean-want) > 1e-12 {
		t.Errorf("mean %v, want %v", st.Mean, want)
	}
	for d := range counts {
		if st.Counts[d] != counts[d] {
			t.Errorf("count at %d: %d, want %d", d, st.Counts[d], counts[d])
		}
	}
	if st.Hardest == nil {
		t.Error("Hardest is nil; want an empty list, [] in JSON")
	}
}

// TestTaps checks the taps of hints (each a move of the board) and of a
// path (played in order), and a tile that cannot be tapped.
func TestTaps(t *testing.T) {
	b := board.MustParse(board.Size{W: 3, H: 3}, "4 1 3/7 2 6/0 5 8")
	hints := api.Taps(b, []uint8{8, 4, 5, 2}, false)
	want := []api.Tap{{8, 2, board.Left}, {4, 2, board.Down}, {5, 1, board.Left}, {2, 0, 0}}
	if len(hints) != len(want) {
		t.Fatalf("hints: %v, want %v", hints, want)
	}
	for i := range want {
		if hints[i] != want[i] {
			t.Errorf("hint %d: %+v, want %+v", i, hints[i], want[i])
		}
	}
	path := api.Taps(b, []uint8{8, 3, 2, 9}, true)
	want = []api.Tap{{8, 2, board.Left}, {3, 2, board.Down}, {2, 0, 0}, {9, 0, 0}}
	for i := range want {
		if path[i] != want[i] {
			t.Errorf("path move %d: %+v, want %+v", i, path[i], want[i])
		}
	}
	m := api.NewMoves(api.NewAbout(board.Goal(b.Size()), board.MultiTile), b, true, 2, []uint8{8, 3}, true)
	if len(m.Slides) != 2 || m.Slides[0] != 2 || m.Slides[1] != 2 {
		t.Errorf("NewMoves slides %v, want [2 2]", m.Slides)
	}
}
