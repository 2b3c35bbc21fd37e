package data_test

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/recipe"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

var embedded = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}

// TestEmbeddedUpToDate rebuilds the file of every recipe built in
// (internal/recipe) through the one entry of every build, as go generate
// writes them (source.Build), and requires the file built in to be byte
// for byte what a build writes today, and to be read as what its recipe
// says: the tables always, the pattern database and the abstraction tier
// in the long checks (seconds of CPU and 66 MB, a minute and 600 MB), run
// with SLIDETABLE_LONG=1.
func TestEmbeddedUpToDate(t *testing.T) {
	builtin := recipe.Of(recipe.BuiltIn...)
	if len(builtin) != 2*len(embedded)+2 {
		t.Fatalf("%d recipes built in, want the tables of %v in both metrics and the 4x4 tiers", len(builtin), embedded)
	}
	for _, r := range builtin {
		t.Run(r.FileName(), func(t *testing.T) {
			if r.Kind != container.Table {
				testenv.Long(t)
			}
			want, err := data.Builtin(r)
			if err != nil {
				t.Fatal(err)
			}
			built, err := source.Build(context.Background(), board.Goal(r.Size), r.Metric, &source.BuildOptions{Builtin: true})
			if err != nil {
				t.Fatal(err)
			}
			var fresh bytes.Buffer
			if _, err := built.WriteTo(context.Background(), &fresh); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(want, fresh.Bytes()) {
				t.Fatalf("the built-in %s differs from a fresh build (%d bytes built in, fresh %d); run go generate ./data", r.FileName(), len(want), fresh.Len())
			}
			info, err := container.DescribeAt(bytes.NewReader(want), int64(len(want)))
			if err != nil || info.Kind != r.Kind || info.Goal != board.Goal(r.Size) || info.Metric != r.Metric {
				t.Fatalf("%s holds %+v, %v; its recipe says %v of %s in %s moves", r.FileName(), info, err, r.Kind, r.Size, r.Metric)
			}
		})
	}
}

// read decodes the embedded table file of size.
func read(t *testing.T, size board.Size) *table.Table {
	t.Helper()
	b, err := data.File(size)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestNotEmbedded(t *testing.T) {
	for _, s := range []board.Size{{W: 4, H: 3}, {W: 4, H: 4}, {W: 1, H: 1}, {}, {W: -3, H: -3}} {
		if _, err := data.File(s); !errors.Is(err, data.ErrNotEmbedded) {
			t.Errorf("File(%s) error = %v, want ErrNotEmbedded", s, err)
		}
		if _, err := data.MultiFile(s); !errors.Is(err, data.ErrNotEmbedded) {
			t.Errorf("MultiFile(%s) error = %v, want ErrNotEmbedded", s, err)
		}
	}
	for _, s := range []board.Size{{W: 5, H: 5}, {W: 3, H: 3}, {}} {
		if _, err := data.PDBFile(s); !errors.Is(err, data.ErrNotEmbedded) {
			t.Errorf("PDBFile(%s) error = %v, want ErrNotEmbedded", s, err)
		}
	}
}

// TestSizes requires Sizes, PDBSizes and the files built in to agree.
func TestSizes(t *testing.T) {
	if got := data.Sizes(); !slices.Equal(got, embedded) {
		t.Fatalf("Sizes() = %v, want %v", got, embedded)
	}
	entries, err := filepath.Glob("*.tbl")
	if err != nil || len(entries) != 2*len(embedded) {
		t.Fatalf("%d files built in (%v), want %d", len(entries), err, 2*len(embedded))
	}
	if got := data.PDBSizes(); !slices.Equal(got, []board.Size{{W: 4, H: 4}}) {
		t.Fatalf("PDBSizes() = %v, want [4x4]", got)
	}
}

// TestMaxDistance checks published.MaxDistance, the God's numbers held
// there, against the tables of both metrics: the built-in ones and those
// of 10 cells, built here. (The 12-cell values were read from built
// tables: 'slidetable build 4x3' and the others report them; in the
// multi-tile metric they are also the published ones bfs's tests compare
// with.)
func TestMaxDistance(t *testing.T) {
	check := func(tb *table.Table) {
		got, exact := published.MaxDistance(tb.Size(), tb.Metric())
		if got != tb.Max() || !exact {
			t.Errorf("published.MaxDistance(%v, %v) = %d, %v; the table's largest distance is %d", tb.Size(), tb.Metric(), got, exact, tb.Max())
		}
	}
	for _, size := range embedded {
		check(read(t, size))
		b, err := data.MultiFile(size)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := table.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		check(tb)
	}
	for _, size := range []board.Size{{W: 5, H: 2}, {W: 2, H: 5}} {
		if testing.Short() {
			break
		}
		for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
			tb, err := table.Build(context.Background(), board.Goal(size), &bfs.Options{Metric: m})
			if err != nil {
				t.Fatal(err)
			}
			check(tb)
		}
	}
	// Elsewhere, a bound at least the largest known distance.
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		if d, exact := published.MaxDistance(board.Size{W: 5, H: 5}, m); exact || d < 152 {
			t.Errorf("5x5 in %v: %d, %v; want a bound of at least 152, not exact", m, d, exact)
		}
	}
	if d, exact := published.MaxDistance(board.Size{W: 4, H: 4}, board.MultiTile); d != 43 || !exact {
		t.Errorf("4x4 in multi-tile moves: %d, %v; want 43 (Norskog and Davidson 2010)", d, exact)
	}
}

// TestAbstractionFile reads the built-in abstraction database and requires
// the classings of its recipe.
func TestAbstractionFile(t *testing.T) {
	b, err := data.AbstractionFile(board.Size{W: 4, H: 4})
	if err != nil {
		t.Fatal(err)
	}
	db, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := recipe.For(board.Size{W: 4, H: 4}, board.MultiTile, recipe.OnDemand)
	want := rec.Params
	got := db.Classings()
	if len(got) != len(want) || db.Goal() != board.Goal(board.Size{W: 4, H: 4}) {
		t.Fatalf("the built-in database has %d classings to %v, want %d to the standard goal", len(got), db.Goal(), len(want))
	}
	for i := range got {
		if got[i].String() != want[i] {
			t.Fatalf("classing %d is %s, want %s", i, got[i], want[i])
		}
	}
	if got := data.AbstractionSizes(); !slices.Equal(got, []board.Size{{W: 4, H: 4}}) {
		t.Fatalf("AbstractionSizes() = %v", got)
	}
	if _, err := data.AbstractionFile(board.Size{W: 3, H: 3}); !errors.Is(err, data.ErrNotEmbedded) {
		t.Fatalf("AbstractionFile(3x3): %v, want ErrNotEmbedded", err)
	}
}
