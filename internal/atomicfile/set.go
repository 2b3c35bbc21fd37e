package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Set writes several files so that they change together: Add writes each
// to a temporary file beside its path, and only Commit, once every one is
// written and synced, gives them their names, one rename after another,
// putting back the files they replaced if one of the renames fails. Until
// Commit, and after a failed one, every target is as it was; Abort (or a
// failed Add or Commit) removes what the set wrote. A Set is not safe for
// concurrent use.
type Set struct {
	files []staged
	done  bool
}

type staged struct {
	path string
	t    *temp
}

// Add writes the file path, as Write does, but leaves it under its
// temporary name until Commit. A path added twice is an error. If write
// or anything else fails, or ctx is done, the set is aborted.
func (s *Set) Add(ctx context.Context, path string, perm fs.FileMode, write func(f *os.File) error) error {
	if err := s.add(ctx, path, perm, write); err != nil {
		s.Abort()
		return err
	}
	return nil
}

func (s *Set) add(ctx context.Context, path string, perm fs.FileMode, write func(f *os.File) error) error {
	if s.done {
		return fmt.Errorf("%s: the set is already committed or aborted", path)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, f := range s.files {
		if f.path == path {
			return fmt.Errorf("%s: added twice", path)
		}
	}
	t, err := stage(path, perm, func(f *os.File) error {
		if err := write(f); err != nil {
			return err
		}
		return ctx.Err()
	})
	if err != nil {
		return err
	}
	s.files = append(s.files, staged{path, t})
	return nil
}

// Commit gives every file added its name. The files they replace are
// kept under a hidden name until every rename has succeeded; if one
// fails, the ones already renamed are taken back and the old files put
// back, and the error names the target that failed.
func (s *Set) Commit() error {
	if s.done {
		return errors.New("atomicfile: the set is already committed or aborted")
	}
	s.done = true
	// Keep a link to each file about to be replaced.
	backups := make([]string, len(s.files))
	restore := func(upto int) {
		for i := upto - 1; i >= 0; i-- {
			if backups[i] != "" {
				os.Rename(backups[i], s.files[i].path)
			} else {
				os.Remove(s.files[i].path)
			}
		}
	}
	for _, f := range s.files {
		if err := Check(f.path); err != nil {
			s.cleanup(backups, 0)
			return err
		}
	}
	for i, f := range s.files {
		if _, err := os.Lstat(f.path); err != nil {
			continue
		}
		b, err := backup(f.path)
		if err != nil {
			s.cleanup(backups, 0)
			return fmt.Errorf("%s: %w", f.path, bare(err))
		}
		backups[i] = b
	}
	for i, f := range s.files {
		if err := Check(f.path); err != nil {
			restore(i)
			s.cleanup(backups, i)
			return err
		}
		if err := f.t.commit(f.path); err != nil {
			restore(i)
			s.cleanup(backups, i)
			return fmt.Errorf("%s: %w", f.path, bare(err))
		}
	}
	for _, b := range backups {
		if b != "" {
			os.Remove(b)
		}
	}
	return nil
}

// cleanup removes the temporary files from the one at index from on, and
// the backups that were not put back.
func (s *Set) cleanup(backups []string, from int) {
	for _, f := range s.files[from:] {
		f.t.abort()
	}
	for _, b := range backups[from:] {
		if b != "" {
			os.Remove(b)
		}
	}
}

// backup links the file at path to a fresh hidden name beside it and
// returns that name.
func backup(path string) (string, error) {
	for range 100 {
		f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.old")
		if err != nil {
			return "", err
		}
		name := f.Name()
		f.Close()
		os.Remove(name)
		if err := os.Link(path, name); err == nil {
			return name, nil
		} else if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("no free name for a backup of %s", path)
}

// Abort removes every temporary file the set wrote; the targets stay as
// they were. Abort after Commit does nothing.
func (s *Set) Abort() {
	if s.done {
		return
	}
	s.done = true
	for _, f := range s.files {
		f.t.abort()
	}
}
