package table

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// fixCRCs recomputes the checksums of a file whose first block was
// changed, so that the block reaches the decoder.
func fixCRCs(t *testing.T, b []byte, block []byte) []byte {
	t.Helper()
	h, err := readHeaderLenient(b)
	if err != nil {
		t.Fatal(err)
	}
	n := h.w * h.h
	hl := headerLen(n, h.depths, h.blocks)
	set := b[hl+int(h.blockLen[0]):]
	out := slices.Clone(b[:hl])
	le := binary.LittleEndian
	at := fixedHeader + n + 8*h.depths
	le.PutUint32(out[at:], uint32(len(block)))
	le.PutUint32(out[at+4:], fileformat.Checksum(block))
	le.PutUint32(out[hl-4:], fileformat.Checksum(out[:hl-4]))
	out = append(out, block...)
	return append(out, set...)
}

// readHeaderLenient reads the header of a well-formed file.
func readHeaderLenient(b []byte) (*header, error) {
	return readHeader(bytes.NewReader(b), int64(len(b)))
}

// TestDecodeDamagedBlocks changes bytes of a depth block of encodings 2
// and 3, and cuts it short or lengthens it, with valid checksums: reading
// must fail with ErrFormat or give back the very same table, never panic.
// The file is of version 1, whose CRC-32Cs a test recomputes more simply
// than the container's SHA-256s; its blocks are decoded as the
// container's are.
func TestDecodeDamagedBlocks(t *testing.T) {
	t.Parallel()
	tbl, err := Build(context.Background(), board.Goal(board.Size{W: 3, H: 3}), nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, enc := range []int{encodingModel, encodingRows} {
		file, _ := roundTrip(t, tbl, enc)
		file = legacyV1(t, file)
		h, err := readHeaderLenient(file)
		if err != nil {
			t.Fatal(err)
		}
		if h.blocks != 1 {
			t.Fatalf("%d blocks", h.blocks)
		}
		hl := headerLen(h.w*h.h, h.depths, h.blocks)
		block := file[hl : hl+int(h.blockLen[0])]
		var cases [][]byte
		mutations := 60
		if testing.Short() {
			mutations = 10
		}
		for range mutations {
			b := slices.Clone(block)
			b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
			cases = append(cases, b)
		}
		for _, l := range []int{0, 1, 4, 5, len(block) / 2, len(block) - 1} {
			cases = append(cases, block[:l])
		}
		cases = append(cases, append(slices.Clone(block), 0), append(slices.Clone(block), 0xFF, 0xFF))
		for i, b := range cases {
			t.Run(fmt.Sprintf("encoding=%d/%d", enc, i), func(t *testing.T) {
				f := fixCRCs(t, file, b)
				got, err := NewReader(bytes.NewReader(f), int64(len(f)))
				if err != nil {
					if !errors.Is(err, ErrFormat) {
						t.Fatalf("err = %v, want ErrFormat", err)
					}
					return
				}
				if !slices.Equal(got.depth, tbl.depth) {
					t.Fatal("a damaged block read as a different table")
				}
			})
		}
	}
}
