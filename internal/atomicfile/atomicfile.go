package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/slidetable/slidetable/failure"
)

// ErrNotRegular reports a target that exists and is not a regular file.
var ErrNotRegular = failure.New(failure.File, "not a regular file")

// NotRegularError is the error of Check: Path exists and is Kind ("a
// device", "a named pipe", "a directory", ...). It wraps ErrNotRegular.
type NotRegularError struct {
	Path, Kind string
}

func (e *NotRegularError) Error() string { return e.Path + " is " + e.Kind + ", not a regular file" }

// Unwrap returns ErrNotRegular.
func (e *NotRegularError) Unwrap() error { return ErrNotRegular }

// Check returns a *NotRegularError if path exists and is not a regular
// file (or a symbolic link to one). A path that does not exist, or
// cannot be looked at, passes: creating it will say what is wrong.
func Check(path string) error {
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().IsRegular() {
		return nil
	}
	kind := "something else"
	switch m := fi.Mode(); {
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		kind = "a device"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return &NotRegularError{Path: path, Kind: kind}
}

// Write calls write with a new, empty temporary file in path's directory
// and, if it returns nil, syncs the file, sets its permissions to perm and
// gives it the name path, replacing any regular file there. If write or
// anything after it fails, path is left as it was and nothing else
// remains. Errors are of the form "PATH: cause".
func Write(path string, perm fs.FileMode, write func(f *os.File) error) error {
	t, err := stage(path, perm, write)
	if err != nil {
		return err
	}
	if err := t.commit(path); err != nil {
		t.abort()
		return fmt.Errorf("%s: %w", path, bare(err))
	}
	return nil
}

// stage writes a new temporary file in path's directory with write, syncs
// it and sets its permissions to perm, ready to take the name path: what
// Write and Set.Add do before the file takes its name. On failure nothing
// remains.
func stage(path string, perm fs.FileMode, write func(f *os.File) error) (*temp, error) {
	if err := Check(path); err != nil {
		return nil, err
	}
	t, err := create(path)
	if err != nil {
		if dir := filepath.Dir(path); errors.Is(err, fs.ErrNotExist) && !exists(dir) {
			return nil, &noFolderError{path: path, dir: dir}
		}
		return nil, fmt.Errorf("%s: %w", path, bare(err))
	}
	err = write(t.f)
	if err == nil {
		err = t.f.Chmod(perm)
	}
	if err == nil {
		err = t.f.Sync()
	}
	if err != nil {
		t.abort()
		return nil, fmt.Errorf("%s: %w", path, bare(err))
	}
	return t, nil
}

// WriteContext is Write that stops once ctx is done: it does not start if
// ctx is already done, and a ctx that ends while write runs (write should
// watch it too) leaves path as it was, with an error wrapping ctx's.
func WriteContext(ctx context.Context, path string, perm fs.FileMode, write func(f *os.File) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return Write(path, perm, func(f *os.File) error {
		if err := write(f); err != nil {
			return err
		}
		return ctx.Err()
	})
}

// temp is a temporary file.
type temp struct {
	f    *os.File
	name string // the named temporary file, "" for an unnamed one
}

// createNamed creates a hidden temporary file beside path.
func createNamed(path string) (*temp, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &temp{f: f, name: f.Name()}, nil
}

// commitNamed closes the named temporary file and renames it to path.
// commit, like it, closes the file when it succeeds.
func (t *temp) commitNamed(path string) error {
	if err := t.f.Close(); err != nil {
		return err
	}
	return os.Rename(t.name, path)
}

func (t *temp) abort() {
	t.f.Close()
	if t.name != "" {
		os.Remove(t.name)
	}
}

// noFolderError is the error of a target whose folder does not exist. It
// wraps fs.ErrNotExist.
type noFolderError struct{ path, dir string }

func (e *noFolderError) Error() string {
	return e.path + ": the folder " + e.dir + " does not exist"
}

func (e *noFolderError) Unwrap() error { return fs.ErrNotExist }

// exists reports whether path names something that exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// bare drops the file names of a path or link error, which may be the
// temporary file's, keeping the operation and its cause.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return fmt.Errorf("%s: %w", le.Op, le.Err)
	}
	return err
}
