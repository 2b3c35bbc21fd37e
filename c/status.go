package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"
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
// line's words (human.Message). The status is one of this library's own
// (a bad argument, a handle, a buffer too small) or that of err's kind in
// the one table of package failure.
func statusOf(err error) (int, string) {
	var se *statusError
	switch {
	case err == nil:
		return statusOK, ""
	case errors.As(err, &se):
		return se.status, human.Message(err)
	}
	return failure.KindOf(err).Codes().C, human.Message(err)
}
