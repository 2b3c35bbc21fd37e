package table

import (
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
)

// Written12 is the 4x3 table in one metric as the long checks of 12 cells
// read it: searched by Search and written by WriteResultFile, as
// 'slidetable build' does (version 2), once a test binary. Each takes a
// quarter of a minute of processor time; TestCertifyBig, TestInPlace12 and
// TestWriteFileHash each check something else of the same search and file.
type Written12 struct {
	Result *bfs.Result
	Path   string            // the file WriteResultFile wrote
	Sum    [sha256.Size]byte // the content hash WriteResultFile returned
}

// written12 holds the searches and files of Write12 by metric, and the
// folder of the files, which TestMain removes.
var written12 struct {
	sync.Mutex
	dir string
	m   map[board.Metric]*written12Once
}

type written12Once struct {
	once sync.Once
	w    Written12
	err  error
}

// Write12 returns the 4x3 table in metric, searched and written on the
// first call.
func Write12(t testing.TB, metric board.Metric) *Written12 {
	t.Helper()
	written12.Lock()
	o := written12.m[metric]
	if o == nil {
		o = new(written12Once)
		if written12.m == nil {
			written12.m = map[board.Metric]*written12Once{}
		}
		written12.m[metric] = o
	}
	written12.Unlock()
	o.once.Do(func() { o.w, o.err = write12(metric) })
	if o.err != nil {
		t.Fatal(o.err)
	}
	return &o.w
}

// write12 searches the 4x3 table in metric and writes it into written12's
// folder.
func write12(metric board.Metric) (Written12, error) {
	written12.Lock()
	if written12.dir == "" {
		dir, err := os.MkdirTemp("", "table-test-12-")
		if err != nil {
			written12.Unlock()
			return Written12{}, err
		}
		written12.dir = dir
	}
	w := Written12{Path: filepath.Join(written12.dir, "4x3-"+metric.String()+".tbl")}
	written12.Unlock()
	ctx := context.Background()
	var err error
	if w.Result, err = Search(ctx, board.Goal(board.Size{W: 4, H: 3}), &bfs.Options{Metric: metric}); err != nil {
		return Written12{}, err
	}
	w.Sum, err = WriteResultFile(ctx, w.Path, w.Result)
	return w, err
}

func TestMain(m *testing.M) {
	code := m.Run()
	if written12.dir != "" {
		os.RemoveAll(written12.dir)
	}
	os.Exit(code)
}
