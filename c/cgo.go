//go:build cgo

package main

/*
#include "slidetable.h"
#include "internal.h"
*/
import "C"

import (
	"fmt"
	"unicode/utf8"
	"unsafe"

	"github.com/slidetable/slidetable/board"
)

// What the exported functions share: reading the caller's memory,
// writing into it, and reporting failures.

// fail sets the calling thread's message to err's and returns err's status
// code.
func fail(err error) C.int {
	status, msg := statusOf(err)
	setError(msg)
	return C.int(status)
}

// done returns SLIDETABLE_OK for a nil err, and fails with err otherwise.
func done(err error) C.int {
	if err == nil {
		return C.SLIDETABLE_OK
	}
	return fail(err)
}

// recoverCall turns a panic of an exported function into an internal
// error, so that it does not cross into C.
func recoverCall(status *C.int) {
	if r := recover(); r != nil {
		*status = fail(fmt.Errorf("internal error: %v", r))
	}
}

// setError sets the calling thread's message (errors.c): the function
// exported runs on the thread of its C caller, and so does this call.
func setError(msg string) {
	if len(msg) > C.SLIDETABLE_INTERNAL_ERROR_MAX-1 {
		cut := C.SLIDETABLE_INTERNAL_ERROR_MAX - 1
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut]
	}
	var p *C.char
	if msg != "" {
		p = (*C.char)(unsafe.Pointer(unsafe.StringData(msg)))
	}
	C.slidetable_internal_set_error(p, C.size_t(len(msg)))
}

// nullError is the error of a NULL pointer given for what.
func nullError(what string) error { return statusErrorf(statusArgument, "%s is NULL", what) }

// begin acquires the table of a question about one board and reads the
// board; the caller releases the table if err is nil.
func begin(table C.slidetable_table, cells *C.slidetable_internal_cuint8, ncells C.size_t) (*tableHandle, board.Board, error) {
	in, err := inCells(cells, ncells, "cells")
	if err != nil {
		return nil, board.Board{}, err
	}
	h, err := acquire(uint64(table))
	if err != nil {
		return nil, board.Board{}, err
	}
	b, err := h.board(in)
	if err != nil {
		h.release()
		return nil, board.Board{}, err
	}
	return h, b, nil
}

// inCells returns the n cells at p, in the caller's memory (not copied).
func inCells(p *C.slidetable_internal_cuint8, n C.size_t, what string) ([]byte, error) {
	switch {
	case uint64(n) > board.MaxCells:
		return nil, statusErrorf(statusArgument, "%s: %d cells, more than %d (SLIDETABLE_MAX_CELLS)", what, uint64(n), board.MaxCells)
	case p == nil && n > 0:
		return nil, nullError(what)
	case n == 0:
		return []byte{}, nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n)), nil
}

// inText returns the text at p: its first n bytes, or those before its
// first NUL byte, read one at a time so that nothing past the NUL is
// read; n at most limit.
func inText(p *C.slidetable_internal_cchar, n C.size_t, limit uint64, what string) ([]byte, error) {
	switch {
	case uint64(n) > limit:
		return nil, statusErrorf(statusArgument, "%s_len %d: more than %d", what, uint64(n), limit)
	case p == nil && n > 0:
		return nil, nullError(what)
	case n == 0:
		return []byte{}, nil
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n))
	for i, c := range b {
		if c == 0 {
			return b[:i], nil
		}
	}
	return b, nil
}

// checkOut checks an output array's pointer, capacity and length
// pointer before any work is done.
func checkOut(p *C.uint8_t, capacity C.size_t, length *C.size_t, what string) error {
	switch {
	case length == nil:
		return nullError("the length of " + what)
	case p == nil && capacity > 0:
		return nullError(what)
	}
	return nil
}

// outCells writes v into the array p of capacity elements, and its length
// into *length: what fits, and statusTruncated if not all of it does.
func outCells(p *C.uint8_t, capacity C.size_t, length *C.size_t, what string, v []uint8) error {
	if err := checkOut(p, capacity, length, what); err != nil {
		return err
	}
	*length = C.size_t(len(v))
	n := min(uint64(len(v)), uint64(capacity))
	if n > 0 {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(p)), n), v)
	}
	if n < uint64(len(v)) {
		return statusErrorf(statusTruncated, "%s: %d needed, room for %d", what, len(v), uint64(capacity))
	}
	return nil
}

// outText writes s and a NUL into buf of capacity bytes, and the length of
// s into *length if length is not NULL: what fits, ending with a NUL,
// and statusTruncated if not all of s does.
func outText(buf *C.char, capacity C.size_t, length *C.size_t, s string) error {
	if buf == nil && capacity > 0 {
		return nullError("buf")
	}
	if length != nil {
		*length = C.size_t(len(s))
	}
	if capacity == 0 {
		return statusErrorf(statusTruncated, "buf: %d bytes needed, room for 0", len(s)+1)
	}
	n := min(uint64(len(s)), uint64(capacity)-1)
	b := unsafe.Slice((*byte)(unsafe.Pointer(buf)), n+1)
	copy(b, s[:n])
	b[n] = 0
	if n < uint64(len(s)) {
		return statusErrorf(statusTruncated, "buf: %d bytes needed, room for %d", len(s)+1, uint64(capacity))
	}
	return nil
}

// checkBatch checks the output of a batch of count boards.
func checkBatch(out *C.int32_t, count C.size_t) error {
	switch {
	case uint64(count) > C.SLIDETABLE_MAX_BOARDS:
		return statusErrorf(statusArgument, "%d boards: more than %d (SLIDETABLE_MAX_BOARDS)", uint64(count), uint64(C.SLIDETABLE_MAX_BOARDS))
	case out == nil && count > 0:
		return nullError("out")
	}
	return nil
}

// int32s returns the caller's array of count int32_t at p.
func int32s(p *C.int32_t, count C.size_t) []int32 {
	if count == 0 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(p)), int(count))
}
