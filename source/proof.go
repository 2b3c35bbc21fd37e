package source

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

// readCertified is the most cells of a table that table.Open certifies as
// it reads it (see package table): such a table needs no record. Tests
// lower it.
var readCertified = 10

// recordHeader starts every record of a proof. Part of the record format:
// a new version of the proofs changes it, so that records made by an
// older one are not trusted.
const recordHeader = "slidetable proof v1\n"

// proofDir is the folder of the records, in the folder of installed files.
const proofDir = "proofs"

// contentHash returns the key of the record of src's file: the SHA-256 of
// a table file (Hash), or the content hash of a pattern database
// (pdb.DB.ContentHash: the SHA-256 of the file, or for a file read in
// place, of its header, which holds the SHA-256 of every block, each
// checked before its entries are used).
func contentHash(src *Source) ([sha256.Size]byte, error) {
	if src.DB == nil {
		return Hash(src.Path)
	}
	sum, ok := src.DB.ContentHash()
	if !ok {
		return sum, fmt.Errorf("%w: %s has no content hash", ErrKind, src.Path)
	}
	return sum, nil
}

// Hash returns the SHA-256 of the file at path: the key of the record of
// a table file.
func Hash(path string) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	f, err := os.Open(path)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.CopyBuffer(h, f, make([]byte, 1<<20)); err != nil {
		return sum, fmt.Errorf("%s: %w", path, err)
	}
	h.Sum(sum[:0])
	return sum, nil
}

// recordPath returns the path of the record of the file whose hash is
// sum, "" if there is no folder for records.
func (r *Resolver) recordPath(sum [sha256.Size]byte) string {
	if r.opts.Dir == "" {
		return ""
	}
	return filepath.Join(r.opts.Dir, proofDir, hex.EncodeToString(sum[:]))
}

// recorded reports whether the file whose hash is sum is known or recorded
// as proven.
func (r *Resolver) recorded(sum [sha256.Size]byte) bool {
	if known()[sum] {
		return true
	}
	path := r.recordPath(sum)
	if path == "" || notFile(path) != nil {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	b := make([]byte, len(recordHeader))
	_, err = io.ReadFull(f, b)
	return err == nil && string(b) == recordHeader
}

// record writes the record that the file whose hash is sum, a kind of
// file of boards of size, is proven.
func (r *Resolver) record(sum [sha256.Size]byte, kind Kind, size board.Size, name string) error {
	path := r.recordPath(sum)
	if path == "" {
		return ErrNoDir
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	text := fmt.Sprintf("%s%s %s, first proven as %s\n", recordHeader, size, kind, name)
	return atomicfile.Write(path, 0o644, func(f *os.File) error {
		_, err := io.WriteString(f, text)
		return err
	})
}

// Record records that the file at path, of boards of size, which the
// caller wrote from a build it trusts, is exact, so that no command proves
// it again. A table the reader certifies (up to 10 cells) needs no record,
// and gets none. It fails with ErrNoDir if there is no folder for records,
// and with ErrKind for a file that is neither a table nor a pattern
// database.
func (r *Resolver) Record(path string, size board.Size) error {
	kind, err := Sniff(path)
	if err != nil {
		return err
	}
	switch {
	case kind == Unknown:
		return fmt.Errorf("%w: %s is not a table file or a pattern database", ErrKind, path)
	case kind == Table && size.Cells() <= readCertified:
		return nil
	case r.opts.Dir == "":
		return ErrNoDir
	}
	src := &Source{Origin: File, Path: path}
	if kind == PDB {
		// Its content hash is in the file, read as the reader reads it.
		db, err := pdb.OpenWith(path, &pdb.ReadOptions{MaxMemory: r.opts.MaxMemory})
		if err != nil {
			return err
		}
		defer db.Close()
		src.DB = db
	}
	sum, err := contentHash(src)
	if err != nil {
		return err
	}
	return r.record(sum, kind, size, filepath.Base(path))
}

// prove proves src unless it needs no proof: a built-in file, a table the
// reader certified, or a file known or recorded as proven; a proof that
// passes is recorded.
func (r *Resolver) prove(ctx context.Context, src *Source) error {
	switch {
	case src.Table != nil && src.Size().Cells() <= readCertified:
		return nil
	case src.Origin == Builtin && r.opts.Recheck:
		if err := r.proveFile(ctx, src); err != nil && ctx.Err() == nil {
			return fmt.Errorf("prove %s: %w", src, err)
		}
		return ctx.Err()
	case src.Origin == Builtin:
		return nil
	}
	sum, err := contentHash(src)
	if err != nil {
		return err
	}
	if !r.opts.Recheck && r.recorded(sum) {
		return nil
	}
	if err := r.proveFile(ctx, src); err != nil {
		if ctx.Err() == nil {
			err = fmt.Errorf("prove %s: %w", src.Path, err)
		}
		return err
	}
	if r.opts.Dir != "" {
		if err := r.record(sum, src.Kind(), src.Size(), filepath.Base(src.Path)); err != nil {
			r.warn(r.recordPath(sum), fmt.Errorf("the proof of %s could not be recorded: %w", src.Path, err))
		}
	}
	return nil
}

// proveFile runs the proof of src's table (Certify, one pass) or pattern
// database (Prove: each group built again and compared, as long as a build
// of it).
func (r *Resolver) proveFile(ctx context.Context, src *Source) error {
	var progress func(done, total uint64)
	if r.opts.Progress != nil {
		progress = func(done, total uint64) {
			r.opts.Progress(Progress{Path: src.Path, Kind: src.Kind(), Size: src.Size(), Done: done, Total: total})
		}
	}
	if src.Table != nil {
		return src.Table.Certify(ctx, &table.CertifyOptions{Workers: r.opts.Workers, Progress: progress})
	}
	return src.DB.Prove(ctx, &pdb.ProveOptions{Workers: r.opts.Workers, MaxMemory: r.opts.MaxMemory, Progress: progress})
}
