package atomicfile

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// create opens an unnamed file in path's directory (O_TMPFILE), or, where
// the file system or /proc does not allow linking one into place, a named
// one.
func create(path string) (*temp, error) {
	fd, err := unix.Open(filepath.Dir(path), unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return createNamed(path)
	}
	// The file is linked into place through /proc/self/fd; without /proc,
	// use a named file instead.
	if _, err := os.Stat(procPath(fd)); err != nil {
		unix.Close(fd)
		return createNamed(path)
	}
	return &temp{f: os.NewFile(uintptr(fd), path)}, nil
}

func procPath(fd int) string { return fmt.Sprintf("/proc/self/fd/%d", fd) }

// commit gives the file the name path: an unnamed file is linked to path,
// or if path exists, to a fresh hidden name then renamed over path.
func (t *temp) commit(path string) error {
	if t.name != "" {
		return t.commitNamed(path)
	}
	src := procPath(int(t.f.Fd()))
	err := unix.Linkat(unix.AT_FDCWD, src, unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW)
	if !errors.Is(err, unix.EEXIST) {
		if err != nil {
			return &os.LinkError{Op: "link", Old: src, New: path, Err: err}
		}
		return t.f.Close()
	}
	for range 100 {
		tmp := filepath.Join(filepath.Dir(path), fmt.Sprintf(".%s.%d.tmp", filepath.Base(path), rand.Uint32()))
		err = unix.Linkat(unix.AT_FDCWD, src, unix.AT_FDCWD, tmp, unix.AT_SYMLINK_FOLLOW)
		if errors.Is(err, unix.EEXIST) {
			continue
		}
		if err != nil {
			return &os.LinkError{Op: "link", Old: src, New: tmp, Err: err}
		}
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(tmp)
			return err
		}
		return t.f.Close()
	}
	return &os.LinkError{Op: "link", Old: src, New: path, Err: err}
}
