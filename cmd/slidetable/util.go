package main

import (
	"errors"
	"io"
	"os"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"golang.org/x/term"
)

// isInputError reports whether err is bad input rather than a failure.
func isInputError(err error) bool {
	for _, target := range []error{board.ErrSize, board.ErrCellCount, board.ErrSyntax, board.ErrRange,
		board.ErrDuplicate, board.ErrNoBlank, board.ErrMismatch, board.ErrIllegalMove, bfs.ErrTooLarge, bfs.ErrMemory} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

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
