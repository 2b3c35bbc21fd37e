package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game/uniform"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/rank"
)

// The usage line, description and examples of 'slidetable coverage'.
const (
	coverageUsage = "slidetable coverage [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-alpha A] [-goal BOARD] [-table FILE] [-metric single|multi] [-timeout DURATION] [-max-mem SIZE] [-q] [-json] WxH"
	coverageHelp  = "Draw N boards of size WxH with a generator of 'slidetable gen', count how\n" +
		"often each of the n!/2 states that can reach the goal appears, including\n" +
		"those that never do, and print how many were covered, the fewest and most\n" +
		"draws of a state, and Pearson's chi-square test against the uniform\n" +
		"distribution: the statistic, its degrees of freedom and the p-value. The\n" +
		"draws pass if p >= A; the exit status is 1 if they fail. Sizes of up to 10\n" +
		"cells (3x3, 4x2, 5x2).\n\n" +
		"For a size too large to count whose distribution is known (4x4, and the\n" +
		"12-cell sizes, as published or counted by this module's search), it\n" +
		"solves each board drawn exactly, on every core with a progress bar (N\n" +
		"defaults to 2000), and compares the histogram of their distances with that\n" +
		"distribution by the same test, the distances where fewer than 5 boards are\n" +
		"expected pooled with their neighbours: that checks the generator's\n" +
		"uniformity and the solver's exactness together, in either metric where\n" +
		"the search solves uniform boards (the states do not depend on it).\n\n" +
		"It stops when -timeout (default 10m) runs out, with exit status 1, and\n" +
		"refuses at once draws that could not be counted in time even at the\n" +
		"fastest (100 ns a board, 5 ns a move of a walk), saying how long they\n" +
		"would take."
	coverageExamples = "  slidetable coverage -n 360000 -seed 1 3x2\n  slidetable coverage -method walk -k 20 -n 360000 -seed 1 3x2\n  slidetable coverage -n 2000 -seed 1 4x4\n  slidetable coverage -method walk -k 60 -n 2000 -seed 1 4x4\n"
)

// runCoverage runs 'slidetable coverage'.
func runCoverage(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "coverage", coverageUsage, coverageHelp, coverageExamples)
	g := addGenFlags(f)
	n := f.Int("n", 0, "draw `N` boards (default: 20 a state)")
	seed := addSeedFlag(f)
	alpha := f.Float64("alpha", 0.01, "pass if the p-value is at least `A`")
	goalFlag := addGoalFlag(f, "draw boards that reach this `BOARD` instead of the standard goal (walks start from it)")
	quiet := f.Bool("q", false, "no progress bar (4x4)")
	pdbPath := f.String("table", "", "solve 4x4 boards with the pattern database or abstraction tier `FILE` (see 'slidetable build 4x4') instead of the built-in or installed one")
	f.addMemFlag()
	f.addMetricFlag()
	tf := addTimeoutFlag(f, defaultSearchTimeout)
	asJSON := f.Bool("json", false, `print {"size":"3x2","method":"uniform","seed":1,"draws":360000,"states":360,...,"p":0.18,"pass":true} (see the manual)`)
	size, err := f.parseSize(args)
	if err != nil {
		return err
	}
	if err := tf.check(); err != nil {
		return err
	}
	ctx, cancel := tf.context(ctx)
	defer cancel()
	f.quiet = *quiet
	// The file, if any, is read first: without -metric, its metric is the
	// test's.
	opts, err := f.given(*pdbPath)
	if err != nil {
		return err
	}
	if d, ok := published.DistributionOf(size, f.metric); ok && size.Cells() > uniform.CountCells {
		goal, err := goalFlag.board(size)
		if err != nil {
			return err
		}
		return tf.stopped(coverDistances(ctx, e, f, g, d, goal, opts, *n, seed, *alpha, *asJSON), "")
	}
	if *pdbPath != "" {
		return f.failf("-table %s: only sizes tested by distance (such as 4x4) solve boards, with a file; %s is tested by counting its states", clip(*pdbPath), size)
	}
	if size.Cells() > uniform.CountCells {
		states := "more than 10^18"
		if size.Cells() <= rank.MaxLen {
			states = human.Group(rank.Factorial(size.Cells()) / 2)
		}
		return f.failf("%s has %s states, too many to count; sizes of up to %d cells (such as 3x3, 4x2, 5x2) can be measured",
			size, states, uniform.CountCells)
	}
	goal, err := goalFlag.board(size)
	if err != nil {
		return err
	}
	return countStates(ctx, e, f, g, tf, goal, *n, seed, *alpha, *asJSON)
}

// printCoverage writes the report of coverage, as text or JSON.
func printCoverage(e *env, goal board.Board, g *genFlags, s uint64, rep *uniform.Report, alpha float64, pass, asJSON bool) error {
	size := goal.Size()
	if asJSON {
		out := api.Coverage{About: api.NewAbout(goal, board.SingleTile), Sampling: g.sampling(s, rep.Draws), States: rep.States,
			Distinct: rep.Distinct, Min: rep.Min, Max: rep.Max, ChiSquare: rep.ChiSquare, DF: rep.DF, P: rep.P, Alpha: alpha, Pass: pass}
		return writeJSONLine(e.stdout, out)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "size: %s, %s, %s draws, seed %d\n", size, g.describe(), human.Group(rep.Draws), s)
	fmt.Fprintf(&sb, "states covered: %s of %s (%.1f%%)\n", human.Group(rep.Distinct), human.Group(rep.States), 100*float64(rep.Distinct)/float64(rep.States))
	fmt.Fprintf(&sb, "draws of a state: min %s, max %s, expected %s\n", human.Group(rep.Min), human.Group(rep.Max), trimFloat(float64(rep.Draws)/float64(rep.States)))
	fmt.Fprintf(&sb, "chi-square: %.2f with %d degrees of freedom, %s\n", rep.ChiSquare, rep.DF, pValue(rep.P))
	verdict := "pass: consistent with uniform draws"
	if !pass {
		verdict = "fail: not uniform"
	}
	fmt.Fprintf(&sb, "%s (p %s %v)\n", verdict, map[bool]string{true: ">=", false: "<"}[pass], alpha)
	_, err := fmt.Fprint(e.stdout, sb.String())
	return err
}

// pValue writes a p-value, "p = 0.1849" to 4 significant digits, or
// "p < 1e-300" for one that underflows to 0.
func pValue(p float64) string {
	if p == 0 {
		return "p < 1e-300"
	}
	return fmt.Sprintf("p = %.4g", p)
}

// trimFloat writes x with at most two decimals and no trailing zeros.
func trimFloat(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return human.Group(uint64(x))
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}

// countStates runs 'slidetable coverage' on a size small enough to count:
// it draws n boards (0: 20 a state) and tests how often each state came up.
func countStates(ctx context.Context, e *env, f *flags, g *genFlags, tf *timeoutFlag, goal board.Board, n int, seed *seedFlag, alpha float64, asJSON bool) error {
	if n == 0 {
		n = 20 * int(rank.Factorial(goal.Len())/2)
	}
	if err := f.intFlag("n", n, 1, maxDraws, "a number of draws"); err != nil {
		return err
	}
	if !(alpha > 0 && alpha < 1) {
		return f.failf("-alpha %v: want a level between 0 and 1, such as 0.01", alpha)
	}
	r, s := seed.rand()
	draw, err := g.generator(f, goal, r)
	if err != nil {
		return err
	}
	if err := g.fits(f, n, *tf.timeout); err != nil {
		return err
	}
	rep, err := uniform.CountStates(ctx, goal, n, func() (board.Board, error) {
		b, _, err := draw()
		return b, err
	})
	if errors.Is(err, uniform.ErrTooLarge) {
		return f.fail(err)
	}
	if err != nil {
		return tf.stopped(err, "")
	}
	pass := rep.Passes(alpha)
	if err := printCoverage(e, goal, g, s, rep, alpha, pass, asJSON); err != nil {
		return err
	}
	if !pass {
		return errSilent // the report says why
	}
	return nil
}
