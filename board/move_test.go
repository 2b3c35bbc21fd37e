package board_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// randomBoard returns a board of size whose cells are a random permutation.
func randomBoard(r *rand.Rand, size board.Size) board.Board {
	cells := make([]uint8, size.Cells())
	for i := range cells {
		cells[i] = uint8(i)
	}
	r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	b, err := board.New(size, cells)
	if err != nil {
		panic(err)
	}
	return b
}

// TestLegalMoves checks every move of boards with the blank in every cell
// by where its tile lands: a tile sliding up ends one row higher, and so
// on. The moves must be those of Moves, in its order, and MoveOf and Slide
// must agree with them.
func TestLegalMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	offset := map[board.Direction]func(w int) int{
		board.Up:    func(w int) int { return -w },
		board.Down:  func(w int) int { return w },
		board.Left:  func(int) int { return -1 },
		board.Right: func(int) int { return 1 },
	}
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 4}, {W: 5, H: 3}} {
		for range 50 {
			b := randomBoard(r, size)
			moves := b.LegalMoves()
			tiles := make([]uint8, len(moves))
			for i, m := range moves {
				tiles[i] = m.Tile
			}
			if !slices.Equal(tiles, b.Moves()) {
				t.Fatalf("%v: LegalMoves tiles %v, Moves %v", b, tiles, b.Moves())
			}
			for _, d := range []board.Direction{board.Up, board.Down, board.Left, board.Right} {
				var want *board.Move
				for _, m := range moves {
					if m.Dir == d {
						want = &m
					}
				}
				next, m, err := b.Slide(d)
				if want == nil {
					if !errors.Is(err, board.ErrIllegalMove) {
						t.Fatalf("%v: Slide(%v) = %v, %v, want ErrIllegalMove", b, d, m, err)
					}
					continue
				}
				if err != nil || m != *want {
					t.Fatalf("%v: Slide(%v) = %v, %v, want %v", b, d, m, err, *want)
				}
				if got, err := b.MoveOf(m.Tile); err != nil || got != m {
					t.Fatalf("%v: MoveOf(%d) = %v, %v, want %v", b, m.Tile, got, err, m)
				}
				if got, want := next.Index(m.Tile), b.Index(m.Tile)+offset[d](size.W); got != want {
					t.Fatalf("%v: tile %d slid %v to cell %d, want %d", b, m.Tile, d, got, want)
				}
				if next.Blank() != b.Index(m.Tile) {
					t.Fatalf("%v: after %v the blank is in cell %d, want %d", b, m, next.Blank(), b.Index(m.Tile))
				}
			}
		}
	}
}

func TestMoveOfIllegal(t *testing.T) {
	b := board.MustParse(board.Size{W: 3, H: 3}, "1 2 3/4 5 6/7 8 0")
	for _, tile := range []uint8{0, 1, 5, 9} {
		if _, err := b.MoveOf(tile); !errors.Is(err, board.ErrIllegalMove) {
			t.Errorf("MoveOf(%d) error = %v, want ErrIllegalMove", tile, err)
		}
	}
}

// TestInversionsBlankRow checks the two numbers of the parity rule against
// their definitions, and Solvable against the rule built from them.
func TestInversionsBlankRow(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 3}, {W: 4, H: 3}, {W: 4, H: 4}, {W: 5, H: 2}} {
		for range 200 {
			b := randomBoard(r, size)
			cells := b.Cells()
			inv := 0
			for i := range cells {
				for j := i + 1; j < len(cells); j++ {
					if cells[i] != 0 && cells[j] != 0 && cells[i] > cells[j] {
						inv++
					}
				}
			}
			if got := b.Inversions(); got != inv {
				t.Fatalf("%v: Inversions() = %d, want %d", b, got, inv)
			}
			row := 0
			for i, c := range cells {
				if c == 0 {
					row = size.H - i/size.W
				}
			}
			if got := b.BlankRow(); got != row {
				t.Fatalf("%v: BlankRow() = %d, want %d", b, got, row)
			}
			want := inv%2 == 0
			if size.W%2 == 0 {
				want = (inv+row)%2 == 1
			}
			if got := b.Solvable(); got != want {
				t.Fatalf("%v: Solvable() = %v, want %v", b, got, want)
			}
		}
	}
}

func ExampleBoard_Slide() {
	b := board.MustParse(board.Size{W: 3, H: 3}, "1 2 3/4 5 6/7 0 8")
	for _, m := range b.LegalMoves() {
		fmt.Println(m)
	}
	b, m, err := b.Slide(board.Left)
	fmt.Println(m, err)
	fmt.Print(b.Grid())
	// Output:
	// 5 down
	// 7 right
	// 8 left
	// 8 left <nil>
	// 1 2 3
	// 4 5 6
	// 7 8 .
}

// TestCellDistance checks CellDistance against the fewest moves a tile
// needs on an empty board, found by a breadth-first search over cells.
func TestCellDistance(t *testing.T) {
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 4, H: 3}, {W: 3, H: 5}} {
		n := size.Cells()
		for a := range n {
			dist := map[int]int{a: 0}
			queue := []int{a}
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				next, k := size.Neighbours(c)
				for _, d := range next[:k] {
					if _, seen := dist[d]; !seen {
						dist[d] = dist[c] + 1
						queue = append(queue, d)
					}
				}
			}
			for b := range n {
				if got := size.CellDistance(a, b); got != dist[b] {
					t.Fatalf("%s: CellDistance(%d, %d) = %d, want %d", size, a, b, got, dist[b])
				}
			}
		}
	}
}

// TestParseGrid reads back what Grid and String write, with '.' for the
// blank.
func TestParseGrid(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 3}, {W: 4, H: 4}, {W: 5, H: 3}} {
		for range 20 {
			b := randomBoard(r, size)
			for _, text := range []string{b.Grid(), strings.ReplaceAll(b.String(), " 0", " .")} {
				if !strings.Contains(text, ".") {
					continue
				}
				got, err := board.Parse(size, text)
				if err != nil || got != b {
					t.Fatalf("Parse(%q) = %v, %v; want %v", text, got, err, b)
				}
			}
		}
	}
	if _, err := board.Parse(board.Size{W: 2, H: 2}, "0 1 2 ."); !errors.Is(err, board.ErrDuplicate) {
		t.Fatalf("two blanks: err = %v, want ErrDuplicate", err)
	}
}

// TestZeroBoardMoves requires the zero Board to have no moves, rather than
// to panic.
func TestZeroBoardMoves(t *testing.T) {
	var b board.Board
	if m := b.LegalMoves(); len(m) != 0 {
		t.Fatalf("LegalMoves() = %v", m)
	}
	if m := b.Moves(); len(m) != 0 {
		t.Fatalf("Moves() = %v", m)
	}
	if _, _, err := b.Slide(board.Up); !errors.Is(err, board.ErrIllegalMove) {
		t.Fatalf("Slide(Up) error = %v, want ErrIllegalMove", err)
	}
	if _, err := b.MoveOf(1); !errors.Is(err, board.ErrIllegalMove) {
		t.Fatalf("MoveOf(1) error = %v, want ErrIllegalMove", err)
	}
	if _, k := (board.Size{W: 3, H: 3}).Neighbours(9); k != 0 {
		t.Fatalf("Neighbours(9) of 3x3 = %d cells", k)
	}
}

func TestSizeJSON(t *testing.T) {
	b, err := json.Marshal(struct {
		Size board.Size `json:"size"`
	}{board.Size{W: 4, H: 3}})
	if got, want := string(b), `{"size":"4x3"}`; err != nil || got != want {
		t.Fatalf("Marshal = %s, %v; want %s", got, err, want)
	}
	var v struct {
		Size board.Size `json:"size"`
	}
	if err := json.Unmarshal(b, &v); err != nil || v.Size != (board.Size{W: 4, H: 3}) {
		t.Fatalf("Unmarshal(%s) = %v, %v", b, v.Size, err)
	}
	if err := json.Unmarshal([]byte(`{"size":"4y3"}`), &v); !errors.Is(err, board.ErrSize) {
		t.Fatalf("Unmarshal of 4y3: err = %v, want ErrSize", err)
	}
}

// TestManhattan checks the Manhattan table of goals of several sizes,
// the standard one and one with the blank first, against the rows and
// columns between each cell and each tile's cell, counted by hand.
func TestManhattan(t *testing.T) {
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 4, H: 4}, {W: 16, H: 16}} {
		n := size.Cells()
		standard := board.Goal(size)
		cells := standard.Cells()
		copy(cells[1:], standard.Cells()[:n-1])
		cells[0] = 0
		first, err := board.New(size, cells)
		if err != nil {
			t.Fatal(err)
		}
		for _, goal := range []board.Board{standard, first} {
			md := goal.Manhattan()
			if len(md) != n {
				t.Fatalf("%v: %d rows, want %d", goal, len(md), n)
			}
			for tile, row := range md {
				g := goal.Index(uint8(tile))
				if len(row) != n || cap(row) != n {
					t.Fatalf("%v: row %d has length %d and capacity %d, want %d", goal, tile, len(row), cap(row), n)
				}
				for c, d := range row {
					rows, cols := c/size.W-g/size.W, c%size.W-g%size.W
					if want := max(rows, -rows) + max(cols, -cols); int(d) != want {
						t.Fatalf("%v: tile %d in cell %d: %d, want %d", goal, tile, c, d, want)
					}
				}
			}
		}
	}
	if md := (board.Board{}).Manhattan(); len(md) != 0 {
		t.Fatalf("the zero Board: %d rows", len(md))
	}
}
