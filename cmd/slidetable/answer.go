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

// answeredBy returns what answers boards of size for s, as the JSON
// answers carry it (api.Source); nil if nothing does.
func answeredBy(ctx context.Context, s *solver.Solver, size board.Size) *api.Source {
	ans, err := s.Answer(ctx, size) // found before the first board: a lookup
	if err != nil {
		return nil
	}
	return ans.Describe()
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

// answerFunc answers for one board.
type answerFunc func(ctx context.Context, s *solver.Solver, b board.Board) (reply, error)

// run parses WxH BOARD (or WxH -) and prints the answers of answer,
// one for the board, or one a line of standard input, in order, solving on
// every core.
func (sf *solverFlags) run(ctx context.Context, e *env, args []string, asJSON *bool, answer answerFunc) error {
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
	s, err := sf.solver(ctx, size)
	if err != nil {
		return err
	}
	if scramble {
		// From the goal the answer is measured to, which the solver
		// knows: a file's own, -goal, or the standard one.
		if b, err = f.scrambled(s.Goal(size)); err != nil {
			return err
		}
	}
	ctx, cancel := sf.context(ctx)
	defer cancel()
	if batch {
		return sf.stopped(answerLines(ctx, e, f, s, size, *asJSON, answer), "")
	}
	noticed, stop := searchNotice(ctx, f)
	r, err := answer(noticed, s, b)
	stop()
	if err != nil {
		return sf.stopped(sf.outOfReach(err, s, size), "before the answer")
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
func answerLines(ctx context.Context, e *env, f *flags, s *solver.Solver, size board.Size, asJSON bool, answer answerFunc) error {
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
	work := func(ctx context.Context, b board.Board) (reply, error) { return answer(ctx, s, b) }
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

// solvableFrom tells, from the error of an answer, whether the board can
// reach the goal: nil means it can, solver.ErrUnsolvable that it cannot
// (which is no failure); any other error is returned.
func solvableFrom(err error) (solvable bool, _ error) {
	if errors.Is(err, solver.ErrUnsolvable) {
		return false, nil
	}
	return err == nil, err
}
