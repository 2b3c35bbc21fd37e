package table

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/klauspost/compress/zstd"
)

// encodeSet returns the reachable set as the file holds it: a 32-bit
// roaring bitmap in the portable serialization, compressed as one zstd
// frame. The bitmap is made from the bit set without copying it
// (roaring.FromDense shares the words of full containers), and RunOptimize
// picks the smallest of the three kinds for each container, so the extra
// memory is that of the sparse and run containers only. A large set (fast)
// streams through a fast compressor and is never held serialized whole: it
// is periodic and compresses to little anyway.
func encodeSet(reach []uint64, states uint64, fast bool) ([]byte, error) {
	words := (states + 63) / 64
	if uint64(len(reach)) < words || states > 1<<32 {
		return nil, fmt.Errorf("table: encode reachable set: %d states in %d words", states, len(reach))
	}
	set := roaring.FromDense(reach[:words], false)
	set.RunOptimize()
	size := set.GetSerializedSizeInBytes()
	if !fast {
		raw := bytes.NewBuffer(make([]byte, 0, size))
		if _, err := set.WriteTo(raw); err != nil {
			return nil, fmt.Errorf("table: encode reachable set: %w", err)
		}
		return setEncoder().EncodeAll(raw.Bytes(), nil), nil
	}
	var out bytes.Buffer
	zw, err := zstd.NewWriter(&out, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderCRC(true),
		zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20))
	if err != nil {
		return nil, err
	}
	zw.ResetContentSize(&out, int64(size))
	if _, err := set.WriteTo(zw); err != nil {
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
