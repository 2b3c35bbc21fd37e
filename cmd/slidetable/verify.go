package main

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/build"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/table"
)

func runVerify(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "verify", "slidetable verify [-table FILE] [-goal BOARD] [-json] WxH",
		"Check the parity rule against the set of boards the search found reachable,\n"+
			"for every one of the n! permutations of a WxH board, and print how many were\n"+
			"checked, how many are reachable and how many disagree. The exit status is 0\n"+
			"only if none disagree. Uses the table FILE, else the built-in table, else a\n"+
			"fresh search in memory.",
		"  slidetable verify 3x3\n  slidetable verify -table 4x3.tbl 4x3\n")
	path := f.String("table", "", "check the table `FILE`")
	goalFlag := addGoalFlag(f, "check the table of this `BOARD` instead of the standard goal (the table FILE's goal, or a search for it)")
	asJSON := f.Bool("json", false, `print {"size":"3x3","permutations":362880,"reachable":181440,"mismatches":0} (see the manual)`)
	size, err := f.parseSize(args)
	if err != nil {
		return err
	}
	goal, err := goalFlag.board(size)
	if err != nil {
		return err
	}
	var t *table.Table
	if *path != "" || data.Has(size) && goal == board.Goal(size) {
		t, err = f.loadTable(*path, size)
	} else {
		t, err = build.Table(ctx, goal, nil)
		err = buildError(f, err)
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
		out := api.Verify{About: api.NewAbout(t.Goal()), Permutations: rep.Permutations, Reachable: rep.Reachable, Mismatches: rep.Mismatches}
		if rep.Mismatches > 0 {
			b, _ := board.New(size, rep.First)
			out.First = &b
		}
		err = writeJSONLine(e.stdout, out)
	} else {
		_, err = fmt.Fprintf(e.stdout, "permutations: %s\nreachable: %s\nmismatches: %s\n",
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
