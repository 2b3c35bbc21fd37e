package main

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/api"
)

func init() {
	register("distance", "print the fewest moves from a board to the goal", runDistance)
}

func runDistance(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "distance", "slidetable distance [-table FILE | -ida] [-json] WxH BOARD",
		"Print the fewest moves from BOARD to the goal, or 'unsolvable', from the\n"+
			"built-in table of the size or from the table FILE. For a size with\n"+
			"neither, or with -ida, an optimal IDA* search finds it (a random 4x4\n"+
			"board takes from a fraction of a second to a minute or more).",
		"  slidetable distance 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable distance -json 3x3 8 6 7 2 5 4 3 0 1\n  slidetable distance -table 4x3.tbl 4x3 \"0 11 10 9/8 7 6 5/4 3 2 1\"\n  slidetable distance 4x4 \"5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15\"\n")
	of := addOptimalFlags(f)
	asJSON := f.Bool("json", false, `print {"board":[...],"solvable":true,"distance":31}`)
	o, b, err := of.open(args)
	if err != nil {
		return err
	}
	defer o.close()
	d, err := o.distance(ctx, b)
	solvable, err := solvableOr(err)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSONLine(e.stdout, api.NewDistance(b, solvable, d))
	}
	if !solvable {
		_, err = fmt.Fprintln(e.stdout, "unsolvable")
		return err
	}
	_, err = fmt.Fprintln(e.stdout, d)
	return err
}
