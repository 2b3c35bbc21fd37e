package recipe

import (
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
)

// TestTable checks the table of recipes: every recipe is of one size or
// of a range of sizes, named by one file name among those of its origin,
// and each size and metric has at most one built-in file that answers and
// one that 'slidetable build' writes.
func TestTable(t *testing.T) {
	names := map[string]Origin{}
	for _, r := range All() {
		switch {
		case r.Kind == 0 || r.Ext == "" || !r.Metric.Valid() || r.Origin < Builtin || r.Origin > Installed:
			t.Errorf("%+v: no kind, ending, metric or origin", r)
		case r.Size == (board.Size{}) && (r.Origin != Installed || r.MinCells < 4 || r.MaxCells < r.MinCells):
			t.Errorf("%+v: a recipe of every size is installed, for 4 cells or more", r)
		case r.Size != (board.Size{}) && (r.Size.Validate() != nil || r.MinCells != 0 || r.MaxCells != 0):
			t.Errorf("%+v: a recipe of one size has a valid size and no range", r)
		case r.Origin == OnDemand && (len(r.Sum) != 64 || r.Bytes <= 0):
			t.Errorf("%+v: a file on demand has its SHA-256 and length", r)
		}
		if r.Size == (board.Size{}) {
			continue
		}
		if o, ok := names[r.FileName()]; ok && o.builtIn() == r.Origin.builtIn() {
			t.Errorf("%s: two recipes of one name", r.FileName())
		}
		names[r.FileName()] = r.Origin
	}
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 3}, {W: 4, H: 3}, {W: 4, H: 4}, {W: 5, H: 5}} {
		for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
			if n := len(Find(size, m, Installed)); n > 1 {
				t.Errorf("%s in %s: %d recipes of what a build writes", size, m, n)
			}
		}
	}
}

func (o Origin) builtIn() bool { return slices.Contains(BuiltIn, o) }

// TestFind reads recipes of one size and of a range, and a table
// replaced, as a test of another size does.
func TestFind(t *testing.T) {
	s4x3 := board.Size{W: 4, H: 3}
	r, ok := Build(s4x3, board.MultiTile)
	if !ok || r.Kind != container.Table || r.Size != s4x3 || r.FileName() != "4x3-multi.tbl" || !r.AnyGoal {
		t.Fatalf("Build(4x3, multi) = %+v, %v; want the table 4x3-multi.tbl", r, ok)
	}
	if _, ok := Build(board.Size{W: 5, H: 3}, board.MultiTile); ok {
		t.Fatal("a 5x3 file in multi-tile moves: none is built")
	}
	r, ok = For(board.Size{W: 4, H: 4}, board.MultiTile, BuiltIn...)
	if !ok || r.Kind != container.Abstraction || r.Origin != OnDemand || r.FileName() != "4x4-multi.abs" || len(r.Params) != 3 {
		t.Fatalf("the built-in 4x4 tier: %+v, %v", r, ok)
	}
	toy := Recipe{Size: board.Size{W: 5, H: 5}, Metric: board.MultiTile, Kind: container.Abstraction, Ext: "abs", Origin: Installed, Params: []string{"x"}}
	restore := Replace([]Recipe{toy})
	if got := All(); len(got) != 1 || got[0].FileName() != "5x5-multi.abs" {
		t.Errorf("the table replaced: %+v", got)
	}
	if _, ok := Build(board.Size{W: 5, H: 5}, board.MultiTile); !ok {
		t.Error("the recipe of the replaced table is not found")
	}
	if got := Of(BuiltIn...); len(got) != 0 {
		t.Errorf("built in, in the replaced table: %+v", got)
	}
	restore()
	if len(All()) != len(standard) {
		t.Errorf("the table restored holds %d recipes, want %d", len(All()), len(standard))
	}
}
