package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game/uniform"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
)

// defaultDistanceDraws is coverage's -n for sizes tested by distance: enough
// for a chi-square test with tens of bins, solved in under a minute.
const defaultDistanceDraws = 2000

// coverDistances is coverage for a size too large to count every state
// but with a published distribution: it draws n boards, solves each
// exactly with the solver on every core, and compares their distances with
// the published ones. opts gives the -table file, if any, which must
// answer the size in the test's metric.
func coverDistances(ctx context.Context, e *env, f *flags, g *genFlags, d published.Distribution, goal board.Board,
	opts source.CatalogOptions, n int, seed *seedFlag, alpha float64, asJSON bool) error {
	if goal != board.Goal(d.Size) {
		return f.failf("-goal: the published %s distribution is to the standard goal", d.Size)
	}
	if n == 0 {
		n = defaultDistanceDraws
	}
	if err := f.intFlag("n", n, 1, uniform.MaxDistanceDraws, "a number of boards to solve"); err != nil {
		return err
	}
	if !(alpha > 0 && alpha < 1) {
		return f.failf("-alpha %v: want a level between 0 and 1, such as 0.01", alpha)
	}
	if least := uniform.LeastDraws(d.Counts); n < least {
		return f.failf("-n %d: too few boards for a test: the distances of so few fall in one bin (each expects at least %d boards), which leaves the chi-square test no degree of freedom; draw at least %d", n, uniform.MinExpected, least)
	}
	s, err := f.solver(opts)
	if err != nil {
		return err
	}
	ans, err := s.Answer(ctx, d.Size)
	if err != nil {
		return f.answerError(err)
	}
	if !ans.Uniform {
		return f.failf("uniform %s boards are out of reach of the %s-tile search here (%s); test the generator in the single-tile metric", d.Size, f.metric, ans)
	}
	r, sd := seed.rand()
	draw, err := g.generator(f, goal, r)
	if err != nil {
		return err
	}
	bar := progressBar(e, f.quiet, int64(n), fmt.Sprintf("solving %s boards", d.Size))
	var progress func(solved int)
	if bar != nil {
		progress = func(solved int) { bar.Set(solved) }
	}
	rep, err := uniform.MeasureDistances(ctx, n, func() (board.Board, error) {
		b, _, err := draw()
		return b, err
	}, s, d.Counts, progress)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		return err
	}
	// A test with no degree of freedom rejects nothing: it is no pass
	// (uniform.LeastDraws keeps it from being run).
	pass := rep.DF >= 1 && rep.Passes(alpha)
	if asJSON {
		out := api.DistanceCoverage{About: api.NewAbout(goal, f.metric), Sampling: g.sampling(sd, rep.Draws), Source: d.Source,
			Observed: rep.Observed, Expected: rep.Expected, ChiSquare: rep.ChiSquare, DF: rep.DF, P: rep.P, Alpha: alpha, Pass: pass,
			Solver: ans.Describe()}
		for _, b := range rep.Bins {
			out.Bins = append(out.Bins, api.Bin{Lo: b.Lo, Hi: b.Hi, Observed: b.Observed, Expected: b.Expected})
		}
		if err := writeJSONLine(e.stdout, out); err != nil {
			return err
		}
	} else if err := printDistanceCoverage(e, d, g, sd, rep, alpha, pass); err != nil {
		return err
	}
	if !pass {
		return errSilent // the report says why
	}
	return nil
}

// printDistanceCoverage writes the histogram of the distances drawn beside
// the expected one, bin by bin, and the test's verdict.
func printDistanceCoverage(e *env, d published.Distribution, g *genFlags, seed uint64, rep *uniform.DistanceReport, alpha float64, pass bool) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "size: %s, %s, %s boards drawn, seed %d, each solved exactly\n", d.Size, g.describe(), human.Group(rep.Draws), seed)
	fmt.Fprintf(&sb, "reference: the published distribution, %s\n", d.Source)
	fmt.Fprintf(&sb, "%9s  %8s  %9s\n", "distance", "drawn", "expected")
	for _, b := range rep.Bins {
		name := fmt.Sprint(b.Lo)
		if b.Hi > b.Lo {
			name = fmt.Sprintf("%d..%d", b.Lo, b.Hi)
		}
		fmt.Fprintf(&sb, "%9s  %8s  %9.1f\n", name, human.Group(b.Observed), b.Expected)
	}
	fmt.Fprintf(&sb, "chi-square: %.2f with %d degrees of freedom, %s\n", rep.ChiSquare, rep.DF, pValue(rep.P))
	verdict := "pass: consistent with uniform boards solved exactly"
	if !pass {
		verdict = "fail: the distances do not follow the published distribution"
	}
	fmt.Fprintf(&sb, "%s (p %s %v)\n", verdict, map[bool]string{true: ">=", false: "<"}[pass], alpha)
	_, err := fmt.Fprint(e.stdout, sb.String())
	return err
}
