package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/solver"
)

// solverFlags are the flags of the commands that ask the solver: -table
// FILE, -ida, -goal, -timeout and -max-mem.
type solverFlags struct {
	*timeoutFlag
	f      *flags
	path   *string
	useIDA *bool
	goal   *goalFlag
	// notation is -notation, for the commands that write moves, and
	// letters what it asks for, once run has parsed the flags.
	notation *notationFlag
	letters  bool
}

// addSolverFlags adds the solver's flags to f; -timeout has the default
// timeout (0: no limit).
func addSolverFlags(f *flags, withIDA bool, timeout time.Duration) *solverFlags {
	sf := &solverFlags{
		f:    f,
		path: f.String("table", "", "answer with the file `FILE`, of any kind: a table, or a pattern database or abstraction tier guiding the search (without -metric, in the file's metric); a file that cannot answer is refused"),
		goal: addGoalFlag(f, "measure distances to this `BOARD` instead of the standard goal (the table FILE's, or a search)"),
	}
	sf.timeoutFlag = addTimeoutFlag(f, timeout)
	f.addMemFlag()
	f.addMetricFlag()
	if withIDA {
		sf.useIDA = f.Bool("ida", false, "search with IDA* even if there is a table (guided by a database FILE, if given)")
	} else {
		sf.useIDA = new(bool)
	}
	return sf
}

// solver checks the flags and returns the solver for boards of size, from
// the command's catalogue (see package source), which answers with the
// file FILE if given (a table by lookup; a pattern database or an
// abstraction tier guides the search), or refuses it by name if it cannot
// answer; by search everywhere with -ida (a database FILE guiding it); and
// otherwise with what it finds for the size and goal (built in, then
// installed; nothing for a -goal other than the standard one); towards
// -goal if given. What answers size is found and proven here, before any
// board is read, so that a file that cannot answer is said at once.
func (sf *solverFlags) solver(ctx context.Context, size board.Size) (*solver.Solver, error) {
	f := sf.f
	if err := sf.timeoutFlag.check(); err != nil {
		return nil, err
	}
	goal, err := sf.goal.board(size)
	if err != nil {
		return nil, err
	}
	opts, err := f.given(*sf.path)
	if err != nil {
		return nil, err
	}
	opts.Search = *sf.useIDA
	if sf.goal.set() {
		opts.Goals = []board.Board{goal}
	}
	var reach []solver.Option
	if *sf.timeout == 0 {
		reach = append(reach, solver.WithReach(searchReach))
	}
	s, err := f.solver(opts, reach...)
	if err != nil {
		return nil, err
	}
	if _, err := s.Answer(ctx, size); err != nil {
		return nil, f.answerError(err)
	}
	return s, nil
}

// door is what answers a command's questions about boards of one size:
// the game of the command's catalogue, the one door every front end asks
// (game.Game.Ask), with the question's size and metric.
type door struct {
	g      *game.Game
	size   board.Size
	metric board.Metric
	goal   board.Board // the catalogue's goal of size: what a scramble starts from
}

// door checks the flags and returns the door for boards of size: the game
// of a catalogue made as solver makes one (with the file FILE, -goal,
// -ida), whose searches are refused when out of reach unless -timeout
// bounds them. What answers size is found and proven here, before any
// board is read, so that a file that cannot answer is said at once.
func (sf *solverFlags) door(ctx context.Context, size board.Size) (*door, error) {
	s, err := sf.solver(ctx, size)
	if err != nil {
		return nil, err
	}
	opts := &game.CatalogOptions{AnySize: true}
	if *sf.timeout == 0 {
		opts.Reach = searchReach
	}
	g, err := game.FromCatalog(s.Catalog(), opts)
	if err != nil {
		return nil, err
	}
	return &door{g: g, size: size, metric: s.Metric(), goal: s.Goal(size)}, nil
}

// ask asks the question what about b, or with scramble set about the
// board its moves make from the goal, and returns the game's answer, an
// object of package api.
func (d *door) ask(ctx context.Context, what api.Ask, b board.Board, scramble *string, letters bool) (any, error) {
	q := api.Question{Ask: what, Size: d.size, Metric: d.metric, Board: b, Letters: letters}
	if scramble != nil {
		q.Scramble, q.Scrambled = *scramble, true
	}
	req, err := d.g.Ask(q)
	if err != nil {
		return nil, err
	}
	return req.Answer(ctx)
}

// commandError is a failure of a command with a message of its own: exit
// status 1, printed as "slidetable CMD: message".
type commandError struct {
	cmd string
	err error
}

func (e *commandError) Error() string { return e.cmd + ": " + e.err.Error() }
func (e *commandError) Unwrap() error { return e.err }

// reply is the answer for one board: JSON for -json, text for one board
// given as arguments, line for each board read from standard input.
type reply struct {
	json       any
	text, line string
}

// failure turns the failure of a question towards goal into what the
// command reports: a scramble that cannot be played is -scramble's usage
// error (scrambled says the question had one); a search refused as out of
// reach says what would work; a failing installed file, or a lack of
// memory, what to do about it.
func (sf *solverFlags) failure(err error, goal board.Board, scrambled bool) error {
	if scrambled && (errors.Is(err, board.ErrNotation) || errors.Is(err, board.ErrIllegalMove)) {
		return sf.f.fail(fmt.Errorf("-scramble: %w", err))
	}
	return sf.outOfReach(installedFailure(err), goal)
}

// presentFunc presents the answer for one board, an object of package
// api, as the command prints it.
type presentFunc func(v any) (reply, error)

// run parses WxH BOARD (or WxH -), asks the question what about each
// board, and prints the answers as present presents them, one for the
// board, or one a line of standard input, in order, solving on every
// core.
func (sf *solverFlags) run(ctx context.Context, e *env, args []string, asJSON *bool, what api.Ask, present presentFunc) error {
	f := sf.f
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if sf.notation != nil {
		if sf.letters, err = sf.notation.letters(); err != nil {
			return err
		}
	}
	if len(pos) == 0 {
		return f.failf("missing size and board")
	}
	size, err := f.size(pos[0])
	if err != nil {
		return err
	}
	scramble := f.scrambleGiven()
	batch := len(pos) == 2 && pos[1] == "-" && !scramble
	var b board.Board
	switch {
	case scramble:
		err = f.scrambleAlone(pos[1:])
	case !batch:
		b, err = f.board(size, pos[1:])
	}
	if err != nil {
		return err
	}
	d, err := sf.door(ctx, size)
	if err != nil {
		return err
	}
	var moves *string // the scramble, played from the goal the answer is measured to
	if scramble {
		moves = f.scramble
	}
	answer := func(ctx context.Context, b board.Board, scramble *string) (reply, error) {
		v, err := d.ask(ctx, what, b, scramble, sf.letters)
		if err != nil {
			return reply{}, sf.failure(err, d.goal, scramble != nil)
		}
		return present(v)
	}
	ctx, cancel := sf.context(ctx)
	defer cancel()
	if batch {
		return sf.stopped(answerLines(ctx, e, f, size, *asJSON, answer), "")
	}
	noticed, stop := searchNotice(ctx, f)
	r, err := answer(noticed, b, moves)
	stop()
	if err != nil {
		return sf.stopped(err, "before the answer")
	}
	if *asJSON {
		return writeJSONLine(e.stdout, r.json)
	}
	_, err = io.WriteString(e.stdout, r.text)
	return err
}

// maxLine bounds a line of standard input.
const maxLine = 64 << 10

// linesAhead is how many boards of standard input answerLines works on
// past the first whose answer it waits for: a far board searched for a
// second does not leave the other cores idle, and the boards and answers
// in flight take a few kilobytes at most.
const linesAhead = 64

// answerLines answers for each board of e.stdin, one a line of size
// (blank lines are skipped), on every core, printing the answers in the
// order of the lines. A line that is not a board stops it with an error
// naming the line, after the answers of the lines before it.
func answerLines(ctx context.Context, e *env, f *flags, size board.Size, asJSON bool, answer func(context.Context, board.Board, *string) (reply, error)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // ends readLines at its next line
	lines := readLines(ctx, e.stdin)
	next := func(ctx context.Context) (board.Board, bool, error) {
		for {
			var l inputLine
			var ok bool
			select {
			case l, ok = <-lines:
			case <-ctx.Done():
				return board.Board{}, false, ctx.Err()
			}
			switch {
			case !ok:
				return board.Board{}, false, nil
			case errors.Is(l.err, bufio.ErrTooLong):
				return board.Board{}, false, &usageError{cmd: f.name, err: fmt.Errorf("line %d: longer than %d bytes", l.n, maxLine)}
			case l.err != nil:
				return board.Board{}, false, l.err
			case l.text == "":
				continue
			}
			b, err := parseBoard(size, l.text)
			if err != nil {
				return board.Board{}, false, &usageError{cmd: f.name, err: fmt.Errorf("line %d: %w", l.n, err)}
			}
			return b, true, nil
		}
	}
	work := func(ctx context.Context, b board.Board) (reply, error) { return answer(ctx, b, nil) }
	w := bufio.NewWriter(e.stdout)
	emit := func(r reply, err error) error {
		if err != nil {
			return err
		}
		if asJSON {
			return writeJSONLine(w, r.json)
		}
		_, err = io.WriteString(w, r.line+"\n")
		return err
	}
	// Flushing while the next answer is worked out shows those so far.
	err := parallel.OrderedAhead(ctx, 0, linesAhead, next, work, emit, w.Flush)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// inputLine is line n of standard input, trimmed, or the error that ended
// the input there.
type inputLine struct {
	n    int
	text string
	err  error
}

// readLines sends the lines of r, until its end or until ctx ends. It is
// not waited for: it may be blocked reading a slow standard input, and
// ends at its next line or at the input's end.
func readLines(ctx context.Context, r io.Reader) <-chan inputLine {
	lines := make(chan inputLine)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 0, 4096), maxLine)
		n := 0
		for sc.Scan() {
			n++
			select {
			case lines <- inputLine{n: n, text: strings.TrimSpace(sc.Text())}:
			case <-ctx.Done():
				return
			}
		}
		if err := sc.Err(); err != nil {
			select {
			case lines <- inputLine{n: n + 1, err: err}:
			case <-ctx.Done():
			}
		}
	}()
	return lines
}
