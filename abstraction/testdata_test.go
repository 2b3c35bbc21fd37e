package abstraction_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the golden and crafted files in testdata from their generators")

// testdataFiles are the files of testdata and what writes each. Golden
// files pin the format: a fresh build must write them byte for byte, and
// they must read and prove. Crafted files are hostile ones the reader or
// the proof must refuse; each names how it fails. The files without a
// generator were written before the container, in the format this
// package still reads: they pin its reader.
var testdataFiles = []struct {
	name  string
	make  func(t *testing.T) []byte
	check func(t *testing.T, b []byte)
}{
	{"golden/container-3x3.abs", func(t *testing.T) []byte { return encode(t, small3x3(t), false) }, proves},
	{"golden/container-3x3-raw.abs", func(t *testing.T) []byte { return encode(t, small3x3(t), true) }, proves},
	{"golden/3x3.abs", nil, legacy(false)},
	{"golden/3x3-raw.abs", nil, legacy(true)},
	{"crafted/raised-3x3.abs", nil, raisedRefuted},
	{"crafted/goal-3x3.abs", nil, refusedAtOpen},
	{"crafted/swapped-4x2.abs", nil, refusedAtOpen},
	// One entry one move farther than it is, the checksums right.
	{"crafted/container-raised-3x3.abs", func(t *testing.T) []byte {
		db, _ := raised(t)
		return encode(t, db, false)
	}, raisedRefuted},
	// The goal's arrangement one move from itself: refused at open.
	{"crafted/container-goal-3x3.abs", func(t *testing.T) []byte {
		db := small3x3(t)
		goal := abstraction.Index(db, 0, db.Classings()[0].Cells())
		abstraction.SetEntry(db, 0, goal, 1)
		return encode(t, db, true)
	}, refusedAtOpen},
	// A 4x2 database with its width and height swapped, its header's
	// checksum recomputed: its records do not fill the file as 2x4's.
	{"crafted/container-swapped-4x2.abs", func(t *testing.T) []byte {
		goal := board.Goal(board.Size{W: 4, H: 2})
		db, err := abstraction.Build(context.Background(), []*abstraction.Classing{abstraction.MustParseClassing(goal, "1 2 3 4/1 2 3 0")}, nil)
		if err != nil {
			t.Fatal(err)
		}
		b := encode(t, db, true)
		b[12], b[13] = b[13], b[12]
		abstraction.ResealHeader(b)
		return b
	}, refusedAtOpen},
}

// raisedRefuted requires the proof of the file b, of the database raised
// makes, to refute the entry raised.
func raisedRefuted(t *testing.T, b []byte) {
	db := read(t, b)
	_, i := raised(t)
	refutedNear(t, db, 1, abstraction.Unindex(db, 1, i))
}

// refusedAtOpen requires the file b to be refused with ErrFormat.
func refusedAtOpen(t *testing.T, b []byte) {
	if _, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b))); !errors.Is(err, abstraction.ErrFormat) {
		t.Fatalf("read: %v, want ErrFormat", err)
	}
}

// legacy checks a golden file written before the container: it reads and
// proves, and written again it is the file small3x3 writes now, raw or
// compressed, and describes itself as that file does, but for the format
// and the content hash.
func legacy(raw bool) func(t *testing.T, b []byte) {
	return func(t *testing.T, b []byte) {
		proves(t, b)
		want := encode(t, small3x3(t), raw)
		if got := encode(t, read(t, b), raw); !bytes.Equal(got, want) {
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
		sum, _ := read(t, b).ContentHash()
		if old.Version != 0 || old.KindVersion != 1 || old.ContentHash != sum || old.Bytes != int64(len(b)) {
			t.Fatalf("described as %+v", old)
		}
		old.Version, old.KindVersion, old.ContentHash, old.Bytes = now.Version, now.KindVersion, now.ContentHash, now.Bytes
		if old != now {
			t.Fatalf("described as %+v, the file written now as %+v", old, now)
		}
	}
}

// raised returns the database of the second classing of small3x3 with
// one entry one farther than it is: the first from index 2000 on whose
// row can hold it.
func raised(t *testing.T) (*abstraction.DB, uint64) {
	for i := uint64(2000); ; i++ {
		db := small3x3(t)
		if setEntry(db, 1, i, abstraction.Entry(db, 1, i)+1) {
			return db, i
		}
	}
}

func read(t *testing.T, b []byte) *abstraction.DB {
	t.Helper()
	db, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// proves checks that b reads, from memory and from a file, and proves.
func proves(t *testing.T, b []byte) {
	if err := read(t, b).Prove(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "x.abs")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := abstraction.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Prove(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
}

// refutedNear requires the proof of db to refute classing pi with an
// EntryError that names a, or a neighbour of a whose premise a's entry
// broke.
func refutedNear(t *testing.T, db *abstraction.DB, pi int, a []uint8) {
	t.Helper()
	err := db.Prove(context.Background(), nil)
	var e *abstraction.EntryError
	if !errors.As(err, &e) || !errors.Is(err, abstraction.ErrEntry) || !errors.Is(err, abstraction.ErrFormat) {
		t.Fatalf("Prove: %v, want an *EntryError", err)
	}
	if e.Part != pi {
		t.Fatalf("Prove refutes classing %d, want %d: %v", e.Part, pi, err)
	}
	if !slices.Equal(e.Arrangement, a) && !slices.Equal(e.Neighbour, a) && !adjacent(db.Size(), e.Arrangement, a) {
		t.Fatalf("Prove: %v; it names neither %v nor a neighbour of it", err, a)
	}
}

// adjacent reports whether arrangements a and b are one multi-tile move
// apart, by sliding the blank of a along its row or column.
func adjacent(size board.Size, a, b []uint8) bool {
	z := slices.Index(a, 0)
	w := size.W
	for _, c := range size.Line(z) {
		x := slices.Clone(a)
		board.SlideCells(x, w, z, c)
		if slices.Equal(x, b) {
			return true
		}
	}
	return false
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
