package table

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
)

var writeGolden = flag.Bool("write-golden", false, "write the golden files of version 2 that testdata lacks")

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

// TestGoldenV2Writer checks that the writer writes each golden file of
// version 2 as it is: the format and the writer's choices (the width of
// the records, the blocks, the padding) have not changed.
func TestGoldenV2Writer(t *testing.T) {
	for _, g := range goldenV2 {
		t.Run(g.file, func(t *testing.T) {
			bits := g.blockBits
			if bits == 0 {
				bits = recordBlockBits
			}
			defer smallInPlace(bits)()
			tb := searchedIn(t, board.MustParse(g.size, g.goal), g.metric)
			b := writeV2(t, tb)
			path := filepath.Join("testdata", g.file)
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
		})
	}
}
