package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildRefuses checks that builds too large for memory, or for the
// limit given, are refused up front as bad input, with a message that says
// why.
func TestBuildRefuses(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"build", "-max-mem", "1M", "4x4"}, []string{"4x4 groups", "need 1.6 GB", "the limit is 1 MB", "-max-mem"}},
		{[]string{"build", "-max-mem", "1M", "5x4"}, []string{"5x4 groups", "the limit is 1 MB"}},
		{[]string{"build", "9x9"}, []string{"9x9 has more than 64 cells"}},
		{[]string{"build", "-max-mem", "1M", "3x3"}, []string{"3x3 needs", "the limit is 1 MB", "-max-mem"}},
		{[]string{"build", "-max-mem", "100M", "4x3"}, []string{"4x3 needs 1", "the limit is 100 MB"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := append(tc.args[:len(tc.args):len(tc.args)], "-o", filepath.Join(t.TempDir(), "t.tbl"))
			code, stdout, stderr := slidetable(t, "", args...)
			if code != exitUsage {
				t.Fatalf("exit %d, want %d; stderr: %s", code, exitUsage, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q does not say %q", stderr, w)
				}
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
		})
	}
}
