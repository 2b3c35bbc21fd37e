//go:build ignore

// Near adds to a level pack the boards near its levels (levels.MakeNear),
// each with its distance, every optimal move and a solution, found with the
// abstraction tier or table named by -table; the pack's levels are kept as
// they are, byte for byte, and the near boards it held before replaced:
//
//	go run data/near.go -table 4x4-multi.abs -min 34 data/packs/4x4-multi.jsonl
//
// (see data/packs/README.md). It rewrites the pack in place, whole or not
// at all. The same pack always gives the same bytes, whatever -workers:
// a search finds the same solution and hints on any number of goroutines.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

func main() {
	tablePath := flag.String("table", "", "the file whose searches find the boards' hints (a large abstraction tier: slidetable build -metric multi -o FILE 4x4)")
	from := flag.Int("min", 34, "the least distance of the boards the pack knows that near boards are found around")
	moves := flag.Int("moves", levels.NearMoves, "how far around them, in moves (1 or 2)")
	workers := flag.Int("workers", 1, "boards solved at once")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run data/near.go -table FILE [-min D] [-moves 1|2] [-workers N] PACK.jsonl")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *tablePath == "" || *from < 0 || *from > 200 || *workers < 1 || *workers > 64 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, flag.Arg(0), *tablePath, *from, *moves, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "near:", err)
		os.Exit(1)
	}
}

// run adds the near boards to the pack at path.
func run(ctx context.Context, path, tablePath string, from, moves, workers int) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), ".jsonl"), "-multi")
	size, err := board.ParseSize(name)
	if err != nil {
		return fmt.Errorf("%s: the pack's name does not say its size: %w", path, err)
	}
	metric := board.SingleTile
	if strings.HasSuffix(path, "-multi.jsonl") {
		metric = board.MultiTile
	}
	entries, err := levels.ReadPack(bytes.NewReader(raw), size, metric)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	// The levels' lines, as they are.
	var kept bytes.Buffer
	var levelEntries []levels.PackEntry
	for i, line := range bytes.SplitAfter(raw, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if !entries[i].Near {
			kept.Write(line)
			levelEntries = append(levelEntries, entries[i])
		}
	}
	s, err := newSolver(tablePath, metric)
	if err != nil {
		return err
	}
	start := time.Now()
	near, err := levels.MakeNear(ctx, s, levelEntries, &levels.NearOptions{Min: from, Moves: moves, Workers: workers,
		Progress: func(done, total int) {
			if done%20 == 0 || done == total {
				el := time.Since(start)
				fmt.Fprintf(os.Stderr, "%d of %d boards in %s, %s to go\n", done, total, el.Round(time.Second),
					(el * time.Duration(total-done) / time.Duration(done)).Round(time.Second))
			}
		}})
	if err != nil {
		return err
	}
	err = atomicfile.Write(path, 0o644, func(f *os.File) error {
		w := bufio.NewWriter(f)
		w.Write(kept.Bytes())
		enc := json.NewEncoder(w)
		for _, e := range near {
			if err := enc.Encode(e); err != nil {
				return err
			}
		}
		return w.Flush()
	})
	if err == nil {
		fmt.Fprintf(os.Stderr, "%s: %d levels, %d boards near them, in %s\n", path, len(levelEntries), len(near), time.Since(start).Round(time.Second))
	}
	return err
}

// newSolver returns a solver in metric that answers with the file at path
// alone, proven (and its proof recorded) in the user's folder.
func newSolver(path string, metric board.Metric) (*solver.Solver, error) {
	opts := source.Options{UserDir: true, Metric: metric}
	src, err := source.NewResolver(&opts).Read(path)
	if err != nil {
		return nil, err
	}
	return solver.New(solver.WithMetric(metric),
		solver.WithCatalogOptions(source.CatalogOptions{Options: opts, Given: []*source.Source{src}, Strict: true}))
}
