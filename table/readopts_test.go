package table_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/table"
)

// TestReadMemoryLimit checks that a reader refuses, before allocating, a
// table that needs more than its limit, naming the need and the limit.
func TestReadMemoryLimit(t *testing.T) {
	t.Parallel()
	b, err := data.File(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "3x3.tbl")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	// 181,440 bytes of depths and the set's bits at least.
	for _, limit := range []uint64{1, 200_000} {
		_, err := table.NewReaderWith(bytes.NewReader(b), int64(len(b)), &table.ReadOptions{MaxMemory: limit})
		if !errors.Is(err, table.ErrMemory) {
			t.Fatalf("NewReaderWith, limit %d: %v, want ErrMemory", limit, err)
		}
		if _, err := table.OpenWith(path, &table.ReadOptions{MaxMemory: limit}); !errors.Is(err, table.ErrMemory) {
			t.Fatalf("OpenWith, limit %d: %v, want ErrMemory", limit, err)
		}
	}
	if _, err := table.OpenWith(path, &table.ReadOptions{MaxMemory: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	if _, err := table.OpenWith(path, nil); err != nil {
		t.Fatal(err)
	}
}
