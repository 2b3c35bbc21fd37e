package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// The status codes of slidetable.h.
const (
	statusOK        = 0
	statusArgument  = 1
	statusHandle    = 2
	statusTruncated = 3
	statusInput     = 4
	statusFile      = 5
	statusMemory    = 6
	statusTimeout   = 7
	statusCancelled = 8
	statusNotFound  = 9
	statusInternal  = 10
)

// statusError is an error with the status code it is returned as.
type statusError struct {
	status int
	err    error
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

// statusErrorf returns an error of the status, with a message formatted
// by fmt.Errorf.
func statusErrorf(status int, format string, args ...any) error {
	return &statusError{status: status, err: fmt.Errorf(format, args...)}
}

// fileError returns the failure to open a file as one of status
// statusFile, unless it is of another kind: memory, time, cancellation.
func fileError(err error) error {
	if status, _ := statusOf(err); status != statusInternal {
		return err
	}
	return &statusError{status: statusFile, err: err}
}

// endError is why a call's context ended before the answer: its table
// was closed (errClosed) or its cancel token fired (errFired).
type endError struct {
	msg  string
	kind error // context.Canceled
}

func (e *endError) Error() string { return e.msg }
func (e *endError) Unwrap() error { return e.kind }

var (
	errClosed = &endError{"the table was closed during the call", context.Canceled}
	errFired  = &endError{"cancelled by its cancel token", context.Canceled}
)

// inputErrors are the errors of bad input: sizes, boards, goals,
// metrics, ranges.
var inputErrors = []error{
	board.ErrSize, board.ErrCellCount, board.ErrSyntax, board.ErrRange, board.ErrDuplicate,
	board.ErrNoBlank, board.ErrMismatch, board.ErrMetric, game.ErrInput, levels.ErrRange,
}

// fileErrors are the errors of files that cannot answer.
var fileErrors = []error{
	table.ErrFormat, table.ErrVersion, table.ErrChecksum, table.ErrNotRegular, table.ErrDistance,
	pdb.ErrFormat, pdb.ErrVersion, pdb.ErrChecksum, pdb.ErrEntry, pdb.ErrPartition, pdb.ErrClosed,
	abstraction.ErrFormat, abstraction.ErrVersion, abstraction.ErrChecksum, abstraction.ErrEntry,
	abstraction.ErrClassing, abstraction.ErrClosed,
	source.ErrNotRegular, source.ErrKind, fs.ErrNotExist, fs.ErrPermission, io.ErrUnexpectedEOF,
}

// inCall returns err, the failure of a call whose context is ctx, or if
// it is the end of ctx, why ctx ended: its time limit, its cancel token,
// its table closed.
func inCall(ctx context.Context, err error) error {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return context.Cause(ctx)
	}
	return err
}

// statusOf returns the status code of err and its message: the command
// line's words (human.Message).
func statusOf(err error) (int, string) {
	var se *statusError
	var ie *source.InstalledError
	var pe *fs.PathError
	status := statusInternal
	switch {
	case err == nil:
		return statusOK, ""
	case errors.Is(err, context.DeadlineExceeded):
		status = statusTimeout
	case errors.Is(err, context.Canceled):
		status = statusCancelled
	case errors.Is(err, table.ErrMemory), errors.Is(err, pdb.ErrMemory), errors.Is(err, abstraction.ErrMemory):
		status = statusMemory
	case errors.Is(err, levels.ErrNotFound):
		status = statusNotFound
	case errors.As(err, &se):
		status = se.status
	case isAny(err, inputErrors):
		status = statusInput
	case isAny(err, fileErrors), errors.As(err, &ie), errors.As(err, &pe):
		status = statusFile
	}
	return status, human.Message(err)
}

// isAny reports whether err is any of targets.
func isAny(err error, targets []error) bool {
	for _, t := range targets {
		if errors.Is(err, t) {
			return true
		}
	}
	return false
}
