package container_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// TestDescribeEveryKind describes the golden files of every kind, of the
// container and of each version before it, and the built-in files: what
// Describe says from the header alone is what the kind's reader finds
// reading the file (its size, metric, goal and content hash; the entries
// it holds), and NewOpened knows the kind from the first bytes. (The crafted
// tables, whose distances are wrong, are left out: their reader refuses
// them once it has certified them.)
func TestDescribeEveryKind(t *testing.T) {
	root := filepath.Join("..", "..")
	var files []string
	for _, glob := range []string{"table/testdata/*.tbl", "pdb/testdata/golden/*.pdb", "abstraction/testdata/golden/*.abs", "data/*.tbl", "data/*.pdb", "data/*.abs"} {
		m, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			if !strings.Contains(filepath.Base(f), "bad-") {
				files = append(files, f)
			}
		}
	}
	if len(files) < 40 {
		t.Fatalf("%d files, want the golden and built-in files of every kind", len(files))
	}
	versions := map[string]bool{}
	for _, path := range files {
		t.Run(filepath.ToSlash(path[len(root)+1:]), func(t *testing.T) {
			info, err := container.Describe(path)
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if o, err := container.NewOpened(bytes.NewReader(b), int64(len(b)), path); err != nil || o.Kind() != info.Kind || (o.Header == nil) != (info.Version == 0) {
				t.Fatalf("NewOpened = %v, %v; Describe says %v", o, err, info.Kind)
			}
			want := read(t, path, info.Kind)
			if info.Size != want.Size || info.Metric != want.Metric || info.Goal != want.Goal ||
				info.ContentHash != want.ContentHash || info.Entries != want.Entries || info.Bytes != int64(len(b)) {
				t.Fatalf("described as %+v, read as %+v", info, want)
			}
			versions[info.Format()] = true
		})
	}
	t.Logf("formats: %v", versions)
	for _, f := range []string{"container 1, table payload 1", "container 1, pattern database payload 1", "container 1, abstraction tier payload 1",
		"table format 1 (before the container)", "table format 2 (before the container)", "pattern database format 1 (before the container)",
		"pattern database format 2 (before the container)", "pattern database format 3 (before the container)", "abstraction tier format 1 (before the container)"} {
		if !versions[f] {
			t.Errorf("no file of %s", f)
		}
	}
}

// read returns what the reader of kind finds in the file at path, as an
// Info: the size, metric, goal and content hash of what it reads, and the
// entries it holds.
func read(t *testing.T, path string, kind container.Kind) container.Info {
	t.Helper()
	var info container.Info
	var ok bool
	switch kind {
	case container.Table:
		tb, err := table.OpenWith(path, &table.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer tb.Close()
		info = container.Info{Size: tb.Size(), Metric: tb.Metric(), Goal: tb.Goal(), Entries: tb.Reachable()}
		info.ContentHash, ok = tb.ContentHash()
	case container.PatternDB:
		db, err := pdb.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		info = container.Info{Size: db.Size(), Metric: board.SingleTile, Goal: db.Goal()}
		n := db.Size().Cells()
		for _, g := range db.Groups() {
			e, _ := rank.Placements(n, len(g))
			if db.KeepsBlank() {
				e *= uint64(n - len(g))
			}
			info.Entries += e
		}
		info.ContentHash, ok = db.ContentHash()
	case container.Abstraction:
		db, err := abstraction.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		info = container.Info{Size: db.Size(), Metric: board.MultiTile, Goal: db.Goal()}
		for _, c := range db.Classings() {
			info.Entries += c.Arrangements()
		}
		info.ContentHash, ok = db.ContentHash()
	}
	if !ok {
		t.Fatal("no content hash")
	}
	return info
}

// TestDescribeNotRegular refuses a path that is not a regular file.
func TestDescribeNotRegular(t *testing.T) {
	if _, err := container.Describe(t.TempDir()); err == nil {
		t.Fatal("Describe of a directory: no error")
	}
	b := []byte("SLIDETBL")
	if _, err := container.DescribeAt(bytes.NewReader(b), int64(len(b))); err == nil {
		t.Fatal("Describe of a table file cut after its magic: no error")
	}
}
