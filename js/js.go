package js

import (
	"bytes"
	"embed"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
)

//go:generate go run gen.go

//go:embed slidetable.js slidetable-worker.js slidetable.wasm wasm_exec.js slidetable-puzzle.js rules.js knowledge.js GO-LICENSE LICENSE
var files embed.FS

// tierName is the file of the 4x4 abstraction database beside
// slidetable.js. Files serves package data's bytes under that name, the
// very file gen.go copies here for the npm package, so that a program
// embeds it once.
const tierName = "4x4-multi.abs"

// Files returns the files a page needs to ask slidetable in WebAssembly,
// without a server, and to show the puzzle: slidetable.js (the ES module
// to import), slidetable-worker.js (the worker it starts),
// slidetable.wasm, 4x4-multi.abs (the 4x4 abstraction database for
// searches in the multi-tile metric, which slidetable.js fetches when it
// is first asked about 4x4 in that metric), wasm_exec.js (Go's support
// code, which the worker imports), slidetable-puzzle.js (the element <slidetable-puzzle>) with
// the modules it plays by, rules.js and knowledge.js, LICENSE (slidetable's, the MIT License) and GO-LICENSE (the
// license of wasm_exec.js and of the Go runtime inside slidetable.wasm),
// which every copy of these files carries.
func Files() fs.FS { return withTier{} }

// OnDemand returns the names of the files of Files that slidetable.js
// fetches only when a call needs them, not when it loads: 4x4-multi.abs,
// for 4x4 in multi-tile moves. A page's first visit transfers the others.
func OnDemand() []string { return []string{tierName} }

// withTier is the embedded files and, beside them, 4x4-multi.abs.
type withTier struct{}

func (withTier) Open(name string) (fs.File, error) {
	if name != tierName {
		return files.Open(name)
	}
	b, err := data.AbstractionFile(board.Size{W: 4, H: 4})
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &tierFile{Reader: bytes.NewReader(b), size: int64(len(b))}, nil
}

// ReadDir lists a folder of the embedded files, and 4x4-multi.abs in ".".
func (t withTier) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := files.ReadDir(name)
	if err != nil || name != "." {
		return es, err
	}
	f, err := t.Open(tierName)
	if err != nil {
		return nil, err
	}
	info, _ := f.Stat()
	es = append(es, fs.FileInfoToDirEntry(info))
	slices.SortFunc(es, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return es, nil
}

// tierFile is 4x4-multi.abs opened: it reads, seeks (as http.FileServer
// needs) and says what it is.
type tierFile struct {
	*bytes.Reader
	size int64
}

func (f *tierFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *tierFile) Close() error               { return nil }
func (f *tierFile) Name() string               { return tierName }
func (f *tierFile) Size() int64                { return f.size }
func (f *tierFile) Mode() fs.FileMode          { return 0o444 }
func (f *tierFile) ModTime() time.Time         { return time.Time{} }
func (f *tierFile) IsDir() bool                { return false }
func (f *tierFile) Sys() any                   { return nil }
