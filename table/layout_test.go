package table_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/table"
)

// This file takes table files apart and puts them together again, so that
// tests can change a header field and still give the file valid checksums,
// reaching the checks that sit behind them. It follows the layout drawn in
// doc.go on its own, without the package's code.

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// layout is a table file split into its header fields and sections.
type layout struct {
	version                 uint16
	w, h, scheme, encoding  byte
	depths                  uint16
	blockSlots, blocks      uint32
	reachable               uint64
	goal                    []byte
	counts                  []uint64
	blockLen, blockCRC      []uint32
	setLen, setCRC          uint32
	blockData               [][]byte
	setData                 []byte
	headerCRC               uint32 // as read; bytes recomputes it
	keepHeaderCRC, keepCRCs bool   // write the CRCs as they are instead of recomputing them
}

// split parses a well-formed file. It fails the test if b is not one.
func split(t testing.TB, b []byte) *layout {
	t.Helper()
	l, ok := parseLayout(b)
	if !ok {
		t.Fatal("cannot split the file")
	}
	return l
}

// parseLayout parses b leniently: it returns false if the fields do not
// describe sections that fit in b, and otherwise the layout, whose
// sections may not fill b exactly.
func parseLayout(b []byte) (*layout, bool) {
	le := binary.LittleEndian
	if len(b) < 32 {
		return nil, false
	}
	l := &layout{
		version: le.Uint16(b[8:]),
		w:       b[10], h: b[11], scheme: b[12], encoding: b[13],
		depths:     le.Uint16(b[14:]),
		blockSlots: le.Uint32(b[16:]),
		blocks:     le.Uint32(b[20:]),
		reachable:  le.Uint64(b[24:]),
	}
	n := int(l.w) * int(l.h)
	hl := 32 + n + 8*int(l.depths) + 8*int(l.blocks) + 12
	if hl > len(b) {
		return nil, false
	}
	p := b[32:]
	l.goal = append([]byte(nil), p[:n]...)
	p = p[n:]
	for range l.depths {
		l.counts = append(l.counts, le.Uint64(p))
		p = p[8:]
	}
	off := hl
	for range l.blocks {
		bl, crc := le.Uint32(p), le.Uint32(p[4:])
		p = p[8:]
		if uint64(off)+uint64(bl) > uint64(len(b)) {
			return nil, false
		}
		l.blockLen = append(l.blockLen, bl)
		l.blockCRC = append(l.blockCRC, crc)
		l.blockData = append(l.blockData, append([]byte(nil), b[off:off+int(bl)]...))
		off += int(bl)
	}
	l.setLen, l.setCRC, l.headerCRC = le.Uint32(p), le.Uint32(p[4:]), le.Uint32(p[8:])
	if uint64(off)+uint64(l.setLen) > uint64(len(b)) {
		return nil, false
	}
	l.setData = append([]byte(nil), b[off:off+int(l.setLen)]...)
	return l, true
}

// bytes writes the file, recomputing the section lengths and checksums
// unless told to keep them.
func (l *layout) bytes() []byte {
	le := binary.LittleEndian
	if !l.keepCRCs {
		l.blockLen = l.blockLen[:0]
		l.blockCRC = l.blockCRC[:0]
		for _, d := range l.blockData {
			l.blockLen = append(l.blockLen, uint32(len(d)))
			l.blockCRC = append(l.blockCRC, crc32.Checksum(d, castagnoli))
		}
		l.setLen, l.setCRC = uint32(len(l.setData)), crc32.Checksum(l.setData, castagnoli)
	}
	b := []byte("SLIDETBL")
	b = le.AppendUint16(b, l.version)
	b = append(b, l.w, l.h, l.scheme, l.encoding)
	b = le.AppendUint16(b, l.depths)
	b = le.AppendUint32(b, l.blockSlots)
	b = le.AppendUint32(b, l.blocks)
	b = le.AppendUint64(b, l.reachable)
	b = append(b, l.goal...)
	for _, c := range l.counts {
		b = le.AppendUint64(b, c)
	}
	for i := range l.blockLen {
		b = le.AppendUint32(b, l.blockLen[i])
		b = le.AppendUint32(b, l.blockCRC[i])
	}
	b = le.AppendUint32(b, l.setLen)
	b = le.AppendUint32(b, l.setCRC)
	if l.keepHeaderCRC {
		b = le.AppendUint32(b, l.headerCRC)
	} else {
		b = le.AppendUint32(b, crc32.Checksum(b, castagnoli))
	}
	for _, d := range l.blockData {
		b = append(b, d...)
	}
	return append(b, l.setData...)
}

// fixChecksums returns b with every checksum recomputed, if its header
// describes sections that fit in it, and b unchanged otherwise. The
// lengths are kept as they are.
func fixChecksums(b []byte) []byte {
	if len(b) >= 8 && string(b[:8]) == "SLIDEBOX" {
		return fixChecksumsBox(b)
	}
	if len(b) >= 10 && binary.LittleEndian.Uint16(b[8:]) == 2 {
		return fixChecksums2(b)
	}
	l, ok := parseLayout(b)
	if !ok {
		return b
	}
	hl := 32 + len(l.goal) + 8*len(l.counts) + 8*len(l.blockLen) + 12
	out := append([]byte(nil), b...)
	le := binary.LittleEndian
	p := out[32+len(l.goal)+8*len(l.counts):]
	for i, d := range l.blockData {
		le.PutUint32(p[8*i+4:], crc32.Checksum(d, castagnoli))
	}
	p = p[8*len(l.blockData):]
	le.PutUint32(p[4:], crc32.Checksum(l.setData, castagnoli))
	le.PutUint32(out[hl-4:], crc32.Checksum(out[:hl-4], castagnoli))
	return out
}

// TestLayout checks the test's own reading of the format against the
// files built in before the container and the golden files of the
// container, so that the tests built on it change what they mean to.
func TestLayout(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"box-2x3.tbl", "box-records-3x3-blocks.tbl"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if got := fixChecksums(b); string(got) != string(b) {
			t.Fatalf("%s: fixing the checksums of a good file changed it", name)
		}
		// A byte of the last block changed: refused by its checksum, and
		// with the checksums fixed, refused by what the block holds.
		bad := append([]byte(nil), b...)
		bad[len(bad)-2] ^= 0x55
		if _, err := table.NewReader(bytes.NewReader(bad), int64(len(bad))); !errors.Is(err, table.ErrChecksum) {
			t.Fatalf("%s, a byte changed: %v, want ErrChecksum", name, err)
		}
		fixed := fixChecksums(bad)
		if _, err := table.NewReader(bytes.NewReader(fixed), int64(len(fixed))); err == nil || errors.Is(err, table.ErrChecksum) {
			t.Fatalf("%s, a byte changed and the checksums fixed: %v, want an error other than ErrChecksum", name, err)
		}
	}
	for _, sz := range [][2]int{{2, 2}, {3, 2}, {2, 3}, {3, 3}} {
		tb, b := load(t, sz[0], sz[1])
		l := split(t, b)
		if got := l.bytes(); string(got) != string(b) {
			t.Fatalf("%dx%d: splitting and joining changed the file", sz[0], sz[1])
		}
		if got := fixChecksums(b); string(got) != string(b) {
			t.Fatalf("%dx%d: fixing the checksums of a good file changed it", sz[0], sz[1])
		}
		if l.version != 1 || int(l.w) != sz[0] || int(l.h) != sz[1] || len(l.counts) != len(tb.Counts()) {
			t.Fatalf("%dx%d: read version %d, size %dx%d, %d counts", sz[0], sz[1], l.version, l.w, l.h, len(l.counts))
		}
		for d, c := range tb.Counts() {
			if l.counts[d] != c {
				t.Fatalf("%dx%d: count %d is %d, table says %d", sz[0], sz[1], d, l.counts[d], c)
			}
		}
	}
}

// fixChecksums2 is fixChecksums for a file of version 2: the SHA-256 of
// each block whose bytes are in b, and the header's CRC-32C. A block
// holds 2^g groups of H rows of F+W-1 bits (F+W in the multi-tile
// metric), the last block fewer: (n-1)!/2 groups in all.
func fixChecksums2(b []byte) []byte {
	le := binary.LittleEndian
	if len(b) < 32 {
		return b
	}
	w, h, f, g := int(b[10]), int(b[11]), int(b[13]), uint(b[16])
	n := w * h
	depths, blocks := int(le.Uint16(b[14:])), int(le.Uint32(b[20:]))
	hl := 32 + n + 2 + 8*depths + 32*blocks + 4
	if w < 2 || h < 2 || n > 12 || g < 3 || g > 16 || hl > len(b) {
		return b
	}
	steps := w - 1
	if b[12] == 2 {
		steps = w
	}
	recBits := h * (f + steps)
	groups := rank.Factorial(n-1) / 2
	full := recBits << g / 8
	off := (hl + 4095) &^ 4095
	out := append([]byte(nil), b...)
	sums := out[32+n+2+8*depths:]
	for k := range blocks {
		count := min(uint64(1)<<g, groups-min(groups, uint64(k)<<g))
		from, to := off+k*full, off+k*full+int((count*uint64(recBits)+7)/8)
		if to > len(b) || from > to {
			break
		}
		sum := sha256.Sum256(b[from:to])
		copy(sums[32*k:], sum[:])
	}
	le.PutUint32(out[hl-4:], crc32.Checksum(out[:hl-4], castagnoli))
	return out
}

// fixChecksumsBox is fixChecksums for a file of the container: the SHA-256
// of each block whose bytes are in b, and the header's CRC-32C. The header
// names, after the goal and the parameters, each section's blocks, by
// their lengths and SHA-256s; the blocks follow the header, from the next
// multiple of 2^A on.
func fixChecksumsBox(b []byte) []byte {
	le := binary.LittleEndian
	if len(b) < 32 {
		return b
	}
	hl, align, sections := int(le.Uint32(b[16:])), uint(b[15]), int(le.Uint32(b[20:]))
	p := 32 + int(b[12])*int(b[13])
	if hl < 36 || hl > len(b) || align > 16 || p+4 > hl-4 {
		return b
	}
	p += 4 + int(le.Uint32(b[p:]))
	out := append([]byte(nil), b...)
	off := (hl + 1<<align - 1) &^ (1<<align - 1)
	for range sections {
		if p+4 > hl-4 {
			break
		}
		blocks := int(le.Uint32(b[p:]))
		p += 4
		for range blocks {
			if p+36 > hl-4 {
				break
			}
			l := int(le.Uint32(b[p:]))
			if off+l <= len(b) {
				sum := sha256.Sum256(b[off : off+l])
				copy(out[p+4:], sum[:])
			}
			off += l
			p += 36
		}
	}
	le.PutUint32(out[hl-4:], crc32.Checksum(out[:hl-4], castagnoli))
	return out
}
