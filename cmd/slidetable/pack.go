package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
)

// packSeed is the seed of a pack when -seed is not given: a pack is made
// the same every time.
const packSeed = 1

// packLevels prints the level pack of size (levels -pack), one JSON object
// a line as each board gets its solution: -n boards at each distance from
// -min (at least 1) to -max (and, without -n, every published board at the
// largest distance), whose default is game.MakePack's: the table's largest
// distance, or for a size without a table the largest level a game offers
// (with the published boards at the largest distance, 80 moves of 4x4)
// or, in multi-tile moves, 39 (38 in auto mode). What game.PlanPack cannot
// draw (boards far too rare for uniform draws, which random walks do not
// reach either) is refused before any board is drawn, saying how rare;
// distances drawn uniformly that are rare are said on stderr, with the
// boards expected to be solved.
func packLevels(ctx context.Context, e *env, lf *levelsFlags, size board.Size) error {
	f := lf.f
	var bad string
	perSet := false
	f.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "goal", "json":
			bad = fl.Name
		case "n":
			perSet = true
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
	opts := &game.PackOptions{Min: lo, Max: hi, Seed: seed, Mode: mode}
	if perSet {
		opts.PerDistance = *lf.n
	}
	plan, err := game.PlanPack(ctx, lp, opts)
	if err != nil {
		return lf.packRefused(err)
	}
	lf.packNotes(ctx, e, lp, opts, plan)
	w := bufio.NewWriter(e.stdout)
	enc := json.NewEncoder(w)
	var werr error
	opts.Found = func(entry game.PackEntry) {
		if werr == nil {
			if werr = enc.Encode(entry); werr == nil {
				werr = w.Flush()
			}
		}
	}
	var bar *progress // of the distances done, from the first done on
	opts.Progress = func(done, total int) {
		if bar == nil {
			bar = progressBar(e, *lf.quiet, int64(total), fmt.Sprintf("pack %s %s, distances", size, f.metric))
		}
		if bar != nil {
			bar.Set(done)
		}
	}
	pack, err := game.MakePack(ctx, lp, opts)
	if bar != nil {
		bar.Finish()
	}
	if werr != nil {
		return werr
	}
	if err != nil {
		return lf.sf.stopped(err, fmt.Sprintf("after %d boards of the pack", len(pack)))
	}
	return nil
}

// packRefused says why game.PlanPack refuses a pack: boards at a distance
// too rare to draw, as plain levels says it, with what would draw them;
// or the failure of what it asked.
func (lf *levelsFlags) packRefused(err error) error {
	f := lf.f
	var ue *game.UniformError
	if !errors.As(err, &ue) {
		if errors.Is(err, game.ErrRange) {
			return f.fail(err)
		}
		return lf.sf.stopped(memoryError(err), "")
	}
	how := rarity(ue.Size, ue.Min, ue.Max, ue.Rarity)
	walks := "random walks from the goal reach them no more often"
	leave := "leave them out with a smaller -min and -max"
	if ue.Min > max(*lf.lo, 1) {
		leave = fmt.Sprintf("leave them out with -max %d", ue.Min-1)
	}
	if ue.Reason == game.Hopeless {
		return f.failf("%s: about %s boards would have to be solved for %d, which cannot finish, and %s; %s", how, roughCount(ue.Solves), *lf.n, walks, leave)
	}
	return f.failf("%s, too rare to draw uniformly, and %s; %s, or use -mode filter to draw uniform boards anyway (about %s boards solved for %d)",
		how, walks, leave, roughCount(float64(*lf.n)/ue.Rarity.Fraction), *lf.n)
}

// packNotes says on stderr where the pack plan draws uniform boards at
// a rare distance (-mode filter), with the boards expected to be solved,
// and where its default range stops short of the one -mode filter draws.
func (lf *levelsFlags) packNotes(ctx context.Context, e *env, p game.Puzzle, opts *game.PackOptions, plan []game.PackStep) {
	size := p.Goal.Size()
	for _, step := range plan {
		if step.How == game.Solved && step.RarityKnown && step.Rarity.Rare() {
			fmt.Fprintf(e.stderr, "slidetable levels: %s; expect to solve about %s boards for the %d kept\n",
				rarity(size, step.Distance, step.Distance, step.Rarity), roughCount(float64(step.N)/step.Rarity.Fraction), step.N)
		}
	}
	if lf.hi.set || opts.Mode != game.Auto || p.Table != nil {
		return // the range asked for, or the table's
	}
	filter := *opts
	filter.Mode = game.Filter
	more, err := game.PlanPack(ctx, p, &filter)
	if last := plan[len(plan)-1].Distance; err == nil && more[len(more)-1].Distance > last {
		fmt.Fprintf(e.stderr, "slidetable levels: the pack stops at %d moves: boards farther away are too rare for -mode auto, and -mode filter -min %d draws them\n", last, last+1)
	}
}
