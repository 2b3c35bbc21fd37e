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
	if _, _, ok := (*Pack)(nil).Known(board.Goal(s4x4)); ok {
		t.Error("a nil pack knows a board")
	}
	if _, err := BuiltinPack(board.Size{W: 5, H: 5}, board.SingleTile); !errors.Is(err, ErrNotBuiltin) {
		t.Errorf("a 5x5 pack: %v, want ErrNotBuiltin", err)
	}
}

// TestPackHolds checks that what PackHolds says of every range, known
// without reading the pack where data lists its distances (4x4), is what
// the pack read says, and that a size without a pack holds nothing.
func TestPackHolds(t *testing.T) {
	for _, size := range []board.Size{s4x4, {W: 3, H: 3}} {
		for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
			p, err := BuiltinPack(size, m)
			if err != nil {
				t.Fatal(err)
			}
			for lo := 0; lo <= 82; lo++ {
				for hi := lo; hi <= lo+3; hi++ {
					if got, want := PackHolds(size, m, lo, hi), p.Covers(lo, hi); got != want {
						t.Errorf("%s %s %d..%d: PackHolds %v, the pack %v", size, m, lo, hi, got, want)
					}
				}
			}
		}
	}
	if !PackHolds(s4x4, board.MultiTile, 39, 39) || PackHolds(s4x4, board.MultiTile, 40, 40) || !PackHolds(s4x4, board.SingleTile, 80, 80) {
		t.Error("the 4x4 packs: not 39 multi-tile moves and 80 single-tile ones, or 40 multi-tile moves")
	}
	if PackHolds(board.Size{W: 5, H: 5}, board.SingleTile, 1, 1) {
		t.Error("a 5x5 pack holds 1 move")
	}
}

// TestCatalogPack checks where a catalogue lets a level pack answer: 4x4
// searched towards the standard goal, in either metric, and nowhere a
// table answers, another goal is played, the search itself is asked for,
// or a file was given for the question.
func TestCatalogPack(t *testing.T) {
	plain, err := NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		if p := plain.Pack(s4x4, m); p == nil || p.Metric != m || p.Size != s4x4 {
			t.Errorf("4x4 in %s moves: %v, want the built-in pack", m, p)
		}
		if p := plain.Pack(board.Size{W: 3, H: 3}, m); p != nil {
			t.Errorf("3x3 in %s moves, which a table answers: a pack", m)
		}
	}
	other, _ := board.Parse(s4x4, "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15")
	searched, _ := NewCatalog(&CatalogOptions{Search: true})
	goal, _ := NewCatalog(&CatalogOptions{Goals: []board.Board{other}})
	dir := t.TempDir()
	given, _ := NewCatalog(&CatalogOptions{Options: Options{Dir: dir}, Given: []*Source{readFile(t, dir, tierPath)}})
	for name, c := range map[string]*Catalog{"Search": searched, "another goal": goal, "a given tier": given} {
		if c == nil {
			t.Fatalf("%s: no catalogue", name)
		}
		if p := c.Pack(s4x4, board.MultiTile); p != nil {
			t.Errorf("%s: a pack answers 4x4 in multi-tile moves", name)
		}
	}
	if plain.Pack(s4x4, board.Metric(7)) != nil || plain.Pack(board.Size{W: 1, H: 4}, board.SingleTile) != nil {
		t.Error("a pack for a metric or a size that is not one")
	}
	// A tier given for multi-tile moves leaves the single-tile pack.
	if given.Pack(s4x4, board.SingleTile) == nil {
		t.Error("a tier given: no single-tile pack")
	}
}
