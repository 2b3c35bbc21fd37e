package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

func main() {
	// The signals stay caught until the process exits, so that one arriving
	// as a build finishes cannot kill it after its table has replaced the
	// previous file: the exit status says whether the file was written.
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// env is what a subcommand may use of the process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// commands lists the subcommands by name; each lives in a file of its own.
var commands = map[string]command{}

func register(name, summary string, run func(ctx context.Context, e *env, args []string) error) {
	commands[name] = command{summary: summary, run: run}
}

// run is the whole program, testable in-process: it returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return exitCode(stderr, c.run(ctx, e, []string{"-h"}))
			}
		}
		usage(stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "slidetable: unknown command %q\n\n", name)
		usage(stderr)
		return exitUsage
	}
	return exitCode(stderr, c.run(ctx, e, args[1:]))
}

// exitCode prints err, if any, and returns the exit code it calls for.
func exitCode(stderr io.Writer, err error) int {
	var ue *usageError
	var fe *failure
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		// Drop a package prefix that repeats the command's name.
		fmt.Fprintf(stderr, "slidetable %s: %s\n", ue.cmd, strings.TrimPrefix(ue.err.Error(), ue.cmd+": "))
		if ue.usage != "" {
			fmt.Fprintf(stderr, "usage: %s\n", ue.usage)
		}
		return exitUsage
	case errors.As(err, &fe):
		fmt.Fprintf(stderr, "slidetable %s: %v\n", fe.cmd, fe.err)
		return exitFailure
	case errors.Is(err, errSilent):
		return exitFailure
	default:
		fmt.Fprintf(stderr, "slidetable: %v\n", err)
		return exitFailure
	}
}

// errSilent is a failure already reported on stdout, such as mismatches
// found by verify.
var errSilent = errors.New("failed")

func usage(w io.Writer) {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	var sb strings.Builder
	sb.WriteString(`slidetable builds exact distance tables for sliding-tile puzzles and answers
questions about boards from them.

Usage:
  slidetable <command> [flags] [arguments]

Commands:
`)
	for _, name := range names {
		fmt.Fprintf(&sb, "  %-10s %s\n", name, commands[name].summary)
	}
	sb.WriteString(`
A size is WxH (W columns, H rows): 3x3, 4x2. A board is its numbers in
reading order with 0 for the blank, separated by spaces or commas, rows
optionally separated by '/': "1 2 3/4 5 6/7 8 0".

Examples:
  slidetable distance 3x3 "8 6 7/2 5 4/3 0 1"
  slidetable stats 3x3
  slidetable build -o 3x4.tbl 3x4

Run 'slidetable help <command>' for a command's flags.
`)
	io.WriteString(w, sb.String())
}
