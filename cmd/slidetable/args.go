package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/source"
)

// usageError is a mistake in how a command was called, or bad input on its
// command line: exit status 2.
type usageError struct {
	cmd   string
	usage string
	err   error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// flags is a subcommand's flag set with its usage line and examples.
type flags struct {
	*flag.FlagSet
	name, usage, summary, examples string
	stderr                         io.Writer
	res                            *source.Resolver // see resolver
	recheck                        bool             // the resolver proves every file again
	maxMem                         *string          // -max-mem, if the command has it
	memory                         uint64           // -max-mem checked, by parse
	metricName                     *string          // -metric, if the command has it
	metric                         board.Metric     // -metric checked, by parse
	metricSet                      bool             // -metric was given
	goal                           *goalFlag        // -goal, if the command has it
	scramble                       *string          // -scramble, if the command has it
	quiet                          bool             // no progress bars: the command's -q, once parsed
	warned                         map[string]bool  // the warnings said, once each
	repeats                        map[string]bool  // the flags that may be given more than once (list)
	// warn, if set, takes the resolver's warnings instead of standard
	// error (serve logs them); it may be called from any goroutine.
	warn func(msg string)
	mu   sync.Mutex // serializes warnings written to stderr

	// bareDistances, if set, says once the flags are parsed whether the
	// command answers with distances and no word of their metric (the
	// text of distance and levels): a -table FILE in multi-tile moves
	// taken without -metric is then noted on standard error.
	bareDistances func() bool
}

func newFlags(e *env, name, usage, summary, examples string) *flags {
	fs := flag.NewFlagSet("slidetable "+name, flag.ContinueOnError)
	// The flag package prints nothing: a mistake is reported once, with
	// the usage line, by exitCode, and -h prints the manual below.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	f := &flags{FlagSet: fs, name: name, usage: usage, examples: examples, summary: summary, stderr: e.stderr}
	return f
}

// manual writes the command's usage line, summary, flags and examples.
func (f *flags) manual(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", f.usage, f.summary)
	var hasFlags bool
	f.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags:\n")
		f.SetOutput(w)
		f.PrintDefaults()
		f.SetOutput(io.Discard)
	}
	if f.examples != "" {
		fmt.Fprintf(w, "\nExamples:\n%s", f.examples)
	}
}

// list defines a flag that may be given more than once, each value
// passed to add in the order given (serve's -table and -cors).
func (f *flags) list(name, usage string, add func(string) error) {
	f.Func(name, usage, add)
	if f.repeats == nil {
		f.repeats = map[string]bool{}
	}
	f.repeats[name] = true
}

// parse parses args, allowing flags before, between and after the
// positional arguments, and returns the positional ones. A flag given
// twice is refused, naming it, unless it is a list, where the flag
// package would keep the last value in silence. With -h it prints the
// manual on standard error and returns flag.ErrHelp.
func (f *flags) parse(args []string) ([]string, error) {
	pos, twice, err := f.parseCounting(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		f.manual(f.stderr)
		return nil, err
	case err != nil:
		return nil, f.fail(err)
	case twice != "":
		return nil, f.failf("-%s given more than once: give it once", twice)
	}
	return pos, f.checkFlags()
}

// parseCounting parses args as parse does and returns the positional
// arguments and the first flag given a second time that is not a list
// ("" if none).
func (f *flags) parseCounting(args []string) (pos []string, twice string, err error) {
	given := map[string]int{}
	f.VisitAll(func(fl *flag.Flag) {
		inner := fl.Value
		fl.Value = counted{Value: inner, count: func() {
			if given[fl.Name]++; given[fl.Name] == 2 && !f.repeats[fl.Name] && twice == "" {
				twice = fl.Name
			}
		}}
	})
	defer f.VisitAll(func(fl *flag.Flag) {
		if c, ok := fl.Value.(counted); ok {
			fl.Value = c.Value
		}
	})
	for {
		if err := f.Parse(args); err != nil {
			return nil, "", err
		}
		args = f.Args()
		if len(args) == 0 {
			return pos, twice, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), twice, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// counted is a flag's value that calls count each time the flag is
// given, for parse to tell a flag given twice.
type counted struct {
	flag.Value
	count func()
}

func (c counted) Set(s string) error {
	c.count()
	return c.Value.Set(s)
}

// IsBoolFlag keeps a boolean flag one that takes no value (-json, not
// -json=true), as the flag package asks its value.
func (c counted) IsBoolFlag() bool {
	b, ok := c.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// checkFlags checks the flags every command shares: -max-mem, -metric.
func (f *flags) checkFlags() error {
	if err := f.memFlag(); err != nil {
		return err
	}
	return f.metricFlag()
}

// fail wraps err as a usage error of this command.
func (f *flags) fail(err error) error {
	return &usageError{cmd: f.name, usage: f.usage, err: err}
}

// failf is fail with a formatted message.
func (f *flags) failf(format string, args ...any) error {
	return f.fail(fmt.Errorf(format, args...))
}

// parseSize parses args for a command that takes one WxH argument.
func (f *flags) parseSize(args []string) (board.Size, error) {
	pos, err := f.parse(args)
	if err != nil {
		return board.Size{}, err
	}
	if len(pos) != 1 {
		return board.Size{}, f.failf("want one size, got %d arguments", len(pos))
	}
	return f.size(pos[0])
}

// size parses a WxH argument.
func (f *flags) size(arg string) (board.Size, error) {
	s, err := board.ParseSize(arg)
	if err != nil {
		return board.Size{}, f.fail(err)
	}
	return s, nil
}

// board parses a board of the given size from the remaining arguments,
// which are joined with spaces so that a board may be one quoted argument
// or n separate ones (see parseBoard). A command given -scramble plays it
// from its goal instead (scrambled), with no board arguments
// (scrambleAlone).
func (f *flags) board(size board.Size, args []string) (board.Board, error) {
	if len(args) == 0 {
		return board.Board{}, f.failf("missing board: give the %d numbers of a %s board", size.Cells(), size)
	}
	b, err := parseBoard(size, strings.Join(args, " "))
	if err != nil {
		return board.Board{}, f.fail(err)
	}
	return b, nil
}

// scrambleAlone refuses board arguments given beside -scramble.
func (f *flags) scrambleAlone(args []string) error {
	if len(args) != 0 {
		return f.failf("give a board or -scramble, not both")
	}
	return nil
}

func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
