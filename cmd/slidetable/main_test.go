package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// slidetable runs the command in-process and returns its exit code, stdout
// and stderr.
func slidetable(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestCommands(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"distance", "3x3", "8 6 7/2 5 4/3 0 1"}, "31\n"},
		{[]string{"distance", "3x3", "8", "6", "7", "2", "5", "4", "3", "0", "1"}, "31\n"},
		{[]string{"distance", "-json", "3x3", "1 2 3/4 5 6/7 8 0"}, `{"board":[1,2,3,4,5,6,7,8,0],"solvable":true,"distance":0}` + "\n"},
		{[]string{"distance", "3x3", "1 2 3/4 5 6/8 7 0", "-json"}, `{"board":[1,2,3,4,5,6,8,7,0],"solvable":false,"distance":null}` + "\n"},
		{[]string{"distance", "3x3", "1 2 3/4 5 6/8 7 0"}, "unsolvable\n"},
		{[]string{"distance", "4x2", "1 2 3 4/5 6 0 7"}, "1\n"},
		{[]string{"distance", "-ida", "3x3", "8 6 7/2 5 4/3 0 1"}, "31\n"},
		{[]string{"distance", "4x4", "5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15"}, "8\n"},
		{[]string{"distance", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}, "unsolvable\n"},
		{[]string{"solvable", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}, "false\n"},
		{[]string{"solvable", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0"}, "true\n"},
		{[]string{"solvable", "-json", "2x2", "2 1 3 0"}, `{"board":[2,1,3,0],"solvable":false}` + "\n"},
		{[]string{"solvable", "-goal", "0 1 2/3 4 5/6 7 8", "3x3", "2 1 3/4 5 6/7 8 0"}, "false\n"},
		{[]string{"verify", "-json", "3x3"}, `{"permutations":362880,"reachable":181440,"mismatches":0}` + "\n"},
		{[]string{"verify", "2x2"}, "permutations: 24\nreachable: 12\nmismatches: 0\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := slidetable(t, tc.args...)
			if code != 0 || out != tc.want {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 0, stdout %q", code, out, errOut, tc.want)
			}
		})
	}
}

func TestStatsJSON(t *testing.T) {
	code, out, errOut := slidetable(t, "stats", "-json", "3x3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var s struct {
		Width, Height int
		States        uint64
		Max           int
		Counts        []uint64
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if s.Width != 3 || s.Height != 3 || s.States != 181440 || s.Max != 31 || len(s.Counts) != 32 || s.Counts[31] != 2 {
		t.Fatalf("stats -json 3x3 = %s", out)
	}
}

func TestBuildThenUse(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "goal.tbl")
	code, out, errOut := slidetable(t, "build", "-q", "-o", path, "-goal", "0 1 2/3 4 5/6 7 8", "3x3")
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "wrote "+path) || errOut != "" {
		t.Fatalf("build -q: stdout %q, stderr %q", out, errOut)
	}
	code, out, errOut = slidetable(t, "distance", "-table", path, "3x3", "1 0 2/3 4 5/6 7 8")
	if code != 0 || out != "1\n" {
		t.Fatalf("distance to the other goal: exit %d, %q, %q", code, out, errOut)
	}
	code, out, _ = slidetable(t, "verify", "-table", path, "3x3")
	if code != 0 || !strings.Contains(out, "mismatches: 0") {
		t.Fatalf("verify of the other goal: exit %d, %q", code, out)
	}
	code, out, _ = slidetable(t, "stats", path)
	if code != 0 || !strings.Contains(out, "God's number: 31") {
		t.Fatalf("stats of a file: exit %d, %q", code, out)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	// With a progress bar, stderr carries it and stdout only the result.
	code, out, errOut = slidetable(t, "build", "-o", filepath.Join(dir, "2x3.tbl"), "2x3")
	if code != 0 || errOut == "" || strings.Count(out, "\n") != 1 {
		t.Fatalf("build with progress: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "Usage:"},
		{[]string{"help"}, 0, "Commands:"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"distance", "3x3"}, 2, "missing board"},
		{[]string{"distance", "3x3", "1 2 3/4 5 6/7 7 0"}, 2, "tile 7 appears twice"},
		{[]string{"stats", "4x3"}, 2, "no table for 4x3 is built in"},
		{[]string{"stats", "4x4"}, 2, "4x4 has too many boards for a table"},
		{[]string{"levels", "-min", "-3", "-max", "2", "3x3"}, 2, "want 0 <= min <= max"},
		{[]string{"levels", "-min", "40", "-max", "50", "3x3"}, 2, "slidetable levels: no boards at these distances: 40..50"},
		{[]string{"build", "-q", "-max-mem", "1G", "-o", "/dev/null", "4x4"}, 2, "need 1.6 GB"},
		{[]string{"build", "-q", "-max-mem", "1K", "-o", "/dev/null", "3x3"}, 2, "needs"},
		{[]string{"distance", "-nope", "3x3"}, 2, "flag provided but not defined"},
		{[]string{"stats", "/does/not/exist.tbl"}, 1, "no such file"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errOut := slidetable(t, tc.args...)
			out := errOut
			if tc.code == 0 {
				_, out, _ = slidetable(t, tc.args...)
			}
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d, output %q; want exit %d and %q", code, out, tc.code, tc.want)
			}
		})
	}
}
