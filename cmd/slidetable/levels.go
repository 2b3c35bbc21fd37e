package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
)

// The manual of levels: its usage line, what it does, and examples.
const (
	levelsUsage  = "slidetable levels [-min A] [-max B] [-n N] [-seed S] [-mode auto|exact|filter|walk] [-pack] [-table FILE] [-metric single|multi] [-goal BOARD] [-timeout DURATION] [-max-mem SIZE] [-q] [-json] WxH"
	levelsManual = "Print N different boards drawn uniformly among those whose exact distance\n" +
		"from the goal is between A and B, with their distance, one a line. If fewer\n" +
		"than N boards qualify, print all of them, in random order, and say so on\n" +
		"stderr. The exact mode picks ranks among the qualifying boards and finds\n" +
		"them in one scan of the table; the filter mode keeps uniform random boards\n" +
		"that qualify; auto takes the one expected to be faster. Uses the table FILE,\n" +
		"else the built-in or installed table of the size; a size of up to 10 cells\n" +
		"without one, or a -goal of its own, gets a table built in memory (0.2 s at\n" +
		"most), which counts the boards at every distance.\n\n" +
		"For a size with no table (such as 4x4), the filter mode (and auto) solves\n" +
		"uniform random boards exactly on every core, with a progress bar on stderr,\n" +
		"and prints the qualifying ones as they are confirmed, in the order drawn,\n" +
		"so a seed always gives the same boards. -max defaults to the largest\n" +
		"distance where it is known (80 for 4x4). A range is refused, saying how\n" +
		"rare it is, when uniform boards almost never hit it (fewer than 1 in 1,000)\n" +
		"in auto mode, and in every mode when about a billion boards would have to\n" +
		"be solved: by the published 4x4 distribution, by the counts of the 12-cell\n" +
		"tables, or, for any size, by counting the walks of the blank (5x5 boards\n" +
		"within 30 moves, say). Use -mode walk, whose boards are random walks from\n" +
		"the goal kept when their exact distance is in range (exact distances, but\n" +
		"not uniform among the qualifying boards), or -mode filter to draw uniform\n" +
		"boards anyway. Uniform boards of more than 16 cells are out of reach: only\n" +
		"-mode walk serves them. When -timeout (default 10m) runs out, the boards\n" +
		"found so far are printed and it exits 1. Boards found by solving end with\n" +
		"the histogram of their distances on stderr (not with -q; with -json, a\n" +
		"last line {\"size\":...,\"accepted\":{\"50\":3,...},\"boards\":N}). -min 80\n" +
		"on 4x4 prints the 17 published boards at 80 moves. With -metric multi the\n" +
		"distances count multi-tile moves (a tap slides every tile between it and\n" +
		"the blank) and boards are drawn from a table of that metric, or by random\n" +
		"walks (-mode walk); uniform boards of a size without one are refused.\n\n" +
		"-pack prints the size's level pack, ready-made puzzles with their answers,\n" +
		"one JSON object a line as each is solved: {\"size\",\"metric\",\"board\",\n" +
		"\"distance\",\"solution\" (the tiles tapped in order),\"uniform\"}, N boards (default\n" +
		"10) at each distance from A (default 1) to B, or all there are: drawn\n" +
		"uniformly where they can be, else, near the goal, by random walks\n" +
		"(\"uniform\":false). Distances far out that auto finds too rare, which\n" +
		"random walks reach no more often (39 multi-tile moves of 4x4), are refused\n" +
		"at once, saying how rare; -mode filter draws them uniformly, saying how\n" +
		"many boards it expects to solve. B defaults to the table's largest\n" +
		"distance, or for 4x4 to 60 and the 17 published boards at 80 (-n of them\n" +
		"if -n is given), or in multi-tile moves to 39 (38 in auto mode). The seed\n" +
		"(default 1) makes the same pack every time; data/packs holds the packs the\n" +
		"game deals from."
	levelsExamples = "  slidetable levels -min 20 -max 22 -n 5 3x3\n  slidetable levels -min 31 -max 31 3x3\n  slidetable levels -min 30 -n 3 -seed 1 -json 4x2\n  slidetable levels -min 50 -max 55 -n 10 -seed 1 4x4\n  slidetable levels -mode walk -min 30 -max 30 -n 3 4x4\n  slidetable levels -pack -metric multi 3x3\n"
)

// runLevels prints boards at exact distances. It reads the flags into a
// levelsRequest, asks the solver for the size's puzzle, and game.PlanLevels
// how to draw: random walks (-mode walk), from a table, the published
// boards at the largest distance, or by solving uniform boards
// (searchLevels, with a progress bar); it prints what the plan draws.
func runLevels(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "levels", levelsUsage, levelsManual, levelsExamples)
	lf := addLevelsFlags(f)
	f.bareDistances = func() bool { return !*lf.asJSON && !*lf.pack } // -pack prints JSON
	size, err := f.parseSize(args)
	if err != nil {
		return err
	}
	f.quiet = *lf.quiet
	if *lf.pack {
		return packLevels(ctx, e, lf, size)
	}
	req, err := lf.request(size)
	if err != nil {
		return err
	}
	p, ans, err := lf.puzzle(ctx, size)
	if err != nil {
		return err
	}
	ctx, cancel := lf.sf.context(ctx)
	defer cancel()
	req.goal, req.metric = p.Goal, f.metric
	most := game.Largest
	if req.hiSet {
		most = req.hi
	}
	plan, err := game.PlanLevels(ctx, p, game.LevelsRequest{Min: req.lo, Max: most, N: req.n, Mode: req.mode, MaxMemory: f.memory})
	if err != nil {
		return lf.refused(req, err)
	}
	req.hi = plan.Max
	out := &levelWriter{w: bufio.NewWriter(e.stdout), about: api.NewAbout(req.goal, f.metric), source: ans.Describe(), asJSON: *lf.asJSON}
	switch plan.How {
	case game.Walked:
		return walkLevels(ctx, e, lf, plan, req, out)
	case game.FromTable:
		if plan.Computed != nil {
			out.source = plan.Computed
		}
		got, err := plan.Draw(ctx, req.r, nil)
		return printLevels(e, lf, req, got, err, out)
	case game.Hardest:
		out.source = nil // the published list's
		return hardestLevels(ctx, e, plan, req, out)
	}
	return searchLevels(ctx, e, lf, plan, req, out)
}

// puzzle returns what boards of size are drawn from, as the flags say:
// the goal, the metric, the solver and its table where it has one; and
// the answer that says what answers them.
func (lf *levelsFlags) puzzle(ctx context.Context, size board.Size) (game.Puzzle, *source.Answer, error) {
	s, err := lf.sf.solver(ctx, size)
	if err != nil {
		return game.Puzzle{}, nil, err
	}
	ans, err := s.Answer(ctx, size)
	if err != nil {
		return game.Puzzle{}, nil, err
	}
	return game.Puzzle{Goal: s.Goal(size), Metric: lf.f.metric, Table: ans.Table, Solver: s, Uniform: ans.Uniform}, ans, nil
}

// levelsFlags are the flags of levels.
type levelsFlags struct {
	f        *flags
	lo       *int
	hi       *optionalInt
	n        *int
	seed     *seedFlag
	modeName *string
	sf       *solverFlags
	quiet    *bool
	asJSON   *bool
	pack     *bool
}

func addLevelsFlags(f *flags) *levelsFlags {
	return &levelsFlags{
		f:        f,
		lo:       f.Int("min", 0, "the smallest distance `A`"),
		hi:       f.optionalInt("max", "the largest distance `B` (default: the largest there is)"),
		n:        f.Int("n", 10, "print `N` boards"),
		seed:     addSeedFlag(f),
		modeName: f.String("mode", "auto", "draw by `MODE`: exact, filter, walk or auto"),
		sf:       addSolverFlags(f, false, defaultSearchTimeout),
		quiet:    f.Bool("q", false, "quiet: no progress bar, and no histogram of the distances kept on stderr"),
		asJSON:   f.Bool("json", false, `print {"size":"WxH","board":[...],"distance":d} a line (see the manual)`),
		pack:     f.Bool("pack", false, "print the size's level pack: N boards at each distance from A (default 1) to B, with a solution each (see the manual)"),
	}
}

// levelsRequest is what levels was asked for, its flags checked.
type levelsRequest struct {
	mode   game.Mode // game.Walk for -mode walk
	lo, hi int
	hiSet  bool // -max was given; otherwise hi is the plan's
	n      int
	r      *rand.Rand
	goal   board.Board
	metric board.Metric
}

// request checks the flags for boards of size.
func (lf *levelsFlags) request(size board.Size) (*levelsRequest, error) {
	f := lf.f
	req := &levelsRequest{lo: *lf.lo, hi: lf.hi.v, hiSet: lf.hi.set, n: *lf.n}
	switch *lf.modeName {
	case "auto":
		req.mode = game.Auto
	case "exact":
		req.mode = game.Exact
	case "filter":
		req.mode = game.Filter
	case "walk":
		req.mode = game.Walk
	default:
		return nil, f.failf("-mode %q: want auto, exact, filter or walk", clip(*lf.modeName))
	}
	if err := f.intFlag("n", req.n, 1, maxCount, "a number of boards"); err != nil {
		return nil, err
	}
	if req.lo < 0 || (req.hiSet && req.hi < req.lo) {
		return nil, f.failf("-min %d -max %d: want 0 <= min <= max", req.lo, req.hi)
	}
	if req.mode == game.Walk && !req.hiSet {
		return nil, f.failf("give -max, the largest distance wanted, for -mode walk")
	}
	if !lf.sf.goal.set() {
		if err := f.maxDistanceRange(size, req.lo); err != nil {
			return nil, err
		}
	}
	req.r, _ = lf.seed.rand()
	return req, nil
}

// walkLevels prints boards at the distances asked for found by random walks
// from the goal, kept by their exact distance from the solver.
func walkLevels(ctx context.Context, e *env, lf *levelsFlags, plan *game.LevelPlan, req *levelsRequest, out *levelWriter) error {
	got, err := plan.Draw(ctx, req.r, nil)
	if errors.Is(err, game.ErrNotFound) && len(got) > 0 {
		// Print what was found, as the table path does.
		fmt.Fprintf(e.stderr, "slidetable levels: random walks found only %s %s at distances %d..%d; printing %s\n",
			human.Group(uint64(len(got))), human.Plural(uint64(len(got)), "board", "boards"), req.lo, req.hi, human.Plural(uint64(len(got)), "it", "them"))
		err = nil
		req.n = len(got)
	}
	return printLevels(e, lf, req, got, err, out)
}

// printLevels prints the boards walkLevels or a table found, and says
// on stderr why there are fewer than asked for, if there are.
func printLevels(e *env, lf *levelsFlags, req *levelsRequest, got []game.Level, err error, out *levelWriter) error {
	if errors.Is(err, game.ErrRange) || errors.Is(err, game.ErrNotFound) {
		return lf.f.fail(err)
	}
	for _, lv := range got {
		if werr := out.write(lv); werr != nil {
			return werr
		}
	}
	if err != nil {
		out.w.Flush()
		return lf.sf.stopped(err, fmt.Sprintf("after %d of %d boards", len(got), req.n))
	}
	if len(got) < req.n {
		fmt.Fprintf(e.stderr, "slidetable levels: only %s %s at distances %d..%d; printing all of them\n",
			human.Group(uint64(len(got))), human.Plural(uint64(len(got)), "board is", "boards are"), req.lo, req.hi)
	}
	return out.w.Flush()
}

// searchLevels prints uniform boards at the distances asked for, for a
// size without a table, found by solving uniform boards, as they are
// confirmed, with a progress bar on stderr unless -q.
func searchLevels(ctx context.Context, e *env, lf *levelsFlags, plan *game.LevelPlan, req *levelsRequest, out *levelWriter) error {
	f, size := lf.f, req.goal.Size()
	if plan.RarityKnown && plan.Rarity.Rare() {
		fmt.Fprintf(e.stderr, "slidetable levels: %s; expect to solve many boards for each kept\n", rarity(size, plan.Min, plan.Max, plan.Rarity))
	}
	bar := progressBar(e, *lf.quiet, int64(req.n), fmt.Sprintf("levels %s %d..%d", size, req.lo, req.hi))
	var werr error
	opts := &game.DrawOptions{
		Found: func(lv game.Level) {
			if werr == nil {
				if werr = out.write(lv); werr == nil {
					werr = out.w.Flush()
				}
			}
		},
		Progress: func(p game.SearchProgress) {
			if bar != nil {
				bar.Describe(fmt.Sprintf("levels %s %d..%d, %s boards solved", size, req.lo, req.hi, human.Group(p.Solved)))
				bar.Set(p.Kept)
			}
		},
	}
	got, err := plan.Draw(ctx, req.r, opts)
	if bar != nil {
		bar.Finish()
	}
	if werr != nil {
		return werr
	}
	if errors.Is(err, game.ErrRange) {
		return f.fail(err)
	}
	if err != nil {
		return lf.sf.stopped(err, fmt.Sprintf("after %d of %d boards", len(got), req.n))
	}
	return acceptedSummary(e, out, req, got, *lf.quiet)
}

// refused says why game.PlanLevels cannot draw the boards asked for: as
// a usage error that says what would, where they cannot be drawn
// uniformly or -max is needed, else as the failure of the table's build.
func (lf *levelsFlags) refused(req *levelsRequest, err error) error {
	f, size := lf.f, req.goal.Size()
	var ue *game.UniformError
	switch {
	case errors.Is(err, game.ErrNoLargest):
		return f.failf("the largest distance of %s is not known: give -max, the largest distance wanted", size)
	case !errors.As(err, &ue):
		return lf.sf.stopped(memoryError(err), "")
	}
	walk := "use -mode walk for boards at exact distances that are not uniform"
	switch ue.Reason {
	case game.NeedsTable:
		return f.failf("-mode exact needs a table, and none for %s is built in; pass -table FILE, or use -mode filter or walk", size)
	case game.OutOfReach:
		switch {
		case f.metric == board.MultiTile && size.Cells() <= source.MaxTableCells:
			return f.failf("uniform %s boards in multi-tile moves are drawn from its table: build it with 'slidetable build -metric multi -install %s', or use -mode walk", size, size)
		case f.metric == board.MultiTile && size.Cells() <= game.MaxSearchCells:
			return f.failf("uniform %s boards are out of reach of the multi-tile search here (it has no database; most boards are 30 moves and more away, and beyond about 27 it takes minutes to days); use -mode walk with a small -max for boards at exact distances that are not uniform", size)
		}
		return f.failf("uniform %s boards are out of reach of an exact search (it solves boards of up to %d cells); %s", size, game.MaxSearchCells, walk)
	}
	if size.Cells() <= source.MaxTableCells {
		walk = fmt.Sprintf("build the table ('slidetable build -install %s', seconds), from which levels draws them exactly, or %s", size, walk)
	}
	how := rarity(size, ue.Min, ue.Max, ue.Rarity)
	if ue.Reason == game.Hopeless {
		return f.failf("%s: about %s boards would have to be solved for %d, which cannot finish; %s", how, roughCount(ue.Solves), req.n, walk)
	}
	return f.failf("%s, too rare to draw uniformly; %s, or -mode filter to draw uniform boards anyway", how, walk)
}

// rarity says how rare the range lo..hi is.
func rarity(size board.Size, lo, hi int, r game.Rarity) string {
	about := "about"
	if r.Bound {
		about = "at most"
	}
	return fmt.Sprintf("%s boards %d..%d moves from the goal are %s %s of all that reach it (%s)", size, lo, hi, about, oneIn(r.Fraction), r.Basis)
}

// levelWriter prints levels as text or JSON lines.
type levelWriter struct {
	w      *bufio.Writer
	about  api.About
	source *api.Source // what answered the distances, nil for a published list
	asJSON bool
}

func (l *levelWriter) write(lv game.Level) error {
	if l.asJSON {
		out := api.NewLevel(l.about, lv.Board, lv.Distance)
		out.Source = l.source
		return writeJSONLine(l.w, out)
	}
	_, err := fmt.Fprintf(l.w, "%2d  %s\n", lv.Distance, lv.Board)
	return err
}

// hardestLevels prints the published boards at the largest distance of the
// size (all of them are at that distance), saying on stderr that they are
// the published list, not boards drawn and solved here.
func hardestLevels(ctx context.Context, e *env, plan *game.LevelPlan, req *levelsRequest, out *levelWriter) error {
	h, _ := published.HardestOf(req.goal.Size())
	got, err := plan.Draw(ctx, req.r, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "slidetable levels: the %d boards %d moves from the goal are known: printing %d from the published list, %s\n",
		len(h.Boards), h.Distance, len(got), h.Source)
	for _, lv := range got {
		if err := out.write(lv); err != nil {
			return err
		}
	}
	return out.w.Flush()
}

// acceptedSummary reports the distances of the boards levels kept: on
// stderr as a histogram, unless quiet, or with -json as one last line
// {"size":"4x4","accepted":{"50":3,...},"solved":N}.
func acceptedSummary(e *env, out *levelWriter, req *levelsRequest, got []game.Level, quiet bool) error {
	if len(got) == 0 || quiet && !out.asJSON {
		return nil
	}
	top := 0
	for _, lv := range got {
		top = max(top, lv.Distance)
	}
	counts := make([]uint64, top+1)
	for _, lv := range got {
		counts[lv.Distance]++
	}
	if out.asJSON {
		acc := map[string]uint64{}
		for d := range counts {
			if counts[d] > 0 {
				acc[fmt.Sprint(d)] = counts[d]
			}
		}
		if err := writeJSONLine(out.w, api.LevelsSummary{About: out.about, Accepted: acc, Boards: uint64(len(got))}); err != nil {
			return err
		}
		return out.w.Flush()
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "distances of the %d boards kept:\n", len(got))
	lo := req.lo
	for lo < len(counts) && counts[lo] == 0 {
		lo++
	}
	histogramFrom(&sb, counts, lo, "boards")
	_, err := io.WriteString(e.stderr, sb.String())
	return err
}

// roughCount writes a large count to two digits: "3,700,000", or "3.7e+22"
// beyond what a person reads in digits.
func roughCount(x float64) string {
	if math.IsInf(x, 0) || x >= 1e15 {
		return fmt.Sprintf("%.1e", x)
	}
	p := math.Pow(10, math.Max(0, math.Floor(math.Log10(x))-1))
	return human.Group(uint64(math.Round(x/p) * p))
}

// oneIn writes a small fraction as "1 in N", N rounded to two digits.
func oneIn(f float64) string {
	if f <= 0 {
		return "none"
	}
	n := 1 / f
	p := math.Pow(10, math.Floor(math.Log10(n))-1)
	return "1 in " + human.Group(uint64(math.Round(n/p)*p))
}
