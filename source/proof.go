package source

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/container"
)

// recordHeader starts every record of a proof. Part of the record format:
// a new version of the proofs changes it, so that records made by an
// older one are not trusted.
const recordHeader = "slidetable proof v1\n"

// errNoOwners reports a system on which records are not trusted, as it
// does not say who wrote a file.
var errNoOwners = errors.New("this system does not say who owns a file, so proofs are not recorded")

// proofDir is the folder of the records, in the folder of installed files.
const proofDir = "proofs"

// certified reports whether the decoder of a file of kind proved it as it
// read it, boards of size: a table of at most table.CertifiedCells cells,
// which table.Open certifies (Codec.CertifiedCells). Such a file needs no
// proof and no record.
func (r *Resolver) certified(kind Kind, size board.Size) bool {
	c := kind.codec()
	return c != nil && size.Cells() <= c.CertifiedCells && !r.proveSmall
}

// contentHash returns the key of the record of src's file: its content
// hash, as its reader computed it from the bytes it read and answers from
// (container.Value.ContentHash: the SHA-256 of a file read whole, or for one
// read in place, of its header, which holds the SHA-256 of every block,
// each checked before its entries are used). The path is never read again
// for it: a file that changes, or is replaced, while or after it is read
// cannot lend its record to the bytes that answer.
func contentHash(src *Source) ([sha256.Size]byte, error) {
	sum, ok := src.Hash()
	if !ok {
		return sum, fmt.Errorf("%w: %s was not read from a file", ErrKind, src)
	}
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
// as proven. A record counts only if no other user could have written it
// (see trusted); one that does not is reported once to Options.Warn.
func (r *Resolver) recorded(sum [sha256.Size]byte) bool {
	if known()[sum] {
		return true
	}
	path := r.recordPath(sum)
	if path == "" {
		return false
	}
	f, err := openRecord(path)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, errNoOwners) {
			r.warn(path, fmt.Errorf("the proof record %s is not trusted: %w; the file is proven again", path, err))
		}
		return false
	}
	defer f.Close()
	if err := r.trusted(f); err != nil {
		r.warn(filepath.Dir(path), fmt.Errorf("the proof records in %s are not trusted: %w; files are proven again", filepath.Dir(path), err))
		return false
	}
	b := make([]byte, len(recordHeader))
	_, err = io.ReadFull(f, b)
	return err == nil && string(b) == recordHeader
}

// record writes the record that the file whose hash is sum, a kind of
// file of boards of size first proven as name, is proven. The folder of
// records is made writable by its owner only, and each record readable by
// its owner only, whatever the umask, so that recorded trusts them.
func (r *Resolver) record(sum [sha256.Size]byte, kind Kind, size board.Size, name string) error {
	path := r.recordPath(sum)
	if path == "" {
		return ErrNoDir
	}
	if !recordsTrustable {
		return errNoOwners
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	text := fmt.Sprintf("%s%s %s, first proven as %s\n", recordHeader, size, kind, name)
	return atomicfile.Write(path, 0o600, func(f *os.File) error {
		_, err := io.WriteString(f, text)
		return err
	})
}

// forget removes the record of the file whose hash is sum, if there is
// one: the file has just been refuted.
func (r *Resolver) forget(sum [sha256.Size]byte) error {
	path := r.recordPath(sum)
	if path == "" {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Record records that the file of kind with content hash sum (as
// table.WriteFile, table.WriteResultFile and pdb.WriteFile return it), of
// boards of size, which the caller wrote from a build it trusts, is exact,
// so that no command proves it again; name is the file's name, kept in the
// record for a person. The hash must be of the bytes the caller wrote, not
// of a later read of the path, which may no longer hold them. A table the
// reader certifies (up to table.CertifiedCells cells) needs no record,
// and gets none. It fails with ErrNoDir if there is no folder for
// records, and with ErrKind for a kind that is no kind of file (a
// computed bound).
func (r *Resolver) Record(sum [sha256.Size]byte, kind Kind, size board.Size, name string) error {
	switch {
	case kind.codec() == nil:
		return fmt.Errorf("%w: %s is no kind of file this program reads", ErrKind, name)
	case r.certified(kind, size):
		return nil
	case r.opts.Dir == "":
		return ErrNoDir
	}
	return r.record(sum, kind, size, filepath.Base(name))
}

// prove proves src unless it needs no proof: a built-in file, a table the
// reader certified, or a file known or recorded as proven; a proof that
// passes is recorded.
func (r *Resolver) prove(ctx context.Context, src *Source) error {
	switch {
	case r.certified(src.Kind(), src.Size()):
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
		if ctx.Err() != nil {
			return err
		}
		// Refuted: no record of these bytes may outlive the proof.
		if ferr := r.forget(sum); ferr != nil {
			r.warn(r.recordPath(sum), fmt.Errorf("the record of %s, which its proof refutes, could not be removed: %w", src.Path, ferr))
		}
		return fmt.Errorf("prove %s: %w", src.Path, err)
	}
	r.at("proven")
	if r.opts.Dir != "" && recordsTrustable {
		if err := r.record(sum, src.Kind(), src.Size(), filepath.Base(src.Path)); err != nil {
			r.warn(r.recordPath(sum), fmt.Errorf("the proof of %s could not be recorded in %s: %w", src.Path, r.recordPath(sum), err))
		}
	}
	return nil
}

// proveFile runs the proof of src's file, as its kind registers it
// (Codec.Prove): a table's certificate (Certify, one pass), a pattern
// database's groups built again and compared (as long as a build of it),
// an abstraction tier's certificate (one pass).
func (r *Resolver) proveFile(ctx context.Context, src *Source) error {
	f, c := src.file(), src.Kind().codec()
	if f == nil || c == nil {
		return fmt.Errorf("%w: %s holds no file to prove", ErrKind, src)
	}
	opts := &container.ProveOptions{Workers: r.opts.Workers, MaxMemory: r.opts.MaxMemory}
	if r.opts.Progress != nil {
		opts.Progress = func(done, total uint64) {
			r.opts.Progress(Progress{Path: src.Path, Kind: src.Kind(), Size: src.Size(), Done: done, Total: total})
		}
	}
	return c.Prove(ctx, f, opts)
}
