package pdb_test

import (
	"context"
	"errors"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/pdb"
)

// TestBuildDefaultLimit: with MaxMemory 0 a build that needs more than
// the default limit (half the physical memory) is refused before it
// allocates, as every reader, proof and build of the module refuses.
func TestBuildDefaultLimit(t *testing.T) {
	goal := board.Goal(board.Size{W: 5, H: 5})
	groups := [][]uint8{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, {21, 22, 23, 24}}
	need, _ := pdb.Memory(goal, groups, nil)
	_, err := pdb.Build(context.Background(), goal, groups, nil)
	if !errors.Is(err, pdb.ErrMemory) {
		t.Fatalf("a build needing %d bytes, no limit given: %v, want ErrMemory", need, err)
	}
	t.Log(err)
}
