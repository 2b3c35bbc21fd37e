package table

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"

	"github.com/slidetable/slidetable/internal/fileformat"
)

// The reachable set is written as a 32-bit roaring bitmap in the portable
// serialization (see readSet), exactly as github.com/RoaringBitmap/roaring
// writes a bitmap made with FromDense and then RunOptimize (its tests
// compare the two): one container for each 2^16 values that holds any,
// each the smallest of the three kinds, a run container only where it is
// smaller than both others. The writer makes it from the words of the set,
// a container's worth at a time, so that it never holds the set whole in
// another form.

// wordSource writes into dst the words of a set from word from on: bit i
// of word j is value 64*j+i.
type wordSource func(from uint64, dst []uint64)

// The kinds of container.
const (
	arrayContainer = iota
	bitmapContainer
	runContainer
)

// bitmapContainerSize is the size roaring gives a bitmap container when it
// compares the kinds: its 8 KiB and its Go header on a 64-bit machine.
// Part of the file format; do not change.
const bitmapContainerSize = 8192 + 32

// setContainer is one container of a set's serialization.
type setContainer struct {
	key        uint16
	card, runs int
	kind       int
}

// size returns the bytes of the container's data in the serialization.
func (c setContainer) size() int {
	switch c.kind {
	case runContainer:
		return 2 + 4*c.runs
	case bitmapContainer:
		return bitmapBytes
	}
	return 2 * c.card
}

// setLayout returns the containers of the set of states values whose words
// src gives.
func setLayout(src wordSource, states uint64) []setContainer {
	var out []setContainer
	words := (states + 63) / 64
	buf := make([]uint64, 1<<10)
	for key := uint64(0); key<<10 < words; key++ {
		w := buf[:min(1<<10, words-key<<10)]
		src(key<<10, w)
		card, runs := 0, 0
		var carry uint64 // the last bit of the word before
		for _, x := range w {
			card += bits.OnesCount64(x)
			runs += bits.OnesCount64(x &^ (x<<1 | carry))
			carry = x >> 63
		}
		if card == 0 {
			continue
		}
		c := setContainer{key: uint16(key), card: card, runs: runs, kind: bitmapContainer}
		switch {
		case 2+4*runs < min(bitmapContainerSize, 2*card):
			c.kind = runContainer
		case card <= maxArray:
			c.kind = arrayContainer
		}
		out = append(out, c)
	}
	return out
}

// setSize returns the bytes of the serialization of a set with these
// containers.
func setSize(cs []setContainer) int {
	n := len(setHeader(cs))
	for _, c := range cs {
		n += c.size()
	}
	return n
}

// setHeader returns the cookie, the descriptive header and the offsets of
// the serialization.
func setHeader(cs []setContainer) []byte {
	le := binary.LittleEndian
	runs := false
	for _, c := range cs {
		runs = runs || c.kind == runContainer
	}
	var b []byte
	if runs {
		b = le.AppendUint16(b, cookieRuns)
		b = le.AppendUint16(b, uint16(len(cs)-1))
		isRun := make([]byte, (len(cs)+7)/8)
		for i, c := range cs {
			if c.kind == runContainer {
				isRun[i/8] |= 1 << (i % 8)
			}
		}
		b = append(b, isRun...)
	} else {
		b = le.AppendUint32(b, cookieNoRuns)
		b = le.AppendUint32(b, uint32(len(cs)))
	}
	for _, c := range cs {
		b = le.AppendUint16(b, c.key)
		b = le.AppendUint16(b, uint16(c.card-1))
	}
	if !runs || len(cs) >= noOffsetThreshold {
		off := len(b) + 4*len(cs)
		for _, c := range cs {
			b = le.AppendUint32(b, uint32(off))
			off += c.size()
		}
	}
	return b
}

// writeSet writes the serialization of the set whose words src gives and
// whose containers are cs.
func writeSet(w io.Writer, src wordSource, states uint64, cs []setContainer) error {
	if _, err := w.Write(setHeader(cs)); err != nil {
		return err
	}
	words := (states + 63) / 64
	buf := make([]uint64, 1<<10)
	out := make([]byte, 0, bitmapBytes)
	le := binary.LittleEndian
	for _, c := range cs {
		key := uint64(c.key)
		x := buf[:min(1<<10, words-key<<10)]
		src(key<<10, x)
		out = out[:0]
		switch c.kind {
		case bitmapContainer:
			for _, v := range x {
				out = le.AppendUint64(out, v)
			}
			for len(out) < bitmapBytes { // the last container may be short
				out = append(out, 0)
			}
		case arrayContainer:
			for j, v := range x {
				for ; v != 0; v &= v - 1 {
					out = le.AppendUint16(out, uint16(j*64+bits.TrailingZeros64(v)))
				}
			}
		case runContainer:
			out = le.AppendUint16(out, uint16(c.runs))
			start := -1
			for i := 0; i <= len(x)*64; i++ {
				on := i < len(x)*64 && x[i/64]>>(i%64)&1 == 1
				switch {
				case on && start < 0:
					start = i
				case !on && start >= 0:
					out = le.AppendUint16(out, uint16(start))
					out = le.AppendUint16(out, uint16(i-start-1))
					start = -1
				}
			}
		}
		if _, err := w.Write(out); err != nil {
			return err
		}
	}
	return nil
}

// encodeSet returns the reachable set as the file holds it: the
// serialization compressed as one zstd frame. A large set (fast) streams
// through a fast compressor and is never held serialized whole: it is
// periodic and compresses to little anyway.
func encodeSet(src wordSource, states uint64, fast bool) ([]byte, error) {
	if states > 1<<32 {
		return nil, fmt.Errorf("table: encode reachable set: %d states", states)
	}
	cs := setLayout(src, states)
	size := setSize(cs)
	if !fast {
		raw := bytes.NewBuffer(make([]byte, 0, size))
		if err := writeSet(raw, src, states, cs); err != nil {
			return nil, fmt.Errorf("table: encode reachable set: %w", err)
		}
		return fileformat.AppendBetter(nil, raw.Bytes()), nil
	}
	var out bytes.Buffer
	zw, err := fileformat.NewStreamEncoder(&out)
	if err != nil {
		return nil, err
	}
	zw.ResetContentSize(&out, int64(size))
	if err := writeSet(zw, src, states, cs); err != nil {
		return nil, fmt.Errorf("table: encode reachable set: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("table: encode reachable set: %w", err)
	}
	return out.Bytes(), nil
}

// denseWords returns the word source of a set held as words.
func denseWords(set []uint64) wordSource {
	return func(from uint64, dst []uint64) { copy(dst, set[from:]) }
}
