package source

import (
	"context"
	"encoding/hex"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/recipe"
	"github.com/slidetable/slidetable/internal/testenv"
)

// TestKnownNotBuiltin: the files known without being built in are those
// of the recipes a build writes the same on every machine (the pattern
// database 'slidetable build 4x4' writes, now and before the container),
// and no other; every built-in file is known. (Inspect says which, and
// 'slidetable info' does not call the database built in.)
func TestKnownNotBuiltin(t *testing.T) {
	t.Parallel()
	var others, want []string
	for h := range known() {
		if !builtin()[h] {
			others = append(others, hex.EncodeToString(h[:]))
		}
	}
	for _, r := range recipe.All() {
		want = append(want, r.Known...)
	}
	slices.Sort(others)
	slices.Sort(want)
	if len(want) != 2 || !slices.Equal(others, want) {
		t.Errorf("known, not built in: %v; want the recipes' %v", others, want)
	}
	if len(builtin()) != len(recipe.Of(recipe.BuiltIn...)) {
		t.Fatalf("%d built-in files known, %d recipes built in", len(builtin()), len(recipe.Of(recipe.BuiltIn...)))
	}
	for h := range builtin() {
		if !known()[h] {
			t.Errorf("the built-in %x is not known", h)
		}
	}
}

// TestKnownRecipes builds the file of each recipe whose content hash is
// known (the pattern database 'slidetable build 4x4' writes: about 4
// minutes and 1.8 GB on two cores) through Build, and checks its content
// hash against the recipe's, which lets a copy of it answer unproven: a
// heavy check (SLIDETABLE_HEAVY=1), to run after any change to what
// builds or writes the files of those recipes.
func TestKnownRecipes(t *testing.T) {
	testenv.Heavy(t)
	ctx := context.Background()
	for _, rec := range recipe.All() {
		if len(rec.Known) == 0 {
			continue
		}
		built, err := Build(ctx, board.Goal(rec.Size), rec.Metric, nil)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), rec.FileName())
		if _, err := built.WriteFile(ctx, path); err != nil {
			t.Fatal(err)
		}
		info, err := NewResolver(nil).Inspect(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(info.Hash[:]); !info.HashKnown || got != rec.Known[0] {
			t.Errorf("%s: content hash %s, %v; its recipe says %s", rec.FileName(), got, info.HashKnown, rec.Known[0])
		}
		if !known()[info.Hash] || info.Proof != Known || info.Builtin {
			t.Errorf("%s: not known as built by its recipe: %+v", rec.FileName(), info)
		}
	}
}
