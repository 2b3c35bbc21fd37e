package table_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// checkCorrupt reads a damaged copy of a table file: it must be refused
// with one of the package's sentinels or, if accepted, answer exactly as
// the good table does. It reports whether b was refused.
func checkCorrupt(t *testing.T, what string, b []byte, good *table.Table) bool {
	t.Helper()
	got, err := table.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		if !errors.Is(err, table.ErrFormat) && !errors.Is(err, table.ErrVersion) && !errors.Is(err, table.ErrChecksum) {
			t.Fatalf("%s: error %q is none of ErrFormat, ErrVersion, ErrChecksum", what, err)
		}
		return true
	}
	if diff := sameAnswers(got, good); diff != "" {
		t.Fatalf("%s: accepted, and %s", what, diff)
	}
	return false
}

// sameAnswers compares two tables on everything they answer: size, goal,
// counts and every board's lookup. It returns "" if they agree.
func sameAnswers(got, want *table.Table) string {
	if got.Size() != want.Size() || got.Goal() != want.Goal() {
		return fmt.Sprintf("it is a %s table to %v, want %s to %v", got.Size(), got.Goal(), want.Size(), want.Goal())
	}
	if g, w := fmt.Sprint(got.Counts()), fmt.Sprint(want.Counts()); g != w {
		return fmt.Sprintf("counts %s, want %s", g, w)
	}
	for i := range want.Boards() + 64 {
		gd, gok := got.Lookup(i)
		wd, wok := want.Lookup(i)
		if gd != wd || gok != wok {
			return fmt.Sprintf("Lookup(%d) = %d, %v, want %d, %v", i, gd, gok, wd, wok)
		}
	}
	return ""
}

// positions returns every position below n, or in short mode the first and
// last 256 positions and every stride-th one between (with a stride prime to
// the block sizes, so that the sample falls on every part of the file).
func positions(n, stride int) []int {
	var p []int
	for i := range n {
		if !testing.Short() || i < 256 || i >= n-256 || i%stride == 0 {
			p = append(p, i)
		}
	}
	return p
}

// TestFlipEveryByte flips every byte of the table files built in before
// the container (every bit and all eight at once for the smallest), of
// version 1, and of the files of
// the container the writer writes of them: each damaged file must be
// refused with a sentinel, or read to a table that answers as the good
// one does.
func TestFlipEveryByte(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		w, h   int
		masks  []byte
		stride int
	}{
		{2, 2, []byte{1, 2, 4, 8, 16, 32, 64, 128, 0xFF}, 1},
		{3, 2, []byte{0x01, 0xFF}, 1},
		{2, 3, []byte{0x80, 0xFF}, 1},
		{3, 3, []byte{0xFF}, 37},
	} {
		good, old := load(t, tc.w, tc.h)
		for _, b := range [][]byte{old, encode(t, good)} {
			t.Run(fmt.Sprintf("%dx%d/%s", tc.w, tc.h, b[:8]), func(t *testing.T) {
				bad := append([]byte(nil), b...)
				tried, refused := 0, 0
				for _, i := range positions(len(b), tc.stride) {
					for _, m := range tc.masks {
						bad[i] ^= m
						if checkCorrupt(t, fmt.Sprintf("byte %d ^ %#x", i, m), bad, good) {
							refused++
						}
						bad[i] ^= m
						tried++
					}
				}
				t.Logf("%d of %d bytes, %d damaged files, %d refused", len(positions(len(b), tc.stride)), len(b), tried, refused)
			})
		}
	}
}

// TestTruncate cuts the table files built in before the container at
// every length and lengthens them by a byte, of version 1, and the files
// of the container the writer
// writes of them: every such file is refused with ErrFormat.
func TestTruncate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ w, h, stride int }{{2, 2, 1}, {2, 3, 1}, {3, 3, 13}} {
		good, old := load(t, tc.w, tc.h)
		for _, b := range [][]byte{old, encode(t, good)} {
			t.Run(fmt.Sprintf("%dx%d/%s", tc.w, tc.h, b[:8]), func(t *testing.T) {
				cuts := positions(len(b), tc.stride)
				for _, n := range cuts {
					_, err := table.NewReader(bytes.NewReader(b[:n]), int64(n))
					if !errors.Is(err, table.ErrFormat) {
						t.Fatalf("cut to %d bytes: err = %v, want ErrFormat", n, err)
					}
				}
				for _, extra := range []byte{0, 1, 0xFF} {
					checkCorrupt(t, fmt.Sprintf("one byte %#x added", extra), append(b[:len(b):len(b)], extra), good)
				}
				// A reader that says the file is longer than it is.
				_, err := table.NewReader(bytes.NewReader(b), int64(len(b))+100)
				if !errors.Is(err, table.ErrFormat) {
					t.Fatalf("size given 100 bytes too large: err = %v, want ErrFormat", err)
				}
				t.Logf("%d lengths of %d", len(cuts), len(b))
			})
		}
	}
}

// TestVersion gives a file a version other than 1 and 2: the error is
// ErrVersion and names the version, even when the rest of the header is
// not what version 1 would have, or missing.
func TestVersion(t *testing.T) {
	t.Parallel()
	_, b := load(t, 2, 3)
	for _, v := range []uint16{0, 3, 4, 0x100, 0xFFFF} {
		l := split(t, b)
		l.version = v
		valid := l.bytes()
		l.keepHeaderCRC = true // the checksum of the version 1 header
		stale := l.bytes()
		for _, tc := range []struct {
			name string
			file []byte
		}{
			{"valid checksum", valid},
			{"stale checksum", stale},
			{"header cut short", valid[:40]},
			{"magic and version only", valid[:10]},
			{"more sections", append(valid[:len(valid):len(valid)], "more sections"...)},
		} {
			_, err := table.NewReader(bytes.NewReader(tc.file), int64(len(tc.file)))
			if !errors.Is(err, table.ErrVersion) {
				t.Fatalf("version %d, %s: err = %v, want ErrVersion", v, tc.name, err)
			}
			if want := fmt.Sprintf("version %d", v); !strings.Contains(err.Error(), want) {
				t.Errorf("version %d, %s: error %q does not say %q", v, tc.name, err, want)
			}
		}
	}
	// Too short to hold a version at all.
	for _, file := range []string{"", "SLIDE", "SLIDETBL", "SLIDETBL\x01"} {
		_, err := table.NewReader(strings.NewReader(file), int64(len(file)))
		if !errors.Is(err, table.ErrFormat) {
			t.Fatalf("%q: err = %v, want ErrFormat", file, err)
		}
	}
}

// TestUnknownSchemeEncoding gives a file an index scheme or a depth
// encoding this version does not know, with a valid checksum: a later
// version may write such files, so the error is ErrVersion and names the
// value.
func TestUnknownSchemeEncoding(t *testing.T) {
	t.Parallel()
	_, b := load(t, 2, 3)
	for _, tc := range []struct {
		name   string
		change func(l *layout)
		want   string
	}{
		{"scheme 3", func(l *layout) { l.scheme = 3 }, "index scheme 3"},
		{"scheme 0", func(l *layout) { l.scheme = 0 }, "index scheme 0"},
		{"encoding 7", func(l *layout) { l.encoding = 7 }, "depth encoding 7"},
		{"encoding 0", func(l *layout) { l.encoding = 0 }, "depth encoding 0"},
		{"encoding 238", func(l *layout) { l.encoding = 0xEE }, "depth encoding 238"},
	} {
		l := split(t, b)
		tc.change(l)
		file := l.bytes()
		_, err := table.NewReader(bytes.NewReader(file), int64(len(file)))
		if !errors.Is(err, table.ErrVersion) || errors.Is(err, table.ErrFormat) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want ErrVersion saying %q", tc.name, err, tc.want)
		}
	}
}

// allocated returns the bytes allocated while f runs, the least of some
// runs (allocation by other goroutines of the test binary is noise).
func allocated(runs int, f func()) uint64 {
	least := ^uint64(0)
	for range runs {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// TestHostileHeader crafts headers with valid checksums whose lengths,
// counts and sizes are absurd: each is refused with ErrFormat, and the
// reader allocates less than a mebibyte, or, for a file whose sizes,
// checksums and reachable set pass, the table the header describes and a
// mebibyte more. The largest table, 12 cells, takes about 300 MB; those
// cases do not run in short mode. It counts the process's allocations, so
// it runs alone, not in parallel.
func TestHostileHeader(t *testing.T) {
	_, b2 := load(t, 2, 2)
	_, b3 := load(t, 3, 3)
	const mb = 1 << 20
	largest := rank.Factorial(12)/2 + rank.Factorial(12)/8 + mb
	// A zstd frame of 48 MiB of zeros: a few kilobytes that claim far more
	// slots than a block of a 2x2 table holds.
	zeros, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	bigFrame := zeros.EncodeAll(make([]byte, 48*mb), nil)

	for _, tc := range []struct {
		name     string
		from     []byte
		change   func(l *layout)
		maxAlloc uint64
	}{
		{"huge block length", b3, func(l *layout) { l.keepCRCs = true; l.blockLen[0] = 0xFFFFFFFF }, mb},
		{"huge set length", b3, func(l *layout) { l.keepCRCs = true; l.setLen = 0xFFFFFFF0 }, mb},
		{"lengths wrap around", b3, func(l *layout) {
			l.keepCRCs = true
			l.blockLen[0] += 1 << 31
			l.setLen += 1 << 31
		}, mb},
		{"a block a slot", b3, func(l *layout) { l.blockSlots, l.blocks = 1, 181440 }, mb},
		{"most blocks of the largest size", b2, func(l *layout) { l.w, l.h, l.blockSlots, l.blocks = 3, 4, 1, 239500800 }, mb},
		{"largest size, tiny sections", b2, func(l *layout) {
			l.w, l.h, l.blockSlots, l.blocks = 4, 3, 1<<26, 4
			l.goal = []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0}
			l.blockData = [][]byte{l.blockData[0], l.blockData[0], l.blockData[0], l.blockData[0]}
		}, largest},
		{"largest size, real 3x3 set", b3, func(l *layout) {
			l.w, l.h, l.blockSlots, l.blocks = 3, 4, 1<<26, 4
			l.goal = []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0}
			l.blockData = [][]byte{l.blockData[0], l.blockData[0], l.blockData[0], l.blockData[0]}
		}, largest},
		{"block claims 48 MiB", b2, func(l *layout) {
			l.blockSlots = 1 << 26
			l.blockData[0] = bigFrame
		}, mb},
		{"most distances", b2, func(l *layout) {
			l.depths = 255
			l.counts = append(l.counts, make([]uint64, 255-len(l.counts))...)
		}, mb},
		{"counts that wrap around", b2, func(l *layout) {
			l.counts[0] = ^uint64(0)
			l.counts[1] += 1
		}, mb},
		{"reachable beyond the slots", b2, func(l *layout) {
			l.counts[len(l.counts)-1] += 1 << 40
			l.reachable += 1 << 40
		}, mb},
		{"no distances", b2, func(l *layout) { l.depths, l.counts, l.reachable = 0, nil, 0 }, mb},
		{"zero slots a block", b2, func(l *layout) { l.blockSlots = 0 }, mb},
		{"width 0", b2, func(l *layout) { l.w, l.goal = 0, nil }, mb},
		{"width 1", b2, func(l *layout) { l.w, l.goal = 1, l.goal[:2] }, mb},
		{"14 cells", b2, func(l *layout) { l.w, l.h = 7, 2 }, mb},
		{"255x255", b2, func(l *layout) { l.w, l.h = 255, 255 }, mb},
		{"bad goal", b2, func(l *layout) { l.goal = []byte{1, 1, 2, 3} }, mb},
		{"another goal", b2, func(l *layout) { l.goal = []byte{0, 1, 2, 3} }, mb},
		{"set of garbage", b3, func(l *layout) { l.setData = bytes.Repeat([]byte{0xA5}, 64) }, mb},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs := 3
			if tc.maxAlloc > 100*mb {
				if testing.Short() {
					t.Skip("allocates a 3x4 table")
				}
				runs = 1
			}
			l := split(t, tc.from)
			tc.change(l)
			file := l.bytes()
			var err error
			alloc := allocated(runs, func() { _, err = table.NewReader(bytes.NewReader(file), int64(len(file))) })
			// ErrFormat, not ErrChecksum: the checks behind the checksums
			// refused the file.
			if !errors.Is(err, table.ErrFormat) {
				t.Fatalf("err = %v, want ErrFormat", err)
			}
			if k := failure.KindOf(err); k != failure.File {
				t.Errorf("err = %v, a failure of kind %v, want %v: the file is damaged", err, k, failure.File)
			}
			if alloc > tc.maxAlloc {
				t.Errorf("allocated %d bytes for a %d-byte file (%v), want at most %d", alloc, len(file), err, tc.maxAlloc)
			}
			t.Logf("%v; %d bytes allocated", err, alloc)
		})
	}
	good := allocated(3, func() { load(t, 3, 3) })
	t.Logf("reading the good 3x3 file allocates %d bytes", good)
}

// TestGoalRepeatsTile gives a tile twice in the goal of a file of every
// version, its checksums made good again: the file is refused as damaged
// (ErrFormat, a failure of kind failure.File), by its reader and by
// Describe, never as bad input, which the same goal from a caller is.
func TestGoalRepeatsTile(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"v1-2x3.tbl", "v1-3x2-goal-0-5-4-3-2-1.tbl", "v2-3x2.tbl", "v2-4x2-multi-goal-7-0-6-5-4-3-2-1.tbl",
		"box-2x3.tbl", "box-records-3x2.tbl", "box-3x2-goal-0-5-4-3-2-1.tbl", "box-records-4x2-multi-goal-7-0-6-5-4-3-2-1.tbl"} {
		t.Run(name, func(t *testing.T) {
			good, err := os.ReadFile(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			tb, err := table.NewReader(bytes.NewReader(good), int64(len(good)))
			if err != nil {
				t.Fatal(err)
			}
			// Every version holds the goal's cells at byte 32.
			goal := tb.Goal().Cells()
			n := len(goal)
			if !bytes.Equal(good[32:32+n], goal) {
				t.Fatalf("the goal %s is not at byte 32", tb.Goal())
			}
			for _, cell := range []int{0, n - 1} {
				bad := bytes.Clone(good)
				bad[32+cell] = bad[32+(cell+1)%n]
				bad = fixChecksums(bad)
				_, err := table.NewReader(bytes.NewReader(bad), int64(len(bad)))
				_, derr := container.DescribeAt(bytes.NewReader(bad), int64(len(bad)))
				// Describe reads a file of the container as the container's.
				if !errors.Is(err, table.ErrFormat) || !errors.Is(derr, table.ErrFormat) && !errors.Is(derr, container.ErrFormat) {
					t.Errorf("cell %d given the tile of the next: read %v, described %v, want ErrFormat", cell, err, derr)
				}
				for what, err := range map[string]error{"read": err, "described": derr} {
					if failure.KindOf(err) != failure.File || !strings.Contains(fmt.Sprint(err), "goal") {
						t.Errorf("cell %d given the tile of the next, %s: %v, a failure of kind %v, want %v, naming the goal",
							cell, what, err, failure.KindOf(err), failure.File)
					}
				}
			}
		})
	}
}

// TestMetricEncoding gives a single-tile file the index scheme of the
// multi-tile metric, whose depths its encoding cannot code: the error is
// ErrFormat.
func TestMetricEncoding(t *testing.T) {
	t.Parallel()
	_, b := load(t, 2, 3)
	l := split(t, b)
	l.scheme = 2
	file := l.bytes()
	_, err := table.NewReader(bytes.NewReader(file), int64(len(file)))
	if !errors.Is(err, table.ErrFormat) || !strings.Contains(err.Error(), "multi-tile") {
		t.Fatalf("err = %v, want ErrFormat naming the metric", err)
	}
}

// switching is a file that changes while it is read: its first k reads
// come from one file's bytes, the rest from another's.
type switching struct {
	from, to []byte
	k, reads int
}

func (s *switching) ReadAt(p []byte, off int64) (int, error) {
	b := s.from
	if s.reads >= s.k {
		b = s.to
	}
	s.reads++
	if off >= int64(len(b)) {
		return 0, io.EOF
	}
	n := copy(p, b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// TestContentHashOfBytesRead reads a file that is replaced by another
// of the same size of board at every moment of its reading: the table
// is refused, or it is one of the two files whole, and its content hash
// is that file's SHA-256, never the other's.
func TestContentHashOfBytesRead(t *testing.T) {
	t.Parallel()
	single, err := os.ReadFile(filepath.Join("testdata", "v1-builtin-3x2.tbl"))
	if err != nil {
		t.Fatal(err)
	}
	multi, err := os.ReadFile(filepath.Join("testdata", "v1-builtin-3x2-multi.tbl"))
	if err != nil {
		t.Fatal(err)
	}
	files := [2][]byte{single, multi}
	whole := func(b []byte) *table.Table {
		tb, err := table.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			return nil
		}
		return tb
	}
	for dir := range 2 {
		from, to := files[dir], files[1-dir]
		probe := &switching{from: from, to: to, k: 1 << 30}
		if _, err := table.NewReader(probe, int64(len(from))); err != nil {
			t.Fatal(err)
		}
		for k := range probe.reads + 1 {
			s := &switching{from: from, to: to, k: k}
			got, err := table.NewReader(s, int64(len(from)))
			if err != nil {
				continue
			}
			sum, ok := got.ContentHash()
			if !ok {
				t.Fatalf("switch after read %d: no content hash", k)
			}
			var want *table.Table
			for _, b := range files {
				if sum == sha256.Sum256(b) {
					want = whole(b)
				}
			}
			if want == nil {
				t.Fatalf("switch after read %d: content hash %x is of neither file", k, sum)
			}
			if diff := sameAnswers(got, want); diff != "" || got.Metric() != want.Metric() {
				t.Fatalf("switch after read %d: the table differs from the file its hash names: %s", k, diff)
			}
		}
	}
}
