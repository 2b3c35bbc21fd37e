package source

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/table"
)

// TestMultiMetric checks that a resolver of the multi-tile metric answers
// from the built-in multi-tile tables, the installed WxH-multi.tbl and, for
// 4x4, the built-in abstraction database, and never from a table of the
// other metric or a pattern database.
func TestMultiMetric(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	multi := NewResolver(&Options{Dir: dir, Metric: board.MultiTile})
	single := NewResolver(&Options{Dir: dir})

	src, err := multi.For(ctx, board.Goal(board.Size{W: 3, H: 3}))
	if err != nil || src == nil || src.Table == nil || src.Table.Metric() != board.MultiTile || src.Origin != Builtin {
		t.Fatalf("3x3: %v, %v; want the built-in multi-tile table", src, err)
	}
	if src, err := multi.For(ctx, board.Goal(board.Size{W: 4, H: 4})); err != nil || src == nil || src.Kind() != Abstraction || src.Origin != Builtin {
		t.Fatalf("4x4: %v, %v; want the built-in abstraction database (no pattern database in this metric)", src, err)
	}
	if src, err := multi.For(ctx, board.Goal(board.Size{W: 5, H: 3})); src != nil || err != nil {
		t.Fatalf("5x3: %v, %v; want nothing", src, err)
	}

	size := board.Size{W: 5, H: 2}
	path, err := multi.InstallPath(size)
	if err != nil || filepath.Base(path) != "5x2-multi.tbl" {
		t.Fatalf("InstallPath = %q, %v", path, err)
	}
	res, err := table.Search(ctx, board.Goal(size), &bfs.Options{Metric: board.MultiTile})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.WriteResultFile(ctx, path, res); err != nil {
		t.Fatal(err)
	}
	src, err = multi.For(ctx, board.Goal(size))
	if err != nil || src == nil || src.Table == nil || src.Table.Max() != 36 || src.Origin != Installed {
		t.Fatalf("5x2: %v, %v; want the installed multi-tile table, God's number 36", src, err)
	}
	if src, err := single.tableFor(ctx, board.Goal(size)); src != nil || err != nil {
		t.Fatalf("single-tile 5x2: %v, %v; want nothing", src, err)
	}
	if sizes, err := multi.installedSizes(); err != nil || len(sizes) != 1 || sizes[0].size != size {
		t.Fatalf("installedSizes = %v, %v", sizes, err)
	}
	// A single-tile table installed under the multi-tile name is refused.
	res, err = table.Search(ctx, board.Goal(size), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.WriteResultFile(ctx, path, res); err != nil {
		t.Fatal(err)
	}
	var ie *InstalledError
	if _, err := multi.For(ctx, board.Goal(size)); !errors.As(err, &ie) {
		t.Fatalf("a single-tile table as 5x2-multi.tbl: %v, want an *InstalledError", err)
	}
}

// TestInstalledAbstraction installs a copy of the built-in 4x4
// abstraction database as 4x4-multi.abs: the multi-tile resolver answers
// from it (known by its hash), the single-tile one never does.
func TestInstalledAbstraction(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	multi := NewResolver(&Options{Dir: dir, Metric: board.MultiTile})
	four := board.Size{W: 4, H: 4}
	path, err := multi.InstallPath(four)
	if err != nil || filepath.Base(path) != "4x4-multi.abs" {
		t.Fatalf("InstallPath = %q, %v", path, err)
	}
	b, err := data.AbstractionFile(four)
	if err != nil {
		t.Skip(err) // not in the WebAssembly build
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := multi.databaseFor(ctx, board.Goal(four))
	if err != nil || src == nil || src.Kind() != Abstraction || src.Origin != Installed || src.Bound(board.MultiTile) == nil || src.Bound(board.SingleTile) != nil {
		t.Fatalf("4x4: %v, %v; want the installed abstraction database, a bound in multi-tile moves only", src, err)
	}
	defer src.Close()
	if sizes, err := multi.installedSizes(); err != nil || len(sizes) != 1 || sizes[0].size != four {
		t.Fatalf("installedSizes = %v, %v", sizes, err)
	}
	single := NewResolver(&Options{Dir: dir})
	if src, err := single.databaseFor(ctx, board.Goal(four)); err != nil || src == nil || src.Kind() != PDB || src.Origin != Builtin {
		t.Fatalf("single-tile 4x4: %v, %v; want the built-in pattern database", src, err)
	}
}

// TestInstalledAbstractionWrong: a file installed as 4x4-multi.abs that
// cannot answer is refused with the command that rebuilds it in its
// metric, and a file of another kind there is named in plain words.
func TestInstalledAbstractionWrong(t *testing.T) {
	ctx := context.Background()
	four := board.Size{W: 4, H: 4}
	abs, err := data.AbstractionFile(four)
	if err != nil {
		t.Skip(err) // not in the WebAssembly build
	}
	pdbFile, err := data.PDBFile(four)
	if err != nil {
		t.Fatal(err)
	}
	damaged := slices.Clone(abs)
	damaged[40] ^= 0x40 // in the header, which is read as the file opens
	for _, tc := range []struct {
		name  string
		bytes []byte
		want  string
	}{
		{"damaged", damaged, ""},
		{"a pattern database", pdbFile, "is a pattern database, not an abstraction tier"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			multi := NewResolver(&Options{Dir: dir, Metric: board.MultiTile})
			if err := os.WriteFile(filepath.Join(dir, "4x4-multi.abs"), tc.bytes, 0o644); err != nil {
				t.Fatal(err)
			}
			var ie *InstalledError
			src, err := multi.databaseFor(ctx, board.Goal(four))
			if !errors.As(err, &ie) {
				t.Fatalf("databaseFor = %v, %v; want an *InstalledError", src, err)
			}
			if got, want := ie.Rebuild(), "slidetable build -metric multi -install 4x4"; got != want {
				t.Errorf("Rebuild() = %q, want %q", got, want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to say %q", err, tc.want)
			}
		})
	}
}
