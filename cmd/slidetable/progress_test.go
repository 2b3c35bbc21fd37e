package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProgressOffTerminal builds a table with standard error not a
// terminal: no bar's frames, but a line now and then (every logEvery,
// here every call), which a log keeps; and none with -q.
func TestProgressOffTerminal(t *testing.T) {
	// Not in parallel: it sets logEvery, which every command reads.
	defer func(d time.Duration) { logEvery = d }(logEvery)
	logEvery = 0
	dir := t.TempDir()
	code, _, errOut := slidetable(t, "", "build", "-o", filepath.Join(dir, "a.tbl"), "3x3")
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if code != 0 || len(lines) < 2 || !strings.HasPrefix(lines[0], "slidetable: building 3x3, depth ") || strings.Contains(errOut, "\r") {
		t.Fatalf("build off a terminal: exit %d, stderr %q; want lines of progress", code, errOut)
	}
	for _, l := range lines {
		if !strings.Contains(l, "%") || !strings.Contains(l, " of 181,440) after ") {
			t.Errorf("progress line %q", l)
		}
	}
	code, _, errOut = slidetable(t, "", "build", "-q", "-o", filepath.Join(dir, "b.tbl"), "3x3")
	if code != 0 || errOut != "" {
		t.Errorf("build -q: exit %d, stderr %q; want nothing", code, errOut)
	}
	logEvery = time.Hour
	code, _, errOut = slidetable(t, "", "build", "-o", filepath.Join(dir, "c.tbl"), "3x3")
	if code != 0 || errOut != "" {
		t.Errorf("a build shorter than logEvery: exit %d, stderr %q; want nothing", code, errOut)
	}
}
