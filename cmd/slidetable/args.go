package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/table"
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
	name, usage, examples string
}

func newFlags(e *env, name, usage, summary, examples string) *flags {
	fs := flag.NewFlagSet("slidetable "+name, flag.ContinueOnError)
	fs.SetOutput(clipWriter{e.stderr})
	f := &flags{FlagSet: fs, name: name, usage: usage, examples: examples}
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s\n\n%s\n", usage, summary)
		var hasFlags bool
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintf(w, "\nFlags:\n")
			fs.PrintDefaults()
		}
		if examples != "" {
			fmt.Fprintf(w, "\nExamples:\n%s", examples)
		}
	}
	return f
}

// parse parses args, allowing flags before, between and after the
// positional arguments, and returns the positional ones.
func (f *flags) parse(args []string) ([]string, error) {
	var pos []string
	for {
		if err := f.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, f.fail(err) // the flag package has printed the message
		}
		args = f.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
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
// or n separate ones.
func (f *flags) board(size board.Size, args []string) (board.Board, error) {
	if len(args) == 0 {
		return board.Board{}, f.failf("missing board: give the %d numbers of a %s board", size.Cells(), size)
	}
	b, err := board.Parse(size, strings.Join(args, " "))
	if err != nil {
		return board.Board{}, f.fail(err)
	}
	return b, nil
}

// loadTable opens the table file path, or, if path is empty, the embedded
// table of the size.
func (f *flags) loadTable(path string, size board.Size) (*table.Table, error) {
	if path == "" {
		t, err := data.Load(size.W, size.H)
		if errors.Is(err, data.ErrNotEmbedded) && size.Cells() > bfs.MaxCells {
			return nil, f.failf("%s has too many boards for a table (tables go up to %d cells); 'slidetable solve' and 'hint' answer %s boards with an optimal solver instead", size, bfs.MaxCells, size)
		}
		if errors.Is(err, data.ErrNotEmbedded) {
			return nil, f.failf("no table for %s is built in (the built-in sizes are %s); build one with 'slidetable build -o %s.tbl %s' and pass -table %s.tbl", size, data.Sizes(), size, size, size)
		}
		return t, err
	}
	t, err := table.Open(path)
	if err != nil {
		return nil, f.tableError(err)
	}
	if t.Size() != size {
		t.Close()
		return nil, f.failf("%s is a %s table, not %s", path, t.Size(), size)
	}
	return t, nil
}

func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
