package main

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

func runSolvable(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "solvable", "slidetable solvable [-metric single|multi] [-goal BOARD] [-scramble MOVES] [-json] WxH BOARD",
		"Print true if BOARD can reach the goal and false if not, by the parity rule,\n"+
			"for a board of any size (no table needed): odd width, solvable iff the\n"+
			"inversions are even; even width, iff inversions plus the blank's row counted\n"+
			"from the bottom is odd. Moves of either metric (-metric) reach the same\n"+
			"boards, so the answer does not depend on it.",
		"  slidetable solvable 4x4 \"1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0\"\n  slidetable solvable 5x5 \"$(seq -s ' ' 24) 0\"\n")
	goalFlag := addGoalFlag(f, "ask about reaching this `BOARD` instead of the standard goal")
	f.addMetricFlag()
	f.addScrambleFlag()
	asJSON := f.Bool("json", false, `print {"size":"WxH","board":[...],"solvable":true} (see the manual)`)
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return f.failf("missing size and board")
	}
	size, err := f.size(pos[0])
	if err != nil {
		return err
	}
	goal, err := goalFlag.board(size)
	if err != nil {
		return err
	}
	var b board.Board
	if f.scrambleGiven() {
		if err := f.scrambleAlone(pos[1:]); err != nil {
			return err
		}
		b, err = f.scrambled(goal)
	} else {
		b, err = f.board(size, pos[1:])
	}
	if err != nil {
		return err
	}
	ok, err := b.SolvableTo(goal)
	if err != nil {
		return f.fail(err)
	}
	if *asJSON {
		return writeJSONLine(e.stdout, api.Solvable{About: api.NewAbout(goal, f.metric), Board: b, Solvable: ok})
	}
	_, err = fmt.Fprintln(e.stdout, ok)
	return err
}
