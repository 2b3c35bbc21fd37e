package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/levels"
)

func init() {
	register("levels", "print random boards whose exact distance is in a range", runLevels)
}

func runLevels(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "levels", "slidetable levels [-min A] [-max B] [-n N] [-seed S] [-mode auto|exact|filter|walk] [-table FILE] [-json] WxH",
		"Print N different boards drawn uniformly among those whose exact distance\n"+
			"from the goal is between A and B, with their distance, one a line. If fewer\n"+
			"than N boards qualify, print all of them, in random order, and say so on\n"+
			"stderr. The exact mode picks ranks among the qualifying boards and finds\n"+
			"them in one scan of the table; the filter mode keeps uniform random boards\n"+
			"that qualify; auto takes the one expected to be faster. Uses the built-in\n"+
			"table of the size or the table FILE.\n\n"+
			"For a size with neither (such as 4x4), or with -mode walk, the boards are\n"+
			"random walks from the goal kept when their exact distance, found by IDA*,\n"+
			"is in range: exact distances, but not uniform among the qualifying boards.\n"+
			"Then -max is required; on 4x4, distances up to about 45 take seconds.",
		"  slidetable levels -min 20 -max 22 -n 5 3x3\n  slidetable levels -min 31 -max 31 3x3\n  slidetable levels -min 30 -n 3 -seed 1 -json 4x2\n  slidetable levels -min 36 -max 36 -n 3 4x4\n")
	lo := f.Int("min", 0, "the smallest distance `A`")
	hi := f.Int("max", -1, "the largest distance `B` (default: the largest there is)")
	n := f.Int("n", 10, "print `N` boards")
	seed := addSeedFlag(f)
	modeName := f.String("mode", "auto", "draw by `MODE`: exact, filter, walk or auto")
	path := f.String("table", "", "use the table `FILE` instead of the built-in one")
	asJSON := f.Bool("json", false, `print {"board":[...],"distance":d} a line`)
	size, err := f.parseSize(args)
	if err != nil {
		return err
	}
	var mode levels.Mode
	walk := false
	switch *modeName {
	case "auto":
		mode = levels.Auto
	case "exact":
		mode = levels.Exact
	case "filter":
		mode = levels.Filter
	case "walk":
		walk = true
	default:
		return f.failf("-mode %q: want auto, exact, filter or walk", clip(*modeName))
	}
	if err := f.intFlag("n", *n, 1, maxCount, "a number of boards"); err != nil {
		return err
	}
	hiSet := false
	f.Visit(func(fl *flag.Flag) { hiSet = hiSet || fl.Name == "max" })
	_, noTable := data.File(size.W, size.H)
	if !walk && *path == "" && noTable != nil {
		if mode != levels.Auto {
			return f.failf("-mode %s needs a table, and none for %s is built in; pass -table FILE or use -mode walk", mode, size)
		}
		walk = true
		if !hiSet {
			return f.failf("no table for %s is built in: give -max, the largest distance wanted, to search by random walks, or pass -table FILE", size)
		}
		if err := f.maxDistanceRange(size, *lo); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "slidetable levels: no table for %s: the boards are random walks kept by their exact distance, not uniform among the boards at those distances\n", size)
	}
	if *lo < 0 || (hiSet && *hi < *lo) {
		return f.failf("-min %d -max %d: want 0 <= min <= max", *lo, *hi)
	}
	r, _ := seed.rand()
	var got []levels.Level
	if walk {
		if *path != "" {
			return f.failf("-mode walk uses no table; drop -table")
		}
		if !hiSet {
			return f.failf("give -max, the largest distance wanted, for -mode walk")
		}
		if err := f.maxDistanceRange(size, *lo); err != nil {
			return err
		}
		got, err = levels.Walks(ctx, r, board.Goal(size), *lo, *hi, *n)
		if errors.Is(err, levels.ErrNotFound) && len(got) > 0 {
			// Print what was found, as the table path does.
			fmt.Fprintf(e.stderr, "slidetable levels: random walks found only %s %s at distances %d..%d; printing %s\n",
				human.Group(uint64(len(got))), plural(len(got), "board", "boards"), *lo, *hi, plural(len(got), "it", "them"))
			err = nil
			*n = len(got)
		}
	} else {
		t, terr := f.loadTable(*path, size)
		if terr != nil {
			return terr
		}
		defer t.Close()
		if !hiSet {
			*hi = max(t.Max(), *lo)
		}
		got, err = levels.Sample(ctx, r, t, *lo, *hi, *n, &levels.Options{Mode: mode})
	}
	if errors.Is(err, levels.ErrRange) || errors.Is(err, levels.ErrNotFound) {
		return f.fail(err)
	}
	if err != nil {
		return err
	}
	if len(got) < *n {
		fmt.Fprintf(e.stderr, "slidetable levels: only %s %s at distances %d..%d; printing all of them\n",
			human.Group(uint64(len(got))), plural(len(got), "board is", "boards are"), *lo, *hi)
	}
	w := bufio.NewWriter(e.stdout)
	for _, lv := range got {
		if *asJSON {
			err = writeJSONLine(w, lv)
		} else {
			_, err = fmt.Fprintf(w, "%2d  %s\n", lv.Distance, lv.Board)
		}
		if err != nil {
			return err
		}
	}
	return w.Flush()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
