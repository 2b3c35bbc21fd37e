package fileformat

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// castagnoli is the CRC-32C table of every checksum in our files.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checksum returns the CRC-32C (Castagnoli) of b, the checksum of every
// section of our files.
func Checksum(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// encoder returns a function that makes, on its first call, a zstd encoder
// with opts, and returns that encoder on every call. Every encoder writes
// zstd's frame checksum and a frame even for empty input. EncodeAll on it
// is deterministic and safe for concurrent use.
func encoder(opts ...zstd.EOption) func() *zstd.Encoder {
	return sync.OnceValue(func() *zstd.Encoder {
		enc, err := zstd.NewWriter(nil, append(opts, zstd.WithEncoderCRC(true), zstd.WithZeroFrames(true))...)
		if err != nil {
			panic(err) // only for invalid options, which are fixed here
		}
		return enc
	})
}

// The encoders of every zstd frame the files hold, made once each and
// shared. Their settings decide the bytes written (not what reads them):
// the golden files of packages table and pdb pin them.
var (
	// best compresses the sections that are written once and read
	// often: the strongest level, as many frames at once as there are
	// cores.
	best = encoder(
		zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)))
	// bestOne is best one frame at a time, for small sections that many
	// goroutines compress at once.
	bestOne = encoder(
		zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderConcurrency(1))
	// fastest is the fastest level, with less memory.
	fastest = encoder(
		zstd.WithEncoderLevel(zstd.SpeedFastest),
		zstd.WithLowerEncoderMem(true))
	// better is the better level in a 1 MiB window, with less memory, one
	// frame at a time.
	better = encoder(
		zstd.WithEncoderLevel(zstd.SpeedBetterCompression),
		zstd.WithWindowSize(1<<20),
		zstd.WithLowerEncoderMem(true),
		zstd.WithEncoderConcurrency(1))
)

// Compress returns src as one zstd frame at the strongest level, always
// the same bytes for the same src: for sections written once and read
// often (a table's blocks of depths, a pattern database's blocks).
func Compress(src []byte) []byte { return best().EncodeAll(src, nil) }

// AppendBest appends src to dst as one zstd frame at the strongest level,
// one frame at a time however many goroutines call it: for small sections
// worth the strongest level (the least depths of the rows of a small
// table in the multi-tile metric).
func AppendBest(dst, src []byte) []byte { return bestOne().EncodeAll(src, dst) }

// AppendFastest appends src to dst as one zstd frame at the fastest level:
// for data that varies too much for a stronger level to pay for its time
// (the first depths of the rows of a table's block).
func AppendFastest(dst, src []byte) []byte { return fastest().EncodeAll(src, dst) }

// AppendBetter appends src to dst as one zstd frame at the better level in
// a window of 1 MiB: on a small reachable set as good as the strongest
// level, with a tenth of its memory.
func AppendBetter(dst, src []byte) []byte { return better().EncodeAll(src, dst) }

// NewStreamEncoder returns a zstd encoder writing one frame to w, with
// its checksum, at the fastest level in a window of 1 MiB, on one
// goroutine: for a section too large to be held whole before it is
// compressed (the reachable set of a large table). Close it to end the
// frame.
func NewStreamEncoder(w io.Writer) (*zstd.Encoder, error) {
	return zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderCRC(true),
		zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20))
}

// Decode returns the zstd frame src decoded, on one goroutine, into a new
// slice: for a section whose decoded length is not known before, which
// may decode to, and ask for a window of, at most maxMemory bytes.
func Decode(src []byte, maxMemory uint64) ([]byte, error) {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxMemory))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	return dec.DecodeAll(src, nil)
}

// NewDecoder returns a zstd decoder for DecodeInto, whose frames decode to
// at most maxMemory bytes (and ask for a window of at most that, but never
// less than 1 MiB). It decodes on every core; Close it when done.
func NewDecoder(maxMemory uint64) (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(0),
		zstd.WithDecoderMaxMemory(max(maxMemory, 1<<20)), zstd.WithDecodeAllCapLimit(true))
}

// DecodeInto decodes the zstd frame src into dst, which the frame must
// fill exactly: a frame that decodes to more or fewer bytes than len(dst)
// is an error, and nothing is written past dst.
func DecodeInto(dec *zstd.Decoder, src, dst []byte) error {
	got, err := dec.DecodeAll(src, dst[:0:len(dst)])
	if err != nil {
		return err
	}
	if len(got) != len(dst) || (len(got) > 0 && &got[0] != &dst[0]) {
		return fmt.Errorf("decodes to %d bytes, want %d", len(got), len(dst))
	}
	return nil
}

// ReadAt fills p from r at off. A short read is reported as
// io.ErrUnexpectedEOF wrapped in errFormat, the caller's sentinel for a
// malformed file.
func ReadAt(r io.ReaderAt, p []byte, off int64, errFormat error) error {
	if m, err := r.ReadAt(p, off); err != nil && !(m == len(p) && err == io.EOF) {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("%w: %w", errFormat, err)
	}
	return nil
}

// WriteParts writes parts to w in order and returns the bytes written,
// stopping with ctx's error once ctx is done, checked before each part.
func WriteParts(ctx context.Context, w io.Writer, parts ...[]byte) (int64, error) {
	var total int64
	for _, part := range parts {
		if err := ctx.Err(); err != nil {
			return total, err
		}
		m, err := w.Write(part)
		total += int64(m)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}
