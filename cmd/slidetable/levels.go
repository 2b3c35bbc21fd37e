package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/slidetable/slidetable/levels"
)

func init() {
	register("levels", "print random boards whose exact distance is in a range", runLevels)
}

func runLevels(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "levels", "slidetable levels [-min A] [-max B] [-n N] [-seed S] [-mode auto|exact|filter] [-table FILE] [-json] WxH",
		"Print N different boards drawn uniformly among those whose exact distance\n"+
			"from the goal is between A and B, with their distance, one a line. If fewer\n"+
			"than N boards qualify, print all of them, in random order, and say so on\n"+
			"stderr. The exact mode picks ranks among the qualifying boards and finds\n"+
			"them in one scan of the table; the filter mode keeps uniform random boards\n"+
			"that qualify; auto takes the one expected to be faster. Uses the built-in\n"+
			"table of the size or the table FILE.",
		"  slidetable levels -min 20 -max 22 -n 5 3x3\n  slidetable levels -min 31 -max 31 3x3\n  slidetable levels -min 30 -n 3 -seed 1 -json 4x2\n")
	lo := f.Int("min", 0, "the smallest distance `A`")
	hi := f.Int("max", -1, "the largest distance `B` (default: the largest there is)")
	n := f.Int("n", 10, "print `N` boards")
	seed := addSeedFlag(f)
	modeName := f.String("mode", "auto", "draw by `MODE`: exact, filter or auto")
	path := f.String("table", "", "use the table `FILE` instead of the built-in one")
	asJSON := f.Bool("json", false, `print {"board":[...],"distance":d} a line`)
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return f.failf("want one size, got %d arguments", len(pos))
	}
	size, err := f.size(pos[0])
	if err != nil {
		return err
	}
	var mode levels.Mode
	switch *modeName {
	case "auto":
		mode = levels.Auto
	case "exact":
		mode = levels.Exact
	case "filter":
		mode = levels.Filter
	default:
		return f.failf("-mode %q: want auto, exact or filter", *modeName)
	}
	if *n < 1 {
		return f.failf("-n %d: want at least 1 board", *n)
	}
	t, err := f.loadTable(*path, size)
	if err != nil {
		return err
	}
	defer t.Close()
	hiSet := false
	f.Visit(func(fl *flag.Flag) { hiSet = hiSet || fl.Name == "max" })
	if !hiSet {
		*hi = max(t.Max(), *lo)
	}
	r, _ := seed.rand()
	got, err := levels.Sample(ctx, r, t, *lo, *hi, *n, &levels.Options{Mode: mode})
	if errors.Is(err, levels.ErrRange) {
		return f.fail(err)
	}
	if err != nil {
		return err
	}
	if len(got) < *n {
		fmt.Fprintf(e.stderr, "slidetable levels: only %s %s at distances %d..%d; printing all of them\n",
			group(uint64(len(got))), plural(len(got), "board is", "boards are"), *lo, min(*hi, t.Max()))
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
