package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/solve"
	"github.com/slidetable/slidetable/table"
)

func init() {
	register("solve", "print a shortest solution of a board", runSolve)
}

func runSolve(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "solve", "slidetable solve [-table FILE] [-json] WxH BOARD",
		"Print the fewest moves from BOARD to the goal and a shortest solution: the\n"+
			"moves in order, each the number of the tile that slides into the blank.\n"+
			"Prints 'unsolvable' for a board that cannot reach the goal. Uses the\n"+
			"built-in table of the size or the table FILE.",
		"  slidetable solve 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable solve -json 2x4 \"0 7/6 5/4 3/2 1\"\n")
	path := f.String("table", "", "use the table `FILE` instead of the built-in one")
	asJSON := f.Bool("json", false, `print {"board":[...],"solvable":true,"distance":21,"moves":[5,4,...]}`)
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	t, b, err := tableAndBoard(f, *path, pos)
	if err != nil {
		return err
	}
	defer t.Close()
	moves, err := solve.Path(t, b)
	solvable := err == nil
	if err != nil && !errors.Is(err, table.ErrUnsolvable) {
		return err
	}
	if *asJSON {
		out := struct {
			Board    board.Board `json:"board"`
			Solvable bool        `json:"solvable"`
			Distance *int        `json:"distance"`
			Moves    []int       `json:"moves"`
		}{Board: b, Solvable: solvable}
		if solvable {
			d := len(moves)
			out.Distance, out.Moves = &d, ints(moves)
		}
		return writeJSONLine(e.stdout, out)
	}
	if !solvable {
		_, err = fmt.Fprintln(e.stdout, "unsolvable")
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "distance: %d\nmoves: %s\n", len(moves), moveList(moves))
	return err
}

// tableAndBoard reads the size and board of the positional arguments and
// opens the table FILE or the built-in table of the size.
func tableAndBoard(f *flags, path string, pos []string) (*table.Table, board.Board, error) {
	if len(pos) == 0 {
		return nil, board.Board{}, f.failf("missing size and board")
	}
	size, err := f.size(pos[0])
	if err != nil {
		return nil, board.Board{}, err
	}
	b, err := f.board(size, pos[1:])
	if err != nil {
		return nil, board.Board{}, err
	}
	t, err := f.loadTable(path, size)
	if err != nil {
		return nil, board.Board{}, err
	}
	return t, b, nil
}
