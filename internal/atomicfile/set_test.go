package atomicfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeString(s string) func(f *os.File) error {
	return func(f *os.File) error {
		_, err := f.WriteString(s)
		return err
	}
}

// names lists the entries of dir.
func dirNames(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, e := range es {
		s = append(s, e.Name())
	}
	return strings.Join(s, " ")
}

func TestSet(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "c")
	os.WriteFile(a, []byte("old a"), 0o644)
	os.WriteFile(b, []byte("old b"), 0o644)

	// Nothing changes until Commit; Abort leaves nothing behind.
	var s Set
	for _, p := range []string{a, b, c} {
		if err := s.Add(ctx, p, 0o644, writeString("new "+filepath.Base(p))); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := os.ReadFile(a); string(got) != "old a" {
		t.Fatalf("a before Commit: %q", got)
	}
	s.Abort()
	if got := dirNames(t, dir); got != "a b" {
		t.Fatalf("after Abort: %s, want a b", got)
	}

	// Commit gives every file its name.
	s = Set{}
	for _, p := range []string{a, b, c} {
		if err := s.Add(ctx, p, 0o644, writeString("new "+filepath.Base(p))); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{a, b, c} {
		if got, _ := os.ReadFile(p); string(got) != "new "+filepath.Base(p) {
			t.Fatalf("%s after Commit: %q", p, got)
		}
	}
	if got := dirNames(t, dir); got != "a b c" {
		t.Fatalf("after Commit: %s", got)
	}

	// A failed Add aborts the set.
	s = Set{}
	if err := s.Add(ctx, a, 0o644, writeString("x")); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(ctx, b, 0o644, func(*os.File) error { return errors.New("disk full") }); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("a failing write: %v", err)
	}
	if err := s.Commit(); err == nil {
		t.Fatal("Commit after a failed Add succeeded")
	}
	if got, _ := os.ReadFile(a); string(got) != "new a" || dirNames(t, dir) != "a b c" {
		t.Fatalf("after a failed Add: a is %q, folder %s", got, dirNames(t, dir))
	}
}

// TestSetCommitFails makes the last rename of a Commit fail: the files
// already renamed are taken back, the old ones put back, and nothing is
// left beside them.
func TestSetCommitFails(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "c")
	os.WriteFile(a, []byte("old a"), 0o644)
	var s Set
	for _, p := range []string{a, b, c} {
		if err := s.Add(ctx, p, 0o644, writeString("new")); err != nil {
			t.Fatal(err)
		}
	}
	// c becomes a folder between Add and Commit.
	if err := os.Mkdir(c, 0o755); err != nil {
		t.Fatal(err)
	}
	err := s.Commit()
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), c) {
		t.Fatalf("Commit over a folder: %v, want ErrNotRegular naming %s", err, c)
	}
	if got, _ := os.ReadFile(a); string(got) != "old a" {
		t.Fatalf("a after a failed Commit: %q, want the old file", got)
	}
	if got := dirNames(t, dir); got != "a c" {
		t.Fatalf("after a failed Commit: %s, want a c", got)
	}
}
