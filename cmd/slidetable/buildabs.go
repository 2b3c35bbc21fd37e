package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/slidetable/slidetable/failure"
	"os"
	"time"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/source"
)

// buildAbstraction builds the abstraction tier of the 4x4 in the
// multi-tile metric (abstraction.Large4x4, the classings of the one size
// source.BuildKind has a tier for) and writes it to req's file.
func buildAbstraction(ctx context.Context, e *env, req *buildRequest) error {
	f, size, path := req.f, req.goal.Size(), req.path
	classings := abstraction.Large4x4()
	opts := &abstraction.Options{Workers: req.workers, MaxMemory: req.limit}
	var total, before uint64
	for _, c := range classings {
		total += c.Arrangements()
	}
	var bar *progress
	part := 0
	opts.Progress = func(p abstraction.Progress) {
		if testHook != nil {
			testHook(ctx, "search")
		}
		if p.Part != part {
			before += classings[part].Arrangements()
			part = p.Part
		}
		if !req.quiet {
			if bar == nil {
				bar = newProgress(e.stderr, int64(total), "building "+size.String())
			}
			bar.Describe(fmt.Sprintf("building %s, classing %d of %d, depth %d", size, p.Part+1, len(classings), p.Depth))
			bar.Set64(int64(before + p.Visited))
		}
	}
	start := time.Now()
	db, err := abstraction.Build(ctx, classings, opts)
	if bar != nil {
		bar.Finish()
	}
	if errors.Is(err, failure.Memory) {
		return f.fail(fmt.Errorf("%w; raise -max-mem to allow more", err))
	}
	if err != nil {
		return interrupted(err, path)
	}
	built := time.Since(start)
	if testHook != nil {
		testHook(ctx, "write")
	}
	if req.toStdout {
		if _, err := db.WriteTo(e.stdout); err != nil {
			return fmt.Errorf("write the abstraction database to standard output: %w", err)
		}
		return nil
	}
	sum, err := abstraction.WriteFile(ctx, path, db)
	if err != nil {
		return interrupted(err, path)
	}
	f.record(sum, source.Abstraction, path, size)
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %s: %s abstraction database in multi-tile moves, %d classings of %s arrangements; %s, built in %s\n",
		path, size, len(classings), human.Group(total), human.Bytes(uint64(fi.Size())), built.Round(time.Millisecond))
	return nil
}
