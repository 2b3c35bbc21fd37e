package main

import (
	"context"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/source"
)

func runVerify(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "verify", "slidetable verify [-table FILE] [-metric single|multi] [-goal BOARD] [-max-mem SIZE] [-q] [-json] WxH",
		"Prove every distance of a table exact, without trusting whoever built it:\n"+
			"the goal is the one board at distance 0, the boards it holds as reachable\n"+
			"are closed under moves, every other board has a neighbour one move\n"+
			"closer, and no two neighbours differ by more than one, in the table's\n"+
			"metric (-metric: single, the default, or multi; a FILE's own). Then check\n"+
			"the parity rule against the set of boards the table holds as reachable, for\n"+
			"every one of the n! permutations of a WxH board, and print how many were\n"+
			"checked, how many are reachable and how many disagree. The exit status is 0\n"+
			"only if the distances are proven and none disagree; a wrong table is named\n"+
			"by a board whose distance is wrong.\n\n"+
			"A pattern database is proven by building each of its groups again and\n"+
			"comparing every entry (as long as building it: about 4 minutes for the\n"+
			"large 4x4 tier); a wrong one is named by a group, a placement of its\n"+
			"tiles, the entry and what the proof expected. An abstraction tier is\n"+
			"proven by a certificate checked in one pass (seconds for the built-in\n"+
			"4x4 one); a wrong one is named by an arrangement.\n\n"+
			"Checks the FILE (without -metric, in its metric; one that does not\n"+
			"answer the size in the metric is refused), else the file every other\n"+
			"command answers from for the size and metric (built in or installed),\n"+
			"proven again even if a proof of it is recorded, else a table built\n"+
			"afresh in memory. A proof that passes is recorded, so that the other\n"+
			"commands do not prove the file again.",
		"  slidetable verify 3x3\n  slidetable verify -table 4x3.tbl 4x3\n  slidetable verify -table 4x4.pdb 4x4\n  slidetable verify 4x4\n  slidetable verify -metric multi 4x4\n")
	path := f.String("table", "", "check the table, pattern database or abstraction tier `FILE`")
	goalFlag := addGoalFlag(f, "check the table of this `BOARD` instead of the standard goal (the table FILE's goal, or a search for it)")
	f.addMemFlag()
	f.addMetricFlag()
	quiet := f.Bool("q", false, "no progress bar")
	asJSON := f.Bool("json", false, `print {"size":"3x3","certified":true,"permutations":362880,"reachable":181440,"mismatches":0,"source":{...}} (see the manual)`)
	size, err := f.parseSize(args)
	if err != nil {
		return err
	}
	goal, err := goalFlag.board(size)
	if err != nil {
		return err
	}
	src, err := verifiedSource(ctx, f, *path, goal, goalFlag.set(), *quiet)
	if r, ok := source.Refuted(err, size); ok {
		return reportRefuted(e, *asJSON, r)
	}
	if err != nil {
		return err
	}
	defer src.Close()
	v, err := src.Verify(ctx)
	if err != nil {
		return err
	}
	return writeVerified(e, v, *asJSON)
}

// writeVerified prints what verify proved, as text or JSON, whatever the
// kind of the file: what was proven and, for a table, the parity rule
// checked against it, whose mismatches fail the command.
func writeVerified(e *env, v *source.Verification, asJSON bool) error {
	var err error
	if asJSON {
		err = writeJSONLine(e.stdout, v.Answer)
	} else {
		in := ""
		if v.Metric == board.MultiTile {
			in = " (multi-tile moves)"
		}
		_, err = fmt.Fprintf(e.stdout, "%s: proven exact%s\n", v.Subject, in)
		if p := v.Parity; err == nil && p != nil {
			_, err = fmt.Fprintf(e.stdout, "permutations: %s\nreachable: %s\nmismatches: %s\n",
				human.Group(p.Permutations), human.Group(p.Reachable), human.Group(p.Mismatches))
			if err == nil && p.First != nil {
				_, err = fmt.Fprintf(e.stdout, "first mismatch: %s\n", p.First)
			}
		}
	}
	if err == nil && v.Parity != nil && v.Parity.Mismatches > 0 {
		err = errSilent
	}
	return err
}

// verifiedSource returns what verify checks, proven again whatever the
// records of proofs say: what the catalogue answers boards of goal's size
// with in the command's metric (the file path if given, which must answer
// that question, else the file every other command would answer from,
// built in or installed), else a table built afresh and proven. goalSet
// says whether -goal was given.
func verifiedSource(ctx context.Context, f *flags, path string, goal board.Board, goalSet, quiet bool) (*source.Source, error) {
	size := goal.Size()
	f.recheck, f.quiet = true, quiet
	opts, err := f.given(path)
	if err != nil {
		return nil, err
	}
	if goalSet {
		opts.Goals = []board.Board{goal}
	}
	cat, err := f.catalog(opts)
	if err != nil {
		return nil, err
	}
	ans, err := cat.For(ctx, size, f.metric)
	if err != nil {
		return nil, f.answerError(err)
	}
	origin, err := ans.Origin(ctx)
	if err != nil {
		return nil, f.answerError(err)
	}
	if origin != nil && ans.Kind() != source.ComputedBound {
		return origin, nil
	}
	src, err := source.ProveBuilt(ctx, ans.Goal, f.metric, f.memory, certifyBar(f.stderr, quiet, size))
	if err != nil {
		return nil, buildError(f, err)
	}
	return src, nil
}

// reportRefuted prints what the proof of a file found wrong, the entry
// named as its kind names it, and returns errSilent (exit status 1).
func reportRefuted(e *env, asJSON bool, r *source.Refutation) error {
	var err error
	if asJSON {
		err = writeJSONLine(e.stdout, r.Answer)
	} else {
		_, err = fmt.Fprintf(e.stdout, "%s: WRONG: %s\n", r.Subject, r.What)
	}
	if err != nil {
		return err
	}
	return errSilent
}

// certifyBar returns a progress callback that draws a bar on stderr for a
// table large enough to take a while, or nil.
func certifyBar(w io.Writer, quiet bool, size board.Size) func(checked, total uint64) {
	if quiet || size.Cells() < 11 {
		return nil
	}
	var bar *progress
	return func(checked, total uint64) {
		if bar == nil {
			bar = newProgress(w, int64(total), "proving the distances of "+size.String())
		}
		bar.Set64(int64(checked))
		if checked == total {
			bar.Finish()
		}
	}
}
