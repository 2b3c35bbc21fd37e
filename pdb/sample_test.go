package pdb_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/table"
)

// TestAdmissible12 checks the heuristic of 4x3 and 3x4 partitions, with
// and without the blank's cell, on 20,000 random boards each against an
// exact table built here (about ten seconds and 300 MB a size, so only
// under SLIDETABLE_LONG=1), as checkAdmissible does, consistency included
// where the database keeps the blank's cell.
func TestAdmissible12(t *testing.T) {
	testenv.Long(t) // builds two 12-cell tables
	for _, p := range []struct {
		size   board.Size
		groups [][]uint8
	}{
		{board.Size{W: 4, H: 3}, [][]uint8{{1, 2, 5, 6, 9}, {3, 4, 7, 8, 10, 11}}},
		{board.Size{W: 3, H: 4}, [][]uint8{{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11}}},
	} {
		t.Run(p.size.String(), func(t *testing.T) {
			tbl, err := table.Build(context.Background(), board.Goal(p.size), nil)
			if err != nil {
				t.Fatal(err)
			}
			dist := func(b board.Board) int {
				d, err := tbl.Distance(b)
				if err != nil {
					t.Fatal(err)
				}
				return d
			}
			for _, kind := range both {
				db := buildWith(t, p.size, p.groups, kind.opts)
				r := rand.New(rand.NewPCG(7, 8))
				checkAdmissible(t, db.Heuristic(), func(yield func(board.Board, int) bool) {
					for range 20000 {
						b, err := gen.Uniform(r, p.size)
						if err != nil {
							t.Fatal(err)
						}
						if !yield(b, dist(b)) {
							return
						}
					}
				}, dist)
			}
		})
	}
}
