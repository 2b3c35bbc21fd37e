package source

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/levels"
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

// TestPackHints checks what a pack knows of the optimal moves of a
// board: the 3x3 multi-tile pack, with the boards within two moves of its
// levels' solutions at 20 moves or more (levels.MakeNear, with the exact
// table, the reference). For a board near the levels, every optimal move,
// the first move of its stored solution first and the others in
// increasing order, and its solution; the next move of a stored solution
// alone for a level and a board along a solution; nothing for a board off
// them, or of a nil pack. The near boards are no levels: not among
// Entries or Levels, nor covered.
func TestPackHints(t *testing.T) {
	size, m := board.Size{W: 3, H: 3}, board.MultiTile
	raw, err := data.PackFile(size, m)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := readPack(raw, size, m)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := cat.For(context.Background(), size, m)
	if err != nil || ans.Table == nil {
		t.Fatalf("the 3x3 table: %v", err)
	}
	near, err := levels.MakeNear(context.Background(), answerSolver{ans}, plain.Entries, &levels.NearOptions{Min: 20})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	text.Write(raw)
	enc := json.NewEncoder(&text)
	for _, e := range near {
		if err := enc.Encode(e); err != nil {
			t.Fatal(err)
		}
	}
	p, err := readPack(text.Bytes(), size, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Near) != len(near) || len(p.Near) < 100 || len(p.Entries) != len(plain.Entries) || len(p.Levels) != len(p.Entries) || fmt.Sprint(p.at) != fmt.Sprint(plain.at) {
		t.Fatalf("%d levels (%d entries), %d boards near them of %d", len(p.Levels), len(p.Entries), len(p.Near), len(near))
	}
	for _, e := range p.Near {
		lv, err := e.Level(size)
		if err != nil {
			t.Fatal(err)
		}
		b := lv.Board
		if slices.ContainsFunc(p.Levels, func(l levels.Level) bool { return l.Board == b }) {
			t.Fatalf("%s, near the levels, is one", b)
		}
		hints, d, err := ans.Table.Hints(b)
		if err != nil {
			t.Fatal(err)
		}
		h, ok := p.Hints(b)
		kd, rest, known := p.Known(b)
		if !ok || !known || !h.All || h.Distance != d || kd != d || len(rest) != d || rest[0] != h.Moves[0] || len(h.Moves) != len(hints) ||
			!slices.IsSorted(h.Moves[1:]) || playAll(t, m, b, rest...) != board.Goal(size) {
			t.Fatalf("%s: hints %+v (%v), known %d %v (%v); the table says %d, %v", b, h, ok, kd, rest, known, d, hints)
		}
		for _, t0 := range h.Moves {
			if !slices.Contains(hints, t0) {
				t.Fatalf("%s: hints %v, the table's %v", b, h.Moves, hints)
			}
		}
		// The board after the first hint is known, one move closer.
		if h, ok := p.Hints(playAll(t, m, b, h.Moves[0])); !ok || h.Distance != d-1 {
			t.Fatalf("%s, after %d: %+v %v", b, rest[0], h, ok)
		}
	}
	for i, lv := range p.Levels {
		if h, ok := p.Hints(lv.Board); !ok || h.All || h.Distance != lv.Distance || !slices.Equal(h.Moves, []uint8{uint8(p.Entries[i].Solution[0])}) {
			t.Fatalf("level %s: %+v %v", lv.Board, h, ok)
		}
	}
	if _, ok := p.Hints(board.MustParse(size, "2 1 3/4 5 6/7 8 0")); ok { // a swap: no board of the pack
		t.Error("a board off the pack: hints")
	}
	if _, ok := (*Pack)(nil).Hints(board.Goal(s4x4)); ok {
		t.Error("a nil pack knows hints")
	}
}

// answerSolver is a levels.HintSolver that asks an Answer.
type answerSolver struct{ a *Answer }

func (s answerSolver) Within(ctx context.Context, b board.Board, limit int) ([]uint8, bool, error) {
	return s.a.Within(ctx, b, limit)
}

func (s answerSolver) Hints(ctx context.Context, b board.Board) ([]uint8, int, error) {
	return s.a.Hints(ctx, b)
}

func (s answerSolver) Metric() board.Metric { return s.a.Metric }

// playAll returns b after the moves of metric m.
func playAll(t *testing.T, m board.Metric, b board.Board, moves ...uint8) board.Board {
	t.Helper()
	for _, tile := range moves {
		var err error
		if b, err = b.Play(m, tile); err != nil {
			t.Fatal(err)
		}
	}
	return b
}
