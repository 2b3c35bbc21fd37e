package reference

import (
	"reflect"
	"sync"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestDistancesShared checks that the search of a small board is made once
// a process and shared, also by callers asking at the same time, one for
// each goal, metric and depth; and that a large board's is made anew.
func TestDistancesShared(t *testing.T) {
	same := func(a, b map[board.Board]int) bool {
		return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
	}
	goal := board.Goal(board.Size{W: 3, H: 2})
	maps := make([]map[board.Board]int, 8)
	var wg sync.WaitGroup
	for i := range maps {
		wg.Go(func() { maps[i] = DistancesIn(goal, board.MultiTile) })
	}
	wg.Wait()
	for _, m := range maps[1:] {
		if !same(m, maps[0]) {
			t.Fatal("the same search made twice")
		}
	}
	if got, want := len(maps[0]), 360; got != want {
		t.Fatalf("%d boards reach %v, want %d", got, goal, want)
	}
	other, _ := board.Parse(goal.Size(), "0 1 2/3 4 5")
	for _, m := range []map[board.Board]int{
		Distances(goal), DistancesWithin(goal, board.MultiTile, 3), DistancesIn(other, board.MultiTile),
	} {
		if same(m, maps[0]) {
			t.Error("another goal, metric or depth answered from the same search")
		}
	}
	if got, want := DistancesWithin(goal, board.MultiTile, 0), map[board.Board]int{goal: 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("within 0 moves: %v, want %v", got, want)
	}
	big := board.Goal(board.Size{W: 5, H: 2})
	if same(DistancesWithin(big, board.SingleTile, 2), DistancesWithin(big, board.SingleTile, 2)) {
		t.Errorf("%v kept: more than %d cells", big.Size(), memoCells)
	}
}
