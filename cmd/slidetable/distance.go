package main

import (
	"context"
	"strconv"

	"github.com/slidetable/slidetable/api"
)

func runDistance(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "distance", "slidetable distance [-table FILE] [-ida] [-metric single|multi] [-goal BOARD] [-timeout DURATION] [-max-mem SIZE] [-scramble MOVES] [-json] WxH BOARD|-",
		"Print the fewest moves from BOARD to the goal, or 'unsolvable', from the\n"+
			"table FILE, else the built-in or installed table of the size. For a size\n"+
			"with neither, or with -ida, an optimal IDA* search finds it, with the\n"+
			"database given as -table FILE (a pattern database, or in multi-tile\n"+
			"moves an abstraction tier), else the installed one, else the built-in\n"+
			"4x4 one (a random 4x4 board takes tens of milliseconds; see 'slidetable\n"+
			"build 4x4'). Without -metric a FILE answers in its own metric (in\n"+
			"multi-tile moves, with a note on stderr); one that cannot answer the\n"+
			"question is refused, naming what it answers. A file is proven before it\n"+
			"answers (see the manual: 'go doc\n"+
			"github.com/slidetable/slidetable/cmd/slidetable').\n\n"+
			"With BOARD -, reads boards from standard input, one a line, solves them on\n"+
			"every core and prints one answer a line, in order.\n\n"+
			"With -metric multi the distance counts multi-tile moves: a tap slides\n"+
			"every tile between the tapped one and the blank, along its row or\n"+
			"column. The built-in sizes have multi-tile tables; others need one\n"+
			"('slidetable build -metric multi -install WxH') or a search with a weak\n"+
			"bound, within reach for 12 cells and less.",
		"  slidetable distance 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable distance -metric multi 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable distance -json 3x3 8 6 7 2 5 4 3 0 1\n  slidetable distance -table 4x3.tbl 4x3 \"0 11 10 9/8 7 6 5/4 3 1 2\"\n  slidetable distance -timeout 10s 4x4 \"5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15\"\n  slidetable gen -n 20 -seed 1 4x4 | slidetable distance 4x4 -\n")
	sf := addSolverFlags(f, true, 0)
	f.addScrambleFlag()
	asJSON := f.Bool("json", false, `print {"size":"WxH","board":[...],"solvable":true,"distance":31} (see the manual)`)
	f.bareDistances = func() bool { return !*asJSON }
	return sf.run(ctx, e, args, asJSON, api.AskDistance, func(v any) (reply, error) {
		out := v.(api.Distance)
		line := "unsolvable"
		if out.Distance != nil {
			line = strconv.Itoa(*out.Distance)
		}
		return reply{text: line + "\n", line: line, json: out}, nil
	})
}
