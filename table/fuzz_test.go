package table_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// FuzzNewReader reads arbitrary bytes as a table file, as they are or with
// their checksums made valid (so that the checks behind the checksums see
// the mutations too). NewReader must not panic; it must refuse with one of
// the package's sentinels or return a table that agrees with itself; and it
// must allocate no more than a bound: the table the header describes (which
// a file may make the reader allocate once its sizes, checksums and
// reachable set pass), plus a few times the file's size, plus a mebibyte.
func FuzzNewReader(f *testing.F) {
	var files [][]byte
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 2, H: 3}} {
		b, err := data.File(size)
		if err != nil {
			f.Fatal(err)
		}
		files = append(files, b)
	}
	// Files of version 1 (built in before the container), of version 2: one
	// block, and many with the last partial; and of the container, whole
	// and as records.
	for _, name := range []string{"v1-builtin-2x2.tbl", "v1-builtin-2x3.tbl", "v2-2x3-multi.tbl", "v2-4x2-multi-goal-7-0-6-5-4-3-2-1.tbl",
		"box-2x3.tbl", "box-records-2x3-multi.tbl", "box-records-4x2-multi-goal-7-0-6-5-4-3-2-1.tbl"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		files = append(files, b)
	}
	for _, b := range files {
		f.Add(b, false)
		f.Add(b[:len(b)/2], false)
		f.Add(b[:40], true)
		for _, i := range []int{9, 11, 13, 14, 16, 20, 33, 60, len(b) - 30, len(b) - 1} {
			bad := append([]byte(nil), b...)
			bad[i] ^= 0x5A
			f.Add(bad, false)
			f.Add(bad, true)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte, fix bool) {
		if fix {
			b = fixChecksums(b)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tb, err := table.NewReader(bytes.NewReader(b), int64(len(b)))
		runtime.ReadMemStats(&after)
		if alloc, bound := after.TotalAlloc-before.TotalAlloc, 1<<20+8*uint64(len(b))+claimed(b); alloc > bound {
			t.Errorf("allocated %d bytes reading %d, more than %d", alloc, len(b), bound)
		}
		if err != nil {
			if !errors.Is(err, table.ErrFormat) && !errors.Is(err, table.ErrVersion) && !errors.Is(err, table.ErrChecksum) {
				t.Fatalf("error %q is none of ErrFormat, ErrVersion, ErrChecksum", err)
			}
			return
		}
		consistent(t, tb)
	})
}

// claimed returns the memory of the table a file's header describes, or 0.
func claimed(b []byte) uint64 {
	if len(b) < 14 {
		return 0
	}
	n := int(b[10]) * int(b[11])
	if string(b[:8]) == "SLIDEBOX" {
		n = int(b[12]) * int(b[13])
	}
	if n > 12 {
		return 0
	}
	return rank.Factorial(n)/2 + rank.Factorial(n)/8
}

// consistent checks a table against itself: the goal at distance 0, the
// counts adding up over the lookups, and Distance, Solvable and Lookup
// agreeing on every board.
func consistent(t *testing.T, tb *table.Table) {
	t.Helper()
	if d, err := tb.Distance(tb.Goal()); d != 0 || err != nil {
		t.Fatalf("Distance(goal) = %d, %v", d, err)
	}
	n := tb.Size().Cells()
	if tb.Boards() != rank.Factorial(n) {
		t.Fatalf("Boards() = %d, want %d!", tb.Boards(), n)
	}
	// Every board up to 9 cells; a sample of larger ones (then the counts
	// are not compared).
	stride := max(1, tb.Boards()>>19)
	counts := make([]uint64, len(tb.Counts()))
	cells := make([]uint8, n)
	for i := uint64(0); i < tb.Boards(); i += stride {
		rank.Unindex(i, cells)
		b, err := board.New(tb.Size(), cells)
		if err != nil {
			t.Fatal(err)
		}
		d, ok := tb.Lookup(i)
		dist, err := tb.Distance(b)
		solvable, serr := tb.Solvable(b)
		if serr != nil || solvable != ok || (ok && (dist != d || err != nil)) || (!ok && !errors.Is(err, table.ErrUnsolvable)) {
			t.Fatalf("board %v: Lookup %d, %v; Distance %d, %v; Solvable %v, %v", b, d, ok, dist, err, solvable, serr)
		}
		if ok {
			if d < 0 || d > tb.Max() {
				t.Fatalf("board %v: distance %d beyond 0..%d", b, d, tb.Max())
			}
			counts[d]++
		}
	}
	for d, c := range tb.Counts() {
		if stride == 1 && counts[d] != c {
			t.Fatalf("%d boards at distance %d, Counts says %d", counts[d], d, c)
		}
	}
}
