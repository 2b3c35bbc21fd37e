package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/internal/testenv"
)

// TestReadme compiles the README's C example against the library, runs
// it, and compares what it prints with the lines of its closing
// "Output:" comment, as a Go example's are.
func TestReadme(t *testing.T) {
	cc := testenv.CC(t)
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n```c\n")
	block, _, closed := strings.Cut(rest, "\n```\n")
	src, want, hasOutput := strings.Cut(block, "\n/* Output:\n")
	if !ok || !closed || !hasOutput || !strings.HasSuffix(want, "\n*/") {
		t.Fatal("README.md has no ```c block ending in an /* Output: ... */ comment")
	}
	want = strings.TrimSuffix(want, "*/")
	build(t, cc)
	file := filepath.Join(t.TempDir(), "readme.c")
	if err := os.WriteFile(file, []byte(src+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe, err := compile(cc, file, "readme")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "SLIDETABLE_CACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("README.md's C example: %v\n%s", err, out)
	}
	if string(out) != want {
		t.Errorf("README.md's C example prints\n%s\nits Output: comment shows\n%s", out, want)
	}
}
