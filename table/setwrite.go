package table

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// encodeSet returns the reachable set as the file holds it: a 32-bit
// roaring bitmap in the portable serialization, compressed as one zstd
// frame. It serializes straight from the bit set, container by container,
// choosing for each container the smallest of the three kinds as roaring's
// RunOptimize does, without first copying the set into roaring's
// containers as roaring.FromDense would (60 MB for 12 cells); a test checks
// that the bytes are those roaring writes. A large set (fast) streams through a fast compressor
// and is never held whole: it is periodic and compresses to little anyway.
func encodeSet(reach []uint64, states uint64, fast bool) ([]byte, error) {
	plan, err := planSet(reach, states)
	if err != nil {
		return nil, fmt.Errorf("table: encode reachable set: %w", err)
	}
	if !fast {
		raw := bytes.NewBuffer(make([]byte, 0, plan.size))
		if err := plan.write(raw); err != nil {
			return nil, err
		}
		return setEncoder().EncodeAll(raw.Bytes(), nil), nil
	}
	var out bytes.Buffer
	zw, err := zstd.NewWriter(&out, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderCRC(true),
		zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20))
	if err != nil {
		return nil, err
	}
	zw.ResetContentSize(&out, int64(plan.size))
	if err := plan.write(zw); err != nil {
		return nil, fmt.Errorf("table: encode reachable set: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("table: encode reachable set: %w", err)
	}
	return out.Bytes(), nil
}

// setEncoder compresses small sets: as well as the strongest level does on
// them, with a tenth of its memory.
var setEncoder = sync.OnceValue(func() *zstd.Encoder {
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.SpeedBetterCompression),
		zstd.WithWindowSize(1<<20),
		zstd.WithLowerEncoderMem(true),
		zstd.WithEncoderCRC(true),
		zstd.WithEncoderConcurrency(1),
		zstd.WithZeroFrames(true))
	if err != nil {
		panic(err) // only for invalid options, which are fixed above
	}
	return enc
})

// Kinds of roaring containers.
const (
	arrayKind = iota
	bitmapKind
	runKind
)

// The constants of the format are those of set.go.

// container describes one non-empty chunk of 2^16 values.
type container struct {
	key        uint16
	card, runs int
	kind       int
}

func (c container) size() int {
	switch c.kind {
	case arrayKind:
		return 2 * c.card
	case bitmapKind:
		return bitmapBytes
	}
	return 2 + 4*c.runs
}

// setPlan is the serialization of a set, planned: its header and its
// containers.
type setPlan struct {
	reach []uint64
	words uint64
	hdr   []byte
	cs    []container
	size  int // bytes in all
}

// planSet plans the serialization of the bits of reach below states as a
// 32-bit roaring bitmap in the portable format (RoaringFormatSpec).
func planSet(reach []uint64, states uint64) (*setPlan, error) {
	words := (states + 63) / 64
	var cs []container
	anyRuns := false
	for key := uint64(0); key*1024 < words; key++ {
		chunk := reach[key*1024 : min(key*1024+1024, words)]
		c := container{key: uint16(key)}
		prev := uint64(0) // the bit before the current word
		for _, x := range chunk {
			c.card += bits.OnesCount64(x)
			// Runs start where a set bit follows a clear one.
			c.runs += bits.OnesCount64(x &^ (x<<1 | prev))
			prev = x >> 63
		}
		if c.card == 0 {
			continue
		}
		c.kind = bitmapKind
		if c.card <= maxArray {
			c.kind = arrayKind
		}
		if 2+4*c.runs < c.size() {
			c.kind = runKind
			anyRuns = true
		}
		cs = append(cs, c)
	}
	if len(cs) > 1<<16 {
		return nil, fmt.Errorf("%d containers", len(cs))
	}
	// The header: cookie, run flags, keys and cardinalities, offsets.
	var hdr []byte
	le := binary.LittleEndian
	if anyRuns {
		hdr = le.AppendUint32(hdr, uint32(cookieRuns)|uint32(len(cs)-1)<<16)
		flags := make([]byte, (len(cs)+7)/8)
		for i, c := range cs {
			if c.kind == runKind {
				flags[i/8] |= 1 << (i % 8)
			}
		}
		hdr = append(hdr, flags...)
	} else {
		hdr = le.AppendUint32(hdr, cookieNoRuns)
		hdr = le.AppendUint32(hdr, uint32(len(cs)))
	}
	for _, c := range cs {
		hdr = le.AppendUint16(hdr, c.key)
		hdr = le.AppendUint16(hdr, uint16(c.card-1))
	}
	size := len(hdr)
	if !anyRuns || len(cs) >= noOffsetThreshold {
		size += 4 * len(cs)
		for _, c := range cs {
			hdr = le.AppendUint32(hdr, uint32(size))
			size += c.size()
		}
	} else {
		for _, c := range cs {
			size += c.size()
		}
	}
	return &setPlan{reach: reach, words: words, hdr: hdr, cs: cs, size: size}, nil
}

// write writes the serialization.
func (p *setPlan) write(w interface{ Write([]byte) (int, error) }) error {
	le := binary.LittleEndian
	reach, words := p.reach, p.words
	if _, err := w.Write(p.hdr); err != nil {
		return err
	}
	buf := make([]byte, 0, bitmapBytes)
	for _, c := range p.cs {
		buf = buf[:0]
		chunk := reach[uint64(c.key)*1024 : min(uint64(c.key)*1024+1024, words)]
		switch c.kind {
		case bitmapKind:
			for _, x := range chunk {
				buf = le.AppendUint64(buf, x)
			}
			for len(buf) < bitmapBytes {
				buf = append(buf, 0)
			}
		case arrayKind:
			for j, x := range chunk {
				for ; x != 0; x &= x - 1 {
					buf = le.AppendUint16(buf, uint16(j*64+bits.TrailingZeros64(x)))
				}
			}
		case runKind:
			buf = le.AppendUint16(buf, uint16(c.runs))
			start := -1
			for v := 0; v <= len(chunk)*64; v++ {
				set := v < len(chunk)*64 && chunk[v/64]>>(v%64)&1 == 1
				switch {
				case set && start < 0:
					start = v
				case !set && start >= 0:
					buf = le.AppendUint16(buf, uint16(start))
					buf = le.AppendUint16(buf, uint16(v-start-1))
					start = -1
				}
			}
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}
