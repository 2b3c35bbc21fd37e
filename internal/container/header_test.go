package container

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// sample returns a file of the format: a 3x2 abstraction tier's header
// (its parameters made up) and three sections of 2, 0 and 3 blocks, the
// first aligned to 2^align bytes; and its header.
func sample(align uint8) ([]byte, *Header) {
	h := &Header{
		Kind: Abstraction, KindVersion: 1, Metric: board.MultiTile,
		Goal: board.Goal(board.Size{W: 3, H: 2}), Entries: 360, Params: []byte{1, 2, 3}, Align: align,
	}
	var data [][]byte
	for i, blocks := range []int{2, 0, 3} {
		var s Blocks
		for k := range blocks {
			b := bytes.Repeat([]byte{byte(16*i + k)}, 10+k)
			s.Add(b)
			data = append(data, b)
		}
		h.Sections = append(h.Sections, s)
	}
	b := h.Append(nil)
	for _, d := range data {
		b = append(b, d...)
	}
	return b, h
}

// TestHeaderRoundTrip writes headers and reads them back: every field,
// where the sections start, and each block of each section.
func TestHeaderRoundTrip(t *testing.T) {
	for _, align := range []uint8{0, 12} {
		b, want := sample(align)
		if got := int64(len(b)) - want.DataOffset(); got != 10+11+10+11+12 {
			t.Fatalf("align %d: %d bytes of sections", align, got)
		}
		if align == 12 && want.DataOffset() != 4096 {
			t.Fatalf("the first section at %d, want 4096", want.DataOffset())
		}
		h, err := ReadHeader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatalf("align %d: %v", align, err)
		}
		if h.Kind != want.Kind || h.KindVersion != want.KindVersion || h.Metric != want.Metric || h.Goal != want.Goal ||
			h.Entries != want.Entries || !bytes.Equal(h.Params, want.Params) || h.Align != want.Align || len(h.Sections) != 3 {
			t.Fatalf("align %d: read %+v, want %+v", align, h, want)
		}
		if got, want := h.ContentHash(), sha256.Sum256(b[:want.Len()]); got != want {
			t.Fatal("the content hash is not the SHA-256 of the header")
		}
		f := NewFile(bytes.NewReader(b), nil, "")
		for i, s := range want.Sections {
			sec := h.Section(f, i, "")
			if sec.Blocks() != len(s.Lens) {
				t.Fatalf("section %d: %d blocks, want %d", i, sec.Blocks(), len(s.Lens))
			}
			for k := range s.Lens {
				got, err := sec.ReadNew(k)
				if err != nil || !bytes.Equal(got, bytes.Repeat([]byte{byte(16*i + k)}, 10+k)) {
					t.Fatalf("section %d, block %d: %v, %v", i, k, got, err)
				}
			}
		}
	}
}

// TestHeaderGolden reads testdata/golden.box, the file sample(12) makes,
// and checks that the writer still writes it byte for byte: a change of
// the header's layout fails here. Regenerate it only with a new Version.
func TestHeaderGolden(t *testing.T) {
	path := filepath.Join("testdata", "golden.box")
	b, _ := sample(12)
	if os.Getenv("SLIDETABLE_WRITE_GOLDEN") != "" {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, golden) {
		t.Fatalf("the writer no longer writes %s", path)
	}
	info, err := DescribeAt(bytes.NewReader(golden), int64(len(golden)))
	if err != nil {
		t.Fatal(err)
	}
	if info.Kind != Abstraction || info.Version != 1 || info.Size != (board.Size{W: 3, H: 2}) || info.Entries != 360 || info.Bytes != int64(len(golden)) {
		t.Fatalf("Describe: %+v", info)
	}
}

// isSentinel reports whether err wraps one of the format's sentinels.
func isSentinel(err error) bool {
	return errors.Is(err, ErrFormat) || errors.Is(err, ErrVersion) || errors.Is(err, ErrChecksum)
}

// readAll reads the header of b and every block of every section: the
// first error.
func readAll(b []byte) error {
	h, err := ReadHeader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return err
	}
	f := NewFile(bytes.NewReader(b), nil, "")
	for i := range h.Sections {
		sec := h.Section(f, i, "")
		for k := range sec.Blocks() {
			if _, err := sec.ReadNew(k); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestHeaderDamage changes every byte of a file, cuts it at every
// length and lengthens it: each is refused with a sentinel, by the
// header or by the block it changed; none is read as good.
func TestHeaderDamage(t *testing.T) {
	for _, align := range []uint8{0, 12} {
		b, h := sample(align)
		for i := range b {
			for _, x := range []byte{1, 0x80, 0xFF} {
				bad := bytes.Clone(b)
				bad[i] ^= x
				if err := readAll(bad); !isSentinel(err) {
					t.Fatalf("align %d, byte %d ^ %#x: %v", align, i, x, err)
				}
			}
		}
		for n := range len(b) {
			err := readAll(b[:n])
			if n < h.Len() && !errors.Is(err, ErrFormat) {
				t.Fatalf("align %d, cut to %d bytes: %v, want ErrFormat", align, n, err)
			}
			if !isSentinel(err) {
				t.Fatalf("align %d, cut to %d bytes: %v", align, n, err)
			}
		}
		if err := readAll(append(bytes.Clone(b), 0)); !errors.Is(err, ErrFormat) {
			t.Fatalf("align %d, a byte added: %v, want ErrFormat", align, err)
		}
	}
}

// TestHeaderHostile writes headers whose fields ask for more than the
// file holds, with valid checksums: each is refused before anything is
// allocated for it.
func TestHeaderHostile(t *testing.T) {
	le := binary.LittleEndian
	reseal := func(b []byte, hl int) []byte {
		le.PutUint32(b[hl-4:], fileformat.Checksum(b[:hl-4]))
		return b
	}
	b, h := sample(0)
	hl := h.Len()
	for name, change := range map[string]func([]byte) []byte{
		"version 2":         func(b []byte) []byte { le.PutUint16(b[8:], 2); return b },
		"kind 9":            func(b []byte) []byte { b[10] = 9; return reseal(b, hl) },
		"metric 3":          func(b []byte) []byte { b[14] = 3; return reseal(b, hl) },
		"align 17":          func(b []byte) []byte { b[15] = 17; return reseal(b, hl) },
		"size 1x1":          func(b []byte) []byte { b[12], b[13] = 1, 1; return reseal(b, hl) },
		"header 4 GiB":      func(b []byte) []byte { le.PutUint32(b[16:], 1<<32-1); return b },
		"2^32-1 sections":   func(b []byte) []byte { le.PutUint32(b[20:], 1<<32-1); return reseal(b, hl) },
		"params 4 GiB":      func(b []byte) []byte { le.PutUint32(b[fixedLen+6:], 1<<32-1); return reseal(b, hl) },
		"2^32-1 blocks":     func(b []byte) []byte { le.PutUint32(b[fixedLen+6+4+3:], 1<<32-1); return reseal(b, hl) },
		"a block of 4 GiB":  func(b []byte) []byte { le.PutUint32(b[fixedLen+6+4+3+4:], 1<<32-1); return reseal(b, hl) },
		"an empty block":    func(b []byte) []byte { le.PutUint32(b[fixedLen+6+4+3+4:], 0); return reseal(b, hl) },
		"goal 0 0 0 0 0 0":  func(b []byte) []byte { clear(b[fixedLen : fixedLen+6]); return reseal(b, hl) },
		"goal 1 1 3 4 5 0":  func(b []byte) []byte { b[fixedLen+1] = 1; return reseal(b, hl) },
		"goal 1 2 3 4 5 6":  func(b []byte) []byte { b[fixedLen+5] = 6; return reseal(b, hl) },
		"a byte of padding": func(b []byte) []byte { return append(b[:hl:hl], append([]byte{0}, b[hl:]...)...) },
	} {
		bad := change(bytes.Clone(b))
		var err error
		allocs := testing.AllocsPerRun(1, func() { err = readAll(bad) })
		if !isSentinel(err) {
			t.Errorf("%s: %v", name, err)
		}
		if name == "version 2" && !errors.Is(err, ErrVersion) || name == "kind 9" && !errors.Is(err, ErrVersion) {
			t.Errorf("%s: %v, want ErrVersion", name, err)
		}
		// A field that is not one is the file's damage, even where the
		// same value from a caller would be bad input (a goal that
		// repeats a tile): every front end says the file is bad.
		if k := failure.KindOf(err); k != failure.File {
			t.Errorf("%s: %v is a failure of kind %v, want %v", name, err, k, failure.File)
		}
		if _, derr := DescribeAt(bytes.NewReader(bad), int64(len(bad))); failure.KindOf(derr) != failure.File {
			t.Errorf("%s: Describe: %v, want a failure of kind %v", name, derr, failure.File)
		}
		t.Logf("%s: %v (%v allocations)", name, err, allocs)
	}
	// An io.ReaderAt that says the file is longer than it is.
	if _, err := ReadHeader(bytes.NewReader(b), int64(len(b))+100); !errors.Is(err, ErrFormat) {
		t.Fatalf("a file said longer: %v", err)
	}
	if _, err := ReadHeader(bytes.NewReader(b[:hl-1]), int64(hl+10)); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("a file cut in its header, said longer: %v", err)
	}
}

// TestDescribeUnknown gives Describe files of no format.
func TestDescribeUnknown(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("SLIDE"), []byte("hello, world, this is text")} {
		if _, err := DescribeAt(bytes.NewReader(b), int64(len(b))); !errors.Is(err, ErrFormat) {
			t.Errorf("%q: %v, want ErrFormat", b, err)
		}
		if o, err := NewOpened(bytes.NewReader(b), int64(len(b)), ""); !errors.Is(err, ErrFormat) {
			t.Errorf("NewOpened(%q) = %v, %v, want ErrFormat", b, o, err)
		}
	}
	b, _ := sample(0)
	if o, err := NewOpened(bytes.NewReader(b), int64(len(b)), ""); err != nil || o.Kind() != Abstraction || o.Header == nil {
		t.Errorf("NewOpened = %v, %v, want an abstraction tier", o, err)
	}
}

// FuzzOpen reads anything as a file of the format: the header, then
// every block of every section. It must never panic, and a file it reads
// whole must describe itself as its header says.
func FuzzOpen(f *testing.F) {
	for _, align := range []uint8{0, 12} {
		b, _ := sample(align)
		f.Add(b)
	}
	if golden, err := os.ReadFile(filepath.Join("testdata", "golden.box")); err == nil {
		f.Add(golden)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		err := readAll(b)
		if err != nil && !isSentinel(err) {
			t.Fatalf("error %v wraps no sentinel", err)
		}
		info, derr := DescribeAt(bytes.NewReader(b), int64(len(b)))
		if err == nil && (derr != nil || info.Bytes != int64(len(b))) {
			t.Fatalf("read, yet Describe: %+v, %v", info, derr)
		}
	})
}
