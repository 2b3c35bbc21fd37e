package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// recorder is a testing.TB that records a skip or a failure instead of
// stopping the test.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Skip(args ...any)                  { r.skipped = fmt.Sprint(args...) }
func (r *recorder) Skipf(format string, args ...any)  { r.skipped = fmt.Sprintf(format, args...) }
func (r *recorder) Fatalf(format string, args ...any) { r.failed = fmt.Sprintf(format, args...) }

func TestNodeMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no node there
	for _, tc := range []struct {
		ci, node string
		fail     bool
	}{
		{"", "", false},
		{"false", "0", false},
		{"true", "", true},
		{"", "1", true},
	} {
		t.Setenv("CI", tc.ci)
		t.Setenv(nodeEnv, tc.node)
		r := &recorder{TB: t}
		if got := Node(r); got != "" {
			t.Fatalf("Node found %q in an empty PATH", got)
		}
		if tc.fail != (r.failed != "") || tc.fail == (r.skipped != "") {
			t.Errorf("CI=%q %s=%q: skipped %q, failed %q", tc.ci, nodeEnv, tc.node, r.skipped, r.failed)
		}
		msg := r.skipped + r.failed
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "install") {
			t.Errorf("notice %q is not one line saying how to run the tests", msg)
		}
	}
}

func TestCCAndPythonMissing(t *testing.T) {
	if testing.Short() {
		t.Skip("CC, Python and CSharp skip under -short")
	}
	t.Setenv("PATH", t.TempDir()) // no compiler, no python3, no mcs or mono there
	t.Setenv("CC", "")
	for _, tc := range []struct {
		name string
		find func(testing.TB) string
		env  string
	}{{"CC", CC, cEnv}, {"Python", Python, pythonEnv}, {"CSharp", csharpCompiler, csharpEnv}} {
		for _, required := range []bool{false, true} {
			t.Setenv("CI", "")
			t.Setenv(tc.env, "")
			if required {
				t.Setenv(tc.env, "1")
			}
			r := &recorder{TB: t}
			if got := tc.find(r); got != "" {
				t.Fatalf("%s found %q in an empty PATH", tc.name, got)
			}
			if required != (r.failed != "") || required == (r.skipped != "") {
				t.Errorf("%s with %s=%v: skipped %q, failed %q", tc.name, tc.env, required, r.skipped, r.failed)
			}
			if msg := r.skipped + r.failed; strings.Contains(msg, "\n") || !strings.Contains(msg, "install") {
				t.Errorf("%s: notice %q is not one line saying how to run the tests", tc.name, msg)
			}
		}
	}
}

// csharpCompiler is CSharp with one result, as the others have.
func csharpCompiler(t testing.TB) string {
	mcs, _ := CSharp(t)
	return mcs
}

func TestBrowserMissing(t *testing.T) {
	if testing.Short() {
		t.Skip("Browser skips under -short")
	}
	t.Setenv("PATH", t.TempDir())
	t.Setenv(chromeEnv, "")
	t.Setenv("CI", "")
	t.Setenv(browserEnv, "1")
	r := &recorder{TB: t}
	if got := Browser(r); got != "" {
		if got == "/usr/bin/chromium" {
			t.Skip("/usr/bin/chromium exists here")
		}
		t.Fatalf("Browser found %q in an empty PATH", got)
	}
	if r.failed == "" || !strings.Contains(r.failed, chromeEnv) {
		t.Errorf("with %s=1 and no browser: failed %q, skipped %q", browserEnv, r.failed, r.skipped)
	}
}

func TestLong(t *testing.T) {
	for _, v := range []string{"", "0", "1"} {
		t.Setenv(longEnv, v)
		r := &recorder{TB: t}
		Long(r)
		if (v == "1") == (r.skipped != "") {
			t.Errorf("%s=%q: skipped %q", longEnv, v, r.skipped)
		}
	}
}

// TestPrune removes the libraries unused for a day and keeps the others.
func TestPrune(t *testing.T) {
	root := t.TempDir()
	now := time.Now()
	for name, age := range map[string]time.Duration{"old": libraryKeep + time.Hour, "recent": time.Hour, "building-1": 0} {
		dir := filepath.Join(root, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(dir, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	prune(root, now)
	var left []string
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{"building-1", "recent"}; !slices.Equal(left, want) {
		t.Errorf("after prune: %v, want %v", left, want)
	}
}

// TestBuild builds a command with Build, twice (the second time from the
// build cache), and runs it.
func TestBuild(t *testing.T) {
	for i := range 2 {
		path := filepath.Join(t.TempDir(), "hello")
		if err := Build("./testdata/hello", path, []string{"-buildvcs=false"}); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(path, "a", "b").Output()
		if err != nil || string(out) != "[a b]\n" {
			t.Fatalf("build %d: %q, %v; want [a b]", i+1, out, err)
		}
	}
	if err := Build("./testdata/missing", filepath.Join(t.TempDir(), "x"), nil); err == nil || !strings.Contains(err.Error(), "testdata/missing") {
		t.Errorf("a missing package: %v", err)
	}
}
