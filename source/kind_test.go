package source

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/kindtest"
	"github.com/slidetable/slidetable/internal/recipe"
	"github.com/slidetable/slidetable/internal/reference"
)

// TestToyKind registers a kind of file this package has never heard of
// (internal/kindtest's toy tier, zeros that bound every distance) and
// reads, describes, proves, answers from and refuses a file of it by the
// code every kind goes through: no case of it here or in the command
// line.
func TestToyKind(t *testing.T) {
	kindtest.Register()
	ctx := context.Background()
	dir := t.TempDir()
	s2x2 := board.Size{W: 2, H: 2}
	path := filepath.Join(dir, "toy.box")
	if err := kindtest.Write(path, board.Goal(s2x2), board.SingleTile, false); err != nil {
		t.Fatal(err)
	}

	// Read and proven, recorded, described.
	r := NewResolver(&Options{Dir: dir})
	src, err := r.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if k := src.Kind(); k.String() != kindtest.Name || k.Exact() || src.Exact() || src.Size() != s2x2 || src.Metric() != board.SingleTile ||
		src.Entries() != 4 || src.Bound(board.SingleTile) == nil || src.Bound(board.MultiTile) != nil || src.Table != nil {
		t.Fatalf("the toy tier read as %v: kind %q, %s, %v, %d entries", src, k, src.Size(), src.Metric(), src.Entries())
	}
	if d := src.Describe(); d.Kind != kindtest.Name || d.Where != "file" || d.Exact || len(d.Hash) != 64 {
		t.Errorf("described as %+v", d)
	}
	info, err := r.Inspect(path)
	if err != nil || info.Kind != src.Kind() || info.Unit != "cells" || info.Entries != 4 || info.Exact || info.Proof != Recorded || !info.HashKnown {
		t.Errorf("inspected as %+v, %v; want a toy tier of 4 cells, its proof recorded", info, err)
	}

	// Answered from: a search that its zeros guide, exact on every board.
	cat, err := NewCatalog(&CatalogOptions{Given: []*Source{src}, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	ans, err := cat.For(ctx, s2x2, board.SingleTile)
	if err != nil || ans.source() != src || ans.Table != nil || ans.Kind() != src.Kind() {
		t.Fatalf("For 2x2: %+v, %v; want a search guided by the toy tier", ans, err)
	}
	for b, want := range reference.Distances(board.Goal(s2x2)) {
		if d, err := ans.Distance(ctx, b); err != nil || d != want {
			t.Fatalf("%v: %d, %v; the plain search says %d", b, d, err, want)
		}
	}

	// Refused by name where it does not answer.
	for _, q := range []struct {
		size board.Size
		m    board.Metric
		says string
	}{
		{board.Size{W: 3, H: 3}, board.SingleTile, "answers 2x2 in single-tile moves, not 3x3"},
		{s2x2, board.MultiTile, "answers 2x2 in single-tile moves, not multi-tile"},
	} {
		_, err := cat.For(ctx, q.size, q.m)
		var me *MismatchError
		if !errors.As(err, &me) || !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), path+", a toy tier to the standard goal, "+q.says) {
			t.Errorf("%s in %s: %v, want the toy tier refused by name, saying %q", q.size, q.m, err, q.says)
		}
	}

	// Refuted by its proof, and so never recorded.
	bad := filepath.Join(dir, "bad.box")
	if err := kindtest.Write(bad, board.Goal(s2x2), board.SingleTile, true); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Open(ctx, bad); !errors.Is(err, container.ErrFormat) || !strings.Contains(err.Error(), "toy entry 3") {
		t.Errorf("a toy tier with a wrong entry: %v, want its proof's refutation", err)
	}
	if info, err := r.Inspect(bad); err != nil || info.Proof != Unproven {
		t.Errorf("the refuted toy tier: %+v, %v; want no record", info, err)
	}
	if err := r.Record([32]byte{1}, src.Kind(), s2x2, "toy.box"); err != nil {
		t.Errorf("Record of a toy tier: %v", err)
	}
}

// TestToyRecipe replaces the table of recipes with one of a toy tier of
// 3x2 that a build writes and installs, and of one of 5x5 on demand: the
// build, the resolver and the files on demand all read it, with no other
// change.
func TestToyRecipe(t *testing.T) {
	kindtest.Register()
	known() // the files built in, read from the real table
	ctx := context.Background()
	dir := t.TempDir()
	s3x2, s5x5 := board.Size{W: 3, H: 2}, board.Size{W: 5, H: 5}
	restore := recipe.Replace([]recipe.Recipe{
		{Size: s3x2, Metric: board.SingleTile, Kind: kindtest.Kind, Ext: "toy", Origin: recipe.Installed},
		{Size: s5x5, Metric: board.MultiTile, Kind: kindtest.Kind, Ext: "toy", Origin: recipe.OnDemand, Sum: strings.Repeat("0", 64), Bytes: 25 + 100},
	})
	defer restore()

	goal := board.Goal(s3x2)
	if k, err := BuildKind(goal, board.SingleTile); err != nil || k != Kind(kindtest.Kind) {
		t.Fatalf("BuildKind(3x2) = %v, %v; want the toy tier", k, err)
	}
	if _, err := BuildKind(goal, board.MultiTile); !errors.Is(err, ErrNoBuild) || !strings.Contains(err.Error(), "no file is built in multi-tile moves") {
		t.Errorf("BuildKind(3x2, multi): %v, want ErrNoBuild, saying there is no recipe", err)
	}
	if _, err := BuildKind(board.Goal(board.Size{W: 4, H: 2}), board.SingleTile); !errors.Is(err, ErrNoBuild) || !strings.Contains(err.Error(), "the 3x2 toy tier") {
		t.Errorf("BuildKind(4x2): %v, want ErrNoBuild naming the recipe there is", err)
	}
	if HasBuiltin(s3x2) {
		t.Error("3x2 has a built-in table in a table of recipes that holds none")
	}
	r := NewResolver(&Options{Dir: dir})
	path, err := r.InstallPath(s3x2)
	if err != nil || path != filepath.Join(dir, "3x2.toy") {
		t.Fatalf("InstallPath(3x2) = %q, %v", path, err)
	}
	built, err := Build(ctx, goal, board.SingleTile, nil)
	if err != nil || built.Kind != Kind(kindtest.Kind) {
		t.Fatalf("Build(3x2) = %+v, %v", built, err)
	}
	if _, err := built.WriteFile(ctx, path); err != nil {
		t.Fatal(err)
	}
	src, err := r.For(ctx, goal)
	if err != nil || src == nil || src.Origin != Installed || src.Path != path || src.Kind() != Kind(kindtest.Kind) {
		t.Fatalf("For(3x2) = %v, %v; want the toy tier installed", src, err)
	}
	if sizes, err := r.installedSizes(); err != nil || len(sizes) != 1 || sizes[0] != (installedFile{s3x2, Kind(kindtest.Kind)}) {
		t.Errorf("installedSizes = %v, %v", sizes, err)
	}
	cat, err := NewCatalog(&CatalogOptions{Options: Options{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	ans, err := cat.Prepare(ctx, s3x2, board.SingleTile)
	if err != nil || ans.source() == nil || ans.source().Path != path {
		t.Fatalf("the catalogue's 3x2: %+v, %v; want a search guided by the installed toy tier", ans, err)
	}
	if o := cat.Offer(s3x2, board.SingleTile); o.Exact {
		t.Errorf("the catalogue offers %+v: a table, where the recipe installs a toy tier", o)
	}

	// The file on demand is listed as the module would fetch it.
	d, ok := data.Demanded(s5x5, board.MultiTile, false)
	if !ok || d.Name != "5x5-multi.toy" || d.Bytes != 125 {
		t.Errorf("Demanded(5x5, multi) = %+v, %v; want the toy tier on demand", d, ok)
	}
	if _, err := os.Stat(filepath.Join(dir, "5x5-multi.toy")); err == nil {
		t.Error("a file on demand was written")
	}
}

// TestRecipeBeyondItsKind gives a recipe of an abstraction tier of 5x5,
// more cells than the tier's payload holds: it is refused by name, saying
// the limit its kind declares, before anything is built.
func TestRecipeBeyondItsKind(t *testing.T) {
	known()
	s5x5 := board.Size{W: 5, H: 5}
	restore := recipe.Replace([]recipe.Recipe{
		{Size: s5x5, Metric: board.MultiTile, Kind: container.Abstraction, Ext: "abs", Origin: recipe.Installed, Params: []string{"1 1 1 1 1/2 2 2 2 2/3 3 3 3 3/4 4 4 4 4/5 5 5 5 0"}},
	})
	defer restore()
	_, err := Build(context.Background(), board.Goal(s5x5), board.MultiTile, nil)
	if !errors.Is(err, ErrNoBuild) || !strings.Contains(err.Error(), "5x5 has 25 cells, and an abstraction tier holds boards of up to 16") {
		t.Errorf("Build(5x5, multi): %v, want ErrNoBuild saying the tier's limit", err)
	}
}

// TestKindsLinked: the program's three kinds of file are registered by
// linking this package, each with its decoder, proof and builder.
func TestKindsLinked(t *testing.T) {
	for _, k := range []Kind{Table, PDB, Abstraction} {
		c := k.codec()
		if c == nil || c.Decode == nil || c.Prove == nil || c.Build == nil || c.MaxCells == 0 || c.Unit == "" || c.Subject == "" {
			t.Errorf("%v: codec %+v", k, c)
		}
	}
	if got := []string{Table.String(), PDB.String(), Abstraction.String(), ComputedBound.String(), Unknown.String()}; strings.Join(got, ", ") != "table, pattern database, abstraction tier, computed bound, unknown" {
		t.Errorf("the kinds' names: %q", got)
	}
}
