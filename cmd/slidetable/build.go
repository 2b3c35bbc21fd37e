package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/source"
)

func runBuild(ctx context.Context, e *env, args []string) error {
	req, err := buildFlags(e, args)
	if err != nil {
		return err
	}
	return buildFile(ctx, e, req)
}

// buildRequest is what build was asked for, its flags checked.
type buildRequest struct {
	f        *flags
	goal     board.Board
	kind     source.Kind // what answers goal's boards in the metric (source.BuildKind)
	path     string      // the file to write, or "standard output"
	toStdout bool
	quiet    bool
	workers  int
	limit    uint64 // -max-mem
}

// buildFlags parses and checks build's flags and names the file to write.
func buildFlags(e *env, args []string) (*buildRequest, error) {
	f := newFlags(e, "build", "slidetable build [-o FILE|- | -install] [-metric single|multi] [-q] [-goal BOARD] [-max-mem SIZE] [-workers N] WxH",
		"Build the table of every board of size WxH that can reach the goal, with its\n"+
			"distance, and write it to FILE (default WxH.tbl) through a temporary file:\n"+
			"a build that fails or is interrupted (SIGINT, SIGTERM) leaves FILE as it was.\n"+
			"FILE must be a regular file or a new name; with -o - the table goes to\n"+
			"standard output.\n\n"+
			"Boards of more than 12 cells have too many boards for a table; for them the\n"+
			"command builds a pattern database (default WxH.pdb), lower bounds that make\n"+
			"the optimal search fast: for 4x4 the 7-8 partition of the tiles (about 4\n"+
			"minutes on two cores and 1.8 GB of memory at its peak; a 289 MB file, of\n"+
			"which a search reads only the blocks it touches). distance, solve, hint,\n"+
			"levels, coverage and serve use it when given with -table FILE.\n\n"+
			"With -install the file goes where every command finds it without -table:\n"+
			"WxH.tbl or WxH.pdb in slidetable in the user's cache directory\n"+
			"($XDG_CACHE_HOME or ~/.cache on Linux), or in $SLIDETABLE_CACHE if set.\n"+
			"A size with a built-in table (3x3, say) is refused: the built-in table\n"+
			"answers first, so nothing would read the file. The build records the\n"+
			"proof of the file it wrote there too, so that no command proves it again.\n\n"+
			"With -metric multi the table counts moves of the multi-tile metric, where\n"+
			"a tap slides every tile between the tapped one and the blank (default\n"+
			"WxH-multi.tbl; installed under that name). It goes up to 12 cells, and\n"+
			"for 4x4 builds an abstraction database instead (default 4x4-multi.abs):\n"+
			"the exact distances of the boards' arrangements in three classings of\n"+
			"the tiles, lower bounds that make the optimal search fast (a 303 MB file).",
		"  slidetable build 3x3\n  slidetable build -o 4x3.tbl 4x3\n  slidetable build -metric multi -install 4x3\n  slidetable build -o 4x4.pdb 4x4\n  slidetable build -metric multi 4x4\n  slidetable build -install 4x4\n  slidetable build -goal \"0 1 2/3 4 5/6 7 8\" -o blank-first.tbl 3x3\n")
	out := f.String("o", "", "write the table to `FILE` (default WxH.tbl, or WxH.pdb above 12 cells; - for standard output)")
	install := f.Bool("install", false, "write the file where every command finds it without -table (for the standard goal)")
	quiet := f.Bool("q", false, "no progress bar")
	goalFlag := addGoalFlag(f, "measure distances to this `BOARD` instead of the standard goal")
	f.addMemFlag()
	f.addMetricFlag()
	workers := f.Int("workers", 0, "search with `N` goroutines, 1 to 256 (default: one a core)")
	size, err := f.parseSize(args)
	if err != nil {
		return nil, err
	}
	goal, err := goalFlag.board(size)
	if err != nil {
		return nil, err
	}
	if err := f.intFlag("workers", *workers, 0, maxWorkers, "a number of goroutines (0: one a core)"); err != nil {
		return nil, err
	}
	kind, err := source.BuildKind(goal, f.metric)
	if err != nil {
		return nil, f.fail(err)
	}
	req := &buildRequest{f: f, goal: goal, kind: kind, quiet: *quiet, workers: *workers, limit: f.memory}
	f.quiet = *quiet
	switch {
	case *install && *out != "":
		return nil, f.failf("-install and -o exclude each other")
	case *install && goalFlag.set():
		return nil, f.failf("-install builds for the standard goal only; write a table of another goal with -o")
	case *install:
		return req, req.installPath()
	case *out == "-":
		req.path, req.toStdout = "standard output", true
		return req, nil
	case *out == "":
		*out = source.FileName(size, kind, f.metric)
	}
	req.path = *out
	return req, f.outputFile("o", req.path)
}

// installPath sets the path of a build -install: where package source
// looks for the size's file, which must be one that something reads.
func (req *buildRequest) installPath() error {
	f, size := req.f, req.goal.Size()
	path, err := f.resolver().InstallPath(size)
	switch {
	case errors.Is(err, source.ErrShadowed):
		return f.failf("-install %s: nothing would read it, as the built-in %s table answers first; nothing written", size, size)
	case errors.Is(err, source.ErrNoDir):
		return fmt.Errorf("-install: no folder to install to: set %s, or give -o FILE", source.DirEnv)
	case err != nil:
		return err
	}
	if err := f.outputFile("install", path); err != nil {
		return err
	}
	req.path = path
	return os.MkdirAll(filepath.Dir(path), 0o755)
}

// buildFile builds the file of req's goal (source.Build: a table, a
// pattern database or the 4x4 abstraction tier), with a progress bar on
// stderr, writes it and says what it wrote.
func buildFile(ctx context.Context, e *env, req *buildRequest) error {
	f, size, path := req.f, req.goal.Size(), req.path
	var bar *progress
	opts := &source.BuildOptions{Workers: req.workers, MaxMemory: req.limit, Progress: func(p source.BuildProgress) {
		if testHook != nil {
			testHook(ctx, "search")
		}
		if req.quiet {
			return
		}
		if bar == nil {
			bar = newProgress(e.stderr, int64(p.Total), "building "+size.String())
		}
		bar.Describe(fmt.Sprintf("building %s, %s", size, p.Stage))
		bar.Set64(int64(p.Done))
	}}
	start := time.Now()
	built, err := source.Build(ctx, req.goal, f.metric, opts)
	if bar != nil {
		bar.Finish()
	}
	if errors.Is(err, failure.Memory) {
		err = fmt.Errorf("%w; raise -max-mem to allow more", err)
	}
	if err != nil {
		return buildError(f, interrupted(err, path))
	}
	took := time.Since(start)
	if testHook != nil {
		testHook(ctx, "write")
	}
	written, err := writeBuilt(ctx, e, req, built)
	if err != nil {
		return err
	}
	report := e.stdout
	if req.toStdout {
		if req.quiet {
			return nil
		}
		report = e.stderr // stdout holds the file
	}
	fmt.Fprintf(report, "wrote %s: %s, built in %s\n", path, built.Describe(written), took.Round(time.Millisecond))
	return nil
}

// writeBuilt writes what a build made to req's file or standard output,
// and returns the bytes written; a file's proof is recorded.
func writeBuilt(ctx context.Context, e *env, req *buildRequest, built *source.Built) (uint64, error) {
	if req.toStdout {
		w := bufio.NewWriterSize(e.stdout, 1<<20)
		n, err := built.WriteTo(ctx, w)
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			return 0, fmt.Errorf("write the %s to standard output: %w", built.Kind, err)
		}
		return uint64(n), nil
	}
	sum, err := built.WriteFile(ctx, req.path)
	if err != nil {
		if errors.Is(err, source.ErrNotRegular) {
			return 0, req.f.fail(err) // became one while building
		}
		return 0, interrupted(err, req.path)
	}
	fi, err := os.Stat(req.path)
	if err != nil {
		return 0, err
	}
	req.f.record(sum, built.Kind, req.path, built.Goal.Size())
	return uint64(fi.Size()), nil
}

// record records the proof of the file of kind a build wrote to path,
// whose content hash as written is sum, so that no command proves it
// again (see package source). A failure to record costs only a proof
// later: it is a warning.
func (f *flags) record(sum [sha256.Size]byte, kind source.Kind, path string, size board.Size) {
	err := f.resolver().Record(sum, kind, size, path)
	if err != nil && !errors.Is(err, source.ErrNoDir) {
		fmt.Fprintf(f.stderr, "slidetable %s: warning: the proof of %s was not recorded: %s\n", f.name, path, clipWords(userMessage(err)))
	}
}

// testHook, set only by tests, is called with the build's context after
// each level of the search ("search") and before the table is written
// ("write"), so that a test can interrupt a build at either stage. Only
// the child process of the build tests sets it (TestBuildHelper, which
// runs alone there, with the real signal handling of main), so it keeps
// no test from running in parallel.
var testHook func(ctx context.Context, stage string)

// interrupted says that a build stopped by a signal left path as it was.
func interrupted(err error, path string) error {
	if errors.Is(err, context.Canceled) {
		return &interruptedError{msg: "interrupted; " + path + " not written"}
	}
	return err
}

// buildError turns a refusal to build into a usage error (exit 2): a
// failure of bad input, or a build larger than the memory allowed, which
// -max-mem can allow.
func buildError(f *flags, err error) error {
	if k := failure.KindOf(err); k == failure.Input || k == failure.Memory {
		return f.fail(err)
	}
	return err
}
