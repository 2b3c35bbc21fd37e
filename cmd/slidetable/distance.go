package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/table"
)

func init() {
	register("distance", "print the fewest moves from a board to the goal", runDistance)
}

func runDistance(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "distance", "slidetable distance [-table FILE] [-json] WxH BOARD",
		"Print the fewest moves from BOARD to the goal, or 'unsolvable', from the\n"+
			"built-in table of the size or from the table FILE.",
		"  slidetable distance 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable distance -json 3x3 8 6 7 2 5 4 3 0 1\n  slidetable distance -table 4x3.tbl 4x3 \"0 11 10 9/8 7 6 5/4 3 2 1\"\n")
	path := f.String("table", "", "look the board up in the table `FILE` instead of the built-in one")
	asJSON := f.Bool("json", false, `print {"board":[...],"solvable":true,"distance":31}`)
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
	b, err := f.board(size, pos[1:])
	if err != nil {
		return err
	}
	t, err := f.loadTable(*path, size)
	if err != nil {
		return err
	}
	defer t.Close()
	d, err := t.Distance(b)
	solvable := err == nil
	if err != nil && !errors.Is(err, table.ErrUnsolvable) {
		return err
	}
	if *asJSON {
		var dist *int
		if solvable {
			dist = &d
		}
		return writeJSONLine(e.stdout, struct {
			Board    board.Board `json:"board"`
			Solvable bool        `json:"solvable"`
			Distance *int        `json:"distance"`
		}{b, solvable, dist})
	}
	if !solvable {
		_, err = fmt.Fprintln(e.stdout, "unsolvable")
		return err
	}
	_, err = fmt.Fprintln(e.stdout, d)
	return err
}
