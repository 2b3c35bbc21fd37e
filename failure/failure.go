package failure

import (
	"context"
	"errors"
	"io"
	"io/fs"
)

// Kind is what kind of failure an error is: what the caller can do about
// it.
type Kind uint8

// The kinds of failure, in the order KindOf tests them. Part of the C and
// JavaScript interfaces through their codes (see Codes); do not renumber.
const (
	// Internal is a bug: nothing the caller gave explains it.
	Internal Kind = iota
	// Input is bad input: a size, board, goal, metric, range, option or
	// request that names the problem. Asking again the same way fails
	// again.
	Input
	// File is a file that cannot answer: missing or unreadable, not a
	// regular file, of another kind, size, metric or goal than the
	// question needs, damaged, truncated, or refuted by its proof.
	File
	// Memory is work that needs more memory than it is allowed.
	Memory
	// Time is work that ran out of the time it was given; the same
	// question with the same limit runs out again.
	Time
	// Cancelled is work its caller stopped: a cancelled context, a fired
	// cancel token, a signal, a closed table.
	Cancelled
	// NotFound is something asked for that is not there: an unknown
	// endpoint, a distribution not known, no board drawn at the distances
	// asked (which drawing again may find).
	NotFound
	numKinds
)

var names = [numKinds]string{
	Internal:  "internal",
	Input:     "input",
	File:      "file",
	Memory:    "memory",
	Time:      "time",
	Cancelled: "cancelled",
	NotFound:  "not found",
}

// String returns the kind's name: "input", "file", "not found".
func (k Kind) String() string {
	if k < numKinds {
		return names[k]
	}
	return "unknown kind"
}

// Error returns the kind's name, so that a Kind is an error that
// errors.Is matches against every error of that kind.
func (k Kind) Error() string { return k.String() }

// Kinds returns every kind, Internal first.
func Kinds() []Kind {
	out := make([]Kind, numKinds)
	for k := range out {
		out[k] = Kind(k)
	}
	return out
}

// sentinel is an error of a package with its kind.
type sentinel struct {
	kind Kind
	msg  string
}

func (e *sentinel) Error() string { return e.msg }

// Is reports whether target is the sentinel's kind.
func (e *sentinel) Is(target error) bool { return target == e.kind }

// New returns a new sentinel error of kind k with the message msg, as
// errors.New would: distinct from every other, and matched by errors.Is
// both against itself and against k.
func New(k Kind, msg string) error { return &sentinel{kind: k, msg: msg} }

// precedence is the order in which KindOf tests the kinds of an error
// that has several (a file that needs more memory than allowed is both a
// file that cannot answer and a memory failure): the one that says best
// what to do first.
var precedence = []Kind{Time, Cancelled, Memory, Input, NotFound, File}

// KindOf returns the kind of err: Time for a context's deadline,
// Cancelled for its cancellation, else the kind err has (by errors.Is;
// of several, the first of Memory, Input, NotFound and File), else File
// for a file that cannot be opened or is cut short (an *fs.PathError,
// io.ErrUnexpectedEOF), else Internal. The end of a context comes first,
// so that work stopped while it read a file is said to be stopped, not a
// bad file.
func KindOf(err error) Kind {
	switch {
	case err == nil:
		return Internal
	case errors.Is(err, context.DeadlineExceeded):
		return Time
	case errors.Is(err, context.Canceled):
		return Cancelled
	}
	for _, k := range precedence {
		if errors.Is(err, k) {
			return k
		}
	}
	var pe *fs.PathError
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &pe) {
		return File
	}
	return Internal
}
