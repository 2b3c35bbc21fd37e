package pdb_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
)

// TestDefaultLimitUnderUlimit reads the 112 KB file that describes 3.6 GB
// of tables with the default options in a process whose address space is
// limited to 2 GB (ulimit -v 2000000): the reader refuses it for memory,
// where it would otherwise die in the runtime.
//
// Not under the race detector, whose shadow memory the limit may leave no
// room for (ThreadSanitizer then exits before the test runs).
func TestDefaultLimitUnderUlimit(t *testing.T) {
	if testenv.Race {
		t.Skip("the race detector's shadow memory does not fit in a 2 GB address space")
	}
	if os.Getenv("PDB_TEST_ULIMIT") == "1" {
		if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: 2_048_000_000, Max: 2_048_000_000}); err != nil {
			t.Skip(err)
		}
		b, err := os.ReadFile(filepath.Join("testdata", "crafted", "zero-5x5.pdb"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pdb.NewReader(bytes.NewReader(b), int64(len(b))); !errors.Is(err, pdb.ErrMemory) {
			t.Fatalf("NewReader under a 2 GB address space: %v, want ErrMemory", err)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDefaultLimitUnderUlimit$", "-test.v")
	cmd.Env = append(os.Environ(), "PDB_TEST_ULIMIT=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
