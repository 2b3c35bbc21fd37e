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
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/table"
)

var embedded = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}

// TestEmbeddedUpToDate rebuilds every built-in table and requires the
// file built in to be byte for byte what a build writes today.
func TestEmbeddedUpToDate(t *testing.T) {
	for _, size := range embedded {
		t.Run(size.String(), func(t *testing.T) {
			built, err := table.Build(context.Background(), board.Goal(size), nil)
			if err != nil {
				t.Fatal(err)
			}
			want, err := data.File(size)
			if err != nil {
				t.Fatal(err)
			}
			if fresh := written(t, built); !bytes.Equal(want, fresh) {
				t.Fatalf("the built-in %s table differs from a fresh build (%d bytes built in, fresh %d); run go generate ./data", size, len(want), len(fresh))
			}
			loaded := read(t, size)
			if loaded.Size() != size || loaded.Goal() != board.Goal(size) || loaded.Reachable() != built.Reachable() {
				t.Fatalf("the %s file holds a %s table to %v with %d boards", size, loaded.Size(), loaded.Goal(), loaded.Reachable())
			}
		})
	}
}

// TestEmbeddedMultiUpToDate does the same for the tables of the multi-tile
// metric.
func TestEmbeddedMultiUpToDate(t *testing.T) {
	for _, size := range embedded {
		t.Run(size.String(), func(t *testing.T) {
			want, err := data.MultiFile(size)
			if err != nil {
				t.Fatal(err)
			}
			built, err := table.Build(context.Background(), board.Goal(size), &bfs.Options{Metric: board.MultiTile})
			if err != nil {
				t.Fatal(err)
			}
			loaded, err := table.NewReader(bytes.NewReader(want), int64(len(want)))
			if err != nil {
				t.Fatal(err)
			}
			if fresh := written(t, built); !bytes.Equal(want, fresh) {
				t.Fatalf("the built-in %s multi-tile table differs from a fresh build (%d bytes built in, fresh %d); run go generate ./data", size, len(want), len(fresh))
			}
			if loaded.Metric() != board.MultiTile || loaded.Goal() != board.Goal(size) || loaded.Reachable() != built.Reachable() {
				t.Fatalf("the %s multi-tile file holds a %v table to %v with %d boards", size, loaded.Metric(), loaded.Goal(), loaded.Reachable())
			}
		})
	}
}

// written returns the file of tb as this version writes it.
func written(t *testing.T, tb *table.Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := tb.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
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

// TestPDBUpToDate rebuilds the built-in 4x4 pattern database and requires
// the database built in to be exactly what a build writes today: a long check
// (seconds of CPU and 66 MB), run with SLIDETABLE_LONG=1.
func TestPDBUpToDate(t *testing.T) {
	testenv.Long(t)
	want, err := data.PDBFile(board.Size{W: 4, H: 4})
	if err != nil {
		t.Fatal(err)
	}
	built, err := pdb.Build(context.Background(), board.Goal(board.Size{W: 4, H: 4}), pdb.Partition4x4, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := built.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Fatalf("the built-in 4x4 pattern database differs from a fresh build (%d bytes built in, fresh %d); run go generate ./data", len(want), buf.Len())
	}
}

// TestAbstractionUpToDate rebuilds the built-in 4x4 abstraction database
// and requires the database built in to be byte for byte what a build
// writes today: a long check (seconds of CPU and 30 MB), run with SLIDETABLE_LONG=1.
func TestAbstractionUpToDate(t *testing.T) {
	testenv.Long(t)
	want, err := data.AbstractionFile(board.Size{W: 4, H: 4})
	if err != nil {
		t.Fatal(err)
	}
	built, err := abstraction.Build(context.Background(), abstraction.Builtin4x4(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := built.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Fatalf("the built-in 4x4 abstraction database differs from a fresh build (%d bytes built in, fresh %d); run go generate ./data", len(want), buf.Len())
	}
}

// TestAbstractionFile reads the built-in abstraction database and requires
// the classings of abstraction.Builtin4x4.
func TestAbstractionFile(t *testing.T) {
	b, err := data.AbstractionFile(board.Size{W: 4, H: 4})
	if err != nil {
		t.Fatal(err)
	}
	db, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	want := abstraction.Builtin4x4()
	got := db.Classings()
	if len(got) != len(want) || db.Goal() != board.Goal(board.Size{W: 4, H: 4}) {
		t.Fatalf("the built-in database has %d classings to %v, want %d to the standard goal", len(got), db.Goal(), len(want))
	}
	for i := range got {
		if got[i].String() != want[i].String() {
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
