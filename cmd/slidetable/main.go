package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
)

func main() {
	// The signals stay caught until the process exits, so that one arriving
	// as a build finishes cannot kill it after its table has replaced the
	// previous file: the exit status says whether the file was written.
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes. An interrupted command exits with exitFailure.
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

// command is one subcommand; each lives in a file of its own.
type command struct {
	name, summary string
	run           func(ctx context.Context, e *env, args []string) error
}

// commands lists the subcommands in the order the manual (doc.go) shows
// them.
var commands = []command{
	{"build", "build a distance table file with a progress bar", runBuild},
	{"distance", "print the fewest moves from a board to the goal", runDistance},
	{"solvable", "tell by the parity rule whether a board can reach the goal", runSolvable},
	{"verify", "prove a table's distances exact and check the parity rule against it", runVerify},
	{"stats", "print the distance distribution of a table", runStats},
	{"solve", "print a shortest solution of a board", runSolve},
	{"hint", "print every optimal next move of a board", runHint},
	{"gen", "print random boards of any size, uniform or scrambled by a walk", runGen},
	{"coverage", "test how evenly a generator covers the states (chi-square)", runCoverage},
	{"levels", "print random boards whose exact distance is in a range", runLevels},
	{"plot", "draw the distance distribution of a table as a bar chart", runPlot},
	{"serve", "serve the game page and the JSON API over HTTP", runServe},
	{"web", "write the game page, in WebAssembly, as a static site", runWeb},
	{"info", "print what a table, pattern database or abstraction tier file holds", runInfo},
	{"version", "print the program's version and the table formats it reads", runVersion},
}

// lookup returns the command called name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
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
		if len(args) == 1 {
			usage(stdout)
			return exitOK
		}
		if args[1] == "help" && len(args) == 2 {
			io.WriteString(stdout, helpHelp)
			return exitOK
		}
		// 'help COMMAND' prints the command's manual on standard output,
		// as -h does on standard error.
		c, ok := lookup(args[1])
		if !ok || len(args) > 2 {
			fmt.Fprintf(stderr, "slidetable help: unknown command %q; run 'slidetable help' for the list\n", clip(strings.Join(args[1:], " ")))
			return exitUsage
		}
		return exitCode(stderr, c.name, c.run(ctx, &env{stdin: stdin, stdout: stdout, stderr: stdout}, []string{"-h"}))
	}
	c, ok := lookup(name)
	if !ok {
		fmt.Fprintf(stderr, "slidetable: unknown command %q; run 'slidetable help' for the list\n", clip(name))
		return exitUsage
	}
	return exitCode(stderr, name, c.run(ctx, e, args[1:]))
}

// exitCode prints err, if any, and returns the exit code it calls for.
func exitCode(stderr io.Writer, name string, err error) int {
	var ue *usageError
	var fe *commandError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "slidetable %s: %s\n", ue.cmd, clipWords(userMessage(ue.err)))
		if ue.usage != "" {
			fmt.Fprintf(stderr, "usage: %s\n", ue.usage)
		}
		return exitUsage
	case errors.As(err, &fe):
		fmt.Fprintf(stderr, "slidetable %s: %s\n", fe.cmd, clipWords(userMessage(fe.err)))
		return exitFailure
	case errors.Is(err, errSilent):
		return exitFailure
	case errors.Is(err, context.Canceled):
		// A signal stopped the command; a message of its own, if any,
		// says what it left undone.
		msg := "interrupted"
		var ie *interruptedError
		if errors.As(err, &ie) {
			msg = ie.msg
		}
		fmt.Fprintf(stderr, "slidetable %s: %s\n", name, msg)
		return exitFailure
	default:
		fmt.Fprintf(stderr, "slidetable %s: %s\n", name, clipWords(userMessage(err)))
		return failure.KindOf(err).Codes().Exit
	}
}

// interruptedError is a command stopped by a signal, with what to tell the
// user about it.
type interruptedError struct {
	msg string
}

func (e *interruptedError) Error() string { return e.msg }
func (e *interruptedError) Unwrap() error { return context.Canceled }

// errSilent is a failure already reported on stdout, such as mismatches
// found by verify or a failed coverage test.
var errSilent = errors.New("failed")

// userMessage returns err's message without the package names in it.
func userMessage(err error) string { return human.Message(err) }

// helpHelp is the manual of help.
const helpHelp = `usage: slidetable help [COMMAND]

Print the list of commands, or the manual of COMMAND: its usage line,
what it does, its flags and examples, as 'slidetable COMMAND -h' does.

Examples:
  slidetable help
  slidetable help distance
`

func usage(w io.Writer) {
	var sb strings.Builder
	sb.WriteString(`slidetable builds exact distance tables for sliding-tile puzzles and answers
questions about boards from them.

Usage:
  slidetable <command> [flags] [arguments]

Commands:
`)
	for _, c := range commands {
		fmt.Fprintf(&sb, "  %-10s %s\n", c.name, c.summary)
	}
	sb.WriteString(`
A size is WxH (W columns, H rows): 3x3, 4x2. A board is its numbers in
reading order with 0 (or .) for the blank, separated by spaces or commas,
rows optionally separated by '/': "1 2 3/4 5 6/7 8 0".

Examples:
  slidetable distance 3x3 "8 6 7/2 5 4/3 0 1"
  slidetable stats 3x3
  slidetable build -o 4x3.tbl 4x3

Run 'slidetable help <command>' for a command's flags.
`)
	io.WriteString(w, sb.String())
}
