package failure_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
)

// A package gives each of its sentinels a kind; callers match an error
// wrapping one by the sentinel or by its kind.
func ExampleNew() {
	errDepth := failure.New(failure.Input, "mypkg: depth out of range")
	err := fmt.Errorf("depth 300: %w", errDepth)
	fmt.Println(err)
	fmt.Println(errors.Is(err, errDepth), errors.Is(err, failure.Input), errors.Is(err, failure.File))
	// Output:
	// depth 300: mypkg: depth out of range
	// true true false
}

// A front end asks the kind of whatever error it meets, from this module
// or the standard library, and answers with the kind's codes: here the
// command line's exit status and the HTTP API's status.
func ExampleKindOf() {
	_, badBoard := board.Parse(board.Size{W: 3, H: 3}, "1 2 3/4 5 6/7 7 0")
	_, noFile := os.Open("no/such/table.tbl")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		what string
		err  error
	}{
		{"a bad board", badBoard},
		{"a missing file", noFile},
		{"a cancelled context", ctx.Err()},
		{"a deadline", context.DeadlineExceeded},
		{"an error of no kind", errors.New("a bug")},
	} {
		k := failure.KindOf(c.err)
		fmt.Printf("%-19s  %-9s  exit %d, HTTP %d\n", c.what, k, k.Codes().Exit, k.Codes().HTTP)
	}
	fmt.Println(badBoard)
	// Output:
	// a bad board          input      exit 2, HTTP 400
	// a missing file       file       exit 1, HTTP 500
	// a cancelled context  cancelled  exit 1, HTTP 503
	// a deadline           time       exit 1, HTTP 422
	// an error of no kind  internal   exit 1, HTTP 500
	// board: tile 7 appears twice
}

// The one table of what every front end answers each kind with.
func ExampleKind_Codes() {
	for _, k := range failure.Kinds() {
		c := k.Codes()
		fmt.Printf("%-9s exit %d  HTTP %d  C %2d  Python %-9s  JS %s\n", k, c.Exit, c.HTTP, c.C, c.Python, c.JS)
	}
	// Output:
	// internal  exit 1  HTTP 500  C 10  Python internal   JS failed
	// input     exit 2  HTTP 400  C  4  Python input      JS input
	// file      exit 1  HTTP 500  C  5  Python file       JS file
	// memory    exit 1  HTTP 503  C  6  Python memory     JS memory
	// time      exit 1  HTTP 422  C  7  Python timeout    JS timeout
	// cancelled exit 1  HTTP 503  C  8  Python cancelled  JS aborted
	// not found exit 1  HTTP 404  C  9  Python not_found  JS not-found
}
