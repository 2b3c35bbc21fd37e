package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// The build tests run the command in a child process, the test binary
// itself started again with helperEnv set: TestBuildHelper then runs the
// command as main does, with the real signal handling. helperStop names
// the build stage at which the child reports "stage NAME" on stderr and
// waits for its context to be cancelled, so that the parent can signal it
// there.
const (
	helperEnv   = "SLIDETABLE_TEST_BUILD_ARGS"
	helperStop  = "SLIDETABLE_TEST_BUILD_STOP"
	helperCache = "SLIDETABLE_TEST_BUILD_CACHE" // the child's $SLIDETABLE_CACHE, which TestMain sets
	helperFiles = "SLIDETABLE_TEST_BUILD_FILES" // the child's limit of open files, if set
)

func TestBuildHelper(t *testing.T) {
	argsJSON := os.Getenv(helperEnv)
	if argsJSON == "" {
		t.Skip("runs only as the child of the build tests")
	}
	var args []string
	if err := json.Unmarshal([]byte(argsJSON), &args); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(99)
	}
	if cache := os.Getenv(helperCache); cache != "" {
		os.Setenv(source.DirEnv, cache)
	}
	if files := os.Getenv(helperFiles); files != "" {
		if err := setFileLimit(files); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(99)
		}
	}
	if stop := os.Getenv(helperStop); stop != "" {
		testHook = func(ctx context.Context, stage string) {
			if stage != stop {
				return
			}
			fmt.Fprintf(os.Stderr, "stage %s\n", stage)
			select {
			case <-ctx.Done():
			case <-time.After(time.Minute):
				fmt.Fprintln(os.Stderr, "no signal came")
				os.Exit(98)
			}
		}
	}
	// As main does.
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	os.Exit(run(ctx, args, os.Stdin, os.Stdout, os.Stderr))
}

// child starts the command with args in a child process, stopping at the
// stage stop ("" for none). It returns the command, started, and its
// stderr as lines.
func child(t *testing.T, stop string, args ...string) (*exec.Cmd, *bufio.Scanner, *bytes.Buffer) {
	t.Helper()
	return childEnv(t, nil, stop, args...)
}

// childEnv is child with env added to the child's environment.
func childEnv(t *testing.T, env []string, stop string, args ...string) (*exec.Cmd, *bufio.Scanner, *bytes.Buffer) {
	t.Helper()
	argsJSON, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestBuildHelper$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), helperEnv+"="+string(argsJSON), helperStop+"="+stop), env...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, bufio.NewScanner(stderr), &stdout
}

// files returns the names in dir and the contents of its files.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range ents {
		if e.IsDir() {
			m[e.Name()] = "(directory)"
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = string(b)
	}
	return m
}

// TestBuildInterrupted signals a build during the search and just before
// writing, with SIGINT and SIGTERM, with and without a previous file at
// the destination: the command exits 1 saying it was interrupted, the
// previous file is as it was (or there is none), and nothing else is left
// in the directory.
func TestBuildInterrupted(t *testing.T) {
	for _, stage := range []string{"search", "write"} {
		for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
			for _, previous := range []bool{true, false} {
				name := fmt.Sprintf("%s/%v/previous=%v", stage, sig, previous)
				t.Run(name, func(t *testing.T) {
					dir := t.TempDir()
					dest := filepath.Join(dir, "3x2.tbl")
					before := map[string]string{}
					if previous {
						if err := os.WriteFile(dest, []byte("the previous table"), 0o644); err != nil {
							t.Fatal(err)
						}
						before = files(t, dir)
					}
					cmd, stderr, stdout := child(t, stage, "build", "-q", "-o", dest, "3x2")
					var rest strings.Builder
					reached := false
					for stderr.Scan() {
						line := stderr.Text()
						if line == "stage "+stage && !reached {
							reached = true
							if err := cmd.Process.Signal(sig); err != nil {
								t.Fatal(err)
							}
							continue
						}
						rest.WriteString(line + "\n")
					}
					err := cmd.Wait()
					if !reached {
						t.Fatalf("the build never reached stage %s: %v\n%s", stage, err, rest.String())
					}
					var exit *exec.ExitError
					if !errors.As(err, &exit) || exit.ExitCode() != exitFailure {
						t.Fatalf("exit: %v, want status %d; stderr:\n%s", err, exitFailure, rest.String())
					}
					if want := "slidetable build: interrupted; " + dest + " not written"; !strings.Contains(rest.String(), want) {
						t.Errorf("stderr does not say %q:\n%s", want, rest.String())
					}
					if stdout.Len() != 0 {
						t.Errorf("stdout: %s", stdout)
					}
					if got := files(t, dir); fmt.Sprint(got) != fmt.Sprint(before) {
						t.Errorf("directory holds %q after the interrupted build, want %q", keys(got), keys(before))
					}
				})
			}
		}
	}
}

func keys(m map[string]string) []string {
	var k []string
	for name := range m {
		k = append(k, name)
	}
	return k
}

// TestBuildInterruptedAnytime signals real builds, without stopping them,
// at fractions of the time an uninterrupted build takes: whenever the
// signal lands, the build either completes (exit 0, a good table at the
// destination) or fails leaving the previous file as it was; never a
// partial file or a temporary one, and never a failure after the file was
// replaced. TestBuildInterrupted stops builds at
// chosen stages; this one checks that no moment is unsafe.
func TestBuildInterruptedAnytime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds eight tables in child processes")
	}
	build := func(delay time.Duration) (map[string]string, string, string, error) {
		dir := t.TempDir()
		dest := filepath.Join(dir, "4x2.tbl")
		if err := os.WriteFile(dest, []byte("the previous table"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd, stderr, _ := child(t, "", "build", "-q", "-o", dest, "4x2")
		if delay >= 0 {
			time.Sleep(delay)
			cmd.Process.Signal(os.Interrupt)
		}
		var msgs strings.Builder
		for stderr.Scan() {
			msgs.WriteString(stderr.Text() + "\n")
		}
		err := cmd.Wait()
		return files(t, dir), dest, msgs.String(), err
	}

	start := time.Now()
	if _, dest, msgs, err := build(-1); err != nil {
		t.Fatalf("uninterrupted build: %v\n%s", err, msgs)
	} else if _, err := table.Open(dest); err != nil {
		t.Fatal(err)
	}
	whole := time.Since(start)

	eighths := []int{1, 2, 3, 4, 5, 6, 7}
	var completed, interrupted int
	for _, k := range eighths {
		delay := whole * time.Duration(k) / 8
		got, dest, msgs, err := build(delay)
		if len(got) != 1 {
			t.Fatalf("signal after %v: directory holds %q", delay, keys(got))
		}
		if err == nil {
			completed++
			tb, err := table.Open(dest)
			if err != nil {
				t.Fatalf("signal after %v: the build succeeded, but: %v", delay, err)
			}
			if tb.Size().String() != "4x2" {
				t.Fatalf("signal after %v: wrote a %v table", delay, tb.Size())
			}
			continue
		}
		interrupted++
		if got[filepath.Base(dest)] != "the previous table" {
			t.Fatalf("signal after %v: the build failed (%v; %s) and changed the previous file", delay, err, msgs)
		}
	}
	t.Logf("an uninterrupted build takes %v; of %d signalled, %d completed, %d were interrupted", whole, len(eighths), completed, interrupted)
}

// TestBuildWriteErrors builds into places that cannot be written: exit 1,
// a message naming the path, and nothing left behind.
func TestBuildWriteErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(dir, "ro")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		code       int
	}{
		{"missing directory", filepath.Join(dir, "missing", "2x2.tbl"), exitFailure},
		{"parent is a file", filepath.Join(file, "2x2.tbl"), exitFailure},
		{"destination is a directory", sub, exitUsage}, // refused before building
		{"read-only directory", filepath.Join(readOnly, "2x2.tbl"), exitFailure},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "read-only directory" {
				probe := filepath.Join(readOnly, "probe")
				if err := os.WriteFile(probe, nil, 0o644); err == nil {
					os.Remove(probe)
					t.Skip("a read-only directory is writable here (running as root?)")
				}
			}
			before := fmt.Sprint(files(t, dir), files(t, sub), files(t, readOnly))
			code, stdout, stderr := slidetable(t, "", "build", "-q", "-o", tc.path, "2x2")
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			if !strings.Contains(stderr, tc.path) || stdout != "" {
				t.Errorf("stderr %q does not name %s, or stdout %q is not empty", stderr, tc.path, stdout)
			}
			if after := fmt.Sprint(files(t, dir), files(t, sub), files(t, readOnly)); after != before {
				t.Errorf("the failed build left files behind: %s, was %s", after, before)
			}
		})
	}
}

// TestBuildToStdout builds with -o -: standard output holds the table file,
// the bytes this version writes of the built-in table, and nothing else.
func TestBuildToStdout(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := slidetable(t, "", "build", "-o", "-", "2x3")
	if code != exitOK {
		t.Fatalf("exit %d; stderr %q", code, stderr)
	}
	builtin, err := data.File(board.Size{W: 2, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.NewReader(bytes.NewReader(builtin), int64(len(builtin)))
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if _, err := tb.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	want := file.Bytes()
	if stdout != string(want) {
		t.Fatalf("stdout holds %d bytes, not the %d of the 2x3 table", len(stdout), len(want))
	}
	if !strings.Contains(stderr, "wrote standard output") {
		t.Errorf("stderr %q does not report the table", stderr)
	}
	if code, stdout, stderr = slidetable(t, "", "build", "-q", "-o", "-", "2x3"); code != exitOK || stderr != "" || len(stdout) != len(want) {
		t.Errorf("-q: exit %d, %d bytes, stderr %q", code, len(stdout), stderr)
	}
}
