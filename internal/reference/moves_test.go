package reference

import (
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestNeighboursMatchBoard checks the reference's moves against package
// board's, written apart, on every arrangement of the tiles of the small
// sizes, solvable or not, in both metrics: the boards one move away must
// be the same, each once.
func TestNeighboursMatchBoard(t *testing.T) {
	sizes := []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}, {W: 3, H: 3}}
	if testing.Short() {
		sizes = sizes[:5]
	}
	for _, size := range sizes {
		t.Run(size.String(), func(t *testing.T) {
			boards := 0
			permute(make([]uint8, 0, size.Cells()), size.Cells(), func(cells []uint8) {
				b, err := board.New(size, cells)
				if err != nil {
					t.Fatal(err)
				}
				for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
					got, want := cellStrings(neighbours(b, metric)), cellStrings(boardNeighbours(t, b, metric))
					if !slices.Equal(got, want) {
						t.Fatalf("%v, %s-tile moves: the reference's neighbours %q, board's %q", b, metric, got, want)
					}
					if len(slices.Compact(slices.Clone(got))) != len(got) {
						t.Fatalf("%v, %s-tile moves: a neighbour twice: %q", b, metric, got)
					}
				}
				boards++
			})
			if n := size.Cells(); boards != factorial(n) {
				t.Fatalf("%d boards checked, want %d!", boards, n)
			}
		})
	}
}

// TestNeighboursByHand checks the reference's moves on boards worked out
// by hand, so that they are not only checked against board's.
func TestNeighboursByHand(t *testing.T) {
	size := board.Size{W: 3, H: 3}
	for _, c := range []struct {
		board  string
		metric board.Metric
		want   []string
	}{
		{"1 2 3/4 0 5/6 7 8", board.SingleTile, []string{"1 0 3/4 2 5/6 7 8", "1 2 3/4 7 5/6 0 8", "1 2 3/0 4 5/6 7 8", "1 2 3/4 5 0/6 7 8"}},
		{"1 2 3/4 5 6/7 8 0", board.SingleTile, []string{"1 2 3/4 5 0/7 8 6", "1 2 3/4 5 6/7 0 8"}},
		{"1 2 3/4 5 6/7 8 0", board.MultiTile, []string{
			"1 2 3/4 5 0/7 8 6", "1 2 0/4 5 3/7 8 6", // up: 6 slides down; 3 and 6 slide down
			"1 2 3/4 5 6/7 0 8", "1 2 3/4 5 6/0 7 8", // left: 8 slides right; 7 and 8 slide right
		}},
		{"0 1 2/3 4 5/6 7 8", board.MultiTile, []string{
			"3 1 2/0 4 5/6 7 8", "3 1 2/6 4 5/0 7 8",
			"1 0 2/3 4 5/6 7 8", "1 2 0/3 4 5/6 7 8",
		}},
	} {
		var want []board.Board
		for _, s := range c.want {
			want = append(want, board.MustParse(size, s))
		}
		got := cellStrings(neighbours(board.MustParse(size, c.board), c.metric))
		if w := cellStrings(want); !slices.Equal(got, w) {
			t.Errorf("%s, %s-tile moves: neighbours %q, want %q", c.board, c.metric, got, w)
		}
	}
}

// boardNeighbours returns the boards package board says are one move from
// b: Move of each of Moves, or Tap of each of Taps.
func boardNeighbours(t *testing.T, b board.Board, metric board.Metric) []board.Board {
	t.Helper()
	var out []board.Board
	if metric == board.MultiTile {
		for _, tile := range b.Taps() {
			next, _, err := b.Tap(tile)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, next)
		}
		return out
	}
	for _, tile := range b.Moves() {
		next, err := b.Move(tile)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, next)
	}
	return out
}

// cellStrings returns the boards' cells, sorted, for comparing sets of
// boards.
func cellStrings(bs []board.Board) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.CellString()
	}
	slices.Sort(out)
	return out
}

// permute calls f with every arrangement of 0..n-1 that extends prefix.
func permute(prefix []uint8, n int, f func([]uint8)) {
	if len(prefix) == n {
		f(prefix)
		return
	}
	for v := range uint8(n) {
		if !slices.Contains(prefix, v) {
			permute(append(prefix, v), n, f)
		}
	}
}

func factorial(n int) int {
	if n <= 1 {
		return 1
	}
	return n * factorial(n-1)
}

// neighbours returns the boards one move from b in metric (see
// eachNeighbour).
func neighbours(b board.Board, metric board.Metric) []board.Board {
	var out []board.Board
	cells := b.Cells()
	eachNeighbour(cells, make([]uint8, len(cells)), b.Size().W, metric, func(next []uint8) {
		nb, err := board.New(b.Size(), next)
		if err != nil {
			panic(err) // a move made something other than a board
		}
		out = append(out, nb)
	})
	return out
}
