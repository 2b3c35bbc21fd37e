package source

import (
	"errors"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestBuiltinPack reads the built-in 4x4 packs once and says which
// distances they cover; a size without a pack is not built in.
func TestBuiltinPack(t *testing.T) {
	single, err := BuiltinPack(s4x4, board.SingleTile)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := BuiltinPack(s4x4, board.SingleTile); again != single {
		t.Error("the pack is read again")
	}
	if !single.Covers(1, 60) || single.Covers(60, 61) || single.Covers(5, 4) {
		t.Error("the 4x4 pack does not cover 1 to 60 moves and only them")
	}
	multi, err := BuiltinPack(s4x4, board.MultiTile)
	if err != nil {
		t.Fatal(err)
	}
	if !multi.Covers(1, 30) || multi.Covers(40, 43) || len(multi.Levels) != len(multi.Entries) {
		t.Errorf("the 4x4 multi-tile pack: %d levels of %d entries", len(multi.Levels), len(multi.Entries))
	}
	if d := multi.Describe(); d.Kind != "level pack" || d.Where != "built-in" || !d.Exact || len(d.Hash) != 64 {
		t.Errorf("described as %+v", d)
	}
	if _, err := BuiltinPack(board.Size{W: 5, H: 5}, board.SingleTile); !errors.Is(err, ErrNotBuiltin) {
		t.Errorf("a 5x5 pack: %v, want ErrNotBuiltin", err)
	}
}
