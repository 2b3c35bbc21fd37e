package js_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/source"
)

var update = flag.Bool("update", false, "rewrite testdata/rules.json from the Go library")

// The rules of the puzzle in JavaScript (rules.js, knowledge.js) are
// tested against the Go library's: TestRulesVectors writes, or checks, the
// Go answers in testdata/rules.json, and test/rules.test.js (node --test,
// run by TestNode and by npm test) requires the same of rules.js.

// rulesFile is the vectors' file, committed so that npm test needs no Go.
const rulesFile = "testdata/rules.json"

// vectors are the Go library's answers to the questions rules.js answers.
type vectors struct {
	Boards     []boardVector `json:"boards"`
	Parse      []parseVector `json:"parse"`
	SolvableTo []goalVector  `json:"solvable_to"`
	Knowledge  []knownVector `json:"knowledge"`
}

// boardVector is a board with its moves, taps, what each tap does, and
// which tile each arrow key moves.
type boardVector struct {
	Size     string         `json:"size"`
	Board    []int          `json:"board"`
	Solvable bool           `json:"solvable"`
	Moves    []int          `json:"moves"`
	Taps     []int          `json:"taps"`
	Tapped   []tapVector    `json:"tapped"`
	Arrows   map[string]int `json:"arrows"` // direction -> tile that slides that way, or 0
}

type tapVector struct {
	Tile      int    `json:"tile"`
	Board     []int  `json:"board"`
	Slid      int    `json:"slid"`
	Direction string `json:"direction"`
}

// parseVector is a board as text and what board.Parse makes of it: its
// cells, or none.
type parseVector struct {
	Size  string `json:"size"`
	Text  string `json:"text"`
	Cells []int  `json:"cells"` // nil: refused
}

type goalVector struct {
	Size     string `json:"size"`
	Board    []int  `json:"board"`
	Goal     []int  `json:"goal"`
	Solvable bool   `json:"solvable"`
}

// knownVector is a board of a built-in table with its distance and
// optimal moves in a metric, and the distance of each board its moves
// lead to, from the table.
type knownVector struct {
	Size      string      `json:"size"`
	Metric    string      `json:"metric"`
	Board     []int       `json:"board"`
	Distance  int         `json:"distance"`
	Hints     []int       `json:"hints"`
	Neighbour []neighbour `json:"neighbours"`
}

type neighbour struct {
	Tile     int `json:"tile"`
	Distance int `json:"distance"`
}

func ints[T uint8 | int](xs []T) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

// makeVectors returns the vectors, the same every time.
func makeVectors(t *testing.T) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(26, 1))
	var v vectors
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 4, H: 4}, {W: 5, H: 3}, {W: 3, H: 5}, {W: 5, H: 5}} {
		for range 12 {
			cells := make([]uint8, size.Cells())
			for i, p := range r.Perm(size.Cells()) {
				cells[i] = uint8(p)
			}
			b, err := board.New(size, cells)
			if err != nil {
				t.Fatal(err)
			}
			bv := boardVector{Size: size.String(), Board: ints(b.Cells()), Solvable: b.Solvable(), Moves: ints(b.Moves()), Taps: ints(b.Taps()), Arrows: map[string]int{}}
			for _, m := range b.Taps() {
				next, n, err := b.Tap(m)
				if err != nil {
					t.Fatal(err)
				}
				from, to := b.Index(m), next.Index(m)
				dir := map[int]string{-size.W: "up", size.W: "down", -1: "left", 1: "right"}[to-from]
				bv.Tapped = append(bv.Tapped, tapVector{Tile: int(m), Board: ints(next.Cells()), Slid: n, Direction: dir})
			}
			for _, d := range []board.Direction{board.Up, board.Down, board.Left, board.Right} {
				_, mv, err := b.Slide(d)
				if err != nil {
					mv.Tile = 0
				}
				bv.Arrows[d.String()] = int(mv.Tile)
			}
			v.Boards = append(v.Boards, bv)
		}
	}
	three := board.Size{W: 3, H: 3}
	for _, text := range []string{"1 2 3/4 5 6/7 8 0", "1,2,3,4,5,6,7,8,0", "8 6 7/2 5 4/3 . 1", "1 2 3 4 5 6 7 8 0", " 1  2 3,4 5 6 , 7 8 0 ",
		"1 2 3/4 5 6/7 7 0", "1 2 3", "1 2 3/4 5 6/7 8 9", "a b c d e f g h i", "", "1 2 3 4/5 6 7 8/0", "1 2/3 4 5 6/7 8 0",
		"1 2 3 4 5 6 7 8 -1", "1 2 3/4 5 6/7 8 0/", "0 0 0 0 0 0 0 0 0"} {
		pv := parseVector{Size: "3x3", Text: text}
		if b, err := board.Parse(three, text); err == nil {
			pv.Cells = ints(b.Cells())
		}
		v.Parse = append(v.Parse, pv)
	}
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 4, H: 4}, {W: 3, H: 2}, {W: 5, H: 3}} {
		for range 8 {
			perm := func() board.Board {
				cells := make([]uint8, size.Cells())
				for i, p := range r.Perm(size.Cells()) {
					cells[i] = uint8(p)
				}
				b, _ := board.New(size, cells)
				return b
			}
			b, g := perm(), perm()
			ok, err := b.SolvableTo(g)
			if err != nil {
				t.Fatal(err)
			}
			v.SolvableTo = append(v.SolvableTo, goalVector{Size: size.String(), Board: ints(b.Cells()), Goal: ints(g.Cells()), Solvable: ok})
		}
	}
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 2, H: 3}} {
		for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
			tbl, err := source.BuiltinTableIn(size, m)
			if err != nil {
				t.Fatal(err)
			}
			for range 15 {
				cells := make([]uint8, size.Cells())
				for i, p := range r.Perm(size.Cells()) {
					cells[i] = uint8(p)
				}
				b := swapIfUnsolvable(t, size, cells)
				hints, d, err := tbl.Hints(b)
				if err != nil {
					t.Fatal(err)
				}
				kv := knownVector{Size: size.String(), Metric: m.String(), Board: ints(b.Cells()), Distance: d, Hints: ints(hints)}
				for _, x := range b.Taps() {
					next, _, _ := b.Tap(x)
					if m == board.SingleTile {
						var err error
						if next, err = b.Move(x); err != nil {
							continue
						}
					}
					nd, err := tbl.Distance(next)
					if err != nil {
						t.Fatal(err)
					}
					kv.Neighbour = append(kv.Neighbour, neighbour{Tile: int(x), Distance: nd})
				}
				v.Knowledge = append(v.Knowledge, kv)
			}
		}
	}
	// One vector a line, so that a change shows as the lines it changes.
	var out bytes.Buffer
	out.WriteString("{\n")
	section := func(name string, items any, last bool) {
		b, err := json.Marshal(items)
		if err != nil {
			t.Fatal(err)
		}
		var raw []json.RawMessage
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		out.WriteString(`"` + name + `": [` + "\n")
		for i, r := range raw {
			out.Write(r)
			if i < len(raw)-1 {
				out.WriteByte(',')
			}
			out.WriteByte('\n')
		}
		out.WriteString("]")
		if !last {
			out.WriteByte(',')
		}
		out.WriteByte('\n')
	}
	section("boards", v.Boards, false)
	section("parse", v.Parse, false)
	section("solvable_to", v.SolvableTo, false)
	section("knowledge", v.Knowledge, true)
	out.WriteString("}\n")
	return out.Bytes()
}

// swapIfUnsolvable returns the board of cells, with two tiles swapped if
// it cannot reach the goal otherwise.
func swapIfUnsolvable(t *testing.T, size board.Size, cells []uint8) board.Board {
	t.Helper()
	b, err := board.New(size, cells)
	if err != nil {
		t.Fatal(err)
	}
	if b.Solvable() {
		return b
	}
	i, j := 0, 1
	if cells[i] == 0 {
		i = 2
	}
	if cells[j] == 0 {
		j = 2
	}
	cells[i], cells[j] = cells[j], cells[i]
	if b, err = board.New(size, cells); err != nil || !b.Solvable() {
		t.Fatalf("%v: %v", cells, err)
	}
	return b
}

// TestRulesVectors checks testdata/rules.json against the Go library, or
// with -update writes it.
func TestRulesVectors(t *testing.T) {
	want := makeVectors(t)
	if *update {
		if err := os.WriteFile(rulesFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(rulesFile)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is not what the Go library answers (%v): go test ./js -run TestRulesVectors -update", filepath.ToSlash(rulesFile), err)
	}
}
