package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
)

// packSeed is the seed of a pack when -seed is not given: a pack is made
// the same every time.
const packSeed = 1

// packLevels prints the level pack of size (levels -pack), one JSON object
// a line: -n boards at each distance from -min (at least 1) to -max, whose
// default is game.MakePack's: the table's largest distance, or for a size
// without a table the largest level a game offers (with the published
// boards at the largest distance, 80 moves of 4x4) or, in multi-tile
// moves, 39.
func packLevels(ctx context.Context, e *env, lf *levelsFlags, size board.Size) error {
	f := lf.f
	var bad string
	f.Visit(func(fl *flag.Flag) {
		if fl.Name == "goal" || fl.Name == "json" {
			bad = fl.Name
		}
	})
	if bad != "" {
		return f.failf("-%s does not apply to -pack, which prints JSON for the standard goal", bad)
	}
	mode := game.Auto
	switch *lf.modeName {
	case "auto":
	case "filter":
		mode = game.Filter
	default:
		return f.failf("-mode %q: -pack draws in mode auto, or filter for uniform boards at distances too rare for auto", clip(*lf.modeName))
	}
	if err := f.intFlag("n", *lf.n, 1, maxCount, "a number of boards"); err != nil {
		return err
	}
	lo, hi := max(*lf.lo, 1), lf.hi.v
	if *lf.lo < 0 || lf.hi.set && hi < lo {
		return f.failf("-min %d -max %d: want 0 <= min <= max", *lf.lo, hi)
	}
	if err := f.maxDistanceRange(size, lo); err != nil {
		return err
	}
	lp, _, err := lf.puzzle(ctx, size)
	if err != nil {
		return err
	}
	ctx, cancel := lf.sf.context(ctx)
	defer cancel()
	seed := uint64(packSeed)
	if lf.seed.set {
		seed = lf.seed.seed
	}
	var bar *progress // of the distances done, from the first done on
	opts := &game.PackOptions{Min: lo, Max: hi, PerDistance: *lf.n, Seed: seed, Mode: mode,
		Progress: func(done, total int) {
			if bar == nil {
				bar = progressBar(e, *lf.quiet, int64(total), fmt.Sprintf("pack %s %s, distances", size, f.metric))
			}
			if bar != nil {
				bar.Set(done)
			}
		}}
	pack, err := game.MakePack(ctx, lp, opts)
	if bar != nil {
		bar.Finish()
	}
	w := bufio.NewWriter(e.stdout)
	enc := json.NewEncoder(w)
	for _, entry := range pack {
		if werr := enc.Encode(entry); werr != nil {
			return werr
		}
	}
	if werr := w.Flush(); werr != nil {
		return werr
	}
	if err != nil {
		return lf.sf.stopped(err, fmt.Sprintf("after %d boards of the pack", len(pack)))
	}
	return nil
}
