package main

import (
	"errors"
	"fmt"
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

// memoryLimit parses a -max-mem value; empty means half the physical memory.
func memoryLimit(s string) (uint64, error) {
	if s == "" {
		return physicalMemory() / 2, nil
	}
	mult := uint64(1)
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	switch {
	case strings.HasSuffix(t, "K"):
		mult, t = 1e3, t[:len(t)-1]
	case strings.HasSuffix(t, "M"):
		mult, t = 1e6, t[:len(t)-1]
	case strings.HasSuffix(t, "G"):
		mult, t = 1e9, t[:len(t)-1]
	case strings.HasSuffix(t, "T"):
		mult, t = 1e12, t[:len(t)-1]
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("%q is not a size such as 500M or 2G", s)
	}
	return uint64(v * float64(mult)), nil
}

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
