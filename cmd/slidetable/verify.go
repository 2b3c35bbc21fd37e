package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/schollz/progressbar/v3"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/table"
)

func runVerify(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "verify", "slidetable verify [-table FILE] [-goal BOARD] [-q] [-json] WxH",
		"Prove every distance of a table exact, without trusting whoever built it:\n"+
			"the goal is the one board at distance 0, every other board has a neighbour\n"+
			"one move closer, and no two neighbours differ by more than one. Then check\n"+
			"the parity rule against the set of boards the table holds as reachable, for\n"+
			"every one of the n! permutations of a WxH board, and print how many were\n"+
			"checked, how many are reachable and how many disagree. The exit status is 0\n"+
			"only if the distances are proven and none disagree; a wrong table is named\n"+
			"by a board whose distance is wrong. Uses the table FILE, else the file\n"+
			"every other command answers from for the size (built in or installed),\n"+
			"proven again even if a proof of it is recorded, else a fresh search in\n"+
			"memory.",
		"  slidetable verify 3x3\n  slidetable verify -table 4x3.tbl 4x3\n")
	path := f.String("table", "", "check the table `FILE`")
	goalFlag := addGoalFlag(f, "check the table of this `BOARD` instead of the standard goal (the table FILE's goal, or a search for it)")
	quiet := f.Bool("q", false, "no progress bar")
	asJSON := f.Bool("json", false, `print {"size":"3x3","certified":true,"permutations":362880,"reachable":181440,"mismatches":0} (see the manual)`)
	size, err := f.parseSize(args)
	if err != nil {
		return err
	}
	goal, err := goalFlag.board(size)
	if err != nil {
		return err
	}
	t, err := verifiedTable(ctx, f, *path, goal, *quiet)
	var wrong *table.DistanceError
	if errors.As(err, &wrong) {
		return reportWrong(e, *asJSON, wrong)
	}
	if err != nil {
		return err
	}
	defer t.Close()
	if err := goalFlag.check(t, *path); err != nil {
		return err
	}
	rep, err := t.CheckParity(ctx)
	if err != nil {
		return err
	}
	if *asJSON {
		out := api.Verify{About: api.NewAbout(t.Goal()), Certified: true, Permutations: rep.Permutations, Reachable: rep.Reachable, Mismatches: rep.Mismatches}
		if rep.Mismatches > 0 {
			b, _ := board.New(size, rep.First)
			out.First = &b
		}
		err = writeJSONLine(e.stdout, out)
	} else {
		_, err = fmt.Fprintf(e.stdout, "distances: proven exact\npermutations: %s\nreachable: %s\nmismatches: %s\n",
			human.Group(rep.Permutations), human.Group(rep.Reachable), human.Group(rep.Mismatches))
		if err == nil && rep.Mismatches > 0 {
			b, _ := board.New(size, rep.First)
			_, err = fmt.Fprintf(e.stdout, "first mismatch: %s\n", b)
		}
	}
	if err == nil && rep.Mismatches > 0 {
		err = errSilent
	}
	return err
}

// verifiedTable returns the table of verify, proven: the table FILE if
// given, else the file every other command would answer from for boards of
// goal's size (built in or installed), proven again whatever the records
// of proofs say, else a table built afresh and proven.
func verifiedTable(ctx context.Context, f *flags, path string, goal board.Board, quiet bool) (*table.Table, error) {
	size := goal.Size()
	f.recheck = true
	if path != "" {
		return f.tableFor(ctx, path, size, quiet)
	}
	src, err := f.resolver(quiet).For(ctx, goal)
	switch {
	case err != nil:
		return nil, installedFailure(err)
	case src != nil && src.Table == nil:
		return nil, f.failf("%s answers %s boards; verify proves tables", src, size)
	case src != nil:
		return src.Table, nil
	}
	t, err := table.Build(ctx, goal, nil)
	if err != nil {
		return nil, buildError(f, err)
	}
	return t, t.Certify(ctx, &table.CertifyOptions{Progress: certifyBar(f.stderr, quiet, t)})
}

// reportWrong prints what certification found wrong and returns errSilent
// (exit status 1).
func reportWrong(e *env, asJSON bool, wrong *table.DistanceError) error {
	var err error
	if asJSON {
		err = writeJSONLine(e.stdout, api.Wrong{About: api.About{Size: wrong.Board.Size()}, Wrong: strings.TrimPrefix(wrong.Error(), "table: wrong distance: "),
			Board: wrong.Board, Distance: wrong.Distance})
	} else {
		_, err = fmt.Fprintf(e.stdout, "distances: WRONG: %s\n", strings.TrimPrefix(wrong.Error(), "table: wrong distance: "))
	}
	if err != nil {
		return err
	}
	return errSilent
}

// certifyBar returns a progress callback that draws a bar on stderr for a
// table large enough to take a while, or nil.
func certifyBar(w io.Writer, quiet bool, t *table.Table) func(checked, total uint64) {
	if quiet || t.Size().Cells() < 11 || !isTerminal(w) {
		return nil
	}
	var bar *progressbar.ProgressBar
	return func(checked, total uint64) {
		if bar == nil {
			bar = newProgressBar(w, int64(total), "proving the distances of "+t.Size().String())
		}
		bar.Set64(int64(checked))
		if checked == total {
			bar.Finish()
		}
	}
}
