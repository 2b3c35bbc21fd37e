package abstraction_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/rank"
)

var size3x3 = board.Size{W: 3, H: 3}

// small3x3 is the database of most format tests: two classings of 3x3.
func small3x3(t testing.TB) *abstraction.DB {
	t.Helper()
	goal := board.Goal(size3x3)
	db, err := abstraction.Build(context.Background(), []*abstraction.Classing{
		abstraction.MustParseClassing(goal, "1 1 2/3 3 2/3 2 0"),
		abstraction.MustParseClassing(goal, "1 1 1/2 2 2/3 3 0"),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// encode writes db compressed (raw, if raw is set), in blocks of 64
// groups.
func encode(t testing.TB, db *abstraction.DB, raw bool) []byte {
	t.Helper()
	defer abstraction.SetBlockGroups(64)()
	if raw {
		defer abstraction.SetRawMin(0)()
	}
	var buf bytes.Buffer
	if _, err := db.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sameDistances requires a and b to give every 3x3 board the same
// distance in each classing.
func sameDistances(t testing.TB, a, b *abstraction.DB) {
	t.Helper()
	cells := make([]uint8, 9)
	for i := uint64(0); i < rank.Factorial(9); i += 97 {
		rank.Unindex(i, cells)
		bd, _ := board.New(size3x3, cells)
		for c := range a.Classings() {
			da, erra := a.Distance(c, bd)
			db, errb := b.Distance(c, bd)
			if da != db || (erra == nil) != (errb == nil) {
				t.Fatalf("classing %d, board %v: %d (%v) and %d (%v)", c, bd, da, erra, db, errb)
			}
		}
	}
}

// TestRoundTrip writes a database both ways, reads it back from memory and
// from a file, and requires the same distances, a proof, the content hash
// of the header, and the same bytes written again.
func TestRoundTrip(t *testing.T) {
	built := small3x3(t)
	for _, raw := range []bool{false, true} {
		b := encode(t, built, raw)
		path := filepath.Join(t.TempDir(), "x.abs")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		read, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		opened, err := abstraction.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, db := range []*abstraction.DB{read, opened} {
			sameDistances(t, built, db)
			if err := db.Prove(context.Background(), nil); err != nil {
				t.Fatalf("raw %v: Prove: %v", raw, err)
			}
			sum, ok := db.ContentHash()
			if want := sha256.Sum256(b[:abstraction.HeaderLen(b)]); !ok || sum != want {
				t.Fatalf("ContentHash = %x, %v; want the header's SHA-256 %x", sum, ok, want)
			}
			again := encode(t, db, raw)
			if !bytes.Equal(again, b) {
				t.Fatalf("raw %v: written again, %d bytes differ from the %d read", raw, len(again), len(b))
			}
		}
		if err := opened.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := built.ContentHash(); ok {
		t.Fatal("a built database has a content hash")
	}
}

// TestCorrupt damages a file in each part and requires the right error.
func TestCorrupt(t *testing.T) {
	built := small3x3(t)
	for _, raw := range []bool{false, true} {
		good := encode(t, built, raw)
		hl := abstraction.HeaderLen(good)
		cases := []struct {
			name string
			edit func(b []byte) []byte
			want error
		}{
			{"magic", func(b []byte) []byte { b[0] = 'X'; return b }, abstraction.ErrFormat},
			{"version", func(b []byte) []byte { b[8] = 9; return b }, abstraction.ErrVersion},
			{"header byte", func(b []byte) []byte { b[30] ^= 1; return b }, abstraction.ErrChecksum},
			{"header checksum", func(b []byte) []byte { b[hl-1] ^= 1; return b }, abstraction.ErrChecksum},
			{"truncated", func(b []byte) []byte { return b[:len(b)-1] }, abstraction.ErrFormat},
			{"longer", func(b []byte) []byte { return append(b, 0) }, abstraction.ErrFormat},
			{"header only", func(b []byte) []byte { return b[:hl-10] }, abstraction.ErrFormat},
			{"empty", func(b []byte) []byte { return nil }, abstraction.ErrFormat},
			{"size", func(b []byte) []byte { b[12] = 4; abstraction.ResealHeader(b); return b }, abstraction.ErrFormat},
			{"metric", func(b []byte) []byte { b[14] = 1; abstraction.ResealHeader(b); return b }, abstraction.ErrFormat},
			{"kind", func(b []byte) []byte { b[10] = 2; abstraction.ResealHeader(b); return b }, abstraction.ErrFormat},
			{"payload version", func(b []byte) []byte { b[11] = 2; abstraction.ResealHeader(b); return b }, abstraction.ErrVersion},
			{"encoding", func(b []byte) []byte { b[32+9+4] ^= 1; abstraction.ResealHeader(b); return b }, abstraction.ErrFormat},
		}
		for _, c := range cases {
			b := c.edit(bytes.Clone(good))
			if _, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b))); !errors.Is(err, c.want) {
				t.Errorf("raw %v, %s: %v, want %v", raw, c.name, err, c.want)
			}
		}
		// A block flipped reads (its checksum is checked when it is
		// needed) and then fails, its entries unknown.
		b := bytes.Clone(good)
		b[len(b)-3] ^= 0x10
		db, err := abstraction.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatalf("raw %v: a damaged last block fails at open: %v", raw, err)
		}
		if err := db.Prove(context.Background(), nil); !errors.Is(err, abstraction.ErrChecksum) {
			t.Errorf("raw %v: Prove of a damaged block: %v, want ErrChecksum", raw, err)
		}
		if err := db.Err(); !errors.Is(err, abstraction.ErrChecksum) {
			t.Errorf("raw %v: Err after a damaged block: %v, want ErrChecksum", raw, err)
		}
	}
}

// TestDamagedGoalAndClassing gives a tile twice in the goal of a file of
// either version, and a cell other than the blank's class 0 in its first
// classing, the header's checksum made good again: the file is refused as
// damaged (ErrFormat, a failure of kind failure.File), by its reader and
// by Describe, never as bad input, which the same goal or classing from a
// caller is.
func TestDamagedGoalAndClassing(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"3x3.abs", "3x3-raw.abs", "container-3x3.abs", "container-3x3-raw.abs"} {
		t.Run(name, func(t *testing.T) {
			good, err := os.ReadFile(filepath.Join("testdata", "golden", name))
			if err != nil {
				t.Fatal(err)
			}
			db, err := abstraction.NewReader(bytes.NewReader(good), int64(len(good)))
			if err != nil {
				t.Fatal(err)
			}
			goal := db.Goal().Cells()
			n := len(goal)
			// The goal's cells, then the first classing's: in the container
			// after the length of the parameters and their first 8 bytes.
			at, classing := 32, 32+n+4+8
			if string(good[:8]) != "SLIDEBOX" {
				at, classing = 24, 24+n
			}
			if !bytes.Equal(good[at:at+n], goal) {
				t.Fatalf("the goal %s is not at byte %d", db.Goal(), at)
			}
			check := func(what, want string, bad []byte, describe bool) {
				t.Helper()
				abstraction.ResealHeader(bad)
				_, err := abstraction.NewReader(bytes.NewReader(bad), int64(len(bad)))
				if !errors.Is(err, abstraction.ErrFormat) || failure.KindOf(err) != failure.File || !strings.Contains(err.Error(), want) {
					t.Errorf("%s: %v, a failure of kind %v, want ErrFormat, of kind %v, saying %q", what, err, failure.KindOf(err), failure.File, want)
				}
				if _, err := container.DescribeAt(bytes.NewReader(bad), int64(len(bad))); describe && failure.KindOf(err) != failure.File {
					t.Errorf("%s: Describe: %v, a failure of kind %v, want %v", what, err, failure.KindOf(err), failure.File)
				}
			}
			bad := bytes.Clone(good)
			bad[at] = bad[at+1]
			check("goal", "appears twice", bad, true)
			bad = bytes.Clone(good)
			cell := (db.Goal().Blank() + 1) % n
			bad[classing+cell] = 0
			check("classing", "bad classing", bad, false)
		})
	}
}

// TestMemoryLimit requires a reader to refuse, before allocating, entries
// above its limit.
func TestMemoryLimit(t *testing.T) {
	b := encode(t, small3x3(t), true)
	_, err := abstraction.NewReaderWith(bytes.NewReader(b), int64(len(b)), &abstraction.ReadOptions{MaxMemory: 1000})
	if !errors.Is(err, abstraction.ErrMemory) {
		t.Fatalf("read with a 1000-byte limit: %v, want ErrMemory", err)
	}
	goal := board.Goal(board.Size{W: 4, H: 4})
	_, err = abstraction.Build(context.Background(), []*abstraction.Classing{abstraction.MustParseClassing(goal, "1 1 2 2/3 3 2 2/3 3 4 4/3 4 4 0")}, &abstraction.Options{MaxMemory: 100 << 20})
	if !errors.Is(err, abstraction.ErrMemory) {
		t.Fatalf("build with a 100 MiB limit: %v, want ErrMemory", err)
	}
}

// TestClosed requires a block needed after Close to read as unknown and
// Err to say so.
func TestClosed(t *testing.T) {
	b := encode(t, small3x3(t), true)
	path := filepath.Join(t.TempDir(), "x.abs")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := abstraction.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	bd := board.MustParse(size3x3, "8 6 7/2 5 4/3 0 1")
	if _, err := db.Distance(0, bd); !errors.Is(err, abstraction.ErrClosed) {
		t.Fatalf("Distance after Close: %v, want ErrClosed", err)
	}
	if h := db.Heuristic().Estimate(bd); h != 0 {
		t.Fatalf("Estimate after Close = %d, want 0 (unknown)", h)
	}
}

// TestLoadedEvaluators requires the evaluators of a database read in
// place to bound boards as those of the database built do, before every
// block is in memory and after, when they no longer ask whether a block
// is.
func TestLoadedEvaluators(t *testing.T) {
	built := small3x3(t)
	path := filepath.Join(t.TempDir(), "x.abs")
	if err := os.WriteFile(path, encode(t, built, false), 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := abstraction.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	want, h := built.Heuristic(), db.Heuristic()
	r := rand.New(rand.NewPCG(5, 6))
	check := func() {
		t.Helper()
		for range 50 {
			b, err := gen.Uniform(r, size3x3)
			if err != nil {
				t.Fatal(err)
			}
			e, w := h.Start(b), want.Start(b)
			for range 30 {
				if e.H() != w.H() {
					t.Fatalf("%v: bound %d, the built database's %d", b, e.H(), w.H())
				}
				moves := b.Moves()
				tile := moves[r.IntN(len(moves))]
				next, err := b.Move(tile)
				if err != nil {
					t.Fatal(err)
				}
				z, c := b.Blank(), next.Blank()
				if got, wantH := e.Move(tile, c, z), w.Move(tile, c, z); got != wantH {
					t.Fatalf("%v to %v: bound %d, the built database's %d", b, next, got, wantH)
				}
				b = next
			}
		}
	}
	if abstraction.StartsLoaded(h) {
		t.Fatal("evaluators start without caches before any block is read")
	}
	check()
	if err := db.Prove(context.Background(), nil); err != nil { // reads every block
		t.Fatal(err)
	}
	if !abstraction.StartsLoaded(h) {
		t.Fatal("every block read, and the evaluators still ask the caches")
	}
	check()
}
