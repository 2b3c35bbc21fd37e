package testenv

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// libraryPackage is the package that go build -buildmode=c-shared turns
// into libslidetable.
const libraryPackage = "github.com/slidetable/slidetable/c"

// libraryKeep is how long a library built from sources no longer current
// stays in the shared folder after its last use.
const libraryKeep = 24 * time.Hour

var library struct {
	once sync.Once
	dir  string
	err  error
}

// LibraryName is the file name of the C library on this system.
func LibraryName() string {
	switch runtime.GOOS {
	case "windows":
		return "slidetable.dll"
	case "darwin":
		return "libslidetable.dylib"
	}
	return "libslidetable.so"
}

// Library returns the folder holding the C library (LibraryName) built
// from the sources as they are with the C compiler cc, for the tests of
// the C library and of the packages over it. Linking it takes seconds, and
// go build does not keep what it links, so the library is built once for
// a state of the sources and kept in a folder of the system's temporary
// folder named by the hash of every file that goes into it (the Go
// release, the compiler, the sources, embedded files and the versions of
// the modules it needs), where the other test processes find it; one
// process builds while the others wait on a lock. A folder unused for a
// day is removed. Callers must not write into the folder.
func Library(t testing.TB, cc string) string {
	t.Helper()
	library.once.Do(func() { library.dir, library.err = buildLibrary(cc) })
	if library.err != nil {
		t.Fatal(library.err)
	}
	return library.dir
}

// buildLibrary finds or builds the library and returns its folder.
func buildLibrary(cc string) (string, error) {
	key, err := libraryKey(cc)
	if err != nil {
		return "", err
	}
	root := filepath.Join(os.TempDir(), "slidetable-test-libraries")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	unlock, err := lock(filepath.Join(root, "lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	dir := filepath.Join(root, key)
	now := time.Now()
	if _, err := os.Stat(filepath.Join(dir, LibraryName())); err == nil {
		os.Chtimes(dir, now, now)
		return dir, nil
	}
	prune(root, now)
	tmp, err := os.MkdirTemp(root, "building-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("go", "build", "-buildmode=c-shared", "-o", filepath.Join(tmp, LibraryName()), libraryPackage)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1", "CC="+cc)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build -buildmode=c-shared %s: %v\n%s", libraryPackage, err, out)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, errStat := os.Stat(filepath.Join(dir, LibraryName())); errStat != nil {
			return "", err
		}
	}
	return dir, nil
}

// prune removes the folders of root unused for libraryKeep before now:
// libraries of sources no longer current, and folders left by builds that
// died.
func prune(root string, now time.Time) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		if info, err := e.Info(); err == nil && e.IsDir() && now.Sub(info.ModTime()) > libraryKeep {
			os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
}

// libraryKey hashes what the library is built from: the Go release and
// platform, the C compiler and the cgo settings, and for each package it
// needs, its module's version, or, in this module, every source and
// embedded file.
func libraryKey(cc string) (string, error) {
	h := sha256.New()
	fmt.Fprintln(h, runtime.Version(), runtime.GOOS, runtime.GOARCH, cc)
	for _, v := range []string{"GOFLAGS", "CGO_CFLAGS", "CGO_LDFLAGS", "GOAMD64", "GOEXPERIMENT"} {
		fmt.Fprintf(h, "%s=%s\n", v, os.Getenv(v))
	}
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,Module,GoFiles,CgoFiles,CFiles,HFiles,SFiles,EmbedFiles", libraryPackage).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%v\n%s", err, ee.Stderr)
		}
		return "", fmt.Errorf("go list -deps %s: %v", libraryPackage, err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Dir        string
			Module     *struct {
				Path, Version string
				Main          bool
				Replace       *struct{ Path, Version string }
			}
			GoFiles, CgoFiles, CFiles, HFiles, SFiles, EmbedFiles []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return "", fmt.Errorf("go list -deps %s: %v", libraryPackage, err)
		}
		fmt.Fprintln(h, "package", p.ImportPath)
		if m := p.Module; m != nil && !m.Main && (m.Replace == nil || m.Replace.Version != "") {
			fmt.Fprintln(h, "module", m.Path, m.Version, m.Replace)
			continue
		}
		if p.Module == nil {
			continue // the standard library, which the Go release names
		}
		for _, files := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.HFiles, p.SFiles, p.EmbedFiles} {
			for _, name := range files {
				if err := hashFile(h, filepath.Join(p.Dir, name)); err != nil {
					return "", err
				}
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// hashFile writes path's name, length and contents to h.
func hashFile(h io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	fmt.Fprintln(h, "file", path, info.Size())
	_, err = io.Copy(h, f)
	return err
}
