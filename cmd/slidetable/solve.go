package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/solve"
	"github.com/slidetable/slidetable/table"
)

func init() {
	register("solve", "print a shortest solution of a board", runSolve)
}

func runSolve(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "solve", "slidetable solve [-table FILE | -ida] [-json] WxH BOARD",
		"Print the fewest moves from BOARD to the goal and a shortest solution: the\n"+
			"moves in order, each the number of the tile that slides into the blank.\n"+
			"Prints 'unsolvable' for a board that cannot reach the goal. Uses the\n"+
			"table FILE or the built-in table of the size; for a size with neither,\n"+
			"or with -ida, searches with IDA* (quick for boards a few dozen moves from\n"+
			"the goal; a random 4x4 board takes up to a minute or more).",
		"  slidetable solve 3x3 \"8 6 7/2 5 4/3 0 1\"\n  slidetable solve -json 2x4 \"0 7/6 5/4 3/2 1\"\n  slidetable solve 4x4 \"5 1 3 4/9 2 7 8/0 6 11 12/13 10 14 15\"\n")
	of := addOptimalFlags(f)
	asJSON := f.Bool("json", false, `print {"board":[...],"solvable":true,"distance":21,"moves":[5,4,...]}`)
	o, b, err := of.open(args)
	if err != nil {
		return err
	}
	defer o.close()
	moves, err := o.path(ctx, b)
	solvable, err := solvableOr(err)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSONLine(e.stdout, api.NewMoves(b, solvable, len(moves), moves))
	}
	if !solvable {
		_, err = fmt.Fprintln(e.stdout, "unsolvable")
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "distance: %d\nmoves: %s\n", len(moves), moveList(moves))
	return err
}

// optimal answers for shortest solutions from a table or, without one, by
// IDA* to the standard goal.
type optimal struct {
	t    *table.Table // nil: search with IDA*
	goal board.Board
}

// errUnsolvable is table.ErrUnsolvable or ida.ErrUnsolvable.
var errUnsolvable = errors.New("unsolvable")

func unsolvable(err error) error {
	if errors.Is(err, table.ErrUnsolvable) || errors.Is(err, ida.ErrUnsolvable) {
		return errUnsolvable
	}
	return err
}

func (o *optimal) path(ctx context.Context, b board.Board) ([]uint8, error) {
	if o.t != nil {
		p, err := solve.Path(o.t, b)
		return p, unsolvable(err)
	}
	p, err := ida.Solve(ctx, b, o.goal)
	return p, unsolvable(err)
}

func (o *optimal) distance(ctx context.Context, b board.Board) (int, error) {
	if o.t != nil {
		d, err := o.t.Distance(b)
		return d, unsolvable(err)
	}
	d, err := ida.Distance(ctx, b, o.goal)
	return d, unsolvable(err)
}

func (o *optimal) hints(ctx context.Context, b board.Board) ([]uint8, int, error) {
	if o.t != nil {
		h, d, err := solve.Hints(o.t, b)
		return h, d, unsolvable(err)
	}
	h, d, err := ida.Hints(ctx, b, o.goal)
	return h, d, unsolvable(err)
}

func (o *optimal) close() {
	if o.t != nil {
		o.t.Close()
	}
}

// optimalFlags are the flags of the commands that answer from a table or
// by IDA*: -table FILE and -ida.
type optimalFlags struct {
	f      *flags
	path   *string
	useIDA *bool
}

func addOptimalFlags(f *flags) *optimalFlags {
	return &optimalFlags{
		f:      f,
		path:   f.String("table", "", "use the table `FILE` instead of the built-in one"),
		useIDA: f.Bool("ida", false, "search with IDA* even if there is a table"),
	}
}

// open parses args, WxH BOARD with flags, and prepares to answer for the
// board (see optimalAndBoard).
func (of *optimalFlags) open(args []string) (*optimal, board.Board, error) {
	pos, err := of.f.parse(args)
	if err != nil {
		return nil, board.Board{}, err
	}
	return optimalAndBoard(of.f, *of.path, *of.useIDA, pos)
}

// solvableOr splits the error of an answer: nil means solvable, errUnsolvable
// means not (and is no failure), anything else is returned.
func solvableOr(err error) (bool, error) {
	if errors.Is(err, errUnsolvable) {
		return false, nil
	}
	return err == nil, err
}

// optimalAndBoard reads the size and board of the positional arguments and
// opens the table FILE or the built-in table of the size, or, with useIDA
// or for a size with neither, prepares to search with IDA*.
func optimalAndBoard(f *flags, path string, useIDA bool, pos []string) (*optimal, board.Board, error) {
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
	if useIDA && path != "" {
		return nil, board.Board{}, f.failf("-ida and -table exclude each other")
	}
	if _, noTable := data.File(size.W, size.H); useIDA || path == "" && noTable != nil {
		return &optimal{goal: board.Goal(size)}, b, nil
	}
	t, err := f.loadTable(path, size)
	if err != nil {
		return nil, board.Board{}, err
	}
	return &optimal{t: t, goal: t.Goal()}, b, nil
}
