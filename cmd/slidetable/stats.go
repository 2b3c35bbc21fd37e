package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/source"
)

func runStats(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "stats", "slidetable stats [-table FILE] [-metric single|multi] [-list N] [-max-mem SIZE] [-json] WxH|FILE",
		"Print the number of boards that reach the goal, God's number (the largest\n"+
			"distance) and how many boards are that far, the mean and median distance,\n"+
			"the number of boards at each distance as a histogram, and the boards at\n"+
			"the largest distance (at most N of them, the first in table order), from\n"+
			"the built-in or installed table of a size or from the table FILE, which\n"+
			"may also be given alone (a pattern database or an abstraction tier is\n"+
			"refused: it holds bounds, not distances). With -metric multi, or a FILE\n"+
			"of that metric, the distances count multi-tile\n"+
			"moves; for 4x4, in either metric, the published distribution, with its\n"+
			"source.",
		"  slidetable stats 3x3\n  slidetable stats -metric multi 4x4\n  slidetable stats -json 4x2\n  slidetable stats -list 0 -table 4x3.tbl 4x3\n  slidetable stats 4x3.tbl\n")
	path := f.String("table", "", "use the table `FILE` instead of the built-in or installed one (without -metric, in its metric)")
	f.addMemFlag()
	f.addMetricFlag()
	list := f.Int("list", 10, "list at most `N` boards at the largest distance (0: none)")
	asJSON := f.Bool("json", false, `print {"size":"3x3","states":181440,"max":31,"at_max":2,"mean":21.97,"median":22,"counts":[1,2,...],"hardest":[[8,6,7,...],...]} (see the manual)`)
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return f.failf("want one size or table file, got %d arguments", len(pos))
	}
	if err := f.intFlag("list", *list, 0, maxCount, "a number of boards"); err != nil {
		return err
	}
	st, err := statsOf(ctx, f, *path, pos[0], *list)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSONLine(e.stdout, st)
	}
	order := "table order"
	if st.Source != "" {
		order = "the published list"
	}
	return writeStats(e.stdout, st, order)
}

// statsOf returns the distribution of a command that takes -table FILE
// WxH or WxH|FILE (stats, plot), as the catalogue knows it (see
// source.Catalog.Stats): from the file path, which must be a table of the
// size arg; or of the size arg, from its table or as published; or else
// from the file arg, with up to list boards at the largest distance. A
// file that is no table (a database holds bounds, not distances) is
// refused by name. An argument that is neither a size nor an existing
// file, and does not look like a path, is taken for a mistyped size.
func statsOf(ctx context.Context, f *flags, path, arg string, list int) (api.Stats, error) {
	size, err := board.ParseSize(arg)
	switch {
	case path != "" && err != nil:
		return api.Stats{}, f.fail(fmt.Errorf("with -table, give the table's size: %w", err))
	case path == "" && err != nil:
		if _, serr := os.Stat(arg); serr != nil && !strings.ContainsAny(arg, "./\\") {
			return api.Stats{}, f.fail(fmt.Errorf("%w, and there is no table file of that name", err))
		}
		path = arg
	}
	opts, err := f.given(path)
	if err != nil {
		return api.Stats{}, err
	}
	if path == arg {
		size = opts.Given[0].Size()
	}
	cat, err := f.catalog(opts)
	if err != nil {
		return api.Stats{}, err
	}
	st, err := cat.Stats(ctx, size, f.metric, list)
	switch {
	case errors.Is(err, source.ErrNoDistribution):
		return api.Stats{}, f.noTable(size)
	case err != nil:
		return api.Stats{}, f.answerError(err)
	}
	return st, nil
}

// writeStats prints st for a person: the figures, the histogram and the
// hardest boards listed, which come in the given order when they are not
// all of them. A published distribution says so, with its source.
func writeStats(w io.Writer, st api.Stats, order string) error {
	var sb strings.Builder
	goal := board.Goal(st.Size)
	if st.Goal != nil {
		goal = *st.Goal
	}
	fmt.Fprintf(&sb, "size: %s, %s\n", st.Size, board.GoalName(goal))
	if st.Metric != "" {
		fmt.Fprintf(&sb, "metric: %s-tile moves\n", st.Metric)
	}
	if st.Source != "" {
		fmt.Fprintf(&sb, "published, not computed here: %s\n", st.Source)
	}
	fmt.Fprintf(&sb, "states: %s\n", human.Group(st.States))
	fmt.Fprintf(&sb, "God's number: %d (%s states)\n", st.Max, human.Group(st.AtMax))
	fmt.Fprintf(&sb, "mean distance: %.4f\n", st.Mean)
	fmt.Fprintf(&sb, "median distance: %s\n", trimFloat(st.Median))
	histogram(&sb, st.Counts)
	if len(st.Hardest) > 0 {
		switch {
		case uint64(len(st.Hardest)) < st.AtMax:
			fmt.Fprintf(&sb, "boards at distance %d (the first %d of %s in %s; -list N for more):\n", st.Max, len(st.Hardest), human.Group(st.AtMax), order)
		case st.AtMax == 1:
			fmt.Fprintf(&sb, "the board at distance %d:\n", st.Max)
		default:
			fmt.Fprintf(&sb, "the %s boards at distance %d:\n", human.Group(st.AtMax), st.Max)
		}
		for _, b := range st.Hardest {
			fmt.Fprintf(&sb, "  %s\n", b)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// histogram writes a table of the counts with a bar for each, the longest
// histWidth characters long. A count too small for the smallest part of a
// bar still gets a thin one, so that no distance with boards looks empty.
func histogram(sb *strings.Builder, counts []uint64) { histogramFrom(sb, counts, 0, "states") }

// histogramFrom is histogram from distance lo on, with the counts headed
// by label.
func histogramFrom(sb *strings.Builder, counts []uint64, lo int, label string) {
	const histWidth = 50
	var top uint64
	for _, c := range counts {
		top = max(top, c)
	}
	numWidth := max(len(label), len(human.Group(top)))
	fmt.Fprintf(sb, "distance  %*s\n", numWidth, label)
	eighths := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	for d := lo; d < len(counts); d++ {
		c := counts[d]
		n := int(math.Round(float64(c) / float64(top) * histWidth * 8))
		if c > 0 && n == 0 {
			n = 1
		}
		bar := strings.Repeat("█", n/8) + eighths[n%8]
		fmt.Fprintf(sb, "%8d  %*s  %s\n", d, numWidth, human.Group(c), bar)
	}
}
