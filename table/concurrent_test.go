package table_test

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// TestConcurrentLookups loads a built-in table from many goroutines at
// once, then has each of them look up every board (Distance, Solvable,
// Lookup), starting at different boards, and write the table out, all on
// the one shared table. Run with -race; the answers are checked against
// the reference search.
func TestConcurrentLookups(t *testing.T) {
	t.Parallel()
	const workers = 8
	size := board.Size{W: 2, H: 4}
	goal := board.Goal(size)
	ref := reference.Distances(goal)
	other := board.Goal(board.Size{W: 4, H: 2})
	n := size.Cells()
	states := rank.Factorial(n)

	tables := make([]*table.Table, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { tables[w], errs[w] = source.BuiltinTable(size) })
	}
	wg.Wait()
	var file bytes.Buffer // what WriteTo writes of the table, alone
	if errs[0] == nil {
		if _, err := tables[0].WriteTo(&file); err != nil {
			t.Fatal(err)
		}
	}
	for w := range workers {
		if errs[w] != nil || tables[w] != tables[0] {
			t.Fatalf("Load from goroutine %d: %p, %v; want the one shared table", w, tables[w], errs[w])
		}
	}
	tb := tables[0]

	// Each goroutine looks up every board, or in short mode a quarter of
	// them, so that each board is still looked up by two at once.
	share := states
	if testing.Short() {
		share = states / 4
	}
	failures := make(chan string, workers)
	for w := range workers {
		wg.Go(func() {
			fail := func(format string, args ...any) {
				failures <- fmt.Sprintf(format, args...)
			}
			cells := make([]uint8, n)
			for k := range share {
				i := (k + uint64(w)*states/workers) % states
				rank.Unindex(i, cells)
				b, err := board.New(size, cells)
				if err != nil {
					fail("%v", err)
					return
				}
				want, ok := ref[b]
				d, err := tb.Distance(b)
				if ok && (err != nil || d != want) || !ok && !errors.Is(err, table.ErrUnsolvable) {
					fail("Distance(%v) = %d, %v, want %d, %v", b, d, err, want, ok)
					return
				}
				if s, err := tb.Solvable(b); err != nil || s != ok {
					fail("Solvable(%v) = %v, %v, want %v", b, s, err, ok)
					return
				}
				if d, found := tb.Lookup(i); found != ok || ok && d != want {
					fail("Lookup(%d) = %d, %v, want %d, %v", i, d, found, want, ok)
					return
				}
			}
			if _, err := tb.Distance(other); !errors.Is(err, board.ErrMismatch) {
				fail("Distance of a 4x2 board: %v, want ErrMismatch", err)
				return
			}
			if w < 2 { // two at once suffice, and compressing is slow under -race
				var buf bytes.Buffer
				if _, err := tb.WriteTo(&buf); err != nil || !bytes.Equal(buf.Bytes(), file.Bytes()) {
					fail("WriteTo: %v, or bytes other than those written alone", err)
				}
			}
		})
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}
