package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

// slidetable runs the command in-process with stdin as its standard input
// and returns its exit code, stdout and stderr: the one way the tests run
// it, except those that need a child process (signals, memory limits).
func slidetable(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCommands(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"distance", "3x3", "8 6 7/2 5 4/3 0 1"}, "31\n"},
		{[]string{"distance", "3x3", "8", "6", "7", "2", "5", "4", "3", "0", "1"}, "31\n"},
		{[]string{"distance", "-json", "3x3", "1 2 3/4 5 6/7 8 0"}, `{"size":"3x3","board":[1,2,3,4,5,6,7,8,0],"solvable":true,"distance":0,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}` + "\n"},
		{[]string{"distance", "3x3", "1 2 3/4 5 6/8 7 0", "-json"}, `{"size":"3x3","board":[1,2,3,4,5,6,8,7,0],"solvable":false}` + "\n"},
		{[]string{"distance", "3x3", "1 2 3/4 5 6/8 7 0"}, "unsolvable\n"},
		{[]string{"distance", "4x2", "1 2 3 4/5 6 0 7"}, "1\n"},
		{[]string{"distance", "-ida", "3x3", "8 6 7/2 5 4/3 0 1"}, "31\n"},
		{[]string{"distance", "4x4", "5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15"}, "8\n"},
		{[]string{"distance", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}, "unsolvable\n"},
		{[]string{"solvable", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}, "false\n"},
		{[]string{"solvable", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0"}, "true\n"},
		{[]string{"solvable", "-json", "2x2", "2 1 3 0"}, `{"size":"2x2","board":[2,1,3,0],"solvable":false}` + "\n"},
		{[]string{"solvable", "-goal", "0 1 2/3 4 5/6 7 8", "3x3", "2 1 3/4 5 6/7 8 0"}, "false\n"},
		{[]string{"verify", "-json", "3x3"}, `{"size":"3x3","certified":true,"permutations":362880,"reachable":181440,"mismatches":0,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}` + "\n"},
		{[]string{"verify", "2x2"}, "distances: proven exact\npermutations: 24\nreachable: 12\nmismatches: 0\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := slidetable(t, "", tc.args...)
			if code != 0 || maskHash(out) != tc.want {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 0, stdout %q", code, out, errOut, tc.want)
			}
		})
	}
}

func TestStatsJSON(t *testing.T) {
	t.Parallel()
	code, out, errOut := slidetable(t, "", "stats", "-json", "3x3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var s struct {
		Size   board.Size
		States uint64
		Max    int
		Counts []uint64
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if s.Size != (board.Size{W: 3, H: 3}) || s.States != 181440 || s.Max != 31 || len(s.Counts) != 32 || s.Counts[31] != 2 {
		t.Fatalf("stats -json 3x3 = %s", out)
	}
}

func TestBuildThenUse(t *testing.T) {
	// Not in parallel: it sets forceTerminal, which every command reads.
	dir := t.TempDir()
	path := filepath.Join(dir, "goal.tbl")
	code, out, errOut := slidetable(t, "", "build", "-q", "-o", path, "-goal", "0 1 2/3 4 5/6 7 8", "3x3")
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "wrote "+path) || errOut != "" {
		t.Fatalf("build -q: stdout %q, stderr %q", out, errOut)
	}
	code, out, errOut = slidetable(t, "", "distance", "-table", path, "3x3", "1 0 2/3 4 5/6 7 8")
	if code != 0 || out != "1\n" {
		t.Fatalf("distance to the other goal: exit %d, %q, %q", code, out, errOut)
	}
	code, _, errOut = slidetable(t, "", "verify", "-table", path, "-goal", "1 2 3/4 5 6/7 8 0", "3x3")
	if code != exitUsage || !strings.Contains(errOut, "a table to the goal 0 1 2/3 4 5/6 7 8, answers 3x3 in single-tile moves, not to the standard goal") {
		t.Fatalf("verify -goal of another table: exit %d, %q", code, errOut)
	}
	code, out, _ = slidetable(t, "", "verify", "-table", path, "3x3")
	if code != 0 || !strings.Contains(out, "mismatches: 0") {
		t.Fatalf("verify of the other goal: exit %d, %q", code, out)
	}
	code, out, _ = slidetable(t, "", "stats", path)
	if code != 0 || !strings.Contains(out, "God's number: 31") {
		t.Fatalf("stats of a file: exit %d, %q", code, out)
	}
	code, out, _ = slidetable(t, "", "stats", "-table", path, "3x3")
	if code != 0 || !strings.Contains(out, "God's number: 31") || !strings.Contains(out, "goal 0 1 2/3 4 5/6 7 8") {
		t.Fatalf("stats -table: exit %d, %q", code, out)
	}
	code, _, errOut = slidetable(t, "", "stats", "-table", path, "2x2")
	if code != exitUsage || !strings.Contains(errOut, path+", a table to the goal 0 1 2/3 4 5/6 7 8, answers 3x3 in single-tile moves, not 2x2") {
		t.Fatalf("stats -table of the wrong size: exit %d, %q", code, errOut)
	}
	svg := filepath.Join(dir, "goal.svg")
	code, out, errOut = slidetable(t, "", "plot", "-table", path, "-o", svg, "3x3")
	if code != 0 || out != "wrote "+svg+"\n" {
		t.Fatalf("plot -table: exit %d, %q, %q", code, out, errOut)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	// Without -q but with stderr not a terminal, there is no progress bar.
	code, out, errOut = slidetable(t, "", "build", "-o", filepath.Join(dir, "2x3.tbl"), "2x3")
	if code != 0 || errOut != "" || strings.Count(out, "\n") != 1 {
		t.Fatalf("build to a redirected stderr: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// With a progress bar, stderr carries it and stdout only the result.
	forceTerminal = true
	defer func() { forceTerminal = false }()
	code, out, errOut = slidetable(t, "", "build", "-o", filepath.Join(dir, "2x3.tbl"), "2x3")
	if code != 0 || errOut == "" || strings.Count(out, "\n") != 1 {
		t.Fatalf("build with progress: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "Usage:"},
		{[]string{"help"}, 0, "Commands:"},
		{[]string{"help", "distance"}, 0, "usage: slidetable distance"},
		{[]string{"help", "nosuch"}, 2, `unknown command "nosuch"`},
		{[]string{"help", "help"}, 0, "usage: slidetable help [COMMAND]"},
		{[]string{"distance", "-timeout", "10", "3x3", "1 2 3/4 5 6/7 8 0"}, 2, "a duration needs a unit, such as 10s"},
		{[]string{"distance", "-timeout", "NaN", "3x3", "1 2 3/4 5 6/7 8 0"}, 2, "not a duration (such as 10s"},
		{[]string{"distance", "-timeout", "soon", "3x3", "1 2 3/4 5 6/7 8 0"}, 2, "not a duration (such as 10s"},
		{[]string{"levels", "-max", "x", "3x3"}, 2, `invalid value "x" for flag -max: not a whole number`},
		{[]string{"plot", "-o", "missing/dir/x.svg", "3x3"}, 1, "the folder missing/dir does not exist"},
		{[]string{"version"}, 0, fmt.Sprintf("table format: versions 1 to %d, before the container", table.FormatVersion)},
		{[]string{"version"}, 0, fmt.Sprintf("pattern database format: versions 1 to %d, before the container", pdb.FormatVersion)},
		{[]string{"version"}, 0, fmt.Sprintf("file container: version %d (tables, pattern databases, abstraction tiers)", container.Version)},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"distance", "3x3"}, 2, "missing board"},
		{[]string{"distance", "3x3", "1 2 3/4 5 6/7 7 0"}, 2, "tile 7 appears twice"},
		{[]string{"stats", "4x3"}, 2, "no table for 4x3 is built in"},
		{[]string{"stats", "5x5"}, 2, "5x5 has too many boards for a table"},
		{[]string{"levels", "-min", "-3", "-max", "2", "3x3"}, 2, "want 0 <= min <= max"},
		{[]string{"levels", "-min", "40", "-max", "50", "3x3"}, 2, "slidetable levels: -min 40: no boards at these distances: 40: no 3x3 board is more than 31 moves from the goal"},
		{[]string{"build", "-q", "-max-mem", "1M", "-o", "new.pdb", "4x4"}, 2, "need 1.6 GB, the limit is 1 MB"},
		{[]string{"build", "-q", "-max-mem", "1M", "-o", "new.tbl", "3x3"}, 2, "needs"},
		{[]string{"distance", "-nope", "3x3"}, 2, "flag provided but not defined"},
		{[]string{"stats", "/does/not/exist.tbl"}, 1, "no such file"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errOut := slidetable(t, "", tc.args...)
			out := errOut
			if tc.code == 0 {
				_, out, _ = slidetable(t, "", tc.args...)
			}
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d, output %q; want exit %d and %q", code, out, tc.code, tc.want)
			}
		})
	}
}

// TestMistypedFlag requires a mistyped flag to be reported once, with the
// usage line and not the whole manual.
func TestMistypedFlag(t *testing.T) {
	t.Parallel()
	code, out, errOut := slidetable(t, "", "distance", "-nope", "3x3", "1 2 3/4 5 6/7 8 0")
	want := "slidetable distance: flag provided but not defined: -nope\nusage: slidetable distance"
	if code != exitUsage || out != "" || !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 2 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 and two lines starting %q", code, out, errOut, want)
	}
}

// TestHelpOutput requires 'help COMMAND' on stdout and -h on stderr, with
// the same manual.
func TestHelpOutput(t *testing.T) {
	t.Parallel()
	code, help, errOut := slidetable(t, "", "help", "build")
	if code != 0 || errOut != "" || !strings.Contains(help, "-workers") {
		t.Fatalf("help build: exit %d, stdout %q, stderr %q", code, help, errOut)
	}
	code, out, dashH := slidetable(t, "", "build", "-h")
	if code != 0 || out != "" || dashH != help {
		t.Fatalf("build -h: exit %d, stdout %q, stderr %q; want the manual of help build on stderr", code, out, dashH)
	}
}

// TestInterrupted runs commands whose context is already cancelled, as
// after Ctrl-C: one line saying so, exit 1.
func TestInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{{"gen", "-n", "100000", "3x3"}, {"verify", "2x5"}, {"coverage", "-n", "1000", "3x2"}} {
		var stdout, stderr bytes.Buffer
		code := run(ctx, args, strings.NewReader(""), &stdout, &stderr)
		want := "slidetable " + args[0] + ": interrupted\n"
		if code != exitFailure || stderr.String() != want {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", args, code, stderr.String(), want)
		}
	}
}

// TestUsageLinesListEveryFlag requires every flag a command's manual
// describes to appear in its usage line, in brackets unless it is
// required (web -o DIR).
func TestUsageLinesListEveryFlag(t *testing.T) {
	t.Parallel()
	flagLine := regexp.MustCompile(`(?m)^  -([a-z-]+)`)
	for _, c := range commands {
		code, help, _ := slidetable(t, "", "help", c.name)
		if code != 0 {
			t.Fatalf("help %s: exit %d", c.name, code)
		}
		usage, _, _ := strings.Cut(help, "\n")
		for _, m := range flagLine.FindAllStringSubmatch(help, -1) {
			if !regexp.MustCompile(`[\[ ]-`+m[1]+`\b`).MatchString(usage) && !strings.Contains(usage, "| -"+m[1]) {
				t.Errorf("%s: the usage line does not list -%s: %s", c.name, m[1], usage)
			}
		}
	}
}

// TestCoverageFails requires a failed coverage test to exit 1, its report
// on stdout saying why, as verify does on a mismatch.
func TestCoverageFails(t *testing.T) {
	t.Parallel()
	code, out, errOut := slidetable(t, "", "coverage", "-method", "walk", "-k", "1", "-n", "3600", "-seed", "1", "3x2")
	if code != exitFailure || !strings.Contains(out, "fail: not uniform") || errOut != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 and the failing report", code, out, errOut)
	}
	code, out, _ = slidetable(t, "", "coverage", "-n", "3600", "-seed", "1", "3x2")
	if code != 0 || !strings.Contains(out, "pass") {
		t.Fatalf("uniform draws: exit %d, stdout %q", code, out)
	}
}

// TestGoalFlag checks -goal on the commands that draw or check boards
// without a table of that goal: the boards gen draws reach the goal, by
// the parity rule, and verify searches for the goal's table.
func TestGoalFlag(t *testing.T) {
	t.Parallel()
	const goal = "0 1 2/3 4 5/6 7 8"
	for _, method := range []string{"uniform", "walk"} {
		code, out, errOut := slidetable(t, "", "gen", "-method", method, "-goal", goal, "-n", "50", "-seed", "1", "3x3")
		if code != 0 {
			t.Fatalf("gen -method %s -goal: exit %d: %s", method, code, errOut)
		}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			b, _, _ := strings.Cut(line, "  moves:")
			code, ok, _ := slidetable(t, "", "solvable", "-goal", goal, "3x3", b)
			if code != 0 || ok != "true\n" {
				t.Fatalf("gen -method %s -goal drew %q, which cannot reach the goal (%d %q)", method, b, code, ok)
			}
		}
	}
	code, out, errOut := slidetable(t, "", "verify", "-goal", goal, "3x3")
	if code != 0 || !strings.Contains(out, "mismatches: 0") {
		t.Fatalf("verify -goal: exit %d, %q, %q", code, out, errOut)
	}
	code, _, errOut = slidetable(t, "", "coverage", "-goal", "1 2 3", "-n", "3600", "-seed", "1", "3x3")
	if code != exitUsage || !strings.Contains(errOut, "-goal: ") {
		t.Fatalf("coverage with a malformed -goal: exit %d, %q", code, errOut)
	}
}

// TestJSONRules checks the rules every -json object follows: the size of
// its boards as "WxH", their goal only when it is not the standard one, and
// values that do not apply left out, never null.
func TestJSONRules(t *testing.T) {
	t.Parallel()
	const goal = "0 1 2/3 4 5/6 7 8"
	for _, tc := range []struct {
		args       []string
		goal       bool     // the object names the goal
		want, none []string // keys it must and must not have
	}{
		{[]string{"solvable", "-json", "3x3", "1 2 3/4 5 6/7 8 0"}, false, []string{"board", "solvable"}, nil},
		{[]string{"solvable", "-json", "-goal", goal, "3x3", "1 2 3/4 5 6/7 8 0"}, true, []string{"board", "solvable"}, nil},
		{[]string{"verify", "-json", "-goal", goal, "3x3"}, true, []string{"permutations", "mismatches"}, []string{"first"}},
		{[]string{"gen", "-json", "-seed", "1", "3x3"}, false, []string{"board"}, []string{"moves"}},
		{[]string{"gen", "-json", "-method", "walk", "-k", "0", "-goal", goal, "3x3"}, true, []string{"board", "moves"}, nil},
		{[]string{"coverage", "-json", "-n", "100", "-seed", "1", "2x2"}, false, []string{"method", "p"}, []string{"k", "no_undo"}},
		{[]string{"coverage", "-json", "-method", "walk", "-n", "100", "-seed", "1", "2x2"}, false, []string{"k", "no_undo"}, nil},
		{[]string{"levels", "-json", "-min", "31", "3x3"}, false, []string{"board", "distance"}, nil},
		{[]string{"distance", "-json", "3x3", "1 2 3/4 5 6/8 7 0"}, false, []string{"board", "solvable"}, []string{"distance"}},
		{[]string{"solve", "-json", "3x3", "1 2 3/4 5 6/7 8 0"}, false, []string{"distance", "moves"}, nil},
		{[]string{"hint", "-json", "3x3", "1 2 3/4 5 6/8 7 0"}, false, []string{"solvable"}, []string{"distance", "moves"}},
		{[]string{"stats", "-json", "2x2"}, false, []string{"states", "counts", "hardest"}, nil},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := slidetable(t, "", tc.args...)
			if code != 0 && code != exitFailure {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			line, _, _ := strings.Cut(out, "\n")
			var obj map[string]json.RawMessage
			if err := json.Unmarshal([]byte(line), &obj); err != nil {
				t.Fatalf("%v: %s", err, line)
			}
			size := tc.args[len(tc.args)-1]
			if _, err := board.ParseSize(size); err != nil {
				size = tc.args[len(tc.args)-2]
			}
			if got := string(obj["size"]); got != `"`+size+`"` {
				t.Errorf("size %s, want %q: %s", got, size, line)
			}
			if _, ok := obj["goal"]; ok != tc.goal {
				t.Errorf("goal present: %v, want %v: %s", ok, tc.goal, line)
			}
			for _, k := range tc.want {
				if _, ok := obj[k]; !ok {
					t.Errorf("no %q: %s", k, line)
				}
			}
			for _, k := range tc.none {
				if _, ok := obj[k]; ok {
					t.Errorf("%q present: %s", k, line)
				}
			}
			for k, v := range obj {
				if string(v) == "null" {
					t.Errorf("%q is null: %s", k, line)
				}
			}
		})
	}
}

// TestManualMatchesUsage requires the manual (doc.go) to show each
// command with the usage line the command prints, and in the order of
// commands.
func TestManualMatchesUsage(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	last := -1
	for _, c := range commands {
		_, help, _ := slidetable(t, "", "help", c.name)
		usage, _, _ := strings.Cut(help, "\n")
		line := "//\t" + strings.TrimPrefix(usage, "usage: slidetable ") + "\n"
		at := strings.Index(string(doc), line)
		if at < 0 {
			t.Errorf("the manual does not show %s as %q", c.name, line)
			continue
		}
		if at < last {
			t.Errorf("the manual shows %s out of the order of commands", c.name)
		}
		last = at
	}
}

// TestGoalSolverCommands checks -goal on the commands that ask the solver
// against a table of that goal built here: distance, solve, hint and levels
// measure to the goal given, and say so in their JSON.
func TestGoalSolverCommands(t *testing.T) {
	t.Parallel()
	size := board.Size{W: 3, H: 3}
	goal := board.MustParse(size, "0 1 2/3 4 5/6 7 8")
	tbl, err := table.Build(context.Background(), goal, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"1 0 2/3 4 5/6 7 8", "8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/7 8 0"} {
		b := board.MustParse(size, text)
		want, err := tbl.Distance(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"distance", "solve", "hint"} {
			code, out, errOut := slidetable(t, "", cmd, "-json", "-goal", goal.String(), "3x3", text)
			var got struct {
				Goal     []int
				Distance int
				Moves    []int
			}
			if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
				t.Fatalf("%s -goal: exit %d, %q, %q", cmd, code, out, errOut)
			}
			if got.Distance != want || len(got.Goal) != 9 || got.Goal[0] != 0 {
				t.Errorf("%s -goal %s: %s; want distance %d and the goal", cmd, text, out, want)
			}
			if cmd == "solve" {
				moves := make([]uint8, len(got.Moves))
				for i, m := range got.Moves {
					moves[i] = uint8(m)
				}
				if end, err := b.Apply(moves...); err != nil || end != goal || len(moves) != want {
					t.Errorf("solve -goal %s: %v does not reach the goal in %d moves", text, got.Moves, want)
				}
			}
		}
	}
	code, out, errOut := slidetable(t, "", "levels", "-json", "-goal", goal.String(), "-min", "28", "-max", "30", "-n", "3", "-seed", "1", "3x3")
	if code != 0 {
		t.Fatalf("levels -goal: exit %d: %s", code, errOut)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.Contains(line, `"accepted"`) {
			continue // the summary that ends levels found by search
		}
		var lv struct {
			Goal     []int
			Board    []int
			Distance int
		}
		if err := json.Unmarshal([]byte(line), &lv); err != nil || len(lv.Goal) != 9 {
			t.Fatalf("levels -goal: %q (%v)", line, err)
		}
		cells := make([]uint8, len(lv.Board))
		for i, c := range lv.Board {
			cells[i] = uint8(c)
		}
		b, err := board.New(size, cells)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := tbl.Distance(b); err != nil || d != lv.Distance || d < 28 || d > 30 {
			t.Errorf("levels -goal: %s is %d moves from the goal, not %d", line, d, lv.Distance)
		}
	}
}

// TestHelpDefaults checks that no flag's help says its default twice, in
// words and as the flag package's "(default ...)".
func TestHelpDefaults(t *testing.T) {
	t.Parallel()
	for _, c := range commands {
		_, help, _ := slidetable(t, "", "help", c.name)
		for _, line := range strings.Split(help, "\n") {
			if strings.Count(line, "(default") > 1 {
				t.Errorf("help %s: %q says its default twice", c.name, strings.TrimSpace(line))
			}
		}
	}
}

// TestLevelsQuiet checks that levels -q prints the boards and nothing on
// stderr: no progress bar, no histogram.
func TestLevelsQuiet(t *testing.T) {
	t.Parallel()
	code, out, stderr := slidetable(t, "", "levels", "-q", "-min", "44", "-max", "46", "-n", "2", "-seed", "1", "4x4")
	if code != 0 || strings.Count(out, "\n") != 2 || stderr != "" {
		t.Fatalf("levels -q: exit %d, stdout %q, stderr %q; want 2 boards and nothing on stderr", code, out, stderr)
	}
}

// TestTableFolder checks the one rule for a path that names a folder where
// a file is wanted: every command refuses it as a usage mistake (exit 2),
// naming it.
func TestTableFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	goal := "1 2 3/4 5 6/7 8 0"
	for _, args := range [][]string{
		{"distance", "-table", dir, "3x3", goal},
		{"solve", "-table", dir, "3x3", goal},
		{"hint", "-table", dir, "3x3", goal},
		{"levels", "-table", dir, "3x3"},
		{"stats", "-table", dir, "3x3"},
		{"stats", dir},
		{"verify", "-table", dir, "3x3"},
		{"plot", "-table", dir, "3x3"},
		{"coverage", "-table", dir, "-n", "10", "4x4"},
		{"build", "-q", "-o", dir, "2x2"},
		{"serve", "-q", "-table", dir},
	} {
		code, _, stderr := slidetable(t, "", args...)
		if code != exitUsage || !strings.Contains(stderr, dir+" is a directory") {
			t.Errorf("%v: exit %d, %q; want %d naming the directory", args, code, stderr, exitUsage)
		}
	}
}
