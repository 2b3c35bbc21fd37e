package pdb_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/pdb"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the golden and crafted files in testdata from their generators")

// testdataFiles are the files of testdata and what writes each. Golden
// files pin the format: a fresh build must write them byte for byte, and
// they must read and prove. Crafted files are the hostile ones the
// readers and the proof must refuse, kept for the tests of the command
// line too; each names how it fails. The files without a generator were
// written before the container, in the versions of the format this
// package still reads: they pin its reader.
var testdataFiles = []struct {
	name  string
	make  func(t *testing.T) []byte
	check func(t *testing.T, b []byte)
}{
	{"golden/container-3x2.pdb", func(t *testing.T) []byte { return encode(t, small(t, nil)) }, proves},
	{"golden/container-3x2-blank.pdb", func(t *testing.T) []byte { return encode(t, small(t, &pdb.Options{Blank: true})) }, proves},
	{"golden/container-3x2-raw.pdb", func(t *testing.T) []byte { return encodeRaw(t, small(t, nil)) }, proves},
	{"golden/container-3x2-raw-blank.pdb", func(t *testing.T) []byte { return encodeRaw(t, small(t, &pdb.Options{Blank: true})) }, proves},
	{"golden/3x2-v1.pdb", nil, legacy(nil, false)},
	{"golden/3x2-v2.pdb", nil, legacy(&pdb.Options{Blank: true}, false)},
	{"golden/3x2-v3.pdb", nil, legacy(nil, true)},
	{"golden/3x2-v3-blank.pdb", nil, legacy(&pdb.Options{Blank: true}, true)},
	{"golden/5x2-v3-blocks.pdb", nil, proves},
	{"crafted/zero-5x5.pdb", nil, refusedForMemory},
	{"crafted/raised-3x3.pdb", nil, refutedFile},
	{"crafted/zeroed-3x3.pdb", nil, refutedFile},
	{"crafted/swapped-2x7.pdb", nil, refutedFile},
	// 5x2, 1-5 and 6-9, in blocks of 4096 bytes, 4 in the first group and
	// 1 in the second: for the tests of the command line that need
	// blocks no opening reads, of a size without a built-in table.
	{"golden/container-5x2-blocks.pdb", func(t *testing.T) []byte {
		defer pdb.SetRawBlock(4096)()
		return encodeRaw(t, build(t, board.Size{W: 5, H: 2}, [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8, 9}}))
	}, proves},
	// 112 KB whose header describes 3.6 GB of tables, all zero: refused
	// for memory before anything is allocated.
	{"crafted/container-zero-5x5.pdb", func(t *testing.T) []byte {
		var buf bytes.Buffer
		size := board.Size{W: 5, H: 5}
		groups := [][]uint8{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}, {15, 16, 17, 18, 19, 20, 21}, {22, 23, 24}}
		if err := pdb.WriteZeros(&buf, board.Goal(size), groups); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}, refusedForMemory},
	// 3x3, 1-4 and 5-8: every non-zero entry one more (two moves), the
	// checksums right.
	{"crafted/container-raised-3x3.pdb", func(t *testing.T) []byte {
		return encode(t, mapped(t, func(e int) int { return e + min(e, 1) }))
	}, refutedFile},
	// The same with every entry zero: admissible, but slow to search.
	{"crafted/container-zeroed-3x3.pdb", func(t *testing.T) []byte {
		return encode(t, mapped(t, func(int) int { return 0 }))
	}, refutedFile},
	// A 7x2 database, its width and height swapped and its header's
	// checksum recomputed: it reads as 2x7.
	{"crafted/container-swapped-2x7.pdb", func(t *testing.T) []byte {
		size := board.Size{W: 7, H: 2}
		b := encode(t, build(t, size, pdb.DefaultPartition(size)))
		b[12], b[13] = b[13], b[12]
		pdb.ResealHeader(b)
		return b
	}, refutedFile},
}

// refusedForMemory checks that b is refused for memory, with a 1 GiB
// limit.
func refusedForMemory(t *testing.T, b []byte) {
	_, err := pdb.NewReaderWith(bytes.NewReader(b), int64(len(b)), &pdb.ReadOptions{MaxMemory: 1 << 30})
	if !errors.Is(err, pdb.ErrMemory) {
		t.Fatalf("read with a 1 GiB limit: %v, want ErrMemory", err)
	}
}

// legacy checks a golden file written before the container: it reads and
// proves, and written again, raw or not, it is the file small(opts)
// writes now; it describes itself as that file does, but for the format,
// the content hash and the size.
func legacy(opts *pdb.Options, raw bool) func(t *testing.T, b []byte) {
	return func(t *testing.T, b []byte) {
		proves(t, b)
		write := encode
		if raw {
			write = encodeRaw
		}
		db, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		want := write(t, small(t, opts))
		if got := write(t, db); !bytes.Equal(got, want) {
			t.Fatal("read and written again, it is not the file written now")
		}
		old, err := container.DescribeAt(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		now, err := container.DescribeAt(bytes.NewReader(want), int64(len(want)))
		if err != nil {
			t.Fatal(err)
		}
		sum, _ := db.ContentHash()
		if old.Version != 0 || old.KindVersion != int(b[8]) || old.ContentHash != sum || old.Bytes != int64(len(b)) {
			t.Fatalf("described as %+v", old)
		}
		old.Version, old.KindVersion, old.ContentHash, old.Bytes = now.Version, now.KindVersion, now.ContentHash, now.Bytes
		if old != now {
			t.Fatalf("described as %+v, the file written now as %+v", old, now)
		}
	}
}

// small is the database of the golden files.
func small(t *testing.T, opts *pdb.Options) *pdb.DB {
	return buildWith(t, board.Size{W: 3, H: 2}, [][]uint8{{1, 2, 3}, {4, 5}}, opts)
}

// mapped is a 3x3 database with each entry e replaced by f(e).
func mapped(t *testing.T, f func(int) int) *pdb.DB {
	db := build(t, board.Size{W: 3, H: 3}, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}})
	pdb.MapEntries(db, f)
	return db
}

// proves checks that b reads, whole and in place, and proves.
func proves(t *testing.T, b []byte) {
	db, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Prove(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	in, err := pdb.Open(writeFile(t, "x.pdb", b))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := in.Prove(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
}

// refutedFile checks that b reads and that its proof refutes it.
func refutedFile(t *testing.T, b []byte) {
	db, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var e *pdb.EntryError
	if err := db.Prove(context.Background(), nil); !errors.As(err, &e) {
		t.Fatalf("Prove: %v, want an *EntryError", err)
	}
}

// TestTestdata checks each file of testdata against its generator, and as
// its entry says; with -rewrite, it writes them first.
func TestTestdata(t *testing.T) {
	for _, f := range testdataFiles {
		t.Run(f.name, func(t *testing.T) {
			path := filepath.Join("testdata", filepath.FromSlash(f.name))
			b, err := os.ReadFile(path)
			if f.make == nil { // before the container: kept as written
				if err != nil {
					t.Fatal(err)
				}
				f.check(t, b)
				return
			}
			want := f.make(t)
			if *rewrite {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, want, 0o644); err != nil {
					t.Fatal(err)
				}
				b, err = want, nil
			}
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, want) {
				t.Fatalf("%s differs from what its generator writes (%d bytes, %d written); if the format changed on purpose, run go test -run TestTestdata -rewrite", f.name, len(b), len(want))
			}
			f.check(t, b)
		})
	}
}
