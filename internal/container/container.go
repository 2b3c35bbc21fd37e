package container

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
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
	var (
		mu    sync.Mutex
		next  int
		first error
		wg    sync.WaitGroup
	)
	for range min(count, runtime.GOMAXPROCS(0)) {
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

// WriteFile writes path atomically with write: to a temporary file in the
// same directory, which is synced and renamed over path only when
// complete. If write fails or ctx is done before the rename, the temporary
// file is removed and path is left as it was.
func WriteFile(ctx context.Context, path string, write func(f *os.File) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = ctx.Err()
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
