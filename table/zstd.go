package table

import (
	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/internal/fileformat"
)

// The writer's zstd encoders, made once each and shared: EncodeAll is
// deterministic and safe for concurrent use. Every frame carries zstd's
// checksum, and an empty input still makes a frame.
// The other sections and the blocks of depths are compressed by
// fileformat.Compress, as package pdb compresses its own.
var (
	// firstEncoder compresses the first depths of the rows of a block:
	// they vary too much for a stronger level to pay for its time.
	firstEncoder = fileformat.Encoder(
		zstd.WithEncoderLevel(zstd.SpeedFastest),
		zstd.WithLowerEncoderMem(true))
	// strongEncoder compresses the least depths of the rows of small
	// tables in the multi-tile metric.
	strongEncoder = fileformat.Encoder(
		zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderConcurrency(1))
	// setEncoder compresses small reachable sets: as well as the strongest
	// level does on them, with a tenth of its memory.
	setEncoder = fileformat.Encoder(
		zstd.WithEncoderLevel(zstd.SpeedBetterCompression),
		zstd.WithWindowSize(1<<20),
		zstd.WithLowerEncoderMem(true),
		zstd.WithEncoderConcurrency(1))
)
