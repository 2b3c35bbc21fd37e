package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"

	"github.com/schollz/progressbar/v3"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/levels"
)

func init() {
	register("levels", "print random boards whose exact distance is in a range", runLevels)
}

// maxLevels bounds -n where boards are found by search.
const maxLevels = 1_000_000

func runLevels(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "levels", "slidetable levels [-min A] [-max B] [-n N] [-seed S] [-mode auto|exact|filter|walk] [-table FILE] [-timeout DURATION] [-q] [-json] WxH",
		"Print N different boards drawn uniformly among those whose exact distance\n"+
			"from the goal is between A and B, with their distance, one a line. If fewer\n"+
			"than N boards qualify, print all of them, in random order, and say so on\n"+
			"stderr. The exact mode picks ranks among the qualifying boards and finds\n"+
			"them in one scan of the table; the filter mode keeps uniform random boards\n"+
			"that qualify; auto takes the one expected to be faster. Uses the built-in\n"+
			"table of the size or the table FILE.\n\n"+
			"For a size with neither (such as 4x4), the filter mode (and auto) solves\n"+
			"uniform random boards exactly on every core, with a progress bar on stderr,\n"+
			"and prints the qualifying ones as they are confirmed, in the order drawn,\n"+
			"so a seed always gives the same boards. -max defaults to the largest\n"+
			"distance where it is known (80 for 4x4). Ranges that uniform boards almost\n"+
			"never hit (4x4 boards closer than 35 moves) are refused in auto mode: use\n"+
			"-mode walk, whose boards are random walks from the goal kept when their\n"+
			"exact distance is in range (exact distances, but not uniform among the\n"+
			"qualifying boards), or -mode filter to draw uniform boards anyway. If\n"+
			"-timeout runs out first, the boards found so far are printed.",
		"  slidetable levels -min 20 -max 22 -n 5 3x3\n  slidetable levels -min 31 -max 31 3x3\n  slidetable levels -min 30 -n 3 -seed 1 -json 4x2\n  slidetable levels -min 50 -max 55 -n 10 -seed 1 4x4\n  slidetable levels -mode walk -min 30 -max 30 -n 3 4x4\n")
	lo := f.Int("min", 0, "the smallest distance `A`")
	hi := f.Int("max", -1, "the largest distance `B` (default: the largest there is)")
	n := f.Int("n", 10, "print `N` boards")
	seed := addSeedFlag(f)
	modeName := f.String("mode", "auto", "draw by `MODE`: exact, filter, walk or auto")
	sf := addSolverFlags(f, false)
	quiet := f.Bool("q", false, "no progress bar")
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
		return f.failf("-mode %q: want auto, exact, filter or walk", *modeName)
	}
	if *n < 1 {
		return f.failf("-n %d: want at least 1 board", *n)
	}
	hiSet := false
	f.Visit(func(fl *flag.Flag) { hiSet = hiSet || fl.Name == "max" })
	if *lo < 0 || (hiSet && *hi < *lo) {
		return f.failf("-min %d -max %d: want 0 <= min <= max", *lo, *hi)
	}
	if walk && *sf.path != "" {
		return f.failf("-mode walk uses no table; drop -table")
	}
	s, err := sf.solver(size)
	if err != nil {
		return err
	}
	t, err := s.Table(size)
	if err != nil {
		return err
	}
	ctx, cancel := sf.context(ctx)
	defer cancel()
	r, _ := seed.rand()
	goal := s.Goal(size)
	out := &levelWriter{w: bufio.NewWriter(e.stdout), asJSON: *asJSON}

	var got []levels.Level
	switch {
	case walk:
		if !hiSet {
			return f.failf("give -max, the largest distance wanted, for -mode walk")
		}
		got, err = levels.WalksWith(ctx, s, r, goal, *lo, *hi, *n)
	case t != nil:
		if !hiSet {
			*hi = max(t.Max(), *lo)
		}
		got, err = levels.Sample(ctx, r, t, *lo, *hi, *n, &levels.Options{Mode: mode})
	default:
		if mode == levels.Exact {
			return f.failf("-mode exact needs a table, and none for %s is built in; pass -table FILE, or use -mode filter or walk", size)
		}
		if *n > maxLevels {
			return f.failf("-n %d: at most %d boards are found by search", *n, maxLevels)
		}
		if !hiSet {
			m, ok := levels.MaxDistance(size)
			if !ok {
				return f.failf("the largest distance of %s is not known: give -max, the largest distance wanted", size)
			}
			*hi = max(m, *lo)
		}
		if mode == levels.Auto && levels.Rare(size, *hi) {
			return f.failf("uniform %s boards are almost never within %d moves of the goal (most are 45 to 60 away); use -mode walk for boards at exact distances that are not uniform, or -mode filter to draw uniform boards anyway", size, *hi)
		}
		return searchLevels(ctx, e, f, sf, s, r, goal, *lo, *hi, *n, *quiet, out)
	}
	if errors.Is(err, levels.ErrRange) || errors.Is(err, levels.ErrNotFound) {
		return f.fail(err)
	}
	for _, lv := range got {
		if werr := out.write(lv); werr != nil {
			return werr
		}
	}
	if err != nil {
		return sf.stopped(err, fmt.Sprintf("after %d of %d boards", len(got), *n))
	}
	if len(got) < *n {
		fmt.Fprintf(e.stderr, "slidetable levels: only %s %s at distances %d..%d; printing all of them\n",
			human.Group(uint64(len(got))), plural(len(got), "board is", "boards are"), *lo, *hi)
	}
	return out.w.Flush()
}

// searchLevels prints n uniform boards of goal's size at distances
// lo..hi, found by solving uniform boards with s, as they are confirmed,
// with a progress bar on stderr unless quiet.
func searchLevels(ctx context.Context, e *env, f *flags, sf *solverFlags, s levels.Solver, r *rand.Rand, goal board.Board, lo, hi, n int, quiet bool, out *levelWriter) error {
	var bar *progressbar.ProgressBar
	if !quiet {
		bar = newProgressBar(e.stderr, int64(n), fmt.Sprintf("levels %s %d..%d", goal.Size(), lo, hi))
	}
	var werr error
	opts := &levels.SearchOptions{
		Found: func(lv levels.Level) {
			if werr == nil {
				if werr = out.write(lv); werr == nil {
					werr = out.w.Flush()
				}
			}
		},
		Progress: func(p levels.SearchProgress) {
			if bar != nil {
				bar.Describe(fmt.Sprintf("levels %s %d..%d, %s boards solved", goal.Size(), lo, hi, human.Group(p.Solved)))
				bar.Set(p.Kept)
			}
		},
	}
	got, err := levels.Search(ctx, s, r, goal, lo, hi, n, opts)
	if bar != nil {
		bar.Finish()
	}
	if werr != nil {
		return werr
	}
	if errors.Is(err, levels.ErrRange) {
		return f.fail(err)
	}
	if err != nil {
		return sf.stopped(err, fmt.Sprintf("after %d of %d boards", len(got), n))
	}
	return nil
}

// levelWriter prints levels as text or JSON lines.
type levelWriter struct {
	w      *bufio.Writer
	asJSON bool
}

func (l *levelWriter) write(lv levels.Level) error {
	if l.asJSON {
		return writeJSONLine(l.w, lv)
	}
	_, err := fmt.Fprintf(l.w, "%2d  %s\n", lv.Distance, lv.Board)
	return err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
