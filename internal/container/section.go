package container

import (
	"crypto/sha256"
	"fmt"
)

// SumSize is the bytes of a block's checksum, a SHA-256. Part of the file
// format; do not change.
const SumSize = sha256.Size

// Section is a run of blocks of a File, each named by its SHA-256, which
// Read checks before the caller uses any of the block. Block k is the
// bytes from Offset(k) to Offset(k+1). A Section is safe for concurrent
// use.
type Section struct {
	f     *File
	label string  // what the section is, in errors: "group 2"; "" for none
	offs  []int64 // block k is bytes offs[k] to offs[k+1]
	sums  []byte  // the SHA-256 of each block
}

// Section returns the section of f whose blocks end where ends says,
// block k from ends[k-1] (start for the first) to ends[k], and whose
// SHA-256s are sums, one after the other: label names it in errors
// ("group 2", "" for a file of one section). The caller has checked the
// offsets against the file's size; ends must not decrease.
func (f *File) Section(label string, start int64, ends []int64, sums []byte) *Section {
	if len(sums) != SumSize*len(ends) {
		panic(fmt.Sprintf("container: %d blocks and %d bytes of sums", len(ends), len(sums)))
	}
	offs := make([]int64, len(ends)+1)
	offs[0] = start
	copy(offs[1:], ends)
	return &Section{f: f, label: label, offs: offs, sums: sums}
}

// FixedSection returns the section of f of blocks blocks of size bytes
// each from start, the last one last bytes (at most size), whose
// SHA-256s are sums.
func (f *File) FixedSection(label string, start, size int64, blocks int, last int64, sums []byte) *Section {
	ends := make([]int64, blocks)
	for k := range ends {
		ends[k] = start + int64(k+1)*size
	}
	if blocks > 0 {
		ends[blocks-1] = start + int64(blocks-1)*size + last
	}
	return f.Section(label, start, ends, sums)
}

// File returns the file the section is read from.
func (s *Section) File() *File { return s.f }

// Blocks returns the number of blocks.
func (s *Section) Blocks() int { return len(s.offs) - 1 }

// Offset returns the offset of block k in the file; Offset(Blocks()) is
// where the section ends.
func (s *Section) Offset(k int) int64 { return s.offs[k] }

// Len returns the bytes of block k.
func (s *Section) Len(k int) int { return int(s.offs[k+1] - s.offs[k]) }

// Size returns the bytes of every block.
func (s *Section) Size() int64 { return s.offs[len(s.offs)-1] - s.offs[0] }

// Sum returns the SHA-256 of block k that the file names.
func (s *Section) Sum(k int) []byte { return s.sums[k*SumSize : (k+1)*SumSize] }

// Where names block k of the section for an error: the file, the
// section's label and the block ("4x4.pdb: group 2, block 7 of 9").
func (s *Section) Where(k int) string { return s.f.prefix() + s.where(k) }

// where is Where without the file.
func (s *Section) where(k int) string {
	w := fmt.Sprintf("block %d of %d", k, s.Blocks())
	if s.label != "" {
		w = s.label + ", " + w
	}
	return w
}

// Read reads block k into dst, which holds Len(k) bytes at least, and
// checks it against its SHA-256. On failure, dst[:Len(k)] is left zero
// and the error, which names the block, wraps ErrChecksum for bytes that
// do not match, ErrFormat for bytes missing, or ErrClosed after Close.
func (s *Section) Read(k int, dst []byte) error {
	n := s.Len(k)
	dst = dst[:n]
	off := s.offs[k]
	if err := s.f.ReadAt(dst, off); err != nil {
		clear(dst)
		return fmt.Errorf("%s: %w", s.Where(k), err)
	}
	if sum := sha256.Sum256(dst); string(sum[:]) != string(s.Sum(k)) {
		clear(dst)
		return fmt.Errorf("%s%w: %s (bytes %d to %d) does not match the SHA-256 the header gives: the file is damaged, or changed after it was opened",
			s.f.prefix(), ErrChecksum, s.where(k), off, off+int64(n)-1)
	}
	return nil
}

// ReadNew reads block k into a new slice, checked as Read checks it.
func (s *Section) ReadNew(k int) ([]byte, error) {
	b := make([]byte, s.Len(k))
	if err := s.Read(k, b); err != nil {
		return nil, err
	}
	return b, nil
}
