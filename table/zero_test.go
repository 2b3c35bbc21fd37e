package table_test

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/table"
)

// TestZeroTable calls every method of the zero Table, and the constructors
// with nil arguments: each returns, and those that need boards fail.
func TestZeroTable(t *testing.T) {
	t.Parallel()
	var tb table.Table
	ctx := context.Background()
	goal := board.Goal(board.Size{W: 3, H: 3})
	for _, b := range []board.Board{goal, {}} {
		if _, err := tb.Distance(b); !errors.Is(err, board.ErrMismatch) {
			t.Errorf("Distance(%v) = %v, want ErrMismatch", b, err)
		}
		if _, err := tb.Solvable(b); !errors.Is(err, board.ErrMismatch) {
			t.Errorf("Solvable(%v) = %v, want ErrMismatch", b, err)
		}
	}
	if _, ok := tb.Lookup(0); ok {
		t.Error("Lookup(0) found a board")
	}
	if tb.Max() != -1 || tb.Reachable() != 0 || tb.Boards() != 0 || len(tb.Counts()) != 0 || !tb.Goal().IsZero() {
		t.Errorf("Max %d Reachable %d Boards %d Counts %v Goal %v", tb.Max(), tb.Reachable(), tb.Boards(), tb.Counts(), tb.Goal())
	}
	if _, err := tb.CheckParity(ctx); err == nil {
		t.Error("CheckParity succeeded")
	}
	if err := tb.Certify(ctx, nil); err == nil {
		t.Error("Certify succeeded")
	}
	if _, err := tb.WriteTo(new(bytes.Buffer)); err == nil {
		t.Error("WriteTo succeeded")
	}
	path := filepath.Join(t.TempDir(), "zero.tbl")
	if _, err := table.WriteFile(ctx, path, &tb); err == nil {
		t.Error("WriteFile succeeded")
	}
	if _, err := table.NewReader(nil, 100); !errors.Is(err, table.ErrFormat) {
		t.Errorf("NewReader(nil) = %v, want ErrFormat", err)
	}
	if _, err := table.New(board.Board{}, nil, nil, nil); !errors.Is(err, table.ErrFormat) {
		t.Errorf("New of no goal = %v, want ErrFormat", err)
	}
	if err := tb.Close(); err != nil {
		t.Errorf("Close() = %v", err)
	}
}
