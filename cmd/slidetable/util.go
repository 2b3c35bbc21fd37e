package main

import (
	"io"
	"os"

	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal, where a progress bar can
// redraw itself; redirected to a file or a pipe, it would leave every frame
// behind. Tests set forceTerminal to see the bar.
func isTerminal(w io.Writer) bool {
	if forceTerminal {
		return true
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

var forceTerminal bool
