package table

import (
	"sync"

	"github.com/klauspost/compress/zstd"
)

// The writer's zstd encoders, made once each and shared: EncodeAll is
// deterministic and safe for concurrent use. Every frame carries zstd's
// checksum, and an empty input still makes a frame.
// The sections and the blocks of depths are compressed as package pdb
// compresses its own, by package container.
var (
	// firstEncoder compresses the first depths of the rows of a block:
	// they vary too much for a stronger level to pay for its time.
	firstEncoder = encoder(
		zstd.WithEncoderLevel(zstd.SpeedFastest),
		zstd.WithLowerEncoderMem(true))
	// setEncoder compresses small reachable sets: as well as the strongest
	// level does on them, with a tenth of its memory.
	setEncoder = encoder(
		zstd.WithEncoderLevel(zstd.SpeedBetterCompression),
		zstd.WithWindowSize(1<<20),
		zstd.WithLowerEncoderMem(true),
		zstd.WithEncoderConcurrency(1))
)

// encoder returns a function that makes, on its first call, the encoder
// with the given options and the checksum, and returns it on every call.
func encoder(opts ...zstd.EOption) func() *zstd.Encoder {
	return sync.OnceValue(func() *zstd.Encoder {
		enc, err := zstd.NewWriter(nil, append(opts, zstd.WithEncoderCRC(true), zstd.WithZeroFrames(true))...)
		if err != nil {
			panic(err) // only for invalid options, which are fixed above
		}
		return enc
	})
}
