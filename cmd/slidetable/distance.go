package main

import (
	"context"
	"strconv"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/solver"
)

func init() {
	register("distance", "print the fewest moves from a board to the goal", runDistance)
}

func runDistance(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "distance", "slidetable distance [-table FILE | -ida] [-timeout DURATION] [-json] WxH BOARD|-",
		"Print the fewest moves from BOARD to the goal, or 'unsolvable', from the\n"+
			"built-in table of the size or from the table FILE. For a size with\n"+
			"neither, or with -ida, an optimal IDA* search finds it (a random 4x4\n"+
			"board takes from a tenth of a second to tens of seconds).\n\n"+
			"With BOARD -, reads boards from standard input, one a line, solves them on\n"+
			"every core and prints one answer a line, in order.",
		"  slidetable distance 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable distance -json 3x3 8 6 7 2 5 4 3 0 1\n  slidetable distance -table 4x3.tbl 4x3 \"0 11 10 9/8 7 6 5/4 3 2 1\"\n  slidetable distance -timeout 10s 4x4 \"5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15\"\n  slidetable gen -n 20 -seed 1 4x4 | slidetable distance 4x4 -\n")
	sf := addSolverFlags(f, true)
	asJSON := f.Bool("json", false, `print {"board":[...],"solvable":true,"distance":31}`)
	return sf.run(ctx, e, args, asJSON, func(ctx context.Context, s *solver.Solver, b board.Board) (reply, error) {
		d, err := s.Distance(ctx, b)
		solvable, err := unsolvable(err)
		if err != nil {
			return reply{}, err
		}
		var dist *int
		line := "unsolvable"
		if solvable {
			dist, line = &d, strconv.Itoa(d)
		}
		return reply{json: distanceJSON{b, solvable, dist}, text: line + "\n", line: line}, nil
	})
}

// distanceJSON is the -json output of distance; Distance is null for an
// unsolvable board.
type distanceJSON struct {
	Board    board.Board `json:"board"`
	Solvable bool        `json:"solvable"`
	Distance *int        `json:"distance"`
}
