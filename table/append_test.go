package table

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestWriteToAnyWriter writes a table of several blocks, streamed by
// WriteFile, to a file opened for appending, which cannot write at an
// offset (blocks made small so that WriteFile would stream): WriteTo must write it whole, the same bytes as to a buffer.
func TestWriteToAnyWriter(t *testing.T) {
	t.Parallel()
	tb, err := Build(context.Background(), board.Goal(board.Size{W: 3, H: 3}), nil)
	if err != nil {
		t.Fatal(err)
	}
	tb = withWrite(tb, writeSettings{slots: 20_000})
	want := func() []byte {
		var b bytes.Buffer
		if _, err := tb.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}()
	path := filepath.Join(t.TempDir(), "append.tbl")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	n, err := tb.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatalf("WriteTo an O_APPEND file: %v", err)
	}
	got, _ := os.ReadFile(path)
	if n != int64(len(want)) || !bytes.Equal(got, want) {
		t.Fatalf("wrote %d bytes (%d in the file), want the %d of WriteTo to a buffer", n, len(got), len(want))
	}
	back, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Reachable() != tb.Reachable() {
		t.Fatalf("read back %d boards, want %d", back.Reachable(), tb.Reachable())
	}
}
