package source

import (
	"context"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/pdb"
)

// pdbPair writes to dir a genuine 3x3 pattern database (groups 1-4 and
// 5-8) and one with every non-zero entry raised, its checksums right
// (pdb/testdata/crafted/raised-3x3.pdb), which only a proof refutes. A
// reader does not prove a pattern database, so they show what source
// trusts and records.
func pdbPair(t *testing.T, dir string) (good, bad string) {
	t.Helper()
	ctx := context.Background()
	db, err := pdb.Build(ctx, board.Goal(s3x3), [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	good, bad = filepath.Join(dir, "good.pdb"), filepath.Join(dir, "bad.pdb")
	if _, err := pdb.WriteFile(ctx, good, db); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("..", "pdb", "testdata", "crafted", "raised-3x3.pdb"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return good, bad
}

// fileHash returns the content hash of the pattern database at path.
func fileHash(t *testing.T, path string) [sha256.Size]byte {
	t.Helper()
	db, err := pdb.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sum, ok := db.ContentHash()
	if !ok {
		t.Fatalf("%s has no content hash", path)
	}
	return sum
}

// copyFile copies the file from to the path to, replacing it by a rename,
// as mv does.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	tmp := to + ".new"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, to); err != nil {
		t.Fatal(err)
	}
}

// TestSwappedWhileRead replaces the file being opened at each moment of
// its opening, both ways: the genuine, recorded file in for a wrong one,
// and, with nothing recorded, a wrong one in for the genuine file. The
// answer is never from bytes that are neither proven nor recorded, and no
// record is ever written for the wrong bytes.
func TestSwappedWhileRead(t *testing.T) {
	for _, stage := range []string{"opened", "read", "proven"} {
		for _, recordGood := range []bool{true, false} {
			name := stage + "/good-recorded"
			if !recordGood {
				name = stage + "/empty-cache"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				ctx := context.Background()
				dir := t.TempDir()
				good, bad := pdbPair(t, dir)
				goodSum, badSum := fileHash(t, good), fileHash(t, bad)
				path := filepath.Join(dir, "p.pdb")
				if recordGood {
					// The good file recorded, the bad one at path; the good
					// one arrives while the bad one is opened.
					r := NewResolver(&Options{Dir: dir})
					if err := r.Record(goodSum, PDB, s3x3, good); err != nil {
						t.Fatal(err)
					}
					copyFile(t, bad, path)
				} else {
					copyFile(t, good, path)
				}
				swapIn := good
				if !recordGood {
					swapIn = bad
				}
				r := NewResolver(&Options{Dir: dir})
				r.stage = func(s string) {
					if s == stage {
						copyFile(t, swapIn, path)
					}
				}
				src, err := r.Open(ctx, path)
				if err == nil {
					sum, _ := src.Hash()
					src.Close()
					if sum == badSum {
						t.Fatal("Open answered from the refuted bytes")
					}
				} else if !errors.Is(err, pdb.ErrEntry) {
					t.Fatalf("Open: %v, want success or a refutation", err)
				}
				if r.recorded(badSum) {
					t.Fatal("the refuted bytes are recorded as proven")
				}
				// Whatever is at path now: a later use never answers
				// from the bad bytes.
				src, err = NewResolver(&Options{Dir: dir}).Open(ctx, path)
				if err == nil {
					sum, _ := src.Hash()
					src.Close()
					if sum == badSum {
						t.Fatal("a later Open answered from the refuted bytes")
					}
				}
			})
		}
	}
}

// TestRefutedForgotten: a proof that refutes a file removes any record
// of its bytes, so a record that should never have been written does not
// outlive the first proof that disagrees with it.
func TestRefutedForgotten(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	_, bad := pdbPair(t, dir)
	badSum := fileHash(t, bad)
	r := NewResolver(&Options{Dir: dir})
	if err := r.Record(badSum, PDB, s3x3, bad); err != nil {
		t.Fatal(err)
	}
	// As the record says, it is not proven again...
	if _, err := r.Open(ctx, bad); err != nil {
		t.Fatalf("a recorded file: %v", err)
	}
	// ...until it is checked on purpose, which refutes it and forgets it.
	recheck := NewResolver(&Options{Dir: dir, Recheck: true})
	if _, err := recheck.Open(ctx, bad); !errors.Is(err, pdb.ErrEntry) {
		t.Fatalf("Recheck: %v, want a refutation", err)
	}
	if _, err := os.Stat(r.recordPath(badSum)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the record of a refuted file remains: %v", err)
	}
	if _, err := NewResolver(&Options{Dir: dir}).Open(ctx, bad); !errors.Is(err, pdb.ErrEntry) {
		t.Fatalf("after the refutation: %v, want a refutation", err)
	}
}

// TestUntrustedRecords writes a record of the refuted file in ways that
// another user could have: each is ignored, the file proven (and refuted)
// again, and one warning names the folder and what is wrong with it.
func TestUntrustedRecords(t *testing.T) {
	if runtime.GOOS == "windows" || !recordsTrustable {
		t.Skip("no Unix file owners here: records are never trusted")
	}
	for _, tc := range []struct {
		name  string
		spoil func(t *testing.T, dir, record string) // makes the record untrusted
		warn  string                                 // in the warning
	}{
		{"record writable by others", func(t *testing.T, dir, record string) {
			chmod(t, record, 0o666)
		}, "is writable by others"},
		{"proofs folder writable by others", func(t *testing.T, dir, record string) {
			chmod(t, filepath.Dir(record), 0o777)
		}, "is writable by others"},
		{"cache folder writable by others", func(t *testing.T, dir, record string) {
			chmod(t, dir, 0o777)
		}, "is writable by others"},
		{"record a symbolic link", func(t *testing.T, dir, record string) {
			target := filepath.Join(dir, "elsewhere")
			if err := os.Rename(record, target); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, record); err != nil {
				t.Fatal(err)
			}
		}, "symbolic link"},
		{"record of another user", func(t *testing.T, dir, record string) {
			if os.Getuid() != 0 {
				t.Skip("only the superuser can give a file away")
			}
			if err := os.Chown(record, 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}, "belongs to user 65534"},
		{"proofs folder of another user", func(t *testing.T, dir, record string) {
			if os.Getuid() != 0 {
				t.Skip("only the superuser can give a folder away")
			}
			if err := os.Chown(filepath.Dir(record), 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}, "belongs to user 65534"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			dir := filepath.Join(t.TempDir(), "cache")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			_, bad := pdbPair(t, dir)
			badSum := fileHash(t, bad)
			var got []string
			opts := warnings(dir, &got)
			r := NewResolver(opts)
			if err := r.Record(badSum, PDB, s3x3, bad); err != nil {
				t.Fatal(err)
			}
			tc.spoil(t, dir, r.recordPath(badSum))
			for range 2 {
				if _, err := r.Open(ctx, bad); !errors.Is(err, pdb.ErrEntry) {
					t.Fatalf("Open with an untrusted record: %v, want a refutation", err)
				}
			}
			if len(got) != 1 || !strings.Contains(got[0], tc.warn) || !strings.Contains(got[0], "proven again") {
				t.Fatalf("warnings %q, want one saying %q and that the file is proven again", got, tc.warn)
			}
		})
	}
}

// TestUntrustedAboveRelative: a folder of installed files named by a
// relative path is checked up to the root, as the same folder named by
// its absolute path is, not only up to the working directory.
func TestUntrustedAboveRelative(t *testing.T) {
	if runtime.GOOS == "windows" || !recordsTrustable {
		t.Skip("no Unix file owners here: records are never trusted")
	}
	ctx := context.Background()
	open := filepath.Join(t.TempDir(), "open")
	work := filepath.Join(open, "work")
	dir := filepath.Join(work, "cache")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	chmod(t, work, 0o755)
	chmod(t, open, 0o777) // writable by others, and not sticky
	_, bad := pdbPair(t, dir)
	badSum := fileHash(t, bad)
	t.Chdir(work)
	var got []string
	r := NewResolver(warnings("cache", &got))
	if err := r.Record(badSum, PDB, s3x3, filepath.Join("cache", "bad.pdb")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Open(ctx, filepath.Join("cache", "bad.pdb")); !errors.Is(err, pdb.ErrEntry) {
		t.Fatalf("Open under a folder writable by others: %v, want a refutation", err)
	}
	if len(got) != 1 || !strings.Contains(got[0], open+" is writable by others") {
		t.Fatalf("warnings %q, want one naming %s as writable by others", got, open)
	}
}

func chmod(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// TestRecordsPrivate: the records a resolver writes are ones it trusts
// afterwards, whatever the umask.
func TestRecordsPrivate(t *testing.T) {
	if !recordsTrustable {
		t.Skip("no Unix file owners here: records are never written")
	}
	ctx := context.Background()
	dir := t.TempDir()
	good, _ := pdbPair(t, dir)
	var got []string
	r := NewResolver(warnings(dir, &got))
	if _, err := r.Open(ctx, good); err != nil {
		t.Fatal(err)
	}
	if !r.recorded(fileHash(t, good)) || len(got) != 0 {
		t.Fatalf("own record not trusted; warnings %q", got)
	}
	fi, err := os.Stat(r.recordPath(fileHash(t, good)))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("record mode %s, want readable by its owner only", fi.Mode())
	}
}
