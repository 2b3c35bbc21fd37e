package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

func runHint(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "hint", "slidetable hint [-table FILE] [-ida] [-metric single|multi] [-goal BOARD] [-notation tiles|letters] [-timeout DURATION] [-max-mem SIZE] [-scramble MOVES] [-json] WxH BOARD|-",
		"Print the distance of BOARD and every move that brings it one step closer to\n"+
			"the goal: the number of the tile that slides into the blank, and the way it\n"+
			"slides. Prints 'unsolvable' for a board that cannot reach the goal. Uses\n"+
			"the table FILE, else the built-in or installed table of the size; for a\n"+
			"size with neither, or with -ida, searches with IDA*, as solve does, at\n"+
			"about the cost of a solve.\n\n"+
			"With BOARD -, reads boards from standard input, one a line, and prints one\n"+
			"line for each, in order: the distance and the optimal moves (\"31  5 3 1\").\n\n"+
			"With -metric multi, a move taps a tile in the blank's row or column: each\n"+
			"optimal move is the tile to tap, with how many tiles slide and which way.\n\n"+
			"With -notation letters, each move is written as speedsolvers write it: the\n"+
			"way the tiles slide, U, D, L or R, with how many slide in multi-tile moves\n"+
			"when more than one does (\"R3\"); JSON adds \"letters\".",
		"  slidetable hint 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable hint -json 3x3 \"1 2 3/4 5 6/7 0 8\"\n")
	sf := addSolverFlags(f, true, 0)
	f.addScrambleFlag()
	sf.notation = addNotationFlag(f)
	asJSON := f.Bool("json", false, `print {"size":"WxH","board":[...],"solvable":true,"distance":31,"moves":[5,3,1]} (see the manual)`)
	return sf.run(ctx, e, args, asJSON, api.AskHint, func(v any) (reply, error) {
		out := v.(api.Moves)
		r := reply{json: out, text: "unsolvable\n", line: "unsolvable"}
		if out.Distance == nil {
			return r, nil
		}
		d, b, metric := *out.Distance, out.Board, out.About.MetricOf()
		hints := api.Tiles(out.Moves)
		label, partial := "optimal moves", ""
		if out.Partial {
			label, partial = "optimal move", " (one of perhaps several: the next move of a level pack's solution, known with no search)"
		}
		switch {
		case d == 0:
			r.text, r.line = "distance: 0 (solved)\n", "0  none"
		case sf.letters:
			r.text = fmt.Sprintf("distance: %d%s\n%s: %s%s\n", d, inMetric(metric), label, strings.Join(out.Letters, ", "), partial)
			r.line = fmt.Sprintf("%d  %s", d, strings.Join(out.Letters, " "))
		case metric == board.MultiTile:
			read := taps(b, hints, false)
			r.text = fmt.Sprintf("distance: %d (multi-tile moves)\n%s: %s%s\n", d, label, read, partial)
			r.line = fmt.Sprintf("%d  %s", d, read)
		default:
			s := make([]string, len(hints))
			for i, m := range hints {
				s[i] = fmt.Sprintf("%d (slides %s)", m, direction(b, m))
			}
			r.text = fmt.Sprintf("distance: %d\n%s: %s%s\n", d, label, strings.Join(s, ", "), partial)
			r.line = fmt.Sprintf("%d  %s", d, moveList(hints))
		}
		if out.Partial {
			r.line += "  (partial)"
		}
		return r, nil
	})
}

// direction returns the way tile m moves when it slides into the blank of b:
// up, down, left or right.
func direction(b board.Board, m uint8) string {
	mv, err := b.MoveOf(m)
	if err != nil {
		return "?" // not a move of b; the solver gives only legal ones
	}
	return mv.Dir.String()
}
