package table

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
)

var encodings = []int{encodingBytes, encodingModel, encodingRows}

// roundTrip writes t with an encoding and reads it back.
func roundTrip(t *testing.T, tbl *Table, encoding int) ([]byte, *Table) {
	t.Helper()
	var buf bytes.Buffer
	if _, err := withEncoding(tbl, encoding).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if got := fileEncoding(t, buf.Bytes()); got != encoding {
		t.Fatalf("file has encoding %d, want %d", got, encoding)
	}
	back, err := NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), back
}

func TestEncodingsRoundTrip(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		size board.Size
		goal string
	}{
		{board.Size{W: 2, H: 2}, ""},
		{board.Size{W: 3, H: 2}, ""},
		{board.Size{W: 2, H: 3}, "1 0/2 3/4 5"},
		{board.Size{W: 3, H: 3}, ""},
		{board.Size{W: 3, H: 3}, "1 2 3/4 0 5/6 7 8"},
		{board.Size{W: 4, H: 2}, "0 7 6 5/4 3 2 1"},
		{board.Size{W: 2, H: 4}, ""},
	} {
		goal := board.Goal(tc.size)
		if tc.goal != "" {
			goal = board.MustParse(tc.size, tc.goal)
		}
		tbl, err := Build(context.Background(), goal, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, enc := range encodings {
			t.Run(fmt.Sprintf("%s/%s/encoding=%d", tc.size, goal, enc), func(t *testing.T) {
				b, back := roundTrip(t, tbl, enc)
				if !slices.Equal(back.depth, tbl.depth) || !slices.Equal(back.reach, tbl.reach) || !slices.Equal(back.counts, tbl.counts) {
					t.Fatal("table read back differs")
				}
				t.Logf("%d bytes", len(b))
			})
		}
	}
}

// TestFileSizes checks the size of the files written, with the encoding
// the writer picks: at most 40 KB for 3x3 and 350 KB for 2x5 and 5x2.
func TestFileSizes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		size board.Size
		most int
	}{
		{board.Size{W: 3, H: 3}, 40_000},
		{board.Size{W: 2, H: 5}, 350_000},
		{board.Size{W: 5, H: 2}, 350_000},
	} {
		t.Run(tc.size.String(), func(t *testing.T) {
			if !testenv.IsLong() && tc.size.Cells() > 9 {
				t.Skip("a search of 1.8 million boards; runs with SLIDETABLE_LONG=1")
			}
			tbl, err := Build(context.Background(), board.Goal(tc.size), nil)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := roundTrip(t, tbl, encodingModel)
			var buf bytes.Buffer
			if _, err := tbl.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), b) {
				t.Fatal("the writer does not pick encoding 2")
			}
			if len(b) > tc.most {
				t.Fatalf("%d bytes, want at most %d", len(b), tc.most)
			}
			t.Logf("%d bytes", len(b))
		})
	}
}

// TestEncodingsSmallBlocks cuts tables into many small blocks, so that
// blocks start in the middle of rows and groups, and reads them back,
// written both to a buffer and, block by block, to a file.
func TestEncodingsSmallBlocks(t *testing.T) {
	t.Parallel()
	sizes := []board.Size{{W: 4, H: 2}, {W: 2, H: 4}, {W: 3, H: 3}}
	blockSlots := []uint64{1, 7, 1000, 4096}
	if testing.Short() {
		sizes, blockSlots = sizes[:2], blockSlots[1:3]
	}
	for _, size := range sizes {
		tbl, err := Build(context.Background(), board.Goal(size), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, slots := range blockSlots {
			if slots == 1 && size.Cells() > 8 {
				continue // too many blocks for the test's time
			}
			tbl := withWrite(tbl, writeSettings{slots: slots})
			for _, enc := range encodings {
				if enc == encodingModel && slots == 1 {
					continue // one slot a block: too many blocks for the test's time
				}
				t.Run(fmt.Sprintf("%s/slots=%d/encoding=%d", size, slots, enc), func(t *testing.T) {
					b, back := roundTrip(t, tbl, enc)
					if !slices.Equal(back.depth, tbl.depth) {
						t.Fatal("depths read back differ")
					}
					if enc != encodingRows {
						return
					}
					// The file writer, which goes back to write the header.
					f, err := os.Create(filepath.Join(t.TempDir(), "t.tbl"))
					if err != nil {
						t.Fatal(err)
					}
					defer f.Close()
					if _, err := f.Write([]byte("junk")); err != nil {
						t.Fatal(err)
					}
					n, err := writeStream(context.Background(), f, tbl.source())
					if err != nil {
						t.Fatal(err)
					}
					got, err := os.ReadFile(f.Name())
					if err != nil {
						t.Fatal(err)
					}
					if n != int64(len(b)) || !bytes.Equal(got[4:], b) {
						t.Fatalf("file writer wrote %d bytes, differing from WriteTo's %d", n, len(b))
					}
				})
			}
		}
	}
}

// TestWriteToPipe writes a table of several blocks to a pipe, where the
// file writer cannot go back for the header.
func TestWriteToPipe(t *testing.T) {
	t.Parallel()
	tbl, err := Build(context.Background(), board.Goal(board.Size{W: 4, H: 2}), nil)
	if err != nil {
		t.Fatal(err)
	}
	tbl = withWrite(tbl, writeSettings{slots: 1000})
	var want bytes.Buffer
	if _, err := tbl.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		done <- b
	}()
	if _, err := tbl.WriteTo(w); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if got := <-done; !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("wrote %d bytes to a pipe, want the %d WriteTo writes to a buffer", len(got), want.Len())
	}
}

// TestWriteResultRows writes the table of a search's result through its
// rows (as WriteResultFile does for 12 cells) and through a Table, in
// encoding 3 and in blocks that start within rows: the bytes are the same.
func TestWriteResultRows(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}} {
		for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
			res, err := bfs.Run(context.Background(), board.Goal(size), &bfs.Options{Metric: metric})
			if err != nil {
				t.Fatal(err)
			}
			depth, reach := res.Expand()
			tb, err := newTrusted(res.Goal, metric, depth, reach, res.Counts)
			if err != nil {
				t.Fatal(err)
			}
			tb.write = writeSettings{slots: 1001, encoding: encodingRows}
			var want, got bytes.Buffer
			if _, err := writeAll(context.Background(), &want, tb.source()); err != nil {
				t.Fatal(err)
			}
			src := tb.source()
			src.rows, src.leastRows, src.table = res.Rows, res.LeastRows, nil
			if _, err := writeAll(context.Background(), &got, src); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("%s %v: the rows of the result write %d bytes differing from the table's %d", size, metric, got.Len(), want.Len())
			}
		}
	}
}
