package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

func runSolve(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "solve", "slidetable solve [-table FILE] [-ida] [-metric single|multi] [-goal BOARD] [-notation tiles|letters] [-timeout DURATION] [-max-mem SIZE] [-scramble MOVES] [-json] WxH BOARD|-",
		"Print the fewest moves from BOARD to the goal and a shortest solution: the\n"+
			"moves in order, each the number of the tile that slides into the blank.\n"+
			"Prints 'unsolvable' for a board that cannot reach the goal. Uses the\n"+
			"table FILE, else the built-in or installed table of the size; for a size\n"+
			"with neither, or with -ida, searches with IDA*, for 4x4 with the pattern\n"+
			"database given as -table FILE.pdb, else the installed one, else the\n"+
			"built-in one (a random 4x4 board takes tens of milliseconds).\n\n"+
			"With BOARD -, reads boards from standard input, one a line, solves them on\n"+
			"every core and prints one line for each, in order: the distance and the\n"+
			"moves (\"21  5 4 ...\", \"0  none\"), or 'unsolvable'; with -metric multi each\n"+
			"move says how many tiles slide and which way, as for one board.\n\n"+
			"With -metric multi, a move taps a tile in the blank's row or column and\n"+
			"slides it and the tiles between: each move is the tile tapped, with how\n"+
			"many tiles slide and which way (\"slides\" in JSON). 4x4 is searched\n"+
			"with an abstraction database; other sizes without a multi-tile table\n"+
			"with a weak bound: 12 cells and less.\n\n"+
			"With -notation letters, moves are written as speedsolvers write them: the\n"+
			"way the tiles slide, U, D, L or R, one letter a move (\"RRDL\"), and in\n"+
			"multi-tile moves with how many tiles slide when more than one does\n"+
			"(\"R3D2L\"); JSON adds \"letters\", each move so written.",
		"  slidetable solve 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable solve -json 2x4 \"0 7/6 5/4 3/2 1\"\n  slidetable solve 4x4 \"5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15\"\n  slidetable gen -n 100 -method walk -k 40 4x4 | slidetable solve -timeout 1m -json 4x4 -\n")
	sf := addSolverFlags(f, true, 0)
	f.addScrambleFlag()
	sf.notation = addNotationFlag(f)
	asJSON := f.Bool("json", false, `print {"size":"WxH","board":[...],"solvable":true,"distance":21,"moves":[5,4,...]} (see the manual)`)
	return sf.run(ctx, e, args, asJSON, api.AskSolve, func(v any) (reply, error) {
		out := v.(api.Moves)
		r := reply{json: out, text: "unsolvable\n", line: "unsolvable"}
		if out.Distance == nil {
			return r, nil
		}
		b, metric, moves := out.Board, out.About.MetricOf(), api.Tiles(out.Moves)
		switch {
		case sf.letters:
			read := strings.Join(out.Letters, "")
			if read == "" {
				read = "none"
			}
			r.text = fmt.Sprintf("distance: %d%s\nmoves: %s\n", len(moves), inMetric(metric), read)
			r.line = fmt.Sprintf("%d  %s", len(moves), read)
		case metric == board.MultiTile && len(moves) > 0:
			read := taps(b, moves, true)
			r.text = fmt.Sprintf("distance: %d (multi-tile moves)\nmoves: %s\n", len(moves), read)
			r.line = fmt.Sprintf("%d  %s", len(moves), read)
		default:
			r.text = fmt.Sprintf("distance: %d\nmoves: %s\n", len(moves), moveList(moves))
			r.line = fmt.Sprintf("%d  %s", len(moves), moveList(moves))
		}
		return r, nil
	})
}
