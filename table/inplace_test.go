package table

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/rank"
)

// smallInPlace returns a copy of tb that the writer writes in version 2
// whatever its size, in blocks of at most blockBits bits of records (1: of
// 8 groups), so that small tables, read with uncertified, exercise what 12
// cells do.
func smallInPlace(tb *Table, blockBits uint64) *Table {
	return withWrite(tb, writeSettings{inPlaceCells: 4, blockBits: blockBits})
}

// withWrite returns a copy of tb whose writes use the settings w.
func withWrite(tb *Table, w writeSettings) *Table {
	c := *tb
	c.write = w
	return &c
}

// withEncoding returns a copy of tb whose writes use tb's settings but
// the encoding, 0 for the writer's choice.
func withEncoding(tb *Table, encoding int) *Table {
	w := tb.write
	w.encoding = encoding
	return withWrite(tb, w)
}

// uncertified are the options of a reader that reads a small table as
// one of 12 cells is read: in place, and not certified.
var uncertified = &ReadOptions{skipCertify: true}

// openUncertified opens the file at path with uncertified.
func openUncertified(path string) (*Table, error) { return OpenWith(path, uncertified) }

// readUncertified reads b with uncertified.
func readUncertified(b []byte) (*Table, error) {
	return NewReaderWith(bytes.NewReader(b), int64(len(b)), uncertified)
}

// writeV2 returns the file of tb, which must be of version 2.
func writeV2(t testing.TB, tb *Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := tb.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if fileLayout(t, b) != layoutRecords {
		t.Fatalf("%s table not written as records", tb.size)
	}
	return b
}

// saveFile writes b to a file in a temporary folder and returns its path.
func saveFile(t testing.TB, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// openInPlace opens the file at path, which must be read in place.
func openInPlace(t testing.TB, path string) *Table {
	t.Helper()
	tb, err := openUncertified(path)
	if err != nil {
		t.Fatal(err)
	}
	if tb.rec == nil || !tb.rec.inPlace {
		t.Fatalf("%s is not read in place", path)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// loadedBlocks returns the number of blocks of a table read in place that
// are in memory.
func loadedBlocks(tb *Table) int {
	n := 0
	for b := range tb.rec.blocks {
		if tb.rec.Ready(b) {
			n++
		}
	}
	return n
}

// sameTable checks that got answers every board as want does, through
// Lookup, Distance and Solvable, and has its size, goal, metric and
// counts.
func sameTable(t *testing.T, got, want *Table) {
	t.Helper()
	if got.size != want.size || got.goal != want.goal || got.metric != want.metric {
		t.Fatalf("a %s %v table to %v, want %s %v to %v", got.size, got.metric, got.goal, want.size, want.metric, want.goal)
	}
	if g, w := fmt.Sprint(got.Counts()), fmt.Sprint(want.Counts()); g != w {
		t.Fatalf("counts %s, want %s", g, w)
	}
	cells := make([]uint8, got.n)
	for i := range want.Boards() + 3 {
		gd, gok := got.Lookup(i)
		wd, wok := want.Lookup(i)
		if gd != wd || gok != wok {
			t.Fatalf("Lookup(%d) = %d, %v, want %d, %v", i, gd, gok, wd, wok)
		}
		if i >= want.Boards() || i%7 != 0 {
			continue
		}
		rank.Unindex(i, cells)
		b, _ := board.New(got.size, cells)
		d, err := got.Distance(b)
		ok, serr := got.Solvable(b)
		if serr != nil || ok != wok || (wok && (err != nil || d != wd)) || (!wok && !errors.Is(err, ErrUnsolvable)) {
			t.Fatalf("%v: Distance %d, %v; Solvable %v, %v; want %d, %v", b, d, err, ok, serr, wd, wok)
		}
	}
	if err := got.Err(); err != nil {
		t.Fatalf("Err() = %v", err)
	}
}

var inPlaceSizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}

var metrics = []board.Metric{board.SingleTile, board.MultiTile}

// TestInPlaceRoundTrip writes tables of every small size, both metrics,
// the standard goal (in one block and in blocks of 8 groups) and another
// (in blocks of 8), in version 2, and reads them back whole and in place: the same answers,
// a content hash that is the header's SHA-256, a proof that passes, and
// the same bytes written back. WriteFile, WriteTo and the rows of a
// search's result write the same bytes.
func TestInPlaceRoundTrip(t *testing.T) {
	t.Parallel()
	sizes := inPlaceSizes
	if testenv.IsLong() {
		sizes = append(sizes, board.Size{W: 5, H: 2}, board.Size{W: 2, H: 5})
	}
	for _, size := range sizes {
		for _, metric := range metrics {
			for _, goal := range []board.Board{board.Goal(size), otherGoal(size)} {
				for _, blockBits := range []uint64{recordBlockBits, 1} {
					if blockBits != 1 && goal != board.Goal(size) {
						continue // another goal is as well tested in many blocks
					}
					name := fmt.Sprintf("%s/%v/%v/%d", size, metric, goal, blockBits)
					t.Run(name, func(t *testing.T) {
						roundTripV2(t, goal, metric, blockBits)
					})
				}
			}
		}
	}
}

// otherGoal returns a goal of size with the blank in the middle of the
// first row and the tiles in reverse order.
func otherGoal(size board.Size) board.Board {
	n := size.Cells()
	cells := make([]uint8, n)
	z := (size.W - 1) / 2
	v := uint8(n - 1)
	for c := range n {
		if c != z {
			cells[c] = v
			v--
		}
	}
	b, err := board.New(size, cells)
	if err != nil {
		panic(err)
	}
	return b
}

// roundTripV2 is TestInPlaceRoundTrip for the table of goal in metric,
// written as smallInPlace does, in blocks of at most blockBits bits.
func roundTripV2(t *testing.T, goal board.Board, metric board.Metric, blockBits uint64) {
	res, err := bfs.Run(context.Background(), goal, &bfs.Options{Metric: metric})
	if err != nil {
		t.Fatal(err)
	}
	depth, reach := res.Expand()
	tb, err := newTrusted(res.Goal, metric, depth, reach, res.Counts)
	if err != nil {
		t.Fatal(err)
	}
	tb = smallInPlace(tb, blockBits)
	b := writeV2(t, tb)

	// The other writers.
	path := filepath.Join(t.TempDir(), "t.tbl")
	written, err := WriteFile(context.Background(), path, tb)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := os.ReadFile(path); err != nil || !bytes.Equal(f, b) {
		t.Fatalf("WriteFile wrote %d bytes differing from WriteTo's %d (%v)", len(f), len(b), err)
	}
	resSrc, err := resultSource(res)
	if err != nil {
		t.Fatal(err)
	}
	resSrc.write = tb.write
	fromRes, err := writeFile(context.Background(), filepath.Join(t.TempDir(), "r.tbl"), resSrc)
	if err != nil {
		t.Fatal(err)
	}
	src := tb.source()
	src.rows, src.leastRows, src.table = res.Rows, res.LeastRows, nil
	var viaRows bytes.Buffer
	if _, err := writeAll(context.Background(), &viaRows, src); err != nil || !bytes.Equal(viaRows.Bytes(), b) {
		t.Fatalf("the rows of the result write %d bytes differing from the table's %d (%v)", viaRows.Len(), len(b), err)
	}

	hd, err := readHeader2(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if uint64(len(b)) != recordOffset(uint64(len(hd.raw)))+hd.shape.recordBytes() {
		t.Fatalf("%d bytes, want the header, its padding and the records", len(b))
	}
	whole, err := readUncertified(b)
	if err != nil {
		t.Fatal(err)
	}
	inPlace := openInPlace(t, path)
	if got, want := loadedBlocks(inPlace), 1; got != want {
		t.Fatalf("%d blocks in memory after opening, want the goal's only", got)
	}
	for _, back := range []*Table{whole, inPlace} {
		sameTable(t, back, tb)
		if h, ok := back.ContentHash(); !ok || h != sha256.Sum256(hd.raw) || h != written || h != fromRes {
			t.Fatalf("content hash %x, %v, want the header's, which WriteFile (%x) and WriteResultFile (%x) return", h, ok, written, fromRes)
		}
		if err := back.Certify(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		if again := writeV2(t, withWrite(back, tb.write)); !bytes.Equal(again, b) {
			t.Fatal("writing what was read gives other bytes")
		}
		rep, err := back.CheckParity(context.Background())
		if err != nil || rep.Mismatches != 0 || rep.Reachable != tb.Reachable() {
			t.Fatalf("CheckParity: %+v, %v", rep, err)
		}
		checkWalks(t, back, tb)
	}
	if got, want := loadedBlocks(inPlace), int(inPlace.rec.blocks); got != want {
		t.Fatalf("%d blocks in memory after Certify, want all %d", got, want)
	}
	if _, ok := tb.ContentHash(); ok {
		t.Fatal("a table not read from a file has a content hash")
	}
}

// checkWalks checks Hints and Path of got against want on some boards.
func checkWalks(t *testing.T, got, want *Table) {
	t.Helper()
	cells := make([]uint8, got.n)
	for i := uint64(0); i < want.Boards(); i += 97 {
		rank.Unindex(i, cells)
		b, _ := board.New(got.size, cells)
		gh, gd, gerr := got.Hints(b)
		wh, wd, werr := want.Hints(b)
		if fmt.Sprint(gh, gd, gerr) != fmt.Sprint(wh, wd, werr) {
			t.Fatalf("Hints(%v) = %v, %d, %v, want %v, %d, %v", b, gh, gd, gerr, wh, wd, werr)
		}
		gp, gerr := got.Path(b)
		wp, werr := want.Path(b)
		if fmt.Sprint(gp, gerr) != fmt.Sprint(wp, werr) {
			t.Fatalf("Path(%v) = %v, %v, want %v, %v", b, gp, gerr, wp, werr)
		}
	}
}

// TestInPlaceFallsBack writes tables that records cannot hold: with a
// distance raised by four, the depths of its row no longer follow the
// moves, and the writers write the table whole instead, to a file as to a
// stream.
func TestInPlaceFallsBack(t *testing.T) {
	t.Parallel()
	for _, metric := range metrics {
		tb := smallInPlace(searchedIn(t, board.Goal(board.Size{W: 3, H: 3}), metric), 1)
		s := uint64(len(tb.depth)) / 3
		for int(tb.depth[s])+4 > tb.Max() {
			s++
		}
		tb.counts[tb.depth[s]]--
		tb.depth[s] += 4
		tb.counts[tb.depth[s]]++
		var buf bytes.Buffer
		if _, err := tb.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "t.tbl")
		sum, err := WriteFile(context.Background(), path, tb)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := sha256.Sum256(f[:binary.LittleEndian.Uint32(f[16:])]); sum != want {
			t.Fatalf("%v: WriteFile gives content hash %x, want the header's SHA-256 %x", metric, sum, want)
		}
		for _, b := range [][]byte{buf.Bytes(), f} {
			if fileLayout(t, b) != layoutWhole {
				t.Fatalf("%v: not written whole", metric)
			}
			back, err := readUncertified(b)
			if err != nil {
				t.Fatal(err)
			}
			sameTable(t, back, tb)
		}
	}
}

// TestInPlaceLazy reads a table in place from many goroutines at once:
// each block is read once, the answers are the table's, and a board first
// asked after Close fails with ErrClosed while those read before answer.
func TestInPlaceLazy(t *testing.T) {
	t.Parallel()
	tb := smallInPlace(searched(t, board.Goal(board.Size{W: 3, H: 3})), 1)
	path := saveFile(t, "t.tbl", writeV2(t, tb))
	ip := openInPlace(t, path)
	some := board.MustParse(tb.size, "8 6 7/2 5 4/3 0 1")
	if d, err := ip.Distance(some); d != 31 || err != nil {
		t.Fatalf("Distance(%v) = %d, %v, want 31", some, d, err)
	}
	if got := loadedBlocks(ip); got != 2 {
		t.Fatalf("%d blocks in memory after one lookup, want 2", got)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Go(func() {
			for i := uint64(w); i < tb.Boards()/2; i += 8 {
				gd, gok := ip.Lookup(i)
				wd, wok := tb.Lookup(i)
				if gd != wd || gok != wok {
					errs <- fmt.Errorf("Lookup(%d) = %d, %v, want %d, %v", i, gd, gok, wd, wok)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	loaded := loadedBlocks(ip)
	if loaded == int(ip.rec.blocks) {
		t.Fatal("every block read by half the lookups")
	}
	if err := ip.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ip.Close(); err != nil {
		t.Fatalf("a second Close: %v", err)
	}
	if d, err := ip.Distance(some); d != 31 || err != nil {
		t.Fatalf("after Close, Distance(%v) = %d, %v, want 31 from memory", some, d, err)
	}
	last := board.MustParse(tb.size, "8 7 6/5 4 3/2 1 0") // the last index, in the last block
	if _, err := ip.Distance(last); !errors.Is(err, ErrClosed) {
		t.Fatalf("after Close, Distance of a board not read: %v, want ErrClosed", err)
	}
	if err := ip.Err(); err != nil {
		t.Fatalf("Err() = %v after Close; want nil, no block is damaged", err)
	}
	if err := ip.Load(context.Background()); !errors.Is(err, ErrClosed) {
		t.Fatalf("Load after Close: %v, want ErrClosed", err)
	}
	if got := loadedBlocks(ip); got != loaded {
		t.Fatalf("%d blocks in memory, %d before Close", got, loaded)
	}
}

// TestInPlaceFileChanged changes the file of a table read in place after
// it was opened: a block not yet read then fails its SHA-256, and every
// lookup that needs it fails with an error naming the file and the block,
// never a wrong answer; blocks read before, and the others, answer as
// before.
func TestInPlaceFileChanged(t *testing.T) {
	t.Parallel()
	for _, metric := range metrics {
		tb := smallInPlace(searchedIn(t, board.Goal(board.Size{W: 3, H: 3}), metric), 1)
		b := writeV2(t, tb)
		path := saveFile(t, "t.tbl", b)
		var told []error
		var mu sync.Mutex
		ip, err := OpenWith(path, &ReadOptions{skipCertify: true, Damaged: func(err error) {
			mu.Lock()
			told = append(told, err)
			mu.Unlock()
		}})
		if err != nil {
			t.Fatal(err)
		}
		defer ip.Close()
		r := ip.rec
		first := board.MustParse(tb.size, "1 2 3/4 5 6/0 7 8") // in block 0
		want, _ := tb.Distance(first)
		if d, err := ip.Distance(first); d != want || err != nil {
			t.Fatalf("Distance(%v) = %d, %v, want %d", first, d, err, want)
		}
		// Rewrite block 1 in place, as another program might, with a byte
		// changed.
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteAt([]byte{b[r.sec.Offset(1)] ^ 1}, r.sec.Offset(1)); err != nil {
			t.Fatal(err)
		}
		f.Close()
		// The reachable board of the first slot of block 1.
		k := uint64(1) << r.shift
		i := (2*k | r.mask&1) * tb.n
		cells := make([]uint8, tb.n)
		rank.Unindex(i, cells)
		bd, err := board.New(tb.size, cells)
		if err != nil {
			t.Fatal(err)
		}
		want1 := fmt.Sprintf("%s: container: checksum mismatch: block 1 of %d", path, r.blocks)
		for range 2 {
			if _, err := ip.Distance(bd); !errors.Is(err, ErrChecksum) || !strings.Contains(err.Error(), want1) {
				t.Fatalf("%v: Distance of a board of the changed block: %v, want ErrChecksum naming %q", metric, err, want1)
			}
		}
		if _, ok := ip.Lookup(i); ok {
			t.Fatalf("%v: Lookup of a board of the changed block found it", metric)
		}
		if err := ip.Err(); !errors.Is(err, ErrChecksum) || !strings.Contains(err.Error(), want1) {
			t.Fatalf("%v: Err() = %v, want ErrChecksum naming %q", metric, err, want1)
		}
		if len(told) != 1 || told[0] != ip.Err() {
			t.Fatalf("%v: Damaged told %v, want the block's error once", metric, told)
		}
		if _, _, err := ip.Hints(bd); !errors.Is(err, ErrChecksum) {
			t.Fatalf("%v: Hints: %v, want ErrChecksum", metric, err)
		}
		if _, err := ip.Path(bd); !errors.Is(err, ErrChecksum) {
			t.Fatalf("%v: Path: %v, want ErrChecksum", metric, err)
		}
		if err := ip.Scan(context.Background(), 0, 100, func(uint64, int) (bool, error) { return true, nil }); !errors.Is(err, ErrChecksum) {
			t.Fatalf("%v: Scan: %v, want ErrChecksum", metric, err)
		}
		if d, err := ip.Distance(first); d != want || err != nil {
			t.Fatalf("%v: Distance(%v) = %d, %v after the change, want %d", metric, first, d, err, want)
		}
		far := board.MustParse(tb.size, "8 7 6/5 4 3/2 1 0")
		wfar, _ := tb.Distance(far)
		if d, err := ip.Distance(far); d != wfar || err != nil {
			t.Fatalf("%v: Distance(%v) = %d, %v, want %d from a block not changed", metric, far, d, err, wfar)
		}
		if err := ip.Certify(context.Background(), nil); !errors.Is(err, ErrChecksum) {
			t.Fatalf("%v: Certify: %v, want ErrChecksum", metric, err)
		}
	}
}

// layout2 is a file of version 2 split into its fields, for tests that
// change one and write the file again with valid checksums.
type layout2 struct {
	fixed   [fixedHeader]byte
	goal    []byte
	mask    uint16
	counts  []uint64
	sums    []byte
	pad     []byte // between the header and the records
	records []byte
	keepSum bool // keep the blocks' SHA-256s as they are
}

// split2 parses a well-formed file of version 2, or of the container's
// records, which it turns into one of version 2 first.
func split2(t testing.TB, b []byte) *layout2 {
	t.Helper()
	if fileLayout(t, b) == layoutRecords && string(b[:len(magic)]) != magic {
		b = legacyV2(t, b)
	}
	hd, err := readHeader2(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	l := &layout2{goal: hd.goal.Cells(), mask: uint16(hd.mask), counts: hd.counts, sums: bytes.Clone(hd.sums)}
	copy(l.fixed[:], b)
	hl := uint64(len(hd.raw))
	l.pad = bytes.Clone(b[hl:hd.offset])
	l.records = bytes.Clone(b[hd.offset:])
	return l
}

// bytes joins the fields, with the SHA-256s of the blocks (unless kept)
// and the header's CRC-32C computed afresh.
func (l *layout2) bytes() []byte {
	le := binary.LittleEndian
	b := append([]byte(nil), l.fixed[:]...)
	b = append(b, l.goal...)
	b = le.AppendUint16(b, l.mask)
	for _, c := range l.counts {
		b = le.AppendUint64(b, c)
	}
	sumsAt := len(b)
	b = append(b, l.sums...)
	b = le.AppendUint32(b, fileformat.Checksum(b))
	b = append(b, l.pad...)
	b = append(b, l.records...)
	if l.keepSum {
		return b
	}
	// The SHA-256s of the blocks as the header describes them, where it
	// describes them within the file.
	w, h := int(l.fixed[10]), int(l.fixed[11])
	depths := int(le.Uint16(l.fixed[14:]))
	shift := uint(l.fixed[16])
	if w < 2 || h < 2 || w*h > MaxCells || shift < minGroupShift || shift > maxGroupShift || depths < 1 {
		return b
	}
	s := newRecShape(board.Size{W: w, H: h}, 0, metricOf(int(l.fixed[12])), depths, shift, recordBlockBits)
	off := uint64(len(b) - len(l.records))
	for k := uint64(0); k < s.blocks && uint64(sumsAt)+(k+1)*sumSize <= uint64(len(b)); k++ {
		from, to := off+k*s.fullBytes(), off+k*s.fullBytes()+s.blockBytes(k)
		if to > uint64(len(b)) {
			break
		}
		sum := sha256.Sum256(b[from:to])
		copy(b[uint64(sumsAt)+k*sumSize:], sum[:])
	}
	hl := sumsAt + len(l.sums)
	le.PutUint32(b[hl:], fileformat.Checksum(b[:hl]))
	return b
}

// v2File returns the table of size in the metric and its file in version
// 2, in blocks of 8 groups.
func v2File(t *testing.T, size board.Size, metric board.Metric) (*Table, []byte) {
	t.Helper()
	tb := smallInPlace(searchedIn(t, board.Goal(size), metric), 1)
	return tb, writeV2(t, tb)
}

// TestInPlaceFlipEveryByte flips every byte of small files of version 2
// but those of the padding after the header, of which it takes one in 64
// (in short mode, a sample): read whole, each damaged file is refused with
// a sentinel; read in place, it is refused when opened, or each board
// answers as in the good file or fails with an error naming its block,
// and Err reports it.
func TestInPlaceFlipEveryByte(t *testing.T) {
	t.Parallel()
	sizes, masks := []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}}, []byte{0x01, 0x80, 0xFF}
	if testing.Short() {
		sizes, masks = sizes[1:2], []byte{0x01, 0xFF}
	}
	for _, size := range sizes {
		for _, metric := range metrics {
			t.Run(fmt.Sprint(size, metric), func(t *testing.T) {
				good, b := v2File(t, size, metric)
				bad := bytes.Clone(b)
				tried, atOpen, atLookup := 0, 0, 0
				hd, err := readHeader2(bytes.NewReader(b), int64(len(b)))
				if err != nil {
					t.Fatal(err)
				}
				for _, i := range positions(len(b), 11) {
					if i >= len(hd.raw) && int64(i) < hd.offset && i%64 != 0 {
						continue // the padding: one byte of it is as good as another
					}
					for _, m := range masks {
						bad[i] ^= m
						tried++
						if _, err := readUncertified(bad); !isSentinel(err) {
							t.Fatalf("byte %d ^ %#x, read whole: %v, want a sentinel", i, m, err)
						}
						switch refused, failed := flippedInPlace(t, bad, good); {
						case refused:
							atOpen++
						case failed:
							atLookup++
						default:
							t.Fatalf("byte %d ^ %#x: read in place, every board answers as before", i, m)
						}
						bad[i] ^= m
					}
				}
				t.Logf("%d damaged files: %d refused when opened, %d when a lookup needed the block", tried, atOpen, atLookup)
			})
		}
	}
}

// positions returns every position below n, or in short mode the first
// and last 256 and every stride-th one between.
func positions(n, stride int) []int {
	var p []int
	for i := range n {
		if !testing.Short() || i < 256 || i >= n-256 || i%stride == 0 {
			p = append(p, i)
		}
	}
	return p
}

func isSentinel(err error) bool {
	return errors.Is(err, ErrFormat) || errors.Is(err, ErrVersion) || errors.Is(err, ErrChecksum)
}

// nopCloser is the closer of a file read in place from memory.
type nopCloser struct{}

func (nopCloser) Close() error { return nil }

// flippedInPlace reads the damaged file b in place, as OpenWith reads a
// file, and looks up every board: it reports whether the file was refused
// when opened, and whether a lookup failed (each failure naming a block,
// and every other answer good's).
func flippedInPlace(t *testing.T, b []byte, good *Table) (refused, failed bool) {
	t.Helper()
	tb, err := newReaderInPlace(bytes.NewReader(b), int64(len(b)), uncertified, nopCloser{})
	if err != nil {
		if !isSentinel(err) {
			t.Fatalf("Open: %v, want a sentinel", err)
		}
		return true, false
	}
	defer tb.Close()
	cells := make([]uint8, good.n)
	for i := range good.Boards() {
		rank.Unindex(i, cells)
		b, _ := board.New(good.size, cells)
		d, err := tb.Distance(b)
		want, werr := good.Distance(b)
		switch {
		case err != nil && !errors.Is(err, ErrUnsolvable):
			if !isSentinel(err) || !strings.Contains(err.Error(), "block ") {
				t.Fatalf("Distance(%v): %v, want a sentinel naming the block", b, err)
			}
			failed = true
		case d != want || (err == nil) != (werr == nil):
			t.Fatalf("Distance(%v) = %d, %v, want %d, %v", b, d, err, want, werr)
		}
	}
	if failed != (tb.Err() != nil) {
		t.Fatalf("lookups failed: %v, but Err() = %v", failed, tb.Err())
	}
	return false, failed
}

// TestInPlaceTruncate cuts a file of version 2 at every length and
// lengthens it by a byte: read whole or in place, each is refused with
// ErrFormat.
func TestInPlaceTruncate(t *testing.T) {
	t.Parallel()
	_, b := v2File(t, board.Size{W: 3, H: 2}, board.SingleTile)
	path := filepath.Join(t.TempDir(), "t.tbl")
	hd, err := readHeader2(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	cuts := append(positions(len(b), 7), len(b)+1)
	for _, n := range cuts {
		if n > len(hd.raw) && int64(n) < hd.offset && n%64 != 0 {
			continue // within the padding: one length is as good as another
		}
		f := append(b[:min(n, len(b)):min(n, len(b))], make([]byte, max(n-len(b), 0))...)
		if _, err := readUncertified(f); !errors.Is(err, ErrFormat) {
			t.Fatalf("%d bytes of %d, read whole: %v, want ErrFormat", n, len(b), err)
		}
		if _, err := newReaderInPlace(bytes.NewReader(f), int64(len(f)), uncertified, nopCloser{}); !errors.Is(err, ErrFormat) {
			t.Fatalf("%d bytes of %d, read in place: %v, want ErrFormat", n, len(b), err)
		}
		if n%97 == 0 || n == len(b)+1 { // and from a file, now and then
			if err := os.WriteFile(path, f, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := openUncertified(path); !errors.Is(err, ErrFormat) {
				t.Fatalf("%d bytes of %d, opened: %v, want ErrFormat", n, len(b), err)
			}
		}
	}
}

// TestInPlaceHostileHeader changes fields of a file of version 2 (the
// container's are TestBoxHostileParams's) and writes it again with valid
// checksums: each is refused with the right
// sentinel, allocating less than a mebibyte beyond the file's size.
func TestInPlaceHostileHeader(t *testing.T) {
	_, b := v2File(t, board.Size{W: 3, H: 3}, board.SingleTile)
	_, bm := v2File(t, board.Size{W: 4, H: 2}, board.MultiTile)
	le := binary.LittleEndian
	const mb = 1 << 20
	for _, tc := range []struct {
		name   string
		from   []byte
		change func(l *layout2)
		want   error
	}{
		{"version 3", b, func(l *layout2) { l.fixed[8] = 3 }, ErrVersion},
		{"index scheme 3", b, func(l *layout2) { l.fixed[12] = 3 }, ErrVersion},
		{"width 1", b, func(l *layout2) { l.fixed[10] = 1 }, ErrFormat},
		{"14 cells", b, func(l *layout2) { l.fixed[10], l.fixed[11] = 7, 2 }, ErrFormat},
		{"the 4x3 size", b, func(l *layout2) { l.fixed[10], l.fixed[11] = 4, 3 }, ErrFormat},
		{"the 4x3 size and its blocks", b, func(l *layout2) {
			l.fixed[10], l.fixed[11], l.fixed[16] = 4, 3, 16
			le.PutUint32(l.fixed[20:], 305)
			le.PutUint64(l.fixed[24:], 239500800)
			l.goal = []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0}
			l.counts[len(l.counts)-1] += 239500800 - 181440
			l.sums = make([]byte, 305*sumSize)
		}, ErrFormat},
		{"most blocks", b, func(l *layout2) { le.PutUint32(l.fixed[20:], 0xFFFFFFFF) }, ErrFormat},
		{"no blocks", b, func(l *layout2) { le.PutUint32(l.fixed[20:], 0) }, ErrFormat},
		{"4 groups a block", b, func(l *layout2) { l.fixed[16] = 2 }, ErrFormat},
		{"2^17 groups a block", b, func(l *layout2) { l.fixed[16] = 17 }, ErrFormat},
		{"first depths of another width", b, func(l *layout2) { l.fixed[13]++ }, ErrFormat},
		{"no distances", b, func(l *layout2) { le.PutUint16(l.fixed[14:], 0); l.counts = nil }, ErrFormat},
		{"256 distances", b, func(l *layout2) { le.PutUint16(l.fixed[14:], 256) }, ErrFormat},
		{"a byte after the fields", b, func(l *layout2) { l.fixed[18] = 1 }, ErrFormat},
		{"reachable", b, func(l *layout2) { le.PutUint64(l.fixed[24:], le.Uint64(l.fixed[24:])-1) }, ErrFormat},
		{"counts that wrap around", b, func(l *layout2) { l.counts[0] += 1 << 63; l.counts[1] += 1 << 63 }, ErrFormat},
		{"two boards at 0", b, func(l *layout2) { l.counts[0]++; l.counts[1]-- }, ErrFormat},
		{"bad goal", b, func(l *layout2) { l.goal[0] = l.goal[1] }, ErrFormat},
		{"mask beyond the cells", b, func(l *layout2) { l.mask |= 1 << 9 }, ErrFormat},
		{"the goal not reached", b, func(l *layout2) { l.mask ^= 1 << 8 }, ErrFormat},
		{"padding", b, func(l *layout2) { l.pad[len(l.pad)-1] = 1 }, ErrFormat},
		{"a record beyond the distances", b, func(l *layout2) {
			// Row 0 of group 0: first depth 30, and two steps up.
			l.records[0] |= 0x3F
		}, ErrFormat},
		{"a byte more", b, func(l *layout2) { l.records = append(l.records, 0) }, ErrFormat},
		{"a byte less", b, func(l *layout2) { l.records = l.records[:len(l.records)-1] }, ErrFormat},
		{"a block's sum", b, func(l *layout2) { l.keepSum = true; l.sums[3] ^= 1 }, ErrChecksum},
		{"a row of the multi-tile metric above its least depth", bm, func(l *layout2) {
			// The goal's row of the first group: least depth 0, all
			// four slots at 1.
			l.records[0] |= 0xF << l.fixed[13]
		}, ErrFormat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := split2(t, tc.from)
			tc.change(l)
			file := l.bytes()
			var err error
			alloc := allocated(3, func() { _, err = readUncertified(file) })
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if bound := uint64(len(file)) + mb; alloc > bound {
				t.Errorf("allocated %d bytes for a %d-byte file, want at most %d", alloc, len(file), bound)
			}
			t.Logf("%v; %d bytes allocated", err, alloc)
		})
	}
}

// allocated returns the bytes allocated while f runs, the least of some
// runs.
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

// TestInPlaceMemoryLimit reads a file of version 2 under a memory limit
// below what its blocks take: refused with ErrMemory, naming the need.
func TestInPlaceMemoryLimit(t *testing.T) {
	t.Parallel()
	tb, b := v2File(t, board.Size{W: 3, H: 3}, board.SingleTile)
	path := saveFile(t, "t.tbl", b)
	hd, err := readHeader2(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	need := hd.shape.memory() + uint64(len(hd.raw))
	for _, limit := range []uint64{need - 1, 1000} {
		if _, err := OpenWith(path, &ReadOptions{MaxMemory: limit, skipCertify: true}); !errors.Is(err, ErrMemory) {
			t.Fatalf("limit %d: %v, want ErrMemory", limit, err)
		}
	}
	got, err := OpenWith(path, &ReadOptions{MaxMemory: need, skipCertify: true})
	if err != nil {
		t.Fatalf("limit %d, the need: %v", need, err)
	}
	defer got.Close()
	sameTable(t, got, tb)
}

// TestInPlaceCertifyCatches flips bits of the records of files of version
// 2 and gives them valid checksums: every such table is refused, when its
// block is read (a distance out of range), by its counts, or by Certify,
// which names a wrong board; and the fast proof and the one that names a
// board agree on it, range by range of groups.
func TestInPlaceCertifyCatches(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}} {
		for _, metric := range metrics {
			t.Run(fmt.Sprint(size, metric), func(t *testing.T) {
				_, b := v2File(t, size, metric)
				l := split2(t, b)
				tries := 20
				switch {
				case testing.Short() && size.Cells() > 6:
					tries = 8
				case size.Cells() > 6:
					tries = 10
				}
				byCert, byCounts, byBlock := 0, 0, 0
				for range tries {
					bit := rng.Uint64N(uint64(len(l.records)) * 8)
					l.records[bit/8] ^= 1 << (bit % 8)
					file := l.bytes()
					l.records[bit/8] ^= 1 << (bit % 8)
					_, err := readUncertified(file)
					if err == nil {
						t.Fatalf("bit %d of the records flipped: read without error", bit)
					}
					var de *DistanceError
					switch {
					case strings.Contains(err.Error(), "block "):
						byBlock++
						continue
					case !strings.Contains(err.Error(), "the header says"):
						t.Fatalf("bit %d: %v, want a block or the counts refused", bit, err)
					}
					byCounts++
					// The counts do not agree; the proof must fail too.
					tb, err := openUncertified(saveFile(t, "t.tbl", file))
					if err != nil {
						if !strings.Contains(err.Error(), "goal") {
							t.Fatalf("bit %d: Open: %v", bit, err)
						}
						continue // the goal's own distance changed
					}
					defer tb.Close()
					if err := tb.rec.loadAll(context.Background(), 0); err != nil {
						t.Fatal(err)
					}
					gi := rank.Index(tb.goal.CellString())
					if err := tb.certifyAll(gi); !errors.As(err, &de) {
						t.Fatalf("bit %d: the proof: %v, want a *DistanceError", bit, err)
					}
					byCert++
					fastAgreesRec(t, tb, gi)
				}
				t.Logf("%d bits flipped: %d refused as their block was read, %d by the counts, and by the proof", tries, byBlock, byCounts)
			})
		}
	}
}

// certifyAll runs the proof that names a board over every group of a
// table whose blocks are all in memory, without its other checks.
func (t *Table) certifyAll(gi uint64) error {
	return t.certify(0, t.slots()/t.n, gi)
}

// fastAgreesRec checks that on tb, read in place with every block in
// memory, the fast proof and the one that names a board agree range by
// range of groups.
func fastAgreesRec(t *testing.T, tb *Table, gi uint64) {
	t.Helper()
	groups := tb.slots() / tb.n
	for from := uint64(0); from < groups; from += 97 {
		to := min(from+97, groups)
		if fast, slow := tb.certifyFast(from, to, gi), tb.certify(from, to, gi) == nil; fast != slow {
			t.Fatalf("groups %d to %d: fast proof %v, the other %v", from, to, fast, slow)
		}
	}
}

// TestInPlaceGroupsSwapped swaps the records of two groups of a file of
// version 2 (the counts stay, and every row still follows the moves):
// only the proof can refuse it, and it names a board that is wrong.
func TestInPlaceGroupsSwapped(t *testing.T) {
	t.Parallel()
	for _, metric := range metrics {
		_, b := v2File(t, board.Size{W: 3, H: 3}, metric)
		l := split2(t, b)
		// Groups 1000 and 15000: records of 18 bits (20 in the multi-tile
		// metric), swapped bit by bit.
		s := newRecShape(board.Size{W: 3, H: 3}, 8, metric, len(l.counts), uint(l.fixed[16]), recordBlockBits)
		get := func(i uint64) byte { return l.records[i/8] >> (i % 8) & 1 }
		set := func(i uint64, v byte) { l.records[i/8] = l.records[i/8]&^(1<<(i%8)) | v<<(i%8) }
		for j := range s.recBits {
			a, c := 1000*s.recBits+j, 15000*s.recBits+j
			va, vc := get(a), get(c)
			set(a, vc)
			set(c, va)
		}
		file := l.bytes()
		ip := openInPlace(t, saveFile(t, "t.tbl", file))
		if err := ip.Load(context.Background()); err != nil {
			t.Fatalf("%v: Load: %v, want the counts to pass", metric, err)
		}
		err := ip.Certify(context.Background(), nil)
		var de *DistanceError
		if !errors.As(err, &de) || !errors.Is(err, ErrDistance) {
			t.Fatalf("%v: Certify: %v, want a *DistanceError", metric, err)
		}
		t.Log(err)
		checkNamed(t, ip, de)
		fastAgreesRec(t, ip, rank.Index(ip.goal.CellString()))
		if _, err = NewReader(bytes.NewReader(file), int64(len(file))); !errors.Is(err, ErrDistance) {
			t.Fatalf("%v: NewReader of a 3x3 table: %v, want it certified and refused", metric, err)
		}
	}
}

// BenchmarkInPlace looks up random boards, 4096 in turn, in tables of 9
// and 10 cells written in version 2 and read in place, every block read
// first: a lookup in a warm table read in place.
func BenchmarkInPlace(b *testing.B) {
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 5, H: 2}} {
		for _, metric := range metrics {
			b.Run(fmt.Sprint(size, "/", metric), func(b *testing.B) {
				res, err := bfs.Run(context.Background(), board.Goal(size), &bfs.Options{Metric: metric})
				if err != nil {
					b.Fatal(err)
				}
				depth, reach := res.Expand()
				tb, err := newTrusted(res.Goal, metric, depth, reach, res.Counts)
				if err != nil {
					b.Fatal(err)
				}
				ip := openInPlace(b, saveFile(b, "t.tbl", writeV2(b, tb)))
				if err := ip.Load(context.Background()); err != nil {
					b.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(5, 6))
				cells := make([]uint8, tb.n)
				var boards []board.Board
				for len(boards) < 4096 {
					rank.Unindex(rng.Uint64N(tb.Boards()), cells)
					if bd, _ := board.New(size, cells); tb.reached(rank.Index(cells)) {
						boards = append(boards, bd)
					}
				}
				b.ReportAllocs()
				i, sum := 0, 0
				for b.Loop() {
					d, err := ip.Distance(boards[i&4095])
					if err != nil {
						b.Fatal(err)
					}
					sum += d
					i++
				}
				if sum < 0 {
					b.Fatal(sum)
				}
			})
		}
	}
}

// TestScan checks Scan against a loop over Lookup, on tables held in
// memory and read in place, for ranges of distances, stopping early and
// with a done context.
func TestScan(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}} {
		for _, metric := range metrics {
			tb, b := v2File(t, size, metric)
			ip := openInPlace(t, saveFile(t, "t.tbl", b))
			for _, table := range []*Table{tb, ip} {
				for _, r := range [][2]int{{0, tb.Max()}, {3, 7}, {tb.Max(), tb.Max()}, {-5, 0}, {tb.Max() + 1, 300}} {
					lo, hi := r[0], r[1]
					var want, got []uint64
					for i := range tb.Boards() {
						if d, ok := tb.Lookup(i); ok && d >= lo && d <= hi {
							want = append(want, i<<8|uint64(d))
						}
					}
					err := table.Scan(context.Background(), lo, hi, func(i uint64, d int) (bool, error) {
						got = append(got, i<<8|uint64(d))
						return true, nil
					})
					if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("%s %v %d..%d: Scan found %d boards (%v), Lookup %d", size, metric, lo, hi, len(got), err, len(want))
					}
					if len(want) > 3 {
						got = got[:0]
						table.Scan(context.Background(), lo, hi, func(i uint64, d int) (bool, error) {
							got = append(got, i<<8|uint64(d))
							return len(got) < 3, nil
						})
						if fmt.Sprint(got) != fmt.Sprint(want[:3]) {
							t.Fatalf("%s %v: Scan stopped after 3 gives %v, want %v", size, metric, got, want[:3])
						}
					}
				}
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				if err := table.Scan(ctx, 0, 100, func(uint64, int) (bool, error) { return true, nil }); !errors.Is(err, context.Canceled) {
					t.Fatalf("Scan with a done context: %v", err)
				}
				stop := errors.New("stop")
				if err := table.Scan(context.Background(), 0, 100, func(uint64, int) (bool, error) { return true, stop }); err != stop {
					t.Fatalf("Scan returns %v, want f's error", err)
				}
			}
		}
	}
	var zero Table
	if err := zero.Scan(context.Background(), 0, 10, nil); !errors.Is(err, ErrFormat) {
		t.Fatalf("Scan of the zero Table: %v", err)
	}
}

// TestInPlace12 writes 4x3 tables from a search, in both metrics, as
// 'slidetable build' does (version 2; see Write12), reads them in place and compares
// every board with the search; then proves them. Seconds and 400 MB each:
// only with SLIDETABLE_LONG=1.
func TestInPlace12(t *testing.T) {
	t.Parallel()
	testenv.Long(t)
	for _, metric := range metrics {
		w := Write12(t, metric)
		res := w.Result
		ip := openInPlace(t, w.Path)
		if h, _ := ip.ContentHash(); h != w.Sum {
			t.Fatalf("%v: content hash %x, WriteResultFile said %x", metric, h, w.Sum)
		}
		depth, reach := res.Expand()
		tb, err := newTrusted(res.Goal, metric, depth, reach, res.Counts)
		if err != nil {
			t.Fatal(err)
		}
		for i := range tb.Boards() {
			gd, gok := ip.Lookup(i)
			wd, wok := tb.Lookup(i)
			if gd != wd || gok != wok {
				t.Fatalf("%v: Lookup(%d) = %d, %v, want %d, %v", metric, i, gd, gok, wd, wok)
			}
		}
		if err := ip.Certify(context.Background(), nil); err != nil {
			t.Fatalf("%v: %v", metric, err)
		}
	}
}
