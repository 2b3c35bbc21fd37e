package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"github.com/slidetable/slidetable/failure"
	"os"
	"path/filepath"
	"time"

	"github.com/slidetable/slidetable/internal/human"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

func runBuild(ctx context.Context, e *env, args []string) error {
	req, err := buildFlags(e, args)
	if err != nil {
		return err
	}
	switch req.kind {
	case source.Abstraction:
		return buildAbstraction(ctx, e, req)
	case source.PDB:
		return buildPDB(ctx, e, req)
	}
	return buildTable(ctx, e, req)
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
			"the exact distances of the boards' arrangements in two classings of the\n"+
			"tiles, lower bounds that make the optimal search fast (a 202 MB file).",
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
		return fmt.Errorf("-install: no folder to install to: set %s, or give -o FILE", cacheEnv)
	case err != nil:
		return err
	}
	if err := f.outputFile("install", path); err != nil {
		return err
	}
	req.path = path
	return os.MkdirAll(filepath.Dir(path), 0o755)
}

// buildTable builds the table of req's goal, with a progress bar on
// stderr, writes it and says what it wrote.
func buildTable(ctx context.Context, e *env, req *buildRequest) error {
	f, size, path := req.f, req.goal.Size(), req.path
	opts := &bfs.Options{Workers: req.workers, MaxMemory: req.limit, Metric: f.metric}
	showProgress := !req.quiet
	var bar *progress
	opts.Progress = func(p bfs.Progress) {
		if testHook != nil {
			testHook(ctx, "search")
		}
		if showProgress {
			if bar == nil {
				bar = newProgress(e.stderr, int64(p.Slots), "building "+size.String())
			}
			bar.Describe(fmt.Sprintf("building %s, depth %d", size, p.Depth))
			bar.Set64(int64(p.Visited))
		}
	}
	start := time.Now()
	res, err := table.Search(ctx, req.goal, opts)
	if bar != nil {
		bar.Finish()
	}
	if errors.Is(err, bfs.ErrMemory) {
		err = fmt.Errorf("%w; raise -max-mem to allow more", err)
	}
	if err != nil {
		return buildError(f, interrupted(err, path))
	}
	built := time.Since(start)
	if testHook != nil {
		testHook(ctx, "write")
	}
	written, err := writeTable(ctx, e, req, res)
	if err != nil {
		return err
	}
	report := e.stdout
	if req.toStdout {
		if req.quiet {
			return nil
		}
		report = e.stderr // stdout holds the table
	}
	in := ""
	if res.Metric == board.MultiTile {
		in = " in multi-tile moves"
	}
	fmt.Fprintf(report, "wrote %s: %s, %s boards reach %s, God's number %d%s; %s, built in %s\n",
		path, size, human.Group(res.Reachable()), goalName(req.goal), res.Max(), in, human.Bytes(written), built.Round(time.Millisecond))
	return nil
}

// writeTable writes the table a search found to req's file or standard
// output, without making a Table, and returns the bytes written; a file's
// proof is recorded.
func writeTable(ctx context.Context, e *env, req *buildRequest, res *bfs.Result) (uint64, error) {
	if req.toStdout {
		w := bufio.NewWriterSize(e.stdout, 1<<20)
		n, err := table.WriteResult(ctx, w, res)
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			return 0, fmt.Errorf("write the table to standard output: %w", err)
		}
		return uint64(n), nil
	}
	sum, err := table.WriteResultFile(ctx, req.path, res)
	if err != nil {
		if errors.Is(err, table.ErrNotRegular) {
			return 0, req.f.fail(err) // became one while building
		}
		return 0, interrupted(err, req.path)
	}
	fi, err := os.Stat(req.path)
	if err != nil {
		return 0, err
	}
	req.f.record(sum, source.Table, req.path, res.Goal.Size())
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

func goalName(goal board.Board) string {
	if goal == board.Goal(goal.Size()) {
		return "the goal"
	}
	return "goal " + goal.String()
}

// buildPDB builds the pattern database of goal's size with its default
// partition and writes it to path.
func buildPDB(ctx context.Context, e *env, req *buildRequest) error {
	f, goal, path, toStdout, quiet := req.f, req.goal, req.path, req.toStdout, req.quiet
	size := goal.Size()
	groups := pdb.DefaultPartition(size)
	opts := &pdb.Options{Workers: req.workers, MaxMemory: req.limit}
	var total, done uint64
	for _, g := range groups {
		c, _ := rank.Placements(size.Cells(), len(g))
		total += c
	}
	var bar *progress
	group := -1
	var groupDone uint64
	opts.Progress = func(p pdb.Progress) {
		if testHook != nil {
			testHook(ctx, "search")
		}
		if p.Group != group {
			done += groupDone
			group = p.Group
		}
		groupDone = p.Placements
		if !quiet {
			if bar == nil {
				bar = newProgress(e.stderr, int64(total), "building "+size.String())
			}
			bar.Describe(fmt.Sprintf("building %s, group %d of %d, depth %d", size, p.Group+1, p.Groups, p.Depth))
			bar.Set64(int64(done + p.Placements))
		}
	}
	start := time.Now()
	db, err := pdb.Build(ctx, goal, groups, opts)
	if bar != nil {
		bar.Finish()
	}
	if errors.Is(err, pdb.ErrMemory) {
		err = fmt.Errorf("%w; raise -max-mem to allow more", err)
	}
	if err != nil {
		if errors.Is(err, pdb.ErrMemory) || errors.Is(err, pdb.ErrPartition) {
			return f.fail(err)
		}
		return interrupted(err, path)
	}
	built := time.Since(start)
	if testHook != nil {
		testHook(ctx, "write")
	}
	if toStdout {
		if _, err := db.WriteTo(e.stdout); err != nil {
			return fmt.Errorf("write the pattern database to standard output: %w", err)
		}
		return nil
	}
	sum, err := pdb.WriteFile(ctx, path, db)
	if err != nil {
		return interrupted(err, path)
	}
	f.record(sum, source.PDB, path, size)
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %s: %s pattern database to %s, groups %v; %s (%s in memory), built in %s\n",
		path, size, goalName(goal), db.Groups(), human.Bytes(uint64(fi.Size())), human.Bytes(db.Bytes()), built.Round(time.Millisecond))
	return nil
}
