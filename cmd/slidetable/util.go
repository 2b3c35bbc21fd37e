package main

import (
	"errors"
	"io"
	"os"
	"strconv"
	"strings"

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

// physicalMemory returns the machine's memory from /proc/meminfo, or 8 GB
// where that cannot be read.
func physicalMemory() uint64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				f := strings.Fields(rest)
				if len(f) == 0 {
					break
				}
				if kb, err := strconv.ParseUint(f[0], 10, 64); err == nil {
					return kb * 1024
				}
			}
		}
	}
	return 8e9
}
