package source_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// TestMultiMetric checks that a resolver of the multi-tile metric answers
// from the built-in multi-tile tables and the installed WxH-multi.tbl, and
// never from a table of the other metric or a pattern database.
func TestMultiMetric(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	multi := source.New(&source.Options{Dir: dir, Metric: board.MultiTile})
	single := source.New(&source.Options{Dir: dir})

	src, err := multi.For(ctx, board.Goal(board.Size{W: 3, H: 3}))
	if err != nil || src == nil || src.Table == nil || src.Table.Metric() != board.MultiTile || src.Origin != source.Builtin {
		t.Fatalf("3x3: %v, %v; want the built-in multi-tile table", src, err)
	}
	if src, err := multi.For(ctx, board.Goal(board.Size{W: 4, H: 4})); src != nil || err != nil {
		t.Fatalf("4x4: %v, %v; want nothing (no pattern database in this metric)", src, err)
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
	if err != nil || src == nil || src.Table == nil || src.Table.Max() != 36 || src.Origin != source.Installed {
		t.Fatalf("5x2: %v, %v; want the installed multi-tile table, God's number 36", src, err)
	}
	if src, err := single.TableFor(ctx, board.Goal(size)); src != nil || err != nil {
		t.Fatalf("single-tile 5x2: %v, %v; want nothing", src, err)
	}
	if sizes, err := multi.InstalledSizes(); err != nil || len(sizes) != 1 || sizes[0] != size {
		t.Fatalf("InstalledSizes = %v, %v", sizes, err)
	}
	// A single-tile table installed under the multi-tile name is refused.
	res, err = table.Search(ctx, board.Goal(size), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.WriteResultFile(ctx, path, res); err != nil {
		t.Fatal(err)
	}
	var ie *source.InstalledError
	if _, err := multi.For(ctx, board.Goal(size)); !errors.As(err, &ie) {
		t.Fatalf("a single-tile table as 5x2-multi.tbl: %v, want an *InstalledError", err)
	}
}
