//go:build unix

package source

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// recordsTrustable says whether this system tells who owns a file, so that
// a record can be trusted only when no other user could have written it.
const recordsTrustable = true

// openRecord opens the record at path for reading, refusing a symbolic
// link and never blocking on a named pipe.
func openRecord(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, errors.New("it is a symbolic link")
	}
	return f, err
}

// trusted returns nil if no user but this process's could have written
// the open record f, else what could have: f must be a regular file, and
// it and every folder up to the folder of installed files (Options.Dir,
// its symbolic links resolved) owned by this user and writable by no one
// else; every folder above that must be owned by this user or the
// superuser, and writable by no one else unless it is sticky (as /tmp
// is: there only a file's owner may rename or remove it).
func (r *Resolver) trusted(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	uid := os.Getuid()
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", f.Name())
	}
	if err := private(f.Name(), fi, uid); err != nil {
		return err
	}
	// The folder of records itself, not through a link.
	proofs := filepath.Dir(f.Name())
	if err := privateDir(proofs, uid, os.Lstat); err != nil {
		return err
	}
	// Resolved to an absolute path first, so that the folders above a
	// relative one (above the working directory) are checked too.
	abs, err := filepath.Abs(r.opts.Dir)
	if err != nil {
		return err
	}
	root, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return err
	}
	if err := privateDir(root, uid, os.Stat); err != nil {
		return err
	}
	for dir := filepath.Dir(root); ; dir = filepath.Dir(dir) {
		fi, err := os.Stat(dir)
		if err != nil {
			return err
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		switch {
		case !ok:
			return fmt.Errorf("%s has no owner this program can read", dir)
		case int(st.Uid) != uid && st.Uid != 0:
			return fmt.Errorf("%s belongs to user %d", dir, st.Uid)
		case fi.Mode().Perm()&0o022 != 0 && fi.Mode()&fs.ModeSticky == 0:
			return fmt.Errorf("%s is writable by others (mode %s)", dir, fi.Mode())
		}
		if dir == filepath.Dir(dir) {
			return nil
		}
	}
}

// privateDir checks that the folder at path, as stat describes it, is
// one that only user uid can write to.
func privateDir(path string, uid int, stat func(string) (fs.FileInfo, error)) error {
	fi, err := stat(path)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a folder", path)
	}
	return private(path, fi, uid)
}

// private checks that fi, which describes path, belongs to user uid and
// is writable by no one else.
func private(path string, fi fs.FileInfo, uid int) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	switch {
	case !ok:
		return fmt.Errorf("%s has no owner this program can read", path)
	case int(st.Uid) != uid:
		return fmt.Errorf("%s belongs to user %d, not to this user (%d)", path, st.Uid, uid)
	case fi.Mode().Perm()&0o022 != 0:
		return fmt.Errorf("%s is writable by others (mode %s)", path, fi.Mode())
	}
	return nil
}
