package table_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// The golden files in testdata pin versions 1 and 2 of the format before
// the container, and the container's. Every later version of this package
// must keep reading them with the same answers, so they are never
// rewritten: a new version adds files of its own. The first three were written with depth encoding 1 by 'slidetable
// build'; between them their reachable sets hold each kind of roaring
// container: an array (2x3), runs (the 3x2 table) and a bitmap (4x2). The
// next two pin depth encodings 2 and 3, each in several blocks (S = 40000
// and 3000 slots a block, where the writer uses 2^22), the second with
// another goal. The last four pin version 2, which the writer uses for 11
// and 12 cells, here forced on small sizes (see golden2_test.go): both
// metrics, one block and many (79 of 256 groups, 20 of 128), another
// goal. The files named box- are of the container (version 0 here), the
// tables of the others written by this version's writer (see
// golden2_test.go): whole, in depth encodings 2 (of up to 10 cells), 3
// (forced, in blocks of 3000 slots) and 4 (the multi-tile metric), and as
// records.
var golden = []struct {
	file     string
	goal     string
	size     board.Size
	version  int
	encoding byte // of version 1
	sha256   string
}{
	{"box-2x3.tbl", "1 2/3 4/5 0", board.Size{W: 2, H: 3}, 0, 0, "f3809e042ff17390b89a220896c758c38d9e135a456cbcccbc941236763b06c0"},
	{"box-3x2-goal-0-5-4-3-2-1.tbl", "0 5 4/3 2 1", board.Size{W: 3, H: 2}, 0, 0, "29ab8095f9b8beb3484fa647ee25f348871906dc6f7b1bc8dc5439078fa8aeb4"},
	{"box-2x3-multi.tbl", "1 2/3 4/5 0", board.Size{W: 2, H: 3}, 0, 0, "5c0911b47aeee8372727ef6423ab48cfcc3f92550ba879db1093df956697bd3d"},
	{"box-enc3-2x4-goal-0-1-2-3-4-5-6-7.tbl", "0 1/2 3/4 5/6 7", board.Size{W: 2, H: 4}, 0, 0, "4b506959b3839dddfe31f48abca40a07af91dde691ae2dcd8f3a8cad39059016"},
	{"box-records-3x2.tbl", "1 2 3/4 5 0", board.Size{W: 3, H: 2}, 0, 0, "e6fbbfd03b712a250d279fb991ebc5f8366d9f529fd7f2d98ff2c3e3b7580aa4"},
	{"box-records-2x3-multi.tbl", "1 2/3 4/5 0", board.Size{W: 2, H: 3}, 0, 0, "bc0609b3fb3dec6276ec6fd5325414fb818fca0df7dd581807a7d7c1f8f60711"},
	{"box-records-3x3-blocks.tbl", "1 2 3/4 5 6/7 8 0", board.Size{W: 3, H: 3}, 0, 0, "6ff5586ebcb356d289c58a9640029d55cd90b3d0d89b5faecfad32808bc8fcda"},
	{"box-records-4x2-multi-goal-7-0-6-5-4-3-2-1.tbl", "7 0 6 5/4 3 2 1", board.Size{W: 4, H: 2}, 0, 0, "0b3fe836e810e8e1605e512a322371721664ecb30e03194fc1d66b2bbaa26361"},
	{"v1-2x3.tbl", "1 2/3 4/5 0", board.Size{W: 2, H: 3}, 1, 1, "c63f88fbe9ee6811bc9f4799c115219f7d3ec1e6f274df2781122a72157ac817"},
	{"v1-3x2-goal-0-5-4-3-2-1.tbl", "0 5 4/3 2 1", board.Size{W: 3, H: 2}, 1, 1, "4ed8bfe02ed2b2608c9245f9b975e935fdb689312b391fd994f2d23f0cf4de67"},
	{"v1-4x2.tbl", "1 2 3 4/5 6 7 0", board.Size{W: 4, H: 2}, 1, 1, "797b21fada81a5d4f12da6354e91c3c65ef4a5e3f206c3afcad7ede1d112a70b"},
	{"v1-enc2-3x3-blocks.tbl", "1 2 3/4 5 6/7 8 0", board.Size{W: 3, H: 3}, 1, 2, "28b024e5ab57742bc99f4754bc47f5fbce871e08736438aadd81c68f04ceed3c"},
	{"v1-enc3-2x4-goal-0-1-2-3-4-5-6-7.tbl", "0 1/2 3/4 5/6 7", board.Size{W: 2, H: 4}, 1, 3, "b5541453a7c751db653885d139a095c7022453bfedde7fac0fcdaa373c0bb29e"},
	{"v2-3x2.tbl", "1 2 3/4 5 0", board.Size{W: 3, H: 2}, 2, 0, "c23f875325e4d6e39aca3ba414e9e82b4836b2cf05274f47bf17dbee4a0b77e0"},
	{"v2-2x3-multi.tbl", "1 2/3 4/5 0", board.Size{W: 2, H: 3}, 2, 0, "7eaba02e4c5747c5ebd095ad13f52465e19a03ae0a6984b05ec21017bd2b0c0c"},
	{"v2-3x3-blocks.tbl", "1 2 3/4 5 6/7 8 0", board.Size{W: 3, H: 3}, 2, 0, "1875dbcb7c74ae1a44da86a9fad1606237bb9bbde618d7fe9d7077af671f027f"},
	{"v2-4x2-multi-goal-7-0-6-5-4-3-2-1.tbl", "7 0 6 5/4 3 2 1", board.Size{W: 4, H: 2}, 2, 0, "04ec7dbac8dba8d8074e8044b141eb4c170f43fe6dae1578453cdb961ded23e2"},
}

// headerLen2 returns the length of the header of a file of version 2, as
// doc.go draws it; of the container, as its header says.
func headerLen2(b []byte) int {
	if string(b[:8]) == "SLIDEBOX" {
		return int(b[16]) | int(b[17])<<8 | int(b[18])<<16 | int(b[19])<<24
	}
	n := int(b[10]) * int(b[11])
	depths := int(b[14]) | int(b[15])<<8
	blocks := int(b[20]) | int(b[21])<<8 | int(b[22])<<16 | int(b[23])<<24
	return 32 + n + 2 + 8*depths + 32*blocks + 4
}

// TestGolden reads each golden file and checks it against the reference
// search in the file's metric: the counts, and every board's distance or
// unsolvability. A file of version 2 is read whole and, as one of 12
// cells is, in place, proven by Certify.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, g := range golden {
		t.Run(g.file, func(t *testing.T) {
			path := filepath.Join("testdata", g.file)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if sum := sha256.Sum256(b); g.sha256 != "" && hex.EncodeToString(sum[:]) != g.sha256 {
				t.Fatalf("%s has changed (sha256 %x); golden files are never rewritten", path, sum)
			}
			if string(b[:8]) == "SLIDEBOX" && g.version != 0 {
				t.Fatalf("%s is of the container, want version %d", path, g.version)
			} else if v := int(b[8]) | int(b[9])<<8; g.version != 0 && (v != g.version || (v == 1 && b[13] != g.encoding)) {
				t.Fatalf("%s is version %d, byte 13 %d; want %d, %d", path, v, b[13], g.version, g.encoding)
			}
			goal := board.MustParse(g.size, g.goal)
			tb, err := table.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer tb.Close()
			if tb.Size() != g.size || tb.Goal() != goal {
				t.Fatalf("table of %v to %v, want %v to %v", tb.Size(), tb.Goal(), g.size, goal)
			}
			// The content hash: of the whole file for version 1, of the
			// header (which holds every block's SHA-256) for version 2
			// and the container.
			want := sha256.Sum256(b)
			if g.version != 1 {
				want = sha256.Sum256(b[:headerLen2(b)])
			}
			if h, ok := tb.ContentHash(); !ok || h != want {
				t.Fatalf("content hash %x, %v, want %x", h, ok, want)
			}
			if err := tb.Certify(context.Background(), nil); err != nil {
				t.Fatal(err)
			}

			ref := reference.DistancesIn(goal, tb.Metric())
			counts := make([]uint64, tb.Max()+1)
			for _, d := range ref {
				if d > tb.Max() {
					t.Fatalf("the reference has distance %d, the table's largest is %d", d, tb.Max())
				}
				counts[d]++
			}
			for d, c := range tb.Counts() {
				if c != counts[d] {
					t.Fatalf("Counts()[%d] = %d, the reference has %d", d, c, counts[d])
				}
			}
			if tb.Reachable() != uint64(len(ref)) {
				t.Fatalf("Reachable() = %d, the reference reaches %d", tb.Reachable(), len(ref))
			}

			n := g.size.Cells()
			cells := make([]uint8, n)
			for i := range rank.Factorial(n) {
				rank.Unindex(i, cells)
				bd, err := board.New(g.size, cells)
				if err != nil {
					t.Fatal(err)
				}
				want, ok := ref[bd]
				got, err := tb.Distance(bd)
				switch {
				case ok && (err != nil || got != want):
					t.Fatalf("Distance(%v) = %d, %v, want %d", bd, got, err, want)
				case !ok && !errors.Is(err, table.ErrUnsolvable):
					t.Fatalf("Distance(%v) = %d, %v, want ErrUnsolvable", bd, got, err)
				}
				if d, found := tb.Lookup(i); found != ok || (ok && d != want) {
					t.Fatalf("Lookup(%d) = %d, %v, want %d, %v", i, d, found, want, ok)
				}
			}
		})
	}
}
