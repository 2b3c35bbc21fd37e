package table_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/table"
)

// load reads the table file of a size as it was built in before the
// container (version 1, testdata/v1-builtin-WxH.tbl), whose layout the
// tests take apart, with NewReader.
func load(t testing.TB, w, h int) (*table.Table, []byte) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", fmt.Sprintf("v1-builtin-%dx%d.tbl", w, h)))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("%dx%d: %v", w, h, err)
	}
	return tb, b
}

func encode(t testing.TB, tb *table.Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	n, err := tb.WriteTo(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(buf.Len()) {
		t.Fatalf("WriteTo returned %d, wrote %d bytes", n, buf.Len())
	}
	return buf.Bytes()
}

// TestWriteDeterministic writes tables from two independent searches, with
// different numbers of workers, and the same table twice: the bytes must be
// the same every time.
func TestWriteDeterministic(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		goal board.Board
	}{
		{"2x3", board.Goal(board.Size{W: 2, H: 3})},
		{"3x2 blank first", board.MustParse(board.Size{W: 3, H: 2}, "0 1 2/3 4 5")},
		{"3x3 blank first", board.MustParse(board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8")},
	} {
		goal := tc.goal
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && goal.Len() > 6 {
				t.Skip("searches 3x3 twice")
			}
			a, err := table.Build(context.Background(), goal, &bfs.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			b, err := table.Build(context.Background(), goal, &bfs.Options{Workers: 3})
			if err != nil {
				t.Fatal(err)
			}
			first, second, third := encode(t, a), encode(t, a), encode(t, b)
			if !bytes.Equal(first, second) {
				t.Fatal("writing the same table twice gave different bytes")
			}
			if !bytes.Equal(first, third) {
				t.Fatal("two searches from the same goal gave different bytes")
			}
			// And the bytes read back to a table that writes them again.
			c, err := table.NewReader(bytes.NewReader(first), int64(len(first)))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(encode(t, c), first) {
				t.Fatal("a table read back writes different bytes")
			}
		})
	}
}

// countdown is a context whose Err reports nothing for its first calls and
// then context.Canceled, to cancel a write at each point it checks.
type countdown struct {
	context.Context
	left  atomic.Int64
	calls atomic.Int64
}

func newCountdown(n int64) *countdown {
	c := &countdown{Context: context.Background()}
	c.left.Store(n)
	return c
}

func (c *countdown) Err() error {
	c.calls.Add(1)
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestWriteFileCancel cancels WriteFile at every point where it checks its
// context: each time the error wraps context.Canceled and names the path,
// the previous file is untouched and no temporary file is left; with no
// cancellation the new table replaces the old file.
func TestWriteFileCancel(t *testing.T) {
	t.Parallel()
	tb, _ := load(t, 3, 3)
	want := encode(t, tb)
	old := []byte("the previous file")
	dir := t.TempDir()
	path := filepath.Join(dir, "3x3.tbl")

	probe := newCountdown(1 << 62)
	if _, err := table.WriteFile(probe, path, tb); err != nil {
		t.Fatal(err)
	}
	checks := probe.calls.Load()
	if checks < 2 {
		t.Fatalf("WriteFile checked its context %d times, want at least before writing and before the rename", checks)
	}

	for k := range checks {
		if err := os.WriteFile(path, old, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := table.WriteFile(newCountdown(k), path, tb)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at check %d of %d: err = %v, want context.Canceled", k, checks, err)
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("error %q does not name %s", err, path)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, old) {
			t.Fatalf("cancelled at check %d: the previous file was changed", k)
		}
		if names := dirNames(t, dir); len(names) != 1 {
			t.Fatalf("cancelled at check %d: directory holds %q, want only 3x3.tbl", k, names)
		}
	}

	if _, err := table.WriteFile(newCountdown(checks), path, tb); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
		t.Fatal("a complete write did not give the table's bytes")
	}
}

// TestWriteFileErrors writes where it cannot: the error names the path and
// nothing is left behind.
func TestWriteFileErrors(t *testing.T) {
	t.Parallel()
	tb, _ := load(t, 2, 2)
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(dir, "ro")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		skip       func() string
	}{
		{name: "missing directory", path: filepath.Join(dir, "missing", "2x2.tbl")},
		{name: "parent is a file", path: filepath.Join(file, "2x2.tbl")},
		{name: "destination is a directory", path: sub},
		{name: "read-only directory", path: filepath.Join(readOnly, "2x2.tbl"), skip: func() string {
			// The superuser may write to a read-only directory.
			probe := filepath.Join(readOnly, "probe")
			if err := os.WriteFile(probe, nil, 0o644); err == nil {
				os.Remove(probe)
				return "a read-only directory is writable here (running as root?)"
			}
			return ""
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.skip != nil {
				if why := tc.skip(); why != "" {
					t.Skip(why)
				}
			}
			before := map[string][]string{dir: dirNames(t, dir), sub: dirNames(t, sub), readOnly: dirNames(t, readOnly)}
			_, err := table.WriteFile(context.Background(), tc.path, tb)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.path) {
				t.Errorf("error %q does not name %s", err, tc.path)
			}
			for d, names := range before {
				if got := dirNames(t, d); strings.Join(got, ",") != strings.Join(names, ",") {
					t.Errorf("%s holds %q after the failed write, want %q", d, got, names)
				}
			}
		})
	}
}

// TestWriteFileRefusesNonRegular checks that WriteFile leaves a device, a
// FIFO or a directory as it is, with ErrNotRegular.
func TestWriteFileRefusesNonRegular(t *testing.T) {
	t.Parallel()
	tb, _ := load(t, 2, 2)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := testenv.Mkfifo(fifo); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	outs := []string{fifo, dir}
	if dev := testenv.DeviceNode(dir); dev != "" {
		outs = append(outs, dev)
	}
	for _, path := range outs {
		before, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = table.WriteFile(context.Background(), path, tb)
		if !errors.Is(err, table.ErrNotRegular) || !strings.Contains(err.Error(), path) {
			t.Fatalf("WriteFile(%s) = %v, want ErrNotRegular naming it", path, err)
		}
		if after, err := os.Stat(path); err != nil || after.Mode() != before.Mode() {
			t.Fatalf("%s changed: %v, %v", path, after.Mode(), err)
		}
	}
}

// TestOpenRefusesNonRegular checks that Open refuses a FIFO at once rather
// than wait for a writer, and a device.
func TestOpenRefusesNonRegular(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := testenv.Mkfifo(fifo); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, path := range []string{fifo, os.DevNull, t.TempDir()} {
		done := make(chan error, 1)
		go func() {
			_, err := table.Open(path)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, table.ErrNotRegular) || !strings.Contains(err.Error(), path) {
				t.Errorf("Open(%s) = %v, want ErrNotRegular naming it", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Open(%s) has not returned after 5 s", path)
		}
	}
}

// TestWriteFileHash: the content hash a writer returns is the one a
// reader of the file finds, the key of its proof record: its header's
// SHA-256, whole or as records, which a 12-cell table is written in, its
// blocks as they are coded.
func TestWriteFileHash(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sizes := []board.Size{{W: 3, H: 2}}
	if testenv.IsLong() {
		sizes = append(sizes, board.Size{W: 4, H: 3})
	}
	for _, size := range sizes {
		path, sum := writeResult(ctx, t, size)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := sha256.Sum256(b[:headerLen2(b)]); sum != want {
			t.Errorf("%s: WriteResultFile's hash %x is not the SHA-256 of the file's header, %x", size, sum, want)
		}
		tb, err := table.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := tb.ContentHash(); !ok || got != sum {
			t.Errorf("%s: ContentHash %x, %v, want %x", size, got, ok, sum)
		}
		if _, ok := (&table.Table{}).ContentHash(); ok {
			t.Error("a table not read from a file has a content hash")
		}
	}
}

// writeResult searches the goal of size with Search and writes the result
// with WriteResultFile, returning the file's path and WriteResultFile's
// hash; the 4x3 table is the one the long checks share (Write12).
func writeResult(ctx context.Context, t *testing.T, size board.Size) (string, [sha256.Size]byte) {
	t.Helper()
	if size == (board.Size{W: 4, H: 3}) {
		w := table.Write12(t, board.SingleTile)
		return w.Path, w.Sum
	}
	res, err := table.Search(ctx, board.Goal(size), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), size.String()+".tbl")
	sum, err := table.WriteResultFile(ctx, path, res)
	if err != nil {
		t.Fatal(err)
	}
	return path, sum
}
