package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/table"
)

func init() {
	register("verify", "prove a table's distances exact and check the parity rule against it", runVerify)
}

func runVerify(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "verify", "slidetable verify [-table FILE] [-q] [-json] WxH",
		"Prove every distance of a table exact, without trusting whoever built it:\n"+
			"the goal is the one board at distance 0, every other board has a neighbour\n"+
			"one move closer, and no two neighbours differ by more than one. Then check\n"+
			"the parity rule against the set of boards the table holds as reachable, for\n"+
			"every one of the n! permutations of a WxH board, and print how many were\n"+
			"checked, how many are reachable and how many disagree. The exit status is 0\n"+
			"only if the distances are proven and none disagree; a wrong table is named\n"+
			"by a board whose distance is wrong. Uses the table FILE, else the built-in\n"+
			"table, else a fresh search in memory.",
		"  slidetable verify 3x3\n  slidetable verify -table 4x3.tbl 4x3\n")
	path := f.String("table", "", "check the table `FILE`")
	quiet := f.Bool("q", false, "no progress bar")
	asJSON := f.Bool("json", false, `print {"certified":true,"permutations":362880,"reachable":181440,"mismatches":0}`)
	size, err := f.parseSize(args)
	if err != nil {
		return err
	}
	var t *table.Table
	if _, embedded := data.File(size.W, size.H); *path != "" || embedded == nil {
		t, err = f.loadTable(*path, size)
	} else {
		t, err = table.Build(ctx, board.Goal(size), nil)
		err = buildError(f, err)
	}
	var wrong *table.DistanceError
	if errors.As(err, &wrong) {
		// Opening certified the table and found it wrong.
		return reportWrong(e, *asJSON, wrong)
	}
	if err != nil {
		return err
	}
	defer t.Close()
	err = t.Certify(ctx, &table.CertifyOptions{Progress: certifyBar(e, *quiet, t)})
	if errors.As(err, &wrong) {
		return reportWrong(e, *asJSON, wrong)
	}
	if err != nil {
		return err
	}
	rep, err := t.CheckParity(ctx)
	if err != nil {
		return err
	}
	if *asJSON {
		err = writeJSONLine(e.stdout, struct {
			Certified    bool   `json:"certified"`
			Permutations uint64 `json:"permutations"`
			Reachable    uint64 `json:"reachable"`
			Mismatches   uint64 `json:"mismatches"`
		}{true, rep.Permutations, rep.Reachable, rep.Mismatches})
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

// reportWrong prints what certification found wrong and returns errSilent
// (exit status 1).
func reportWrong(e *env, asJSON bool, wrong *table.DistanceError) error {
	var err error
	if asJSON {
		err = writeJSONLine(e.stdout, struct {
			Certified bool        `json:"certified"`
			Wrong     string      `json:"wrong"`
			Board     board.Board `json:"board"`
			Distance  int         `json:"distance"`
		}{false, strings.TrimPrefix(wrong.Error(), "table: wrong distance: "), wrong.Board, wrong.Distance})
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
func certifyBar(e *env, quiet bool, t *table.Table) func(checked, total uint64) {
	if quiet || t.Size().Cells() < 11 {
		return nil
	}
	var bar *progressbar.ProgressBar
	return func(checked, total uint64) {
		if bar == nil {
			bar = progressbar.NewOptions64(int64(total),
				progressbar.OptionSetWriter(e.stderr),
				progressbar.OptionSetDescription("proving the distances of "+t.Size().String()),
				progressbar.OptionShowCount(),
				progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionSetPredictTime(false),
				progressbar.OptionClearOnFinish())
		}
		bar.Set64(int64(checked))
		if checked == total {
			bar.Finish()
		}
	}
}
