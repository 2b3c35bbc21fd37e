package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

func init() {
	register("hint", "print every optimal next move of a board", runHint)
}

func runHint(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "hint", "slidetable hint [-table FILE | -ida] [-json] WxH BOARD",
		"Print the distance of BOARD and every move that brings it one step closer to\n"+
			"the goal: the number of the tile that slides into the blank, and the way it\n"+
			"slides. Prints 'unsolvable' for a board that cannot reach the goal. Uses\n"+
			"the table FILE or the built-in table of the size; for a size with\n"+
			"neither, or with -ida, searches with IDA*, as solve does.",
		"  slidetable hint 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable hint -json 3x3 \"1 2 3/4 5 6/7 0 8\"\n")
	of := addOptimalFlags(f)
	asJSON := f.Bool("json", false, `print {"board":[...],"solvable":true,"distance":31,"moves":[5,3,1]}`)
	o, b, err := of.open(args)
	if err != nil {
		return err
	}
	defer o.close()
	hints, d, err := o.hints(ctx, b)
	solvable, err := solvableOr(err)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSONLine(e.stdout, api.NewMoves(b, solvable, d, hints))
	}
	if !solvable {
		_, err = fmt.Fprintln(e.stdout, "unsolvable")
		return err
	}
	if d == 0 {
		_, err = fmt.Fprintln(e.stdout, "distance: 0 (solved)")
		return err
	}
	s := make([]string, len(hints))
	for i, m := range hints {
		s[i] = fmt.Sprintf("%d (slides %s)", m, direction(b, m))
	}
	_, err = fmt.Fprintf(e.stdout, "distance: %d\noptimal moves: %s\n", d, strings.Join(s, ", "))
	return err
}

// direction returns the way tile m moves when it slides into the blank of b:
// up, down, left or right.
func direction(b board.Board, m uint8) string {
	z, i, w := b.Blank(), b.Index(m), b.Size().W
	switch i {
	case z - w:
		return "down"
	case z + w:
		return "up"
	case z - 1:
		return "right"
	}
	return "left"
}
