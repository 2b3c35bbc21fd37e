package atomicfile

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/slidetable/slidetable/internal/testenv"
)

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.tbl")
	for _, content := range []string{"first", "second, longer"} {
		err := Write(path, 0o644, func(f *os.File) error {
			if runtime.GOOS == "linux" {
				// The file being written has no name yet.
				if got := names(t, dir); len(got) > 1 || (len(got) == 1 && got[0] != "a.tbl") {
					t.Errorf("while writing, the directory holds %q", got)
				}
			}
			_, err := f.WriteString(content)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil || string(b) != content {
			t.Fatalf("read %q, %v; want %q", b, err, content)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
			t.Errorf("mode %v, want 0644", fi.Mode())
		}
	}
	if got := names(t, dir); len(got) != 1 {
		t.Fatalf("directory holds %q, want only a.tbl", got)
	}
}

// TestWriteFails checks that a failed write leaves the target as it was,
// nothing beside it, and an error naming the target and not the temporary
// file.
func TestWriteFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.tbl")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, 0o644, func(f *os.File) error {
		f.WriteString("partial")
		return boom
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), ".tmp") {
		t.Fatalf("error %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("target now holds %q", b)
	}
	if got := names(t, dir); len(got) != 1 {
		t.Fatalf("directory holds %q", got)
	}
	// A write error through the file's own methods names the target only.
	err = Write(path, 0o644, func(f *os.File) error {
		f.Close()
		_, err := f.WriteString("x")
		return err
	})
	if err == nil || strings.Contains(err.Error(), ".tmp") || !strings.HasPrefix(err.Error(), path+": ") {
		t.Fatalf("error %v", err)
	}
}

// TestWriteRefusesNonRegular checks that devices, FIFOs and directories are
// refused and left as they are.
func TestWriteRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := testenv.Mkfifo(fifo); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	outs := []string{fifo, dir}
	if dev := testenv.DeviceNode(dir); dev != "" {
		outs = append(outs, dev)
	}
	for _, path := range outs {
		before, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		called := false
		err = Write(path, 0o644, func(*os.File) error { called = true; return nil })
		if !errors.Is(err, ErrNotRegular) || called {
			t.Fatalf("%s: %v (write called: %v), want ErrNotRegular", path, err, called)
		}
		after, err := os.Stat(path)
		if err != nil || after.Mode() != before.Mode() {
			t.Fatalf("%s changed: %v, %v", path, after.Mode(), err)
		}
	}
	if err := Check(filepath.Join(dir, "new")); err != nil {
		t.Fatalf("Check of a new path: %v", err)
	}
}

// TestKilledWhileWriting kills a process in the middle of a write: on
// Linux, where the temporary file has no name, nothing is left behind and
// the previous file is as it was.
func TestKilledWhileWriting(t *testing.T) {
	if dir := os.Getenv("ATOMICFILE_TEST_CHILD"); dir != "" {
		Write(filepath.Join(dir, "a.tbl"), 0o644, func(f *os.File) error {
			f.Write(make([]byte, 1<<20))
			os.Stdout.WriteString("writing\n")
			time.Sleep(time.Minute)
			return nil
		})
		os.Exit(0)
	}
	if runtime.GOOS != "linux" {
		t.Skip("named temporary files are left behind by a killed process elsewhere")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.tbl"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWhileWriting$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_TEST_CHILD="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "writing\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child said %q, %v", line, err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if got := names(t, dir); len(got) != 1 || got[0] != "a.tbl" {
		t.Fatalf("after SIGKILL the directory holds %q, want only a.tbl", got)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.tbl")); string(b) != "old" {
		t.Fatalf("a.tbl holds %q", b)
	}
}

// TestWriteNoFolder checks that a target in a folder that does not exist
// is an error naming the folder, which wraps fs.ErrNotExist.
func TestWriteNoFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "missing", "dir")
	path := filepath.Join(dir, "x.tbl")
	err := Write(path, 0o644, func(*os.File) error { return nil })
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "the folder "+dir+" does not exist") {
		t.Fatalf("Write(%s) = %v, want an error naming the folder %s", path, err, dir)
	}
}
