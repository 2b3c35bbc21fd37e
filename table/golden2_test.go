package table

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

var writeGolden = flag.Bool("write-golden", false, "write the golden files of the container that testdata lacks")

// goldenV2 are the golden files of version 2 (see golden_test.go), each
// written from a search with the writer's version 2 forced on its small
// size, in blocks of at most blockBits bits of records (0: the writer's).
var goldenV2 = []struct {
	file      string
	size      board.Size
	goal      string
	metric    board.Metric
	blockBits uint64
}{
	{"v2-3x2.tbl", board.Size{W: 3, H: 2}, "1 2 3/4 5 0", board.SingleTile, 0},
	{"v2-2x3-multi.tbl", board.Size{W: 2, H: 3}, "1 2/3 4/5 0", board.MultiTile, 0},
	{"v2-3x3-blocks.tbl", board.Size{W: 3, H: 3}, "1 2 3/4 5 6/7 8 0", board.SingleTile, 256 * 18},
	{"v2-4x2-multi-goal-7-0-6-5-4-3-2-1.tbl", board.Size{W: 4, H: 2}, "7 0 6 5/4 3 2 1", board.MultiTile, 128 * 18},
}

// goldenBox are the golden files of the container (see golden_test.go)
// of tables written whole, each from a search on its size, with a depth
// encoding forced in blocks of slots slots (0, 0: the writer's).
var goldenBox = []struct {
	file     string
	size     board.Size
	goal     string
	metric   board.Metric
	encoding int
	slots    uint64
}{
	{"box-2x3.tbl", board.Size{W: 2, H: 3}, "1 2/3 4/5 0", board.SingleTile, 0, 0},
	{"box-3x2-goal-0-5-4-3-2-1.tbl", board.Size{W: 3, H: 2}, "0 5 4/3 2 1", board.SingleTile, 0, 0},
	{"box-2x3-multi.tbl", board.Size{W: 2, H: 3}, "1 2/3 4/5 0", board.MultiTile, 0, 0},
	{"box-enc3-2x4-goal-0-1-2-3-4-5-6-7.tbl", board.Size{W: 2, H: 4}, "0 1/2 3/4 5/6 7", board.SingleTile, encodingRows, 3000},
}

// TestGoldenBoxWriter checks that the writer writes each golden file of
// the container as it is: the format and the writer's choices (the
// encodings, the blocks, for records their width and the padding) have
// not changed. The files of records are those of version 2 (goldenV2)
// in the container.
func TestGoldenBoxWriter(t *testing.T) {
	t.Parallel()
	check := func(t *testing.T, file string, b []byte) {
		path := filepath.Join("testdata", file)
		if _, err := os.Stat(path); os.IsNotExist(err) && *writeGolden {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, want) {
			t.Fatalf("the writer writes %d bytes differing from %s's %d", len(b), path, len(want))
		}
	}
	for _, g := range goldenBox {
		t.Run(g.file, func(t *testing.T) {
			tb := searchedIn(t, board.MustParse(g.size, g.goal), g.metric)
			if g.encoding != 0 {
				tb = withWrite(tb, writeSettings{encoding: g.encoding, slots: g.slots})
			}
			var buf bytes.Buffer
			if _, err := tb.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			check(t, g.file, buf.Bytes())
		})
	}
	for _, g := range goldenV2 {
		t.Run(g.file, func(t *testing.T) {
			bits := g.blockBits
			if bits == 0 {
				bits = recordBlockBits
			}
			tb := smallInPlace(searchedIn(t, board.MustParse(g.size, g.goal), g.metric), bits)
			check(t, "box-records-"+strings.TrimPrefix(g.file, "v2-"), writeV2(t, tb))
		})
	}
}

// TestGoldenV2Writer checks that the records of each golden file of
// version 2 are those the writer writes now, in the container: the
// records and the writer's choices (their width, the blocks) have not
// changed, and a file of version 2 holds the same records as one of the
// container.
func TestGoldenV2Writer(t *testing.T) {
	t.Parallel()
	for _, g := range goldenV2 {
		t.Run(g.file, func(t *testing.T) {
			bits := g.blockBits
			if bits == 0 {
				bits = recordBlockBits
			}
			tb := smallInPlace(searchedIn(t, board.MustParse(g.size, g.goal), g.metric), bits)
			b := legacyV2(t, writeV2(t, tb))
			path := filepath.Join("testdata", g.file)
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, want) {
				t.Fatalf("the writer writes %d bytes differing from %s's %d", len(b), path, len(want))
			}
		})
	}
}
