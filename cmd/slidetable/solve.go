package main

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/solver"
)

func runSolve(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "solve", "slidetable solve [-table FILE | -ida] [-goal BOARD] [-timeout DURATION] [-max-mem SIZE] [-json] WxH BOARD|-",
		"Print the fewest moves from BOARD to the goal and a shortest solution: the\n"+
			"moves in order, each the number of the tile that slides into the blank.\n"+
			"Prints 'unsolvable' for a board that cannot reach the goal. Uses the\n"+
			"table FILE, else the built-in or installed table of the size; for a size\n"+
			"with neither, or with -ida, searches with IDA*, for 4x4 with the pattern\n"+
			"database given as -table FILE.pdb, else the installed one, else the\n"+
			"built-in one (a random 4x4 board takes tens of milliseconds).\n\n"+
			"With BOARD -, reads boards from standard input, one a line, solves them on\n"+
			"every core and prints one line for each, in order: the distance and the\n"+
			"moves (\"21  5 4 ...\", \"0  none\"), or 'unsolvable'.",
		"  slidetable solve 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable solve -json 2x4 \"0 7/6 5/4 3/2 1\"\n  slidetable solve 4x4 \"5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15\"\n  slidetable gen -n 100 -method walk -k 40 4x4 | slidetable solve -timeout 1m -json 4x4 -\n")
	sf := addSolverFlags(f, true, 0)
	asJSON := f.Bool("json", false, `print {"size":"WxH","board":[...],"solvable":true,"distance":21,"moves":[5,4,...]} (see the manual)`)
	return sf.run(ctx, e, args, asJSON, func(ctx context.Context, s *solver.Solver, b board.Board) (reply, error) {
		moves, err := s.Path(ctx, b)
		solvable, err := solvableFrom(err)
		if err != nil {
			return reply{}, err
		}
		r := reply{json: api.NewMoves(s.Goal(b.Size()), b, solvable, len(moves), moves), text: "unsolvable\n", line: "unsolvable"}
		if solvable {
			r.text = fmt.Sprintf("distance: %d\nmoves: %s\n", len(moves), moveList(moves))
			r.line = fmt.Sprintf("%d  %s", len(moves), moveList(moves))
		}
		return r, nil
	})
}
