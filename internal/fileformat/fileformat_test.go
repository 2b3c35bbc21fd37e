package fileformat

import (
	"bytes"
	"context"
	"errors"
	"hash/crc32"
	"io"
	"testing"
)

func TestChecksum(t *testing.T) {
	// The CRC-32C check value of "123456789" (RFC 3720, appendix B.4).
	if got, want := Checksum([]byte("123456789")), uint32(0xe3069283); got != want {
		t.Fatalf("Checksum = %#x, want %#x", got, want)
	}
	if got, want := Checksum([]byte("slidetable")), crc32.Checksum([]byte("slidetable"), crc32.MakeTable(crc32.Castagnoli)); got != want {
		t.Fatalf("Checksum = %#x, want %#x", got, want)
	}
}

func TestCompressDecodeInto(t *testing.T) {
	src := bytes.Repeat([]byte("0123456789abcdef"), 1000)
	frame := Compress(src)
	if !bytes.Equal(frame, Compress(src)) {
		t.Fatal("Compress is not deterministic")
	}
	dec, err := NewDecoder(uint64(len(src)))
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	dst := make([]byte, len(src))
	if err := DecodeInto(dec, frame, dst); err != nil || !bytes.Equal(dst, src) {
		t.Fatalf("DecodeInto: %v, equal %v", err, bytes.Equal(dst, src))
	}
	for _, n := range []int{len(src) - 1, len(src) + 1, 0} {
		if err := DecodeInto(dec, frame, make([]byte, n)); err == nil {
			t.Errorf("DecodeInto into %d bytes of a %d-byte frame: no error", n, len(src))
		}
	}
	if err := DecodeInto(dec, frame[:len(frame)-1], dst); err == nil {
		t.Error("DecodeInto of a cut frame: no error")
	}
}

// TestCompressors round-trips data of every shape through each compressor
// and Decode: an append keeps what dst held, the same input gives the
// same bytes, and a frame larger than Decode's limit is refused.
func TestCompressors(t *testing.T) {
	inputs := [][]byte{nil, []byte("slidetable"), bytes.Repeat([]byte{1, 2, 3, 5, 8}, 300_000)}
	stream := func(dst, src []byte) []byte {
		var out bytes.Buffer
		zw, err := NewStreamEncoder(&out)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := zw.Write(src); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return append(dst, out.Bytes()...)
	}
	for name, compress := range map[string]func(dst, src []byte) []byte{
		"Compress":      func(dst, src []byte) []byte { return append(dst, Compress(src)...) },
		"AppendBest":    AppendBest,
		"AppendFastest": AppendFastest,
		"AppendBetter":  AppendBetter,
		"stream":        stream,
	} {
		for _, src := range inputs {
			prefix := []byte("head")
			frame := compress(prefix, src)
			if !bytes.HasPrefix(frame, []byte("head")) {
				t.Fatalf("%s: the output does not keep dst", name)
			}
			frame = frame[len(prefix):]
			if again := compress(nil, src); !bytes.Equal(again, frame) {
				t.Fatalf("%s of %d bytes: another frame the second time", name, len(src))
			}
			got, err := Decode(frame, uint64(len(src))+1<<20)
			if err != nil || !bytes.Equal(got, src) {
				t.Fatalf("%s of %d bytes: decodes to %d bytes, %v", name, len(src), len(got), err)
			}
			if len(src) > 1<<20 {
				if _, err := Decode(frame, 1<<20); err == nil {
					t.Fatalf("%s of %d bytes: decodes within a limit of 1 MiB", name, len(src))
				}
			}
		}
	}
}

func TestReadAt(t *testing.T) {
	errFormat := errors.New("malformed")
	r := bytes.NewReader([]byte("0123456789"))
	p := make([]byte, 4)
	if err := ReadAt(r, p, 6, errFormat); err != nil || string(p) != "6789" {
		t.Fatalf("ReadAt at the end: %q, %v", p, err)
	}
	err := ReadAt(r, p, 8, errFormat)
	if !errors.Is(err, errFormat) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("short ReadAt: %v, want %v and %v", err, errFormat, io.ErrUnexpectedEOF)
	}
}

func TestWriteParts(t *testing.T) {
	var buf bytes.Buffer
	n, err := WriteParts(context.Background(), &buf, []byte("ab"), nil, []byte("cde"))
	if err != nil || n != 5 || buf.String() != "abcde" {
		t.Fatalf("WriteParts: %d, %v, %q", n, err, buf.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := WriteParts(ctx, &buf, []byte("x")); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("WriteParts after cancel: %d, %v", n, err)
	}
}
