package pdb_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/source"
)

// referenceMoves returns, for every placement of tiles (cells in the order
// of tiles, as a string), the fewest moves of those tiles that bring them to
// their cells in goal when other tiles move for free, wherever the blank
// is: referenceStates minimised over the blank.
func referenceMoves(goal board.Board, tiles []uint8) map[string]int {
	best := map[string]int{}
	for s, d := range referenceStates(goal, tiles) {
		p := s[:len(s)-1]
		if old, ok := best[p]; !ok || d < old {
			best[p] = d
		}
	}
	if want, _ := rank.Placements(goal.Size().Cells(), len(tiles)); uint64(len(best)) != want {
		panic(fmt.Sprintf("reference reached %d placements of %d", len(best), want))
	}
	return best
}

// referenceStates returns, for every placement of tiles and cell of the
// blank (the tiles' cells in the order of tiles, then the blank's, as a
// string), the fewest moves of those tiles that bring them to their cells
// in goal when other tiles move for free: a plain 0-1 breadth-first search
// over (tiles' cells, blank's cell) with a map, level by level from the
// goal, a free move keeping its state in the level being expanded.
func referenceStates(goal board.Board, tiles []uint8) map[string]int {
	size := goal.Size()
	n, w := size.Cells(), size.W
	start := make([]byte, 0, len(tiles)+1)
	for _, t := range tiles {
		start = append(start, byte(goal.Index(t)))
	}
	start = append(start, byte(goal.Blank()))
	dist := map[string]int{string(start): 0}
	level := []string{string(start)}
	for d := 0; len(level) > 0; d++ {
		var next []string
		for i := 0; i < len(level); i++ { // level grows as free moves add to it
			s := level[i]
			if dist[s] != d {
				continue // reached again at a lower depth after it was queued
			}
			z := int(s[len(s)-1])
			for _, step := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				r, c := z/w+step[0], z%w+step[1]
				if r < 0 || r >= size.H || c < 0 || c >= w {
					continue
				}
				u := r*w + c // the cell whose tile slides into the blank
				moved := []byte(s)
				cost := 0
				for i := range len(tiles) {
					if int(moved[i]) == u {
						moved[i] = byte(z)
						cost = 1
					}
				}
				moved[len(moved)-1] = byte(u)
				if old, seen := dist[string(moved)]; seen && old <= d+cost {
					continue
				}
				dist[string(moved)] = d + cost
				if cost == 0 {
					level = append(level, string(moved))
				} else {
					next = append(next, string(moved))
				}
			}
		}
		level = next
	}
	if want, _ := rank.Placements(n, len(tiles)+1); uint64(len(dist)) != want {
		panic(fmt.Sprintf("reference reached %d states of %d", len(dist), want))
	}
	return dist
}

var partitions = []struct {
	size   board.Size
	groups [][]uint8
}{
	{board.Size{W: 3, H: 3}, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
	{board.Size{W: 3, H: 3}, [][]uint8{{1, 4, 7}, {2, 5, 8}, {3, 6}}},
	{board.Size{W: 3, H: 3}, [][]uint8{{8, 1, 5, 3, 2}, {4, 6, 7}}},
	{board.Size{W: 3, H: 3}, [][]uint8{{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}}},
	{board.Size{W: 4, H: 2}, [][]uint8{{1, 2, 3, 4}, {5, 6, 7}}},
	{board.Size{W: 4, H: 2}, [][]uint8{{1, 5}, {2, 6, 3}, {4, 7}}},
	{board.Size{W: 2, H: 4}, [][]uint8{{1, 2, 3}, {4, 5, 6, 7}}},
	{board.Size{W: 3, H: 2}, [][]uint8{{1, 2, 3}, {4, 5}}},
	{board.Size{W: 3, H: 2}, [][]uint8{{1, 4}, {2, 5}, {3}}},
}

// TestEntriesMatchReference checks every entry of every group of small
// boards against the reference search, with and without the blank's cell.
func TestEntriesMatchReference(t *testing.T) {
	for _, p := range partitions {
		t.Run(fmt.Sprintf("%s/%v", p.size, p.groups), func(t *testing.T) {
			goal := board.Goal(p.size)
			for _, kind := range both {
				db, err := pdb.Build(context.Background(), goal, p.groups, kind.opts)
				if err != nil {
					t.Fatal(err)
				}
				checkReference(t, db, goal)
			}
		})
	}
}

// checkReference checks every entry of db against the reference search:
// Moves for every placement and, if db keeps the blank's cell, MovesFrom
// for every cell of the blank.
func checkReference(t *testing.T, db *pdb.DB, goal board.Board) {
	t.Helper()
	for gi, tiles := range db.Groups() {
		for key, want := range referenceMoves(goal, tiles) {
			if got := db.Moves(gi, []uint8(key)); got != want {
				t.Fatalf("group %v in cells %v: %d moves, reference %d", tiles, []uint8(key), got, want)
			}
		}
		if !db.KeepsBlank() {
			continue
		}
		for key, want := range referenceStates(goal, tiles) {
			cells, z := []uint8(key[:len(key)-1]), int(key[len(key)-1])
			if got := db.MovesFrom(gi, cells, z); got != want {
				t.Fatalf("group %v in cells %v, blank in %d: %d moves, reference %d", tiles, cells, z, got, want)
			}
		}
	}
}

// TestOtherGoal checks a goal with the blank elsewhere against the
// reference.
func TestOtherGoal(t *testing.T) {
	goal := board.MustParse(board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8")
	for _, kind := range both {
		db, err := pdb.Build(context.Background(), goal, [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}, kind.opts)
		if err != nil {
			t.Fatal(err)
		}
		checkReference(t, db, goal)
	}
}

// TestAdmissible3x3 checks the heuristic of several partitions on 3x3
// boards that reach the goal against the exact table (see
// checkAdmissible), and that it is consistent where the database keeps the
// blank's cell: every board for the first partition, every 16th for the
// others, and every board of every partition under SLIDETABLE_LONG=1.
func TestAdmissible3x3(t *testing.T) {
	tbl, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	goal := tbl.Goal()
	first := true
	for _, p := range partitions {
		if p.size != goal.Size() {
			continue
		}
		stride := uint64(16)
		if first || testenv.IsLong() {
			stride = 1
		}
		first = false
		for _, kind := range both {
			t.Run(fmt.Sprint(kind.name, p.groups), func(t *testing.T) {
				db, err := pdb.Build(context.Background(), goal, p.groups, kind.opts)
				if err != nil {
					t.Fatal(err)
				}
				checkAdmissible(t, db.Heuristic(), func(yield func(board.Board, int) bool) {
					cells := make([]uint8, 9)
					for i := uint64(0); i < tbl.Boards(); i += stride {
						d, ok := tbl.Lookup(i)
						if !ok {
							continue
						}
						rank.Unindex(i, cells)
						b, err := board.New(goal.Size(), cells)
						if err != nil {
							t.Fatal(err)
						}
						if !yield(b, d) {
							return
						}
					}
				}, func(b board.Board) int {
					d, err := tbl.Distance(b)
					if err != nil {
						t.Fatal(err)
					}
					return d
				})
			})
		}
	}
}

// checkAdmissible checks h on every board of boards (with its distance):
// h <= distance, of the distance's parity, changing parity with each move,
// the evaluator's Move agreeing with a fresh start and Undo restoring the
// value. If h's database keeps the blank's cell it also checks that h is
// consistent: |h(b) - h(b')| <= 1 for every move. Without the blank's cell
// h is not: entries are minimised over the blank's cell, so a move may take
// the blank out of the region that held it where the group needed it (see
// TestInconsistent).
func checkAdmissible(t *testing.T, h *pdb.Heuristic, boards func(func(board.Board, int) bool), dist func(board.Board) int) {
	t.Helper()
	count := 0
	for b, d := range boards {
		e := h.Start(b)
		v := e.H()
		if v > d {
			t.Fatalf("h(%v) = %d above its distance %d", b, v, d)
		}
		if v%2 != d%2 {
			t.Fatalf("h(%v) = %d, of another parity than its distance %d", b, v, d)
		}
		if d == 0 && v != 0 {
			t.Fatalf("h(goal) = %d", v)
		}
		z := b.Blank()
		for _, m := range b.Moves() {
			next, err := b.Move(m)
			if err != nil {
				t.Fatal(err)
			}
			from := b.Index(m)
			got := e.Move(m, from, z)
			want := h.Start(next).H()
			if got != want {
				t.Fatalf("%v, move %d: Move gives %d, a fresh start %d", b, m, got, want)
			}
			if (got-v)%2 == 0 {
				t.Fatalf("%v (h %d), move %d: h %d keeps its parity", b, v, m, got)
			}
			if h.Consistent() && (got > v+1 || got < v-1) {
				t.Fatalf("%v (h %d), move %d: h %d, a change of more than one", b, v, m, got)
			}
			if dist != nil && count%16 == 0 {
				if nd := dist(next); got > nd {
					t.Fatalf("h(%v) = %d above its distance %d", next, got, nd)
				}
			}
			e.Undo(m, from, z)
			if e.H() != v {
				t.Fatalf("%v, move %d: Undo gives %d, want %d", b, m, e.H(), v)
			}
		}
		count++
	}
	if count == 0 {
		t.Fatal("no boards checked")
	}
}

func TestPartitionErrors(t *testing.T) {
	goal := board.Goal(board.Size{W: 3, H: 3})
	for _, groups := range [][][]uint8{
		nil,
		{{1, 2, 3, 4}, {5, 6, 7}},
		{{1, 2, 3, 4}, {4, 5, 6, 7, 8}},
		{{1, 2, 3, 4, 5, 6, 7, 8}},
		{{0, 1, 2, 3}, {4, 5, 6, 7, 8}},
		{{1, 2, 3, 9}, {4, 5, 6, 7, 8}},
		{{}, {1, 2, 3, 4}, {5, 6, 7, 8}},
	} {
		if _, err := pdb.Build(context.Background(), goal, groups, nil); err == nil {
			t.Errorf("Build(%v) gave no error", groups)
		}
	}
}

func TestMemoryLimit(t *testing.T) {
	goal := board.Goal(board.Size{W: 3, H: 3})
	groups := [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}
	for _, blank := range []bool{false, true} {
		need, err := pdb.Memory(goal, groups, &pdb.Options{Blank: blank})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pdb.Build(context.Background(), goal, groups, &pdb.Options{MaxMemory: need - 1, Blank: blank}); err == nil {
			t.Fatalf("Build with %d bytes of the %d it needs gave no error", need-1, need)
		}
		if _, err := pdb.Build(context.Background(), goal, groups, &pdb.Options{MaxMemory: need, Blank: blank}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := pdb.Build(ctx, board.Goal(board.Size{W: 3, H: 3}), [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}, nil)
	if err != context.Canceled {
		t.Fatalf("Build after cancel: %v", err)
	}
}

// TestInconsistent pins why checkAdmissible does not require consistency:
// on 3x3, tiles 1, 2, 3, 4 in cells 0, 4, 5, 3 need 6 of their moves
// wherever the blank is, and after tile 2 moves up into cell 1 only 1, as
// an entry is the least over the blank's cells: with the blank in cell 2,
// which the move leaves closed off from the blank that made it.
func TestInconsistent(t *testing.T) {
	goal := board.Goal(board.Size{W: 3, H: 3})
	ref := referenceMoves(goal, []uint8{1, 2, 3, 4})
	before, after := ref[string([]byte{0, 4, 5, 3})], ref[string([]byte{0, 1, 5, 3})]
	if before != 6 || after != 1 {
		t.Fatalf("reference: %d moves before, %d after", before, after)
	}
}
