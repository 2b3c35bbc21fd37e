package pdb_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/pdb"
)

// writeFile writes b to a file in a temporary directory and returns its
// path.
func writeFile(t *testing.T, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// encodeRaw returns db written with its entries as they are in memory, to
// be read in place.
func encodeRaw(t testing.TB, db *pdb.DB) []byte {
	t.Helper()
	defer pdb.SetRawMin(0)()
	b := encode(t, db)
	if raw, _ := pdb.RawFile(b); !raw {
		t.Fatal("not written to be read in place")
	}
	return b
}

// TestInPlaceRoundTrip writes databases of both kinds in version 3 and
// reads them back whole and in place: the same entries, written back to
// the same bytes, and a content hash that is the header's SHA-256.
func TestInPlaceRoundTrip(t *testing.T) {
	for _, kind := range both {
		for _, p := range partitions {
			t.Run(fmt.Sprint(kind.name, p.size, p.groups), func(t *testing.T) {
				db := buildWith(t, p.size, p.groups, kind.opts)
				b := encodeRaw(t, db)
				if len(b)%4096 != 0 || len(b) < 4096 {
					t.Fatalf("%d bytes, not whole pages", len(b))
				}
				whole, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
				if err != nil {
					t.Fatal(err)
				}
				path := writeFile(t, "x.pdb", b)
				inPlace, err := pdb.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer inPlace.Close()
				if got := pdb.Loaded(inPlace); len(got) != len(p.groups) || slices.Max(got) > 1 {
					t.Fatalf("blocks in memory after opening: %v, want the goal's only", got)
				}
				want := sha256.Sum256(b[:pdb.HeaderLen(b)])
				for _, back := range []*pdb.DB{whole, inPlace} {
					sameEntries(t, db, back)
					if h, ok := back.ContentHash(); !ok || h != want {
						t.Fatalf("content hash %x, %t, want the header's %x", h, ok, want)
					}
					if again := encodeRaw(t, back); !bytes.Equal(again, b) {
						t.Fatal("writing what was read gives other bytes")
					}
					if err := back.Prove(context.Background(), nil); err != nil {
						t.Fatal(err)
					}
					if err := back.Err(); err != nil {
						t.Fatal(err)
					}
				}
				if err := inPlace.Close(); err != nil {
					t.Fatal(err)
				}
				if err := inPlace.Close(); err != nil {
					t.Fatalf("a second Close: %v", err)
				}
			})
		}
	}
}

// TestContentHash checks the content hash of a compressed file, the
// SHA-256 of its header, of a file before the container, the SHA-256 of
// the whole file, and of a database built.
func TestContentHash(t *testing.T) {
	db := build(t, board.Size{W: 3, H: 2}, [][]uint8{{1, 2, 3}, {4, 5}})
	if _, ok := db.ContentHash(); ok {
		t.Fatal("a database built has a content hash")
	}
	b := encode(t, db)
	back, err := pdb.Open(writeFile(t, "x.pdb", b))
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := back.ContentHash(); !ok || h != sha256.Sum256(b[:pdb.HeaderLen(b)]) {
		t.Fatalf("content hash %x, %t, want the header's", h, ok)
	}
	old, err := os.ReadFile(filepath.Join("testdata", "golden", "3x2-v1.pdb"))
	if err != nil {
		t.Fatal(err)
	}
	if back, err = pdb.Open(writeFile(t, "v1.pdb", old)); err != nil {
		t.Fatal(err)
	}
	if h, ok := back.ContentHash(); !ok || h != sha256.Sum256(old) {
		t.Fatalf("content hash of a file of version 1 %x, %t, want the file's", h, ok)
	}
}

// multiBlock returns a database and its bytes in version 3 in blocks of
// 4096 bytes: 3x3, 1-6 and 7-8, whose tables take 30,240 and 36 bytes, 8
// blocks and 1.
func multiBlock(t *testing.T) (*pdb.DB, []byte) {
	defer pdb.SetRawBlock(4096)()
	db := build(t, board.Size{W: 3, H: 3}, [][]uint8{{1, 2, 3, 4, 5, 6}, {7, 8}})
	return db, encodeRaw(t, db)
}

// TestInPlaceLazy checks that a database read in place reads blocks as
// lookups need them, that a block which fails its checksum or is needed
// after Close reads as zeros, a bound no higher, and that Err and Prove
// report it.
func TestInPlaceLazy(t *testing.T) {
	db, b := multiBlock(t)
	h := db.Heuristic()
	r := rand.New(rand.NewPCG(5, 6))
	var boards []board.Board
	for range 200 {
		x, err := gen.Uniform(r, db.Size())
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, x)
	}

	inPlace, err := pdb.Open(writeFile(t, "x.pdb", b))
	if err != nil {
		t.Fatal(err)
	}
	ih := inPlace.Heuristic()
	for _, x := range boards[:5] {
		if got, want := ih.Estimate(x), h.Estimate(x); got != want {
			t.Fatalf("%v: %d read in place, %d built", x, got, want)
		}
	}
	if loaded := pdb.Loaded(inPlace); loaded[0] < 2 || loaded[0] >= 8 {
		t.Fatalf("blocks in memory after 5 boards: %v of 8 and 1", loaded)
	}
	if err := inPlace.Close(); err != nil {
		t.Fatal(err)
	}
	for _, x := range boards {
		if got, want := ih.Estimate(x), h.Estimate(x); got > want {
			t.Fatalf("%v after Close: %d, above %d", x, got, want)
		}
	}
	if err := inPlace.Err(); !errors.Is(err, pdb.ErrClosed) {
		t.Fatalf("Err after Close and lookups: %v, want ErrClosed", err)
	}
	if err := inPlace.Prove(context.Background(), nil); !errors.Is(err, pdb.ErrClosed) {
		t.Fatalf("Prove after Close: %v, want ErrClosed", err)
	}

	// A byte changed in the first group's block 5: opening reads the
	// goal's blocks only, which are good.
	bad := bytes.Clone(b)
	off := len(bad) - 9*4096 + 5*4096 + 100
	bad[off] ^= 0x11
	badPath := writeFile(t, "bad.pdb", bad)
	var reports []error
	damaged, err := pdb.OpenWith(badPath, &pdb.ReadOptions{Damaged: func(err error) { reports = append(reports, err) }})
	if err != nil {
		t.Fatal(err)
	}
	defer damaged.Close()
	dh := damaged.Heuristic()
	for _, x := range boards {
		if got, want := dh.Estimate(x), h.Estimate(x); got > want {
			t.Fatalf("%v in a damaged file: %d, above %d", x, got, want)
		}
	}
	// Said once, naming the file, the group and the block.
	if len(reports) != 1 || !errors.Is(reports[0], pdb.ErrChecksum) || !strings.Contains(reports[0].Error(), badPath+": ") || !strings.Contains(reports[0].Error(), "group 1, block 5") {
		t.Fatalf("damage reported as %q, want once, naming %s, group 1 and block 5", reports, badPath)
	}
	if err := damaged.Prove(context.Background(), nil); !errors.Is(err, pdb.ErrChecksum) {
		t.Fatalf("Prove of a damaged file: %v, want ErrChecksum", err)
	}
	if err := damaged.Err(); !errors.Is(err, pdb.ErrChecksum) {
		t.Fatalf("Err of a damaged file: %v, want ErrChecksum", err)
	}
}

// TestInPlaceCorrupt checks version 3 files changed a byte at a time, cut
// short or lengthened: reading them whole fails with a sentinel, and
// reading them in place either fails so, or answers with a proof that
// fails so.
func TestInPlaceCorrupt(t *testing.T) {
	for _, kind := range both {
		t.Run(kind.name, func(t *testing.T) {
			good := encodeRaw(t, buildWith(t, board.Size{W: 3, H: 2}, [][]uint8{{1, 2, 3}, {4, 5}}, kind.opts))
			sentinel := func(err error) bool {
				return errors.Is(err, pdb.ErrFormat) || errors.Is(err, pdb.ErrChecksum) || errors.Is(err, pdb.ErrVersion)
			}
			check := func(what string, b []byte) {
				t.Helper()
				if _, err := pdb.NewReader(bytes.NewReader(b), int64(len(b))); !sentinel(err) {
					t.Fatalf("%s: read whole: %v", what, err)
				}
				db, err := pdb.OpenInPlace(bytes.NewReader(b), int64(len(b)))
				if err == nil {
					err = db.Prove(context.Background(), nil)
				}
				if !sentinel(err) {
					t.Fatalf("%s: read in place and proven: %v", what, err)
				}
			}
			hl := pdb.HeaderLen(good)
			for i := range good {
				// Every byte of the header and the first of each page
				// after it; the others of a block are alike.
				if i >= hl && i%512 != 0 && i != len(good)-1 {
					continue
				}
				for _, x := range []byte{1, 0x80} {
					b := bytes.Clone(good)
					b[i] ^= x
					check(fmt.Sprintf("byte %d ^ %#x", i, x), b)
				}
			}
			for _, l := range []int{0, 9, 19, hl - 1, hl, 4096, len(good) - 1} {
				check(fmt.Sprintf("cut to %d bytes", l), good[:l])
			}
			check("a byte appended", append(bytes.Clone(good), 0))
		})
	}
}

// TestInPlaceConcurrent looks up a database read in place from several
// goroutines at once, so that they read the same blocks at the same time
// (run with -race), and checks their answers.
func TestInPlaceConcurrent(t *testing.T) {
	db, b := multiBlock(t)
	h := db.Heuristic()
	in, err := pdb.Open(writeFile(t, "x.pdb", b))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ih := in.Heuristic()
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(7, 8)) // the same boards in every goroutine
			for range 300 {
				x, err := gen.Uniform(r, db.Size())
				if err != nil {
					errs <- err
					return
				}
				if got, want := ih.Estimate(x), h.Estimate(x); got != want {
					errs <- fmt.Errorf("goroutine %d, %v: %d read in place, %d built", w, x, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if err := in.Err(); err != nil {
		t.Fatal(err)
	}
}
