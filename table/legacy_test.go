package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// The writer writes the container; these turn what it writes into the
// files of versions 1 and 2 before it, which hold the same blocks, so that
// the tests of the readers of those versions have files of every size and
// metric to read, beside the golden files of testdata.

// legacyV1 returns the file of version 1 that holds the table of b, a
// file of the container whose depths are read whole.
func legacyV1(t testing.TB, b []byte) []byte {
	t.Helper()
	h, err := readHeader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	comp, set, _, err := h.readSections(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	hdr := append([]byte(magic), 0, 0)
	le.PutUint16(hdr[8:], version)
	hdr = append(hdr, byte(h.w), byte(h.h), byte(h.scheme), byte(h.encoding))
	hdr = le.AppendUint16(hdr, uint16(h.depths))
	hdr = le.AppendUint32(hdr, uint32(h.blockSlots))
	hdr = le.AppendUint32(hdr, uint32(h.blocks))
	hdr = le.AppendUint64(hdr, h.reachable)
	hdr = append(hdr, h.goal...)
	for _, c := range h.counts {
		hdr = le.AppendUint64(hdr, c)
	}
	for _, blk := range comp {
		hdr = le.AppendUint32(hdr, uint32(len(blk)))
		hdr = le.AppendUint32(hdr, fileformat.Checksum(blk))
	}
	hdr = le.AppendUint32(hdr, uint32(len(set)))
	hdr = le.AppendUint32(hdr, fileformat.Checksum(set))
	hdr = le.AppendUint32(hdr, fileformat.Checksum(hdr))
	for _, blk := range comp {
		hdr = append(hdr, blk...)
	}
	return append(hdr, set...)
}

// legacyV2 returns the file of version 2 that holds the table of b, a
// file of the container of records.
func legacyV2(t testing.TB, b []byte) []byte {
	t.Helper()
	hd, err := readHeader2(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	sh, size := hd.shape, hd.goal.Size()
	hdr := append([]byte(magic), 0, 0)
	le.PutUint16(hdr[8:], version2)
	hdr = append(hdr, byte(size.W), byte(size.H), schemeOf(hd.metric), byte(sh.fbits))
	hdr = le.AppendUint16(hdr, uint16(len(hd.counts)))
	hdr = append(hdr, byte(sh.shift), 0, 0, 0)
	hdr = le.AppendUint32(hdr, uint32(sh.blocks))
	hdr = le.AppendUint64(hdr, hd.ch.Entries)
	hdr = hd.goal.AppendCells(hdr)
	hdr = le.AppendUint16(hdr, uint16(hd.mask))
	for _, c := range hd.counts {
		hdr = le.AppendUint64(hdr, c)
	}
	hdr = append(hdr, hd.sums...)
	hdr = le.AppendUint32(hdr, fileformat.Checksum(hdr))
	hdr = append(hdr, make([]byte, recordOffset(uint64(len(hdr)))-uint64(len(hdr)))...)
	return append(hdr, b[hd.offset:]...)
}

// newReaderInPlace reads the table of records of size bytes of r in
// place, as OpenWith reads a file, closer closing r.
func newReaderInPlace(r io.ReaderAt, size int64, opts *ReadOptions, closer io.Closer) (*Table, error) {
	o, _, err := opened(r, size)
	if err != nil {
		return nil, err
	}
	return newReader2(r, size, o.Header, opts, closer, "")
}

// TestLegacy writes tables of both layouts and metrics, turns them into
// files of versions 1 and 2, and reads both: the same answers, and the
// files before the container hashed as their readers always did.
func TestLegacy(t *testing.T) {
	t.Parallel()
	for _, metric := range metrics {
		tb := searchedIn(t, otherGoal(board.Size{W: 3, H: 2}), metric)
		var whole bytes.Buffer
		if _, err := tb.WriteTo(&whole); err != nil {
			t.Fatal(err)
		}
		records := writeV2(t, smallInPlace(tb, 1))
		for _, tc := range []struct {
			name     string
			box, old []byte
		}{
			{"whole", whole.Bytes(), legacyV1(t, whole.Bytes())},
			{"records", records, legacyV2(t, records)},
		} {
			box, err := readUncertified(tc.box)
			if err != nil {
				t.Fatalf("%v, %s: %v", metric, tc.name, err)
			}
			old, err := readUncertified(tc.old)
			if err != nil {
				t.Fatalf("%v, %s, before the container: %v", metric, tc.name, err)
			}
			sameTable(t, old, box)
			sameTable(t, box, tb)
			hb, _ := box.ContentHash()
			ho, _ := old.ContentHash()
			if hb == ho {
				t.Fatalf("%v, %s: the two files have one content hash", metric, tc.name)
			}
		}
	}
}

// fileLayout returns the layout of the table file b: layoutWhole or
// layoutRecords, and before the container its version, 1 or 2.
func fileLayout(t testing.TB, b []byte) int {
	t.Helper()
	_, layout, err := opened(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return layout
}

// fileEncoding returns the depth encoding of the table file b, whose
// depths are read whole.
func fileEncoding(t testing.TB, b []byte) int {
	t.Helper()
	h, err := readHeader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return h.encoding
}

// TestBoxHostileParams changes the fields of the header of a table of the
// container, its parameters among them, and gives it a valid checksum:
// each file is refused with the right sentinel, allocating less than a
// mebibyte beyond the file's size.
func TestBoxHostileParams(t *testing.T) {
	_, records := v2File(t, board.Size{W: 3, H: 3}, board.SingleTile)
	tb := searched(t, board.Goal(board.Size{W: 3, H: 3}))
	whole := write(t, tb, encodingModel)
	le := binary.LittleEndian
	const p = 32 + 9 + 4 // the parameters of a 3x3 table
	counts := p + paramsFixed
	for _, tc := range []struct {
		name   string
		from   []byte
		change func(b []byte)
		want   error
	}{
		{"payload version 2", records, func(b []byte) { b[11] = 2 }, ErrVersion},
		{"a pattern database", records, func(b []byte) { b[10] = byte(container.PatternDB) }, ErrFormat},
		{"the multi-tile metric", records, func(b []byte) { b[14] = 2 }, ErrFormat},
		{"one board fewer", records, func(b []byte) { le.PutUint64(b[24:], le.Uint64(b[24:])-1) }, ErrFormat},
		{"layout 3", records, func(b []byte) { b[p] = 3 }, ErrFormat},
		{"whole, read as records", records, func(b []byte) { b[p] = layoutWhole }, ErrFormat},
		{"first depths of another width", records, func(b []byte) { b[p+1]++ }, ErrFormat},
		{"no distances", records, func(b []byte) { le.PutUint16(b[p+2:], 0) }, ErrFormat},
		{"256 distances", records, func(b []byte) { le.PutUint16(b[p+2:], 256) }, ErrFormat},
		{"4 groups a block", records, func(b []byte) { le.PutUint32(b[p+4:], 2) }, ErrFormat},
		{"2^17 groups a block", records, func(b []byte) { le.PutUint32(b[p+4:], 17) }, ErrFormat},
		{"mask beyond the cells", records, func(b []byte) { b[p+9] |= 2 }, ErrFormat},
		{"the goal not reached", records, func(b []byte) { b[p+9] ^= 1 }, ErrFormat},
		{"reserved bytes", records, func(b []byte) { b[p+10] = 1 }, ErrFormat},
		{"two boards at 0", records, func(b []byte) {
			le.PutUint64(b[counts:], 2)
			le.PutUint64(b[counts+8:], le.Uint64(b[counts+8:])-1)
		}, ErrFormat},
		{"encoding 5", whole, func(b []byte) { b[p+1] = 5 }, ErrVersion},
		{"encoding 4 in the single-tile metric", whole, func(b []byte) { b[p+1] = encodingMultiRows }, ErrFormat},
		{"records, read whole", whole, func(b []byte) { b[p] = layoutRecords }, ErrFormat},
		{"no slots a block", whole, func(b []byte) { le.PutUint32(b[p+4:], 0) }, ErrFormat},
		{"one slot a block", whole, func(b []byte) { le.PutUint32(b[p+4:], 1) }, ErrFormat},
		{"a field of 16 bits", whole, func(b []byte) { b[p+8] = 1 }, ErrFormat},
		{"one board fewer", whole, func(b []byte) { le.PutUint64(b[24:], le.Uint64(b[24:])-1) }, ErrFormat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := bytes.Clone(tc.from)
			tc.change(file)
			hl := le.Uint32(file[16:])
			le.PutUint32(file[hl-4:], fileformat.Checksum(file[:hl-4]))
			var err error
			alloc := allocated(3, func() { _, err = readUncertified(file) })
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if bound := uint64(len(file)) + 1<<20; alloc > bound {
				t.Errorf("allocated %d bytes for a %d-byte file, want at most %d", alloc, len(file), bound)
			}
			t.Logf("%v; %d bytes allocated", err, alloc)
		})
	}
}
