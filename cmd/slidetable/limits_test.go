package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slidetable/slidetable/source"
)

// TestBuildRefuses checks that builds too large for memory, or for the
// limit given, are refused up front as bad input, with a message that says
// why.
func TestBuildRefuses(t *testing.T) {
	t.Parallel()
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

// TestBuiltinOverMemory checks that -max-mem applies to the built-in
// databases as to a file given: below what one needs, a command that needs
// it fails naming it and saying what to do, serve included; the built-in
// tables fit in a megabyte.
func TestBuiltinOverMemory(t *testing.T) {
	const b4 = "1 6 2 4/3 9 15 7/13 5 10 8/14 12 11 0" // no level pack holds it
	t.Setenv(source.DirEnv, t.TempDir())
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"distance", "-max-mem", "1M", "4x4", b4}, "the built-in 4x4 " + source.PDB.String() + ": not enough memory allowed: reading the 4x4 database needs"},
		{[]string{"hint", "-max-mem", "1M", "-metric", "multi", "4x4", b4}, "the built-in 4x4 " + source.Abstraction.String() + ": not enough memory"},
		{[]string{"serve", "-max-mem", "1M", "-addr", "127.0.0.1:0"}, "the built-in 4x4 " + source.PDB.String() + ": not enough memory allowed"},
	} {
		// serve, were it to start, would stop with the context.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		var out, errOut bytes.Buffer
		code := run(ctx, tc.args, strings.NewReader(""), &out, &errOut)
		cancel()
		stdout, stderr := out.String(), errOut.String()
		if code != exitFailure || stdout != "" || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "the limit is 1 MB; raise -max-mem") {
			t.Errorf("%q: exit %d, %q, stderr %q; want %d and %q", tc.args, code, stdout, stderr, exitFailure, tc.want)
		}
	}
	if code, stdout, stderr := slidetable(t, "", "distance", "-max-mem", "1M", "3x3", "8 6 7/2 5 4/3 0 1"); code != 0 || stdout != "31\n" {
		t.Errorf("3x3 under 1 MB: exit %d, %q, stderr %q", code, stdout, stderr)
	}
}
