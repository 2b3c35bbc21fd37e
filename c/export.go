//go:build cgo

package main

/*
#include "slidetable.h"
#include "internal.h"
*/
import "C"

import (
	"context"
	"strings"
	"unsafe"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

// The functions of slidetable.h, each a thin layer: it checks its
// pointers and lengths, converts its arguments, calls the Go of
// handle.go and questions.go, writes the outputs into the caller's
// buffers, and turns an error into a status code and the thread's
// message. Each recovers a panic (as an internal error), so that none
// crosses into C.

//export slidetable_warnings
func slidetable_warnings(buf *C.char, capacity C.size_t, length *C.size_t) (status C.int) {
	defer recoverCall(&status)
	return done(outText(buf, capacity, length, warnings.text()))
}

//export slidetable_parse_size
func slidetable_parse_size(text *C.slidetable_internal_cchar, textLen C.size_t, width, height *C.int) (status C.int) {
	defer recoverCall(&status)
	if width == nil || height == nil {
		return fail(nullError("width or height"))
	}
	s, err := inText(text, textLen, C.SLIDETABLE_MAX_BOARD_TEXT, "text")
	if err != nil {
		return fail(err)
	}
	size, err := board.ParseSize(string(s))
	if err != nil {
		return fail(err)
	}
	*width, *height = C.int(size.W), C.int(size.H)
	return C.SLIDETABLE_OK
}

//export slidetable_open
func slidetable_open(width, height, metric C.int, goal *C.slidetable_internal_cuint8, goalLen C.size_t,
	timeoutMS C.int64_t, cancel C.slidetable_cancel, table *C.slidetable_table) (status C.int) {
	defer recoverCall(&status)
	if table == nil {
		return fail(nullError("table"))
	}
	var cells []byte
	if goal != nil || goalLen != 0 {
		var err error
		if cells, err = inCells(goal, goalLen, "goal"); err != nil {
			return fail(err)
		}
	}
	ctx, end, err := callContext(context.Background(), int64(timeoutMS), uint64(cancel))
	if err != nil {
		return fail(err)
	}
	defer end()
	h, err := openSize(ctx, int(width), int(height), int(metric), cells)
	if err != nil {
		return fail(inCall(ctx, err))
	}
	*table = C.slidetable_table(tables.add(h))
	return C.SLIDETABLE_OK
}

//export slidetable_open_file
func slidetable_open_file(path *C.slidetable_internal_cchar, pathLen C.size_t, timeoutMS C.int64_t,
	cancel C.slidetable_cancel, table *C.slidetable_table) (status C.int) {
	defer recoverCall(&status)
	if table == nil {
		return fail(nullError("table"))
	}
	p, err := inText(path, pathLen, C.SLIDETABLE_MAX_PATH, "path")
	if err != nil {
		return fail(err)
	}
	if len(p) == 0 {
		return fail(statusErrorf(statusArgument, "path is empty"))
	}
	ctx, end, err := callContext(context.Background(), int64(timeoutMS), uint64(cancel))
	if err != nil {
		return fail(err)
	}
	defer end()
	h, err := openFile(ctx, string(p))
	if err != nil {
		return fail(inCall(ctx, err))
	}
	*table = C.slidetable_table(tables.add(h))
	return C.SLIDETABLE_OK
}

//export slidetable_close
func slidetable_close(table C.slidetable_table) (status C.int) {
	defer recoverCall(&status)
	return done(closeTable(uint64(table)))
}

//export slidetable_info
func slidetable_info(table C.slidetable_table, width, height, metric, exact, maxDistance *C.int) (status C.int) {
	defer recoverCall(&status)
	h, err := acquire(uint64(table))
	if err != nil {
		return fail(err)
	}
	defer h.release()
	set := func(p *C.int, v int) {
		if p != nil {
			*p = C.int(v)
		}
	}
	set(width, h.size.W)
	set(height, h.size.H)
	set(metric, int(h.metric))
	set(exact, boolInt(h.answer.Exact()))
	set(maxDistance, h.maxDistance())
	return C.SLIDETABLE_OK
}

//export slidetable_goal
func slidetable_goal(table C.slidetable_table, cells *C.uint8_t, capacity C.size_t, length *C.size_t) (status C.int) {
	defer recoverCall(&status)
	h, err := acquire(uint64(table))
	if err != nil {
		return fail(err)
	}
	defer h.release()
	return done(outCells(cells, capacity, length, "cells", h.goal.Cells()))
}

//export slidetable_describe
func slidetable_describe(table C.slidetable_table, buf *C.char, capacity C.size_t, length *C.size_t) (status C.int) {
	defer recoverCall(&status)
	h, err := acquire(uint64(table))
	if err != nil {
		return fail(err)
	}
	defer h.release()
	return done(outText(buf, capacity, length, h.answer.String()))
}

//export slidetable_parse
func slidetable_parse(width, height C.int, text *C.slidetable_internal_cchar, textLen C.size_t,
	cells *C.uint8_t, capacity C.size_t, length *C.size_t) (status C.int) {
	defer recoverCall(&status)
	if err := checkOut(cells, capacity, length, "cells"); err != nil {
		return fail(err)
	}
	s, err := inText(text, textLen, C.SLIDETABLE_MAX_BOARD_TEXT, "text")
	if err != nil {
		return fail(err)
	}
	b, err := board.Parse(board.Size{W: int(width), H: int(height)}, string(s))
	if err != nil {
		return fail(err)
	}
	return done(outCells(cells, capacity, length, "cells", b.Cells()))
}

//export slidetable_random
func slidetable_random(table C.slidetable_table, seed C.uint64_t, cells *C.uint8_t, capacity C.size_t,
	length *C.size_t) (status C.int) {
	defer recoverCall(&status)
	if err := checkOut(cells, capacity, length, "cells"); err != nil {
		return fail(err)
	}
	h, err := acquire(uint64(table))
	if err != nil {
		return fail(err)
	}
	defer h.release()
	b, err := h.random(uint64(seed))
	if err != nil {
		return fail(err)
	}
	return done(outCells(cells, capacity, length, "cells", b.Cells()))
}

//export slidetable_solvable
func slidetable_solvable(table C.slidetable_table, cells *C.slidetable_internal_cuint8, ncells C.size_t,
	solvable *C.int) (status C.int) {
	defer recoverCall(&status)
	if solvable == nil {
		return fail(nullError("solvable"))
	}
	h, b, err := begin(table, cells, ncells)
	if err != nil {
		return fail(err)
	}
	defer h.release()
	ok, err := b.SolvableTo(h.goal)
	if err != nil {
		return fail(err)
	}
	*solvable = C.int(boolInt(ok))
	return C.SLIDETABLE_OK
}

//export slidetable_distance
func slidetable_distance(table C.slidetable_table, cells *C.slidetable_internal_cuint8, ncells C.size_t,
	timeoutMS C.int64_t, cancel C.slidetable_cancel, distance *C.int) (status C.int) {
	defer recoverCall(&status)
	if distance == nil {
		return fail(nullError("distance"))
	}
	in, err := inCells(cells, ncells, "cells")
	if err != nil {
		return fail(err)
	}
	d, err := distanceOf(uint64(table), in, int64(timeoutMS), uint64(cancel))
	if err != nil {
		return fail(err)
	}
	*distance = C.int(d)
	return C.SLIDETABLE_OK
}

// distanceOf is slidetable_distance after its pointers are checked: a
// lookup where a table answers, else a search. Its deferred call is the
// only one and it has few returns, so that Go inlines the deferral (a
// function with many returns and deferrals defers through the runtime,
// which cost a lookup from C a fifth of its time).
func distanceOf(table uint64, cells []byte, timeoutMS int64, cancel uint64) (int, error) {
	h, err := acquire(table)
	if err != nil {
		return 0, err
	}
	defer h.release()
	ctx, end, err := h.context(timeoutMS, cancel)
	if err != nil {
		return 0, err
	}
	if d, ok := h.lookup(cells); ok {
		end()
		return d, nil
	}
	d, err := h.distanceCells(ctx, cells)
	end()
	return d, err
}

//export slidetable_hints
func slidetable_hints(table C.slidetable_table, cells *C.slidetable_internal_cuint8, ncells C.size_t,
	timeoutMS C.int64_t, cancel C.slidetable_cancel, distance *C.int, moves *C.uint8_t, capacity C.size_t,
	nmoves *C.size_t, partial *C.int) (status C.int) {
	defer recoverCall(&status)
	return movesCall(table, cells, ncells, timeoutMS, cancel, distance, moves, capacity, nmoves, partial, api.AskHint)
}

//export slidetable_solve
func slidetable_solve(table C.slidetable_table, cells *C.slidetable_internal_cuint8, ncells C.size_t,
	timeoutMS C.int64_t, cancel C.slidetable_cancel, distance *C.int, moves *C.uint8_t, capacity C.size_t,
	nmoves *C.size_t) (status C.int) {
	defer recoverCall(&status)
	return movesCall(table, cells, ncells, timeoutMS, cancel, distance, moves, capacity, nmoves, nil, api.AskSolve)
}

// movesCall is slidetable_hints and slidetable_solve, whose answers are
// a distance and moves, the answer to what (tableHandle.ask); partial, if
// not nil, receives whether the moves of a hint are one of several.
func movesCall(table C.slidetable_table, cells *C.slidetable_internal_cuint8, ncells C.size_t,
	timeoutMS C.int64_t, cancel C.slidetable_cancel, distance *C.int, moves *C.uint8_t, capacity C.size_t,
	nmoves *C.size_t, partial *C.int, what api.Ask) C.int {
	if distance == nil {
		return fail(nullError("distance"))
	}
	if err := checkOut(moves, capacity, nmoves, "moves"); err != nil {
		return fail(err)
	}
	h, b, err := begin(table, cells, ncells)
	if err != nil {
		return fail(err)
	}
	defer h.release()
	ctx, end, err := h.context(int64(timeoutMS), uint64(cancel))
	if err != nil {
		return fail(err)
	}
	defer end()
	d, ms, part, err := h.ask(ctx, b, what)
	if err != nil {
		return fail(inCall(ctx, err))
	}
	*distance = C.int(d)
	if partial != nil {
		*partial = C.int(boolInt(part))
	}
	return done(outCells(moves, capacity, nmoves, "moves", ms))
}

//export slidetable_letters
func slidetable_letters(table C.slidetable_table, cells *C.slidetable_internal_cuint8, ncells C.size_t,
	moves *C.slidetable_internal_cuint8, nmoves C.size_t, path C.int, buf *C.char, capacity C.size_t,
	length *C.size_t) (status C.int) {
	defer recoverCall(&status)
	if uint64(nmoves) > C.SLIDETABLE_MAX_MOVES {
		return fail(statusErrorf(statusArgument, "nmoves %d: more than %d (SLIDETABLE_MAX_MOVES)", uint64(nmoves), C.SLIDETABLE_MAX_MOVES))
	}
	if moves == nil && nmoves > 0 {
		return fail(nullError("moves"))
	}
	h, b, err := begin(table, cells, ncells)
	if err != nil {
		return fail(err)
	}
	defer h.release()
	var tiles []uint8
	if nmoves > 0 {
		tiles = unsafe.Slice((*uint8)(unsafe.Pointer(moves)), int(nmoves))
	}
	var text string
	if path != 0 {
		text, err = b.Letters(tiles, h.answer.Metric)
	} else {
		var each []string
		each, err = b.MoveLetters(tiles, h.answer.Metric)
		text = strings.Join(each, " ")
	}
	if err != nil {
		return fail(err)
	}
	return done(outText(buf, capacity, length, text))
}

//export slidetable_scramble
func slidetable_scramble(table C.slidetable_table, text *C.slidetable_internal_cchar, textLen C.size_t,
	cells *C.uint8_t, capacity C.size_t, length *C.size_t) (status C.int) {
	defer recoverCall(&status)
	if err := checkOut(cells, capacity, length, "cells"); err != nil {
		return fail(err)
	}
	s, err := inText(text, textLen, C.SLIDETABLE_MAX_BOARD_TEXT, "text")
	if err != nil {
		return fail(err)
	}
	h, err := acquire(uint64(table))
	if err != nil {
		return fail(err)
	}
	defer h.release()
	b, err := h.goal.AfterLetters(string(s))
	if err != nil {
		return fail(err)
	}
	return done(outCells(cells, capacity, length, "cells", b.Cells()))
}

//export slidetable_distances
func slidetable_distances(table C.slidetable_table, cells *C.slidetable_internal_cuint8, ncells C.size_t,
	out *C.int32_t, count C.size_t, timeoutMS C.int64_t, cancel C.slidetable_cancel, answered *C.size_t) (status C.int) {
	defer recoverCall(&status)
	if answered != nil {
		*answered = 0
	}
	if err := checkBatch(out, count); err != nil {
		return fail(err)
	}
	h, err := acquire(uint64(table))
	if err != nil {
		return fail(err)
	}
	defer h.release()
	n := uint64(h.size.Cells())
	if uint64(ncells) != uint64(count)*n { // count <= 2^30 and n <= 256: no overflow
		return fail(statusErrorf(statusArgument, "ncells %d: %d boards of %s need %d", uint64(ncells), uint64(count), h.size, uint64(count)*n))
	}
	if cells == nil && ncells > 0 {
		return fail(nullError("cells"))
	}
	ctx, end, err := h.context(int64(timeoutMS), uint64(cancel))
	if err != nil {
		return fail(err)
	}
	defer end()
	in := unsafe.Slice((*byte)(unsafe.Pointer(cells)), int(ncells))
	k, err := h.cellDistances(ctx, in, int32s(out, count))
	if answered != nil {
		*answered = C.size_t(k)
	}
	return done(inCall(ctx, err))
}

//export slidetable_distances_text
func slidetable_distances_text(table C.slidetable_table, text *C.slidetable_internal_cchar, textLen C.size_t,
	out *C.int32_t, capacity C.size_t, timeoutMS C.int64_t, cancel C.slidetable_cancel, count *C.size_t,
	answered *C.size_t) (status C.int) {
	defer recoverCall(&status)
	if answered != nil {
		*answered = 0
	}
	if count == nil {
		return fail(nullError("count"))
	}
	if err := checkBatch(out, capacity); err != nil {
		return fail(err)
	}
	s, err := inText(text, textLen, C.SLIDETABLE_MAX_BATCH_TEXT, "text")
	if err != nil {
		return fail(err)
	}
	h, err := acquire(uint64(table))
	if err != nil {
		return fail(err)
	}
	defer h.release()
	n := countLines(s)
	*count = C.size_t(n)
	if uint64(n) > uint64(capacity) {
		return fail(statusErrorf(statusTruncated, "out: %d boards in the text, room for %d", n, uint64(capacity)))
	}
	ctx, end, err := h.context(int64(timeoutMS), uint64(cancel))
	if err != nil {
		return fail(err)
	}
	defer end()
	k, err := h.distances(ctx, h.textBoards(s), int32s(out, C.size_t(n)))
	if answered != nil {
		*answered = C.size_t(k)
	}
	return done(inCall(ctx, err))
}

//export slidetable_level
func slidetable_level(table C.slidetable_table, lo, hi C.int, seed C.uint64_t, timeoutMS C.int64_t,
	cancel C.slidetable_cancel, cells *C.uint8_t, capacity C.size_t, length *C.size_t, distance *C.int) (status C.int) {
	defer recoverCall(&status)
	if distance == nil {
		return fail(nullError("distance"))
	}
	if err := checkOut(cells, capacity, length, "cells"); err != nil {
		return fail(err)
	}
	h, err := acquire(uint64(table))
	if err != nil {
		return fail(err)
	}
	defer h.release()
	ctx, end, err := callContext(h.ctx, int64(timeoutMS), uint64(cancel))
	if err != nil {
		return fail(err)
	}
	defer end()
	b, d, err := h.level(ctx, int(lo), int(hi), uint64(seed))
	if err != nil {
		return fail(inCall(ctx, err))
	}
	*distance = C.int(d)
	return done(outCells(cells, capacity, length, "cells", b.Cells()))
}

//export slidetable_cancel_new
func slidetable_cancel_new(cancel *C.slidetable_cancel) (status C.int) {
	defer recoverCall(&status)
	if cancel == nil {
		return fail(nullError("cancel"))
	}
	*cancel = C.slidetable_cancel(newCancel())
	return C.SLIDETABLE_OK
}

//export slidetable_cancel_fire
func slidetable_cancel_fire(cancel C.slidetable_cancel) (status C.int) {
	defer recoverCall(&status)
	return done(fireCancel(uint64(cancel)))
}

//export slidetable_cancel_free
func slidetable_cancel_free(cancel C.slidetable_cancel) (status C.int) {
	defer recoverCall(&status)
	return done(freeCancel(uint64(cancel)))
}
