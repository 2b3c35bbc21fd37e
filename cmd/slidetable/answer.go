package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/solver"
)

// maxTimeout bounds -timeout.
const maxTimeout = 7 * 24 * time.Hour

// solverFlags are the flags of the commands that ask the solver: -table
// FILE, -ida, -goal and -timeout.
type solverFlags struct {
	f       *flags
	path    *string
	useIDA  *bool
	goal    *goalFlag
	timeout *time.Duration
}

func addSolverFlags(f *flags, withIDA bool) *solverFlags {
	sf := &solverFlags{
		f:       f,
		path:    f.String("table", "", "use the table `FILE` instead of the built-in or installed one (for boards of more than 12 cells, a pattern database built by 'slidetable build')"),
		goal:    addGoalFlag(f, "measure distances to this `BOARD` instead of the standard goal (the table FILE's, or a search)"),
		timeout: f.Duration("timeout", 0, "give up after `DURATION` (such as 10s or 2m; at most 168h), with exit status 1 (default: no limit)"),
	}
	f.addMemFlag()
	if withIDA {
		sf.useIDA = f.Bool("ida", false, "search with IDA* even if there is a table")
	} else {
		sf.useIDA = new(bool)
	}
	return sf
}

// solver checks the flags and returns the solver for boards of size: with
// the table or pattern database FILE if given, searching everywhere with
// -ida, and otherwise with what package source finds for the size and goal
// (built in, then installed; nothing for a -goal other than the standard
// one); towards -goal if given (a FILE must be of that goal).
func (sf *solverFlags) solver(ctx context.Context, size board.Size) (*solver.Solver, error) {
	f := sf.f
	if *sf.timeout < 0 || *sf.timeout > maxTimeout {
		return nil, f.failf("-timeout %s: want a duration from 0 (no limit) to %s", *sf.timeout, maxTimeout)
	}
	goal, err := sf.goal.board(size)
	if err != nil {
		return nil, err
	}
	var opts []solver.Option
	switch {
	case *sf.useIDA && *sf.path != "":
		return nil, f.failf("-ida and -table exclude each other")
	case *sf.useIDA:
		opts = append(opts, solver.WithSearch())
	case *sf.path != "":
		src, err := f.openFile(ctx, *sf.path, size, false, false)
		if err != nil {
			return nil, err
		}
		if src.Table != nil {
			if err := sf.goal.check(src.Table, *sf.path); err != nil {
				return nil, err
			}
		} else if sf.goal.set() && src.Goal() != goal {
			return nil, f.failf("-goal %s: the pattern database %s is for the goal %s", goal, clip(*sf.path), src.Goal())
		}
		opts = append(opts, solver.WithSource(src))
	default:
		src, err := f.resolver(false).For(ctx, goal)
		if err != nil {
			return nil, installedFailure(err)
		}
		opts = append(opts, solver.WithSource(src))
	}
	if sf.goal.set() {
		opts = append(opts, solver.WithGoal(goal))
	}
	return solver.New(opts...)
}

// context returns ctx bounded by -timeout.
func (sf *solverFlags) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if *sf.timeout > 0 {
		return context.WithTimeout(ctx, *sf.timeout)
	}
	return context.WithCancel(ctx)
}

// stopped turns the end of the command's context into a one-line message:
// -timeout ran out, or a signal interrupted the work; after, if not empty,
// says how far it got ("after 3 of 10 boards").
func (sf *solverFlags) stopped(err error, after string) error {
	if after != "" {
		after = " " + after
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &failure{cmd: sf.f.name, err: fmt.Errorf("-timeout %s ran out%s", *sf.timeout, after)}
	case errors.Is(err, context.Canceled):
		return &failure{cmd: sf.f.name, err: fmt.Errorf("interrupted%s", after)}
	}
	return err
}

// failure is a failure of a command with a message of its own: exit
// status 1, printed as "slidetable CMD: message".
type failure struct {
	cmd string
	err error
}

func (e *failure) Error() string { return e.cmd + ": " + e.err.Error() }
func (e *failure) Unwrap() error { return e.err }

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
	if len(pos) == 0 {
		return f.failf("missing size and board")
	}
	size, err := f.size(pos[0])
	if err != nil {
		return err
	}
	batch := len(pos) == 2 && pos[1] == "-"
	var b board.Board
	if !batch {
		if b, err = f.board(size, pos[1:]); err != nil {
			return err
		}
	}
	s, err := sf.solver(ctx, size)
	if err != nil {
		return err
	}
	ctx, cancel := sf.context(ctx)
	defer cancel()
	if batch {
		return sf.stopped(answerLines(ctx, e, f, s, size, *asJSON, answer), "")
	}
	r, err := answer(ctx, s, b)
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

// answerLines answers for each board of e.stdin, one a line of size
// (blank lines are skipped), on every core, printing the answers in the
// order of the lines. A line that is not a board stops it with an error
// naming the line, after the answers of the lines before it.
func answerLines(ctx context.Context, e *env, f *flags, s *solver.Solver, size board.Size, asJSON bool, answer answerFunc) error {
	type result struct {
		r   reply
		err error
	}
	type job struct {
		b   board.Board
		res chan result
	}
	ctx, cancel := context.WithCancel(ctx)
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan job)
	order := make(chan job, 4*workers)
	var wg sync.WaitGroup // the workers
	defer func() {
		cancel()
		wg.Wait()
	}()
	// The reader is not waited for: it may be blocked reading a slow
	// standard input, and ends at its next line or at its end.
	go func() {
		defer close(jobs)
		defer close(order)
		sc := bufio.NewScanner(e.stdin)
		sc.Buffer(make([]byte, 0, 4096), maxLine)
		line := 0
		for sc.Scan() {
			line++
			text := strings.TrimSpace(sc.Text())
			if text == "" {
				continue
			}
			j := job{res: make(chan result, 1)}
			var err error
			if j.b, err = board.Parse(size, text); err != nil {
				j.res <- result{err: &usageError{cmd: f.name, err: fmt.Errorf("line %d: %w", line, err)}}
			}
			select {
			case order <- j:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
		if err := sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				err = &usageError{cmd: f.name, err: fmt.Errorf("line %d: longer than %d bytes", line+1, maxLine)}
			}
			j := job{res: make(chan result, 1)}
			j.res <- result{err: err}
			select {
			case order <- j:
			case <-ctx.Done():
			}
		}
	}()
	for range workers {
		wg.Go(func() {
			for {
				select {
				case j, ok := <-jobs:
					if !ok {
						return
					}
					r, err := answer(ctx, s, j.b)
					j.res <- result{r, err}
				case <-ctx.Done():
					return
				}
			}
		})
	}
	w := bufio.NewWriter(e.stdout)
	for {
		var j job
		var ok bool
		select {
		case j, ok = <-order:
		default:
			// Show the answers so far while the next line is read.
			if err := w.Flush(); err != nil {
				return err
			}
			select {
			case j, ok = <-order:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if !ok {
			break
		}
		var res result
		select {
		case res = <-j.res:
		default:
			// Show the answers so far while the next one is worked out.
			if err := w.Flush(); err != nil {
				return err
			}
			select {
			case res = <-j.res:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if res.err != nil {
			w.Flush()
			return res.err
		}
		var err error
		if asJSON {
			err = writeJSONLine(w, res.r.json)
		} else {
			_, err = io.WriteString(w, res.r.line+"\n")
		}
		if err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return ctx.Err()
}

// unsolvable splits the error of an answer: nil means solvable,
// solver.ErrUnsolvable means not (and is no failure), anything else is
// returned.
func unsolvable(err error) (bool, error) {
	if errors.Is(err, solver.ErrUnsolvable) {
		return false, nil
	}
	return err == nil, err
}
