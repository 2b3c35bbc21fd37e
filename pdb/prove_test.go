package pdb_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/pdb"
)

// reread writes db and reads it back, as a file crafted by the writer of
// this package would be read.
func reread(t *testing.T, db *pdb.DB) *pdb.DB {
	t.Helper()
	b := encode(t, db)
	back, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// proofPartitions are the databases the proof is tried on: small, with
// groups of one tile and groups that leave few cells free.
var proofPartitions = []struct {
	size   board.Size
	groups [][]uint8
	// flat says every entry is zero (groups of one tile, whose
	// Manhattan distance is exact), so no attack changes it.
	flat bool
}{
	{size: board.Size{W: 3, H: 2}, groups: [][]uint8{{1, 2, 3}, {4, 5}}},
	{size: board.Size{W: 3, H: 2}, groups: [][]uint8{{1, 4}, {2, 5}, {3}}},
	{size: board.Size{W: 4, H: 2}, groups: [][]uint8{{1, 2, 3, 4}, {5, 6, 7}}},
	{size: board.Size{W: 2, H: 4}, groups: [][]uint8{{1, 2, 3}, {4, 5, 6, 7}}},
	{size: board.Size{W: 3, H: 3}, groups: [][]uint8{{1, 4, 7}, {2, 5, 8}, {3, 6}}},
	{size: board.Size{W: 3, H: 3}, groups: [][]uint8{{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}}, flat: true},
}

// TestProveGenuine proves every database the package builds, of both
// kinds, after a round trip through the file format.
func TestProveGenuine(t *testing.T) {
	for _, kind := range both {
		for _, p := range proofPartitions {
			t.Run(fmt.Sprint(kind.name, p.size, p.groups), func(t *testing.T) {
				db := reread(t, buildWith(t, p.size, p.groups, kind.opts))
				var calls int
				var last, total uint64
				err := db.Prove(context.Background(), &pdb.ProveOptions{Progress: func(done, all uint64) {
					if done < last || done > all {
						t.Fatalf("progress %d of %d after %d", done, all, last)
					}
					calls, last, total = calls+1, done, all
				}})
				if err != nil {
					t.Fatal(err)
				}
				if calls == 0 || last != total {
					t.Fatalf("%d progress calls, the last %d of %d", calls, last, total)
				}
			})
		}
	}
}

// refuted proves db, which must fail with an *EntryError that agrees with
// the database: the entry it names says the moves it says, and the proof
// expected something else.
func refuted(t *testing.T, db *pdb.DB) *pdb.EntryError {
	t.Helper()
	err := db.Prove(context.Background(), nil)
	if !errors.Is(err, pdb.ErrEntry) || !errors.Is(err, pdb.ErrFormat) {
		t.Fatalf("Prove: %v, want ErrEntry and ErrFormat", err)
	}
	var e *pdb.EntryError
	if !errors.As(err, &e) {
		t.Fatalf("Prove: %T, want *pdb.EntryError", err)
	}
	if !slices.Equal(e.Tiles, db.Groups()[e.Group]) {
		t.Fatalf("%v: tiles %v, group %d has %v", err, e.Tiles, e.Group, db.Groups()[e.Group])
	}
	got := db.Moves(e.Group, e.Cells)
	if e.Blank >= 0 {
		got = db.MovesFrom(e.Group, e.Cells, e.Blank)
	}
	if got != e.Moves {
		t.Fatalf("%v: the entry says %d", err, got)
	}
	if e.Moves == e.Want {
		t.Fatalf("%v: names an entry that is what the proof expected", err)
	}
	t.Log(err)
	return e
}

// TestProveAttacks: databases written with valid checksums after every
// non-zero entry was raised by one (two moves), or every entry zeroed (a
// database that stays admissible but makes the search slow), are refuted;
// where the search refutes a raised entry it names the genuine distance.
func TestProveAttacks(t *testing.T) {
	attacks := []struct {
		name string
		f    func(e int) int
	}{
		{"raised", func(e int) int { return e + min(e, 1) }},
		{"zeroed", func(int) int { return 0 }},
	}
	for _, a := range attacks {
		for _, kind := range both {
			for _, p := range proofPartitions {
				if p.flat {
					continue
				}
				t.Run(fmt.Sprint(a.name, kind.name, p.size, p.groups), func(t *testing.T) {
					bad := buildWith(t, p.size, p.groups, kind.opts)
					pdb.MapEntries(bad, a.f)
					e := refuted(t, reread(t, bad))
					if a.name != "raised" || e.Blank >= 0 {
						return // the certificate names a bound, not the distance
					}
					good := buildWith(t, p.size, p.groups, kind.opts)
					if want := good.Moves(e.Group, e.Cells); e.Moves != want+2 || e.Want != want {
						t.Fatalf("the entry named says %d moves and the proof %d, the genuine entry %d", e.Moves, e.Want, want)
					}
				})
			}
		}
	}
}

// TestProveSwapped: a 4x2 database whose width and height bytes are
// swapped, its header's checksum recomputed, reads as a 2x4 one, and is
// refuted (testdata/crafted/swapped-2x7.pdb is the 7x2 case).
func TestProveSwapped(t *testing.T) {
	for _, kind := range both {
		t.Run(kind.name, func(t *testing.T) {
			size := board.Size{W: 4, H: 2}
			groups := [][]uint8{{1, 2, 3, 4}, {5, 6, 7}}
			b := encode(t, buildWith(t, size, groups, kind.opts))
			b[12], b[13] = b[13], b[12]
			pdb.ResealHeader(b)
			db, err := pdb.NewReader(bytes.NewReader(b), int64(len(b)))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := db.Size(), (board.Size{W: 2, H: 4}); got != want {
				t.Fatalf("read as %s, want %s", got, want)
			}
			refuted(t, db)
		})
	}
}

func TestProveMemoryAndCancel(t *testing.T) {
	db := build(t, board.Size{W: 3, H: 3}, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}})
	if err := db.Prove(context.Background(), &pdb.ProveOptions{MaxMemory: 1000}); !errors.Is(err, pdb.ErrMemory) {
		t.Fatalf("Prove with 1000 bytes: %v, want ErrMemory", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := db.Prove(ctx, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("Prove after cancel: %v", err)
	}
}

// TestProveEveryChange changes each entry of small databases of both kinds
// to each other value an entry may hold, and checks that the proof
// refutes every change and accepts the database restored.
func TestProveEveryChange(t *testing.T) {
	for _, kind := range both {
		for _, p := range []struct {
			size   board.Size
			groups [][]uint8
		}{
			{board.Size{W: 3, H: 2}, [][]uint8{{1, 2, 3}, {4, 5}}},
			{board.Size{W: 2, H: 3}, [][]uint8{{1, 4}, {2, 3, 5}}},
		} {
			t.Run(fmt.Sprint(kind.name, p.size, p.groups), func(t *testing.T) {
				db := buildWith(t, p.size, p.groups, kind.opts)
				for gi := range db.Groups() {
					for r := range pdb.Entries(db, gi) {
						old := pdb.SetEntry(db, gi, r, 0)
						for v := range 16 {
							if v == old {
								continue
							}
							pdb.SetEntry(db, gi, r, v)
							if err := db.Prove(context.Background(), nil); !errors.Is(err, pdb.ErrEntry) {
								t.Fatalf("group %d, entry %d changed from %d to %d: %v", gi, r, old, v, err)
							}
						}
						pdb.SetEntry(db, gi, r, old)
					}
				}
				if err := db.Prove(context.Background(), nil); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}
