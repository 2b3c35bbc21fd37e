package container

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/internal/atomicfile"
)

// Castagnoli is the CRC-32C table of every checksum in our files.
var Castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checksum returns the CRC-32C of b.
func Checksum(b []byte) uint32 { return crc32.Checksum(b, Castagnoli) }

// encoder compresses every section: the strongest level, with zstd's frame
// checksum. EncodeAll is deterministic and safe for concurrent use.
var encoder = sync.OnceValue(func() *zstd.Encoder {
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderCRC(true),
		zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)),
		zstd.WithZeroFrames(true))
	if err != nil {
		panic(err) // only for invalid options, which are fixed above
	}
	return enc
})

// Compress returns src as one zstd frame, always the same bytes for the
// same src.
func Compress(src []byte) []byte { return encoder().EncodeAll(src, nil) }

// ReadAt fills p from r at off. A short read is reported as
// io.ErrUnexpectedEOF wrapped in errFormat.
func ReadAt(r io.ReaderAt, p []byte, off int64, errFormat error) error {
	if m, err := r.ReadAt(p, off); err != nil && !(m == len(p) && err == io.EOF) {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("%w: %w", errFormat, err)
	}
	return nil
}

// Parallel runs f(0..count-1) on up to GOMAXPROCS goroutines and returns
// the first error; after an error no new call starts.
func Parallel(count int, f func(i int) error) error {
	return ParallelN(runtime.GOMAXPROCS(0), count, f)
}

// ParallelN is Parallel on at most workers goroutines.
func ParallelN(workers, count int, f func(i int) error) error {
	var (
		mu    sync.Mutex
		next  int
		first error
		wg    sync.WaitGroup
	)
	for range min(count, workers) {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				stop := first != nil
				mu.Unlock()
				if i >= count || stop {
					return
				}
				if err := f(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}

// WriteFile writes path atomically with write, through package
// atomicfile: the file appears whole or not at all, and an existing path
// that is not a regular file is refused with an error wrapping
// atomicfile.ErrNotRegular. If ctx is done before the file takes its name,
// path is left as it was.
func WriteFile(ctx context.Context, path string, write func(f *os.File) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return atomicfile.Write(path, 0o644, func(f *os.File) error {
		if err := write(f); err != nil {
			return err
		}
		return ctx.Err()
	})
}

// CheckRegular refuses, with an error wrapping atomicfile.ErrNotRegular, a
// path that exists and is not a regular file: a FIFO would block a reader
// until something wrote to it, and a device has no size.
func CheckRegular(path string) error { return atomicfile.Check(path) }
