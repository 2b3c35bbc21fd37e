package pdb_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/pdb"
)

func build(t testing.TB, size board.Size, groups [][]uint8) *pdb.DB {
	t.Helper()
	return buildWith(t, size, groups, nil)
}

func buildWith(t testing.TB, size board.Size, groups [][]uint8, opts *pdb.Options) *pdb.DB {
	t.Helper()
	db, err := pdb.Build(context.Background(), board.Goal(size), groups, opts)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// both are the two kinds of database: the least over the blank's cells,
// and an entry for each.
var both = []struct {
	name string
	opts *pdb.Options
}{{"least", nil}, {"blank", &pdb.Options{Blank: true}}}

func encode(t testing.TB, db *pdb.DB) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := db.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sameEntries checks that a and b give the same moves for every board
// drawn by walking from the goal.
func sameEntries(t *testing.T, a, b *pdb.DB) {
	t.Helper()
	if a.Size() != b.Size() || a.Goal() != b.Goal() || len(a.Groups()) != len(b.Groups()) {
		t.Fatalf("databases differ: %s %v %v, %s %v %v", a.Size(), a.Goal(), a.Groups(), b.Size(), b.Goal(), b.Groups())
	}
	n := a.Size().Cells()
	for gi, tiles := range a.Groups() {
		cells := make([]uint8, len(tiles))
		// Every placement of small groups; the rest walked with a counter.
		var rec func(i int, used uint64)
		count := 0
		rec = func(i int, used uint64) {
			if count > 200000 {
				return
			}
			if i == len(cells) {
				count++
				if x, y := a.Moves(gi, cells), b.Moves(gi, cells); x != y {
					t.Fatalf("group %v in %v: %d moves, read back %d", tiles, cells, x, y)
				}
				for z := range n {
					if used&(1<<z) != 0 {
						continue
					}
					if x, y := a.MovesFrom(gi, cells, z), b.MovesFrom(gi, cells, z); x != y {
						t.Fatalf("group %v in %v, blank in %d: %d moves, read back %d", tiles, cells, z, x, y)
					}
				}
				return
			}
			for c := range n {
				if used&(1<<c) == 0 {
					cells[i] = uint8(c)
					rec(i+1, used|1<<c)
				}
			}
		}
		rec(0, 0)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, kind := range both {
		for _, p := range partitions {
			db := buildWith(t, p.size, p.groups, kind.opts)
			b := encode(t, db)
			back, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
			if err != nil {
				t.Fatalf("%s %s %v: %v", kind.name, p.size, p.groups, err)
			}
			if back.KeepsBlank() != (kind.opts != nil) {
				t.Fatalf("%s %s %v: KeepsBlank() = %t", kind.name, p.size, p.groups, back.KeepsBlank())
			}
			// Compressed: the tables are small.
			if raw, _ := pdb.RawFile(b); raw || string(b[:len(container.Magic)]) != container.Magic {
				t.Fatalf("%s %s %v: not written compressed in the container", kind.name, p.size, p.groups)
			}
			sameEntries(t, db, back)
			if again := encode(t, back); !bytes.Equal(again, b) {
				t.Fatalf("%s %s %v: writing what was read gives other bytes", kind.name, p.size, p.groups)
			}
			if again := encode(t, buildWith(t, p.size, p.groups, kind.opts)); !bytes.Equal(again, b) {
				t.Fatalf("%s %s %v: a second build writes other bytes", kind.name, p.size, p.groups)
			}
		}
	}
}

func TestWriteFileOpen(t *testing.T) {
	db := build(t, board.Size{W: 3, H: 3}, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}})
	path := filepath.Join(t.TempDir(), "3x3.pdb")
	sum, err := pdb.WriteFile(context.Background(), path, db)
	if err != nil {
		t.Fatal(err)
	}
	back, err := pdb.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	sameEntries(t, db, back)
	if got, ok := back.ContentHash(); !ok || got != sum {
		t.Errorf("ContentHash %x, %v; WriteFile returned %x", got, ok, sum)
	}
	if _, err := pdb.Open(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Fatal("Open of a missing file gave no error")
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("%d files left in the directory, want 1", len(entries))
	}
}

// TestCorrupt checks that every single-byte change, every truncation and
// a changed version are errors of the right kind, for both kinds of
// database.
func TestCorrupt(t *testing.T) {
	for _, kind := range both {
		t.Run(kind.name, func(t *testing.T) {
			testCorrupt(t, buildWith(t, board.Size{W: 3, H: 2}, [][]uint8{{1, 2, 3}, {4, 5}}, kind.opts))
		})
	}
}

func testCorrupt(t *testing.T, db *pdb.DB) {
	good := encode(t, db)
	read := func(b []byte) error {
		_, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
		return err
	}
	if err := read(good); err != nil {
		t.Fatal(err)
	}
	for i := range good {
		for _, x := range []byte{1, 0x80, 0xFF} {
			b := bytes.Clone(good)
			b[i] ^= x
			err := read(b)
			if err == nil {
				t.Fatalf("byte %d ^ %#x: no error", i, x)
			}
			if !errors.Is(err, pdb.ErrFormat) && !errors.Is(err, pdb.ErrChecksum) && !errors.Is(err, pdb.ErrVersion) {
				t.Fatalf("byte %d ^ %#x: %v is none of the sentinels", i, x, err)
			}
		}
	}
	for l := range len(good) {
		if err := read(good[:l]); !errors.Is(err, pdb.ErrFormat) {
			t.Fatalf("truncated to %d bytes: %v, want ErrFormat", l, err)
		}
	}
	if err := read(append(bytes.Clone(good), 0)); !errors.Is(err, pdb.ErrFormat) {
		t.Fatalf("a byte appended: %v, want ErrFormat", err)
	}
	for _, v := range []uint16{0, pdb.FormatVersion + 1} {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint16(b[8:], v)
		if err := read(b); !errors.Is(err, pdb.ErrVersion) {
			t.Fatalf("version %d: %v, want ErrVersion", v, err)
		}
	}
}

// TestDamagedGoalAndPartition gives a tile twice in the goal of a file of
// every version, and in the current one a tile to two groups, the header's
// checksum made good again: the file is refused as damaged (ErrFormat, a
// failure of kind failure.File), by its reader and by Describe, never as
// bad input, which the same goal or partition from a caller is.
func TestDamagedGoalAndPartition(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"3x2-v1.pdb", "3x2-v2.pdb", "3x2-v3.pdb", "container-3x2.pdb", "container-3x2-raw-blank.pdb", "container-5x2-blocks.pdb"} {
		t.Run(name, func(t *testing.T) {
			good, err := os.ReadFile(filepath.Join("testdata", "golden", name))
			if err != nil {
				t.Fatal(err)
			}
			db, err := pdb.NewReader(bytes.NewReader(good), int64(len(good)))
			if err != nil {
				t.Fatal(err)
			}
			goal := db.Goal().Cells()
			n := len(goal)
			at := 32 // the goal's cells: in the container, and before it at 20
			legacy := string(good[:len(pdb.Magic)]) == pdb.Magic
			if legacy {
				at = 20
			}
			if !bytes.Equal(good[at:at+n], goal) {
				t.Fatalf("the goal %s is not at byte %d", db.Goal(), at)
			}
			check := func(what, want string, bad []byte) {
				t.Helper()
				pdb.ResealHeader(bad)
				_, err := pdb.NewReader(bytes.NewReader(bad), int64(len(bad)))
				_, derr := container.DescribeAt(bytes.NewReader(bad), int64(len(bad)))
				if !errors.Is(err, pdb.ErrFormat) || failure.KindOf(err) != failure.File || !strings.Contains(err.Error(), want) {
					t.Errorf("%s: %v, a failure of kind %v, want ErrFormat, of kind %v, saying %q", what, err, failure.KindOf(err), failure.File, want)
				}
				if what == "goal" && failure.KindOf(derr) != failure.File {
					t.Errorf("%s: Describe: %v, a failure of kind %v, want %v", what, derr, failure.KindOf(derr), failure.File)
				}
			}
			bad := bytes.Clone(good)
			bad[at] = bad[at+1]
			check("goal", "appears twice", bad)
			if legacy {
				return
			}
			// The parameters: 8 bytes, then each group's tile count and
			// tiles. The first tile of group 2 made group 1's last keeps
			// each group's tiles in order.
			g1 := 32 + n + 4 + 8
			k1 := int(good[g1])
			g2 := g1 + 1 + k1 + 2
			bad = bytes.Clone(good)
			bad[g2+1] = good[g1+k1]
			check("partition", "bad partition: tile", bad)
		})
	}
}

// FuzzNewReader checks that no input makes the reader panic or allocate
// beyond its limit, and that whatever it accepts writes back to the same
// bytes.
func FuzzNewReader(f *testing.F) {
	for _, p := range partitions[4:] {
		f.Add(encode(f, build(f, p.size, p.groups)))
		f.Add(encode(f, buildWith(f, p.size, p.groups, &pdb.Options{Blank: true})))
	}
	restore := pdb.SetRawBlock(4096) // a small seed read in place: 12 KB
	f.Add(encodeRaw(f, build(f, board.Size{W: 3, H: 2}, [][]uint8{{1, 2, 3}, {4, 5}})))
	restore()
	f.Add([]byte(pdb.Magic))
	for _, name := range []string{"3x2-v1.pdb", "3x2-v2.pdb", "3x2-v3.pdb"} { // before the container
		if b, err := os.ReadFile(filepath.Join("testdata", "golden", name)); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// A limit, so that a small file claiming large tables is refused
		// rather than decoded, and one accepted is written back quickly:
		// 4 MiB.
		db, err := pdb.NewReaderWith(bytes.NewReader(b), int64(len(b)), &pdb.ReadOptions{MaxMemory: 1 << 22})
		if err != nil {
			if !errors.Is(err, pdb.ErrFormat) && !errors.Is(err, pdb.ErrChecksum) && !errors.Is(err, pdb.ErrVersion) && !errors.Is(err, pdb.ErrMemory) {
				t.Fatalf("%v is none of the sentinels", err)
			}
			return
		}
		if string(b[:len(pdb.Magic)]) == pdb.Magic {
			return // written again, a file before the container is another
		}
		// Written back in the layout it was read in.
		var again []byte
		if raw, block := pdb.RawFile(b); raw {
			restore := pdb.SetRawBlock(block)
			again = encodeRaw(t, db)
			restore()
		} else {
			restore := pdb.SetRawMin(1 << 62)
			again = encode(t, db)
			restore()
		}
		if !bytes.Equal(again, b) {
			t.Fatalf("accepted %d bytes that write back as %d others", len(b), len(again))
		}
	})
}

// TestReadMemoryLimit checks that the readers refuse, before allocating, a
// database that needs more memory than their limit, and name the need and
// the limit.
func TestReadMemoryLimit(t *testing.T) {
	db := build(t, board.Size{W: 3, H: 3}, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}})
	b := encode(t, db)
	path := filepath.Join(t.TempDir(), "3x3.pdb")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	limit := db.Bytes() - 1
	_, err := pdb.NewReaderWith(bytes.NewReader(b), int64(len(b)), &pdb.ReadOptions{MaxMemory: limit})
	if !errors.Is(err, pdb.ErrMemory) || !strings.Contains(err.Error(), "needs 4 KB, the limit is 3 KB") {
		t.Fatalf("NewReaderWith, limit %d: %v, want ErrMemory naming the need and the limit", limit, err)
	}
	if _, err := pdb.OpenWith(path, &pdb.ReadOptions{MaxMemory: limit}); !errors.Is(err, pdb.ErrMemory) {
		t.Fatalf("OpenWith, limit %d: %v, want ErrMemory", limit, err)
	}
	for _, opts := range []*pdb.ReadOptions{nil, {}, {MaxMemory: 1 << 20}} {
		back, err := pdb.OpenWith(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		sameEntries(t, db, back)
	}
}
