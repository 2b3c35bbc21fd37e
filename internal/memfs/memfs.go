// Package memfs builds the file systems the page is served from out of
// parts: files held in memory, and several file systems seen as one.
package memfs

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// Files is a file system of one folder, its files held in memory: each
// name maps to the file's bytes, which must not change. An opened file
// reads and seeks (as http.FileServerFS needs).
type Files map[string][]byte

// Open opens the file name.
func (m Files) Open(name string) (fs.File, error) {
	if name == "." {
		return &dir{name: name, list: m.ReadDir}, nil
	}
	b, ok := m[name]
	if !ok || !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &file{info: info{name: name, size: int64(len(b))}, Reader: bytes.NewReader(b)}, nil
}

// ReadDir lists the files, sorted by name; name must be ".".
func (m Files) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	out := make([]fs.DirEntry, 0, len(m))
	for n, b := range m {
		out = append(out, fs.FileInfoToDirEntry(info{name: n, size: int64(len(b))}))
	}
	sortEntries(out)
	return out, nil
}

// file is a file of Files, opened.
type file struct {
	info
	*bytes.Reader
}

func (f *file) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *file) Close() error               { return nil }

// Size is the file's length (info's and the Reader's Size agree; the
// method picks one).
func (f *file) Size() int64 { return f.info.size }

// dir is a folder opened: of Files, or of Layers (all the layers' names).
type dir struct {
	name string
	list func(name string) ([]fs.DirEntry, error)
	left []fs.DirEntry // what ReadDir has yet to return, once listed
	err  error         // what listing failed with
	done bool          // listed
}

func (d *dir) Stat() (fs.FileInfo, error) { return info{name: path.Base(d.name), dir: true}, nil }
func (d *dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: errors.New("is a directory")}
}
func (d *dir) Close() error { return nil }

// ReadDir returns the next n entries of the folder (all of them if n <= 0),
// as fs.ReadDirFile says.
func (d *dir) ReadDir(n int) ([]fs.DirEntry, error) {
	if !d.done {
		d.left, d.err = d.list(d.name)
		d.done = true
	}
	if d.err != nil {
		return nil, d.err
	}
	if n <= 0 || n > len(d.left) {
		if n > 0 && len(d.left) == 0 {
			return nil, io.EOF
		}
		n = len(d.left)
	}
	out := d.left[:n:n]
	d.left = d.left[n:]
	return out, nil
}

// info says what a file or the folder of Files is.
type info struct {
	name string
	size int64
	dir  bool
}

func (i info) Name() string { return i.name }
func (i info) Size() int64  { return i.size }
func (i info) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.dir }
func (i info) Sys() any           { return nil }

// Layers is a file system made of others: a name is opened in the first
// that has it, and ReadDir lists a folder of every layer that has it,
// each name once.
type Layers []fs.FS

// Open opens name in the first layer that has it; a folder lists the
// names of every layer's. If none has it, the error is the first that is
// not fs.ErrNotExist, else the first.
func (l Layers) Open(name string) (fs.File, error) {
	var first error
	for _, f := range l {
		file, err := f.Open(name)
		if err == nil {
			if st, err := file.Stat(); err == nil && st.IsDir() {
				file.Close()
				return &dir{name: name, list: l.ReadDir}, nil
			}
			return file, nil
		}
		if first == nil || !errors.Is(err, fs.ErrNotExist) && errors.Is(first, fs.ErrNotExist) {
			first = err
		}
	}
	if first == nil {
		first = &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return nil, first
}

// ReadDir lists the folder name of every layer that has it, sorted by
// name, each name once (as the first layer that has it says).
func (l Layers) ReadDir(name string) ([]fs.DirEntry, error) {
	var out []fs.DirEntry
	seen := map[string]bool{}
	found := false
	for _, f := range l {
		es, err := fs.ReadDir(f, name)
		if err != nil {
			continue
		}
		found = true
		for _, e := range es {
			if !seen[e.Name()] {
				seen[e.Name()] = true
				out = append(out, e)
			}
		}
	}
	if !found {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	sortEntries(out)
	return out, nil
}

func sortEntries(es []fs.DirEntry) {
	slices.SortFunc(es, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
}
