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
	"github.com/slidetable/slidetable/pdb"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the golden and crafted files in testdata from their generators")

// testdataFiles are the files of testdata and what writes each. Golden
// files pin the format of each version: a fresh build must write them
// byte for byte, and they must read and prove. Crafted files are the
// hostile ones the readers and the proof must refuse, kept for the tests
// of the command line too; each names how it fails.
var testdataFiles = []struct {
	name  string
	make  func(t *testing.T) []byte
	check func(t *testing.T, b []byte)
}{
	{"golden/3x2-v1.pdb", func(t *testing.T) []byte { return encode(t, small(t, nil)) }, proves},
	{"golden/3x2-v2.pdb", func(t *testing.T) []byte { return encode(t, small(t, &pdb.Options{Blank: true})) }, proves},
	{"golden/3x2-v3.pdb", func(t *testing.T) []byte { return encodeRaw(t, small(t, nil)) }, proves},
	{"golden/3x2-v3-blank.pdb", func(t *testing.T) []byte { return encodeRaw(t, small(t, &pdb.Options{Blank: true})) }, proves},
	// 5x2, 1-5 and 6-9, in blocks of 4096 bytes, 4 in the first group and
	// 1 in the second: for the tests of the command line that need
	// blocks no opening reads, of a size without a built-in table.
	{"golden/5x2-v3-blocks.pdb", func(t *testing.T) []byte {
		defer pdb.SetRawBlock(4096)()
		return encodeRaw(t, build(t, board.Size{W: 5, H: 2}, [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8, 9}}))
	}, proves},
	// 112 KB whose header describes 3.6 GB of tables, all zero: refused
	// for memory before anything is allocated.
	{"crafted/zero-5x5.pdb", func(t *testing.T) []byte {
		var buf bytes.Buffer
		size := board.Size{W: 5, H: 5}
		groups := [][]uint8{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}, {15, 16, 17, 18, 19, 20, 21}, {22, 23, 24}}
		if err := pdb.WriteZeros(&buf, board.Goal(size), groups); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}, func(t *testing.T, b []byte) {
		_, err := pdb.NewReaderWith(bytes.NewReader(b), int64(len(b)), &pdb.ReadOptions{MaxMemory: 1 << 30})
		if !errors.Is(err, pdb.ErrMemory) {
			t.Fatalf("read with a 1 GiB limit: %v, want ErrMemory", err)
		}
	}},
	// 3x3, 1-4 and 5-8: every non-zero entry one more (two moves), the
	// checksums right.
	{"crafted/raised-3x3.pdb", func(t *testing.T) []byte {
		return encode(t, mapped(t, func(e int) int { return e + min(e, 1) }))
	}, refutedFile},
	// The same with every entry zero: admissible, but slow to search.
	{"crafted/zeroed-3x3.pdb", func(t *testing.T) []byte {
		return encode(t, mapped(t, func(int) int { return 0 }))
	}, refutedFile},
	// A 7x2 database, its width and height swapped and its header's
	// checksum recomputed: it reads as 2x7.
	{"crafted/swapped-2x7.pdb", func(t *testing.T) []byte {
		size := board.Size{W: 7, H: 2}
		b := encode(t, build(t, size, pdb.DefaultPartition(size)))
		b[10], b[11] = b[11], b[10]
		pdb.ResealHeader(b)
		return b
	}, refutedFile},
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
			want := f.make(t)
			if *rewrite {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, want, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			b, err := os.ReadFile(path)
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
