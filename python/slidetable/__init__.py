"""Exact answers about sliding-tile puzzles (the 15-puzzle family).

Is a board solvable, how many moves is it from the goal, which moves are
optimal, a shortest solution, a level at an exact distance, a uniform
random board: answered from exact tables where there are some (up to
3x3 and 4x2 built in, up to 12 cells installed by ``slidetable build``),
by an optimal search elsewhere (4x4 in milliseconds), through the C
library libslidetable, which the package loads with ctypes.

>>> import slidetable
>>> slidetable.distance("3x3", "8 6 7/2 5 4/3 0 1")
31
>>> slidetable.distance("3x3", "1 2 3/4 5 6/8 7 0") is None   # cannot reach the goal
True
>>> slidetable.distances("3x3", ["8 6 7/2 5 4/3 0 1", [1, 2, 3, 4, 5, 6, 7, 0, 8]])
[31, 1]

A size is written ``"WxH"`` (W columns, H rows). A board is a string as
the command line takes it (``"8 6 7/2 5 4/3 0 1"``, ``"8,6,7,2,5,4,3,0,1"``)
or a sequence of ints in reading order, 0 for the blank. A move is the
tile that slides into the blank; with ``metric="multi"`` (a tap slides
every tile between the tapped one and the blank) the tile tapped.

The functions of the module answer from a :class:`Table` of the size,
opened on first use and kept; open a :class:`Table` yourself to choose
when, to open a file, or to close it. Bad input raises
:class:`SlidetableError` with the command line's message; an argument of
the wrong type (a board neither text nor ints, a seed that is no int, a
timeout that is text or a bool) raises TypeError. Calls that may
search take ``timeout`` (seconds, above 0 and at most 7 days; None, the
default, for no limit) and ``cancel`` (a :class:`Cancel`, which another
thread may fire). Everything is safe to call from many threads;
calls release the GIL. A child forked after the library was loaded
cannot use it (its calls raise OSError): start workers with
multiprocessing's "spawn" or "forkserver" method.
"""

from __future__ import annotations

import array
import ctypes
import itertools
import math
import numbers
import os
import random as _random
import sys
import threading
import warnings as _warnings
from typing import Any, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _native

__version__ = "0.1.0"

__all__ = [
    "Board",
    "Cancel",
    "Hints",
    "Level",
    "SlidetableError",
    "SlidetableWarning",
    "Table",
    "distance",
    "distances",
    "hints",
    "letters",
    "level",
    "random_board",
    "scramble",
    "solvable",
    "solve",
    "warnings",
]

#: A board: text as the command line takes it, or its cells in reading order.
Board = Union[str, bytes, Sequence[int]]

#: A size: "WxH", or (W, H).
Size = Union[str, Tuple[int, int]]

_METRICS = {"single": 0, "multi": 1}

#: The most tiles a board holds, and the bounds of level's min and max.
_MAX_CELLS = 256
_INT_MAX = 2**31 - 1

#: The most cells of a size that slidetable build makes a table of.
_TABLE_MAX_CELLS = 12


class SlidetableError(Exception):
    """A failure, with the command line's message (``str(err)``), such as
    ``"tile 7 appears twice"``.

    ``status`` names its kind: ``"input"`` (a bad size, board, goal or
    range), ``"file"`` (a file that cannot answer), ``"memory"``,
    ``"timeout"``, ``"cancelled"``, ``"not_found"`` (no level drawn; try
    again), ``"argument"``, ``"handle"`` (a closed table) or
    ``"internal"``. ``index`` is, for a failure in a batch, the index of
    the board that failed (the boards before it were answered), else None.
    """

    def __init__(self, message: str, status: str = "input", index: Optional[int] = None) -> None:
        super().__init__(message)
        self.status = status
        self.index = index


class SlidetableWarning(RuntimeWarning):
    """Boards are answered, but slower than they could be: a size that a
    table could answer (up to 12 cells) has none installed, so its boards
    towards the standard goal are searched. The message names the command
    that installs the table. Warned once for each size and metric."""


class Hints(NamedTuple):
    """A board's distance and its optimal next moves (none at the goal):
    every one, unless partial says that moves holds the one a level pack
    knows (the next move of its stored solution, found with no search),
    as every front end answers a hint."""

    distance: int
    moves: List[int]
    partial: bool = False


class Level(NamedTuple):
    """A board at an exact distance from the goal."""

    board: Tuple[int, ...]
    distance: int


def _check(status: int, index: Optional[int] = None) -> None:
    if status != _native.OK:
        raise SlidetableError(_native.message(), _native.STATUS.get(status, "internal"), index)


#: The longest timeout, in seconds: 7 days, as the command line's -timeout
#: (SLIDETABLE_MAX_TIMEOUT_MS of slidetable.h).
_MAX_TIMEOUT = 7 * 24 * 3600


def _timeout_ms(timeout: Optional[float]) -> int:
    """The milliseconds of timeout (seconds), 0 for None: bounded here, since
    ctypes would wrap a number too large for int64_t (2**64 ms to 0, no
    limit) rather than refuse it. A number is an int or a float (or another
    real number type, NumPy's too), not a bool nor text: TypeError."""
    if timeout is None:
        return 0
    if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
        raise TypeError(f"timeout {timeout!r}: want a number of seconds, or None for no limit, "
                        f"not {type(timeout).__name__}")
    try:
        t = float(timeout)
    except OverflowError:
        t = math.inf
    if not 0 < t <= _MAX_TIMEOUT:  # NaN too
        raise ValueError(f"timeout {timeout!r}: want a number of seconds above 0 and at most {_MAX_TIMEOUT} "
                         f"(7 days), or None for no limit")
    return max(1, math.ceil(t * 1000))


def _whole(name: str, v: object) -> int:
    """v, a whole number: an int (or another integer type, NumPy's too), not
    a bool, a float nor text, which raise TypeError naming it."""
    if isinstance(v, bool) or not isinstance(v, numbers.Integral):
        raise TypeError(f"{name} {v!r}: want a whole number, not {type(v).__name__}")
    return int(v)


def _cancel_handle(cancel: Optional["Cancel"]) -> int:
    if cancel is None:
        return 0
    if not isinstance(cancel, Cancel):
        raise TypeError(f"cancel must be a slidetable.Cancel, not {type(cancel).__name__}")
    return cancel._handle


def _text(what: str, value: Union[str, bytes], index: Optional[int] = None) -> bytes:
    """The bytes of text given to the library (value: str, or bytes such as
    a file name os.fsencode made). The library reads text up to its first
    NUL byte (slidetable.h), so text that holds one is refused here, as
    bad input, rather than read in part: "RR\\0UU" is no scramble RR."""
    shown = repr(os.fsdecode(value) if isinstance(value, bytes) else value)
    named = what + " " + shown if index is None else f"{what} at index {index}: {shown}"
    try:
        data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
    except UnicodeEncodeError as e:  # a lone surrogate
        raise SlidetableError(f"{named} is not text: {e.reason} at {e.start}", "input", index) from None
    if b"\0" in data:
        raise SlidetableError(f"{named} holds a NUL character, where the library would end the text", "input", index)
    return data


def _metric(metric: str) -> int:
    try:
        return _METRICS[metric]
    except (KeyError, TypeError):
        raise SlidetableError(f'unknown metric "{metric}": want single or multi') from None


def _size(size: Size) -> Tuple[int, int]:
    if isinstance(size, str):
        text = _text("size", size)
        w, h = ctypes.c_int(), ctypes.c_int()
        _check(_native.lib().slidetable_parse_size(text, len(text), ctypes.byref(w), ctypes.byref(h)))
        return w.value, h.value
    try:
        w, h = size
    except (TypeError, ValueError):
        raise TypeError(f"size {size!r}: want \"WxH\" or a pair of ints") from None
    if not all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in (w, h)):
        raise TypeError(f"size {size!r}: want \"WxH\" or a pair of ints")
    w, h = int(w), int(h)
    if not all(-_INT_MAX <= x <= _INT_MAX for x in (w, h)):  # beyond a C int: the library's words
        why = "width and height must be at least 2" if min(w, h) < 2 else f"has more than {_MAX_CELLS} cells"
        raise SlidetableError(f"bad size: {w}x{h}{':' if min(w, h) < 2 else ''} {why}")
    return w, h


def _parse(w: int, h: int, text: str, what: str = "board") -> bytes:
    """The cells of a board (or goal: what) of w x h written as text."""
    data = _text(what, text)
    cells = _native.cells_buffer(w * h if 0 < w * h <= _MAX_CELLS else _MAX_CELLS)
    n = ctypes.c_size_t()
    _check(_native.lib().slidetable_parse(w, h, data, len(data), cells, len(cells), ctypes.byref(n)))
    return bytes(cells[: n.value])


def _ints(seq: Sequence[int], w: int, h: int) -> bytes:
    """The cells of a sequence of ints, each a byte (a bool is no tile)."""
    try:
        seq = list(seq)
        if any(isinstance(v, bool) for v in seq):
            raise TypeError
        return bytes(seq)
    except ValueError:
        # The words of the board package (tile out of range) for a number
        # that a byte cannot hold.
        for v in seq:
            if not 0 <= v <= 255:
                raise SlidetableError(
                    f"tile {v} is out of range for {w}x{h} (tiles are 1..{w * h - 1}, 0 is the blank)"
                ) from None
        raise
    except TypeError:
        raise TypeError(f"a board is a string or a sequence of ints, not {_describe(seq)}") from None


def _describe(v: object) -> str:
    try:
        kinds = sorted({type(x).__name__ for x in v})  # type: ignore[attr-defined]
        return f"a {type(v).__name__} of {', '.join(kinds)}"
    except TypeError:
        return f"a {type(v).__name__}"


def _cells(board: Board, w: int, h: int, what: str = "board") -> bytes:
    """The cells of one board (or goal: what): text, a buffer of bytes, or
    ints."""
    if isinstance(board, str):
        return _parse(w, h, board, what)
    if isinstance(board, (bytes, bytearray)):
        return bytes(board)
    try:
        mv = memoryview(board)  # type: ignore[arg-type]
    except TypeError:
        return _ints(board, w, h)
    if mv.format in ("B", "c"):
        return mv.tobytes()
    items = mv.tolist()
    if mv.ndim == 2:  # rows
        items = list(itertools.chain.from_iterable(items))
    return _ints(items, w, h)


class Cancel:
    """A cancel token: :meth:`cancel`, from any thread, ends every call
    given it (they raise SlidetableError with status ``"cancelled"``), now
    and later. Close it when done (or use it as a context manager)."""

    def __init__(self) -> None:
        h = ctypes.c_uint64()
        _check(_native.lib().slidetable_cancel_new(ctypes.byref(h)))
        self._handle = h.value
        self._closed = False

    def cancel(self) -> None:
        """Cancel the calls given this token."""
        _check(_native.lib().slidetable_cancel_fire(self._handle))

    def close(self) -> None:
        """Cancel the calls given this token and release it."""
        if not self._closed:
            self._closed = True
            _check(_native.lib().slidetable_cancel_free(self._handle))

    def __enter__(self) -> "Cancel":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


class Table:
    """What answers boards of one size towards one goal in one metric: an
    exact table, or an optimal search where there is none.

    ``Table("3x3")`` answers as the command line does: from the table
    built in, else one installed in the cache folder ($SLIDETABLE_CACHE,
    else slidetable in the user's cache folder), else by search with the
    best lower bound there is. A size that a table could answer (up to
    12 cells, such as 4x3) searched for want of one installed issues a
    :class:`SlidetableWarning` once, naming the command that installs it
    (``slidetable build -install 4x3``). ``Table.open(path)`` opens a table or
    database file that ``slidetable build`` wrote. Either is
    proven before it answers (a large file on its first use on the
    machine, recorded in the cache folder).

    A table is safe to share between threads. Close it to release its
    memory at once (or use it as a context manager); calls still
    searching on it then raise SlidetableError with status "cancelled".
    """

    width: int
    height: int
    metric: str
    exact: bool
    max_distance: Optional[int]
    goal: Tuple[int, ...]

    def __init__(
        self,
        size: Size,
        *,
        metric: str = "single",
        goal: Optional[Board] = None,
        timeout: Optional[float] = None,
        cancel: Optional[Cancel] = None,
    ) -> None:
        """Open what answers boards of size (``"WxH"``) in metric
        (``"single"`` or ``"multi"``) towards goal (default: the standard
        goal, 1..n-1 then the blank). Opening may prove an installed file:
        timeout and cancel bound it."""
        self._handle = 0
        w, h = _size(size)
        m = _metric(metric)
        lib = _native.lib()
        goal_cells = None if goal is None else _cells(goal, w, h, "goal")
        handle = ctypes.c_uint64()
        _check(
            lib.slidetable_open(
                w, h, m, goal_cells, 0 if goal_cells is None else len(goal_cells),
                _timeout_ms(timeout), _cancel_handle(cancel), ctypes.byref(handle),
            )
        )
        self._init(handle.value)
        if goal_cells is None and not self.exact and self.width * self.height <= _TABLE_MAX_CELLS:
            _warn_searched(self)

    @classmethod
    def open(cls, path: Union[str, "os.PathLike[str]"], *, timeout: Optional[float] = None,
             cancel: Optional[Cancel] = None) -> "Table":
        """Open and prove the table or database file at path, which
        answers boards of its size towards its goal: a table in the metric
        it counts, a pattern database by search in single-tile moves, an
        abstraction database by search in multi-tile moves."""
        p = _text("path", os.fsencode(path))
        handle = ctypes.c_uint64()
        _check(_native.lib().slidetable_open_file(p, len(p), _timeout_ms(timeout), _cancel_handle(cancel),
                                                   ctypes.byref(handle)))
        t = cls.__new__(cls)
        t._init(handle.value)
        return t

    def _init(self, handle: int) -> None:
        self._handle = handle
        lib = _native.lib()
        w, h, m, exact, most = (ctypes.c_int() for _ in range(5))
        _check(lib.slidetable_info(handle, *(ctypes.byref(x) for x in (w, h, m, exact, most))))
        self.width, self.height = w.value, h.value
        self.metric = "multi" if m.value == 1 else "single"
        self.exact = bool(exact.value)
        self.max_distance = most.value if most.value >= 0 else None
        n = self.width * self.height
        cells, length = _native.cells_buffer(n), ctypes.c_size_t()
        _check(lib.slidetable_goal(handle, cells, n, ctypes.byref(length)))
        self.goal = tuple(cells[:n])
        status, self._description = _native.text_out(lib.slidetable_describe, handle)
        _check(status)

    @property
    def size(self) -> str:
        """The size, written WxH."""
        return f"{self.width}x{self.height}"

    @property
    def description(self) -> str:
        """What answers, for a person: "the built-in 3x3 table"."""
        return self._description

    def __repr__(self) -> str:
        state = "closed" if self._handle == 0 else self._description
        return f"<slidetable.Table {self.size} {self.metric}: {state}>"

    def close(self) -> None:
        """Release the table's memory and files; calls on it still
        searching end, and later calls raise SlidetableError."""
        handle, self._handle = self._handle, 0
        if handle:
            _check(_native.lib().slidetable_close(handle))

    def __enter__(self) -> "Table":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def _live(self) -> int:
        if self._handle == 0:
            raise SlidetableError(f"the {self.size} table is closed", "handle")
        return self._handle

    def cells(self, board: Board) -> Tuple[int, ...]:
        """The cells of board, read and checked as the other methods read
        it."""
        return tuple(self._cells(board))

    def _cells(self, board: Board) -> bytes:
        return _cells(board, self.width, self.height)

    def solvable(self, board: Board) -> bool:
        """Whether board can reach the goal (the parity rule; no search)."""
        cells, ok = self._cells(board), ctypes.c_int()
        _check(_native.lib().slidetable_solvable(self._live(), cells, len(cells), ctypes.byref(ok)))
        return bool(ok.value)

    def distance(self, board: Board, *, timeout: Optional[float] = None,
                 cancel: Optional[Cancel] = None) -> Optional[int]:
        """The fewest moves from board to the goal, or None if it cannot
        reach it."""
        cells, d = self._cells(board), ctypes.c_int()
        _check(_native.lib().slidetable_distance(self._live(), cells, len(cells), _timeout_ms(timeout),
                                                  _cancel_handle(cancel), ctypes.byref(d)))
        return None if d.value < 0 else d.value

    def _moves(self, call, board: Board, room: int, timeout: Optional[float],
               cancel: Optional[Cancel], *extra: Any) -> Tuple[int, List[int]]:
        cells, d, n = self._cells(board), ctypes.c_int(), ctypes.c_size_t()
        while True:
            moves = _native.cells_buffer(room)
            status = call(self._live(), cells, len(cells), _timeout_ms(timeout), _cancel_handle(cancel),
                          ctypes.byref(d), moves, room, ctypes.byref(n), *extra)
            if status != _native.TRUNCATED or n.value <= room:
                _check(status)
                return d.value, list(moves[: n.value])
            room = n.value  # a search that wanted more room than the bound: ask again

    def hints(self, board: Board, *, timeout: Optional[float] = None,
              cancel: Optional[Cancel] = None) -> Optional[Hints]:
        """The distance of board and its optimal next moves (the tiles to
        move): every one, or for a board a level pack answers the one it
        knows, partial (see Hints); None if it cannot reach the goal."""
        partial = ctypes.c_int()
        d, moves = self._moves(_native.lib().slidetable_hints, board, self.width + self.height + 2, timeout, cancel,
                               ctypes.byref(partial))
        return None if d < 0 else Hints(d, moves, bool(partial.value))

    def solve(self, board: Board, *, timeout: Optional[float] = None,
              cancel: Optional[Cancel] = None) -> Optional[List[int]]:
        """A shortest solution of board, the tiles to move in order; None
        if it cannot reach the goal. A 4x4 board of the level pack (as
        level deals it), or one on its stored solution, is answered from
        the pack at once: its first move is a hint that needs no search."""
        w, h = self.width, self.height
        room = self.max_distance if self.max_distance is not None else 20 * w * h * (w + h)
        d, moves = self._moves(_native.lib().slidetable_solve, board, max(room, 1), timeout, cancel)
        return None if d < 0 else moves

    def distances(self, boards: Union[Iterable[Board], Any], *, out: Any = None,
                  timeout: Optional[float] = None, cancel: Optional[Cancel] = None) -> Union[List[Optional[int]], Any]:
        """The distance of each board, in order, None for one that cannot
        reach the goal: in one call, a lookup each where a table answers,
        solved on every core where a search does.

        boards is a sequence of boards (strings, sequences of ints), or a
        buffer of cells (bytes, array.array('B'), a NumPy array of shape
        (count, n) or (count * n,) of any integer type): each board's n
        cells one after the other. With out, a writable, contiguous buffer
        of count 32-bit signed ints in this machine's byte order (such as
        ``numpy.empty(count, numpy.int32)`` or ``array.array("i")``; not
        ``numpy.dtype(">i4")`` on a little-endian machine), the distances
        are written there, -1 for a board that cannot reach the goal, and
        out is returned; otherwise a list. out is held for the whole call:
        another thread that resizes it meanwhile gets BufferError.
        """
        lib = _native.lib()
        tmo, cnc = _timeout_ms(timeout), _cancel_handle(cancel)
        # out's memory is held from here to the end of the call: another
        # thread that resizes it meanwhile gets BufferError, rather than
        # the library writing into memory that is freed.
        held = None if out is None else _Out(out)
        try:
            kind, data, count = self._batch(boards)
            if held is None:
                result = array.array("i", bytes(4 * count))
                if result.itemsize != 4:  # pragma: no cover - C ints are 32 bits wherever Go runs
                    raise SlidetableError("this platform's C int is not 32 bits", "internal")
                ptr = result.buffer_info()[0] if count else None
            else:
                ptr = held.pointer(count)
            done, n = ctypes.c_size_t(), ctypes.c_size_t()
            if kind == "text":
                status = lib.slidetable_distances_text(self._live(), data, len(data), ptr, count, tmo, cnc,
                                                       ctypes.byref(n), ctypes.byref(done))
            else:
                status = lib.slidetable_distances(self._live(), data, len(data), ptr, count, tmo, cnc,
                                                  ctypes.byref(done))
            if status != _native.OK:
                _check(status, done.value)
        finally:
            if held is not None:
                held.release()
        if out is not None:
            return out
        values = result.tolist()
        if -1 in result:
            values = [None if d < 0 else d for d in values]
        return values

    def _batch(self, boards: Any) -> Tuple[str, bytes, int]:
        """The boards of a batch as ("cells", cells, count) or ("text",
        lines, count)."""
        n = self.width * self.height
        if isinstance(boards, str):
            raise TypeError("distances takes a sequence of boards; for one board written as text, use distance")
        try:
            mv = memoryview(boards)  # type: ignore[arg-type]
        except TypeError:
            mv = None
        if mv is not None:
            return ("cells",) + self._buffer(mv, boards, n)  # type: ignore[return-value]
        seq = boards if isinstance(boards, Sequence) else list(boards)  # type: ignore[call-overload]
        if len(seq) == 0:
            return "cells", b"", 0
        if isinstance(seq[0], str):
            return "text", self._text(seq), len(seq)
        try:
            lengths = set(map(len, seq))
        except TypeError:
            lengths = set()
        if lengths != {n}:
            if any(isinstance(b, str) for b in seq):
                return "text", self._text(seq), len(seq)
            for i, b in enumerate(seq):
                self._bad(i, b)
        try:
            flat = bytes(itertools.chain.from_iterable(seq))
        except (ValueError, TypeError):
            for i, b in enumerate(seq):
                self._bad(i, b)
            raise
        return "cells", flat, len(seq)

    def _bad(self, i: int, board: object) -> None:
        """Raise the error of board at index i of a batch, if it is bad."""
        try:
            self.solvable(board)  # type: ignore[arg-type]
        except SlidetableError as e:
            raise SlidetableError(f"board at index {i}: {e}", e.status, i) from None
        except TypeError as e:
            raise TypeError(f"board at index {i}: {e}") from None

    def _text(self, seq: Sequence[Board]) -> bytes:
        """Boards written as text, one a line; a board of ints among them
        is written as text too."""
        try:
            text = "\n".join(seq)  # type: ignore[arg-type]
        except TypeError:
            seq = [b if isinstance(b, str) else " ".join(str(x) for x in b) for b in seq]  # type: ignore[union-attr]
            text = "\n".join(seq)
        if text.count("\n") != len(seq) - 1:
            # A board written on several lines: a line break separates
            # numbers as a space does.
            text = "\n".join(b.replace("\n", " ") for b in seq)
        if "\0" in text:
            i = next(i for i, b in enumerate(seq) if "\0" in b)
            _text("board", seq[i], i)
        return _text("boards", text)

    def _buffer(self, mv: memoryview, obj: object, n: int) -> Tuple[bytes, int]:
        """The cells of a buffer of boards, and how many boards."""
        shape = mv.shape or (mv.nbytes // max(mv.itemsize, 1),)
        if len(shape) == 1 and shape[0] % n == 0:
            count = shape[0] // n
        elif len(shape) == 2 and shape[1] == n:
            count = shape[0]
        else:
            raise SlidetableError(f"a buffer of shape {tuple(shape)} is not boards of {self.size}: "
                                  f"want (count, {n}) or (count * {n},)", "argument")
        if mv.format in ("B", "c"):
            return mv.tobytes(), count
        numpy = sys.modules.get("numpy")
        if numpy is not None and isinstance(obj, numpy.ndarray) and obj.dtype.kind in "iu":
            a = obj.reshape(-1)
            if a.size and (a.min() < 0 or a.max() > 255):
                k = int(numpy.flatnonzero((a < 0) | (a > 255))[0])
                raise SlidetableError(f"board at index {k // n}: tile {int(a[k])} is out of range for {self.size} "
                                      f"(tiles are 1..{n - 1}, 0 is the blank)", "input", k // n)
            return numpy.ascontiguousarray(a, dtype=numpy.uint8).tobytes(), count
        items = mv.tolist()
        for _ in range(mv.ndim - 1):
            items = list(itertools.chain.from_iterable(items))
        return _ints(items, self.width, self.height), count

    def level(self, min: int = 0, max: Optional[int] = None, *, seed: Optional[int] = None,
              timeout: Optional[float] = None, cancel: Optional[Cancel] = None) -> Level:
        """A board at a distance in [min, max] from the goal (max: the
        largest distance levels are offered at): drawn uniformly among
        them where the table or the search can, else by random walks kept
        by their exact distance, or for 4x4 and the standard goal dealt at
        once from the built-in level pack where it holds boards at every
        distance of the range, as ``slidetable serve`` answers; the same
        seed gives the same level (default: a random seed)."""
        lo, hi = _whole("min", min), -1 if max is None else _whole("max", max)
        for name, v in (("min", lo), ("max", hi)):
            if not -_INT_MAX <= v <= _INT_MAX:
                raise SlidetableError(f"{name}={v}: want 0 to 1000")
        s = _seed(seed)
        n = self.width * self.height
        cells, length, d = _native.cells_buffer(n), ctypes.c_size_t(), ctypes.c_int()
        _check(_native.lib().slidetable_level(self._live(), lo, hi, s, _timeout_ms(timeout), _cancel_handle(cancel),
                                               cells, n, ctypes.byref(length), ctypes.byref(d)))
        return Level(tuple(cells[: length.value]), d.value)

    def random_board(self, seed: Optional[int] = None) -> Tuple[int, ...]:
        """A board drawn uniformly among those that reach the goal; the same
        seed gives the same board, for the standard goal the one
        ``slidetable gen -seed SEED WxH`` prints first (default: a random
        seed)."""
        n = self.width * self.height
        cells, length = _native.cells_buffer(n), ctypes.c_size_t()
        _check(_native.lib().slidetable_random(self._live(), _seed(seed), cells, n, ctypes.byref(length)))
        return tuple(cells[: length.value])

    def letters(self, board: Board, moves: Sequence[int], *, path: bool = True) -> str:
        """The moves, tiles as :meth:`solve` and :meth:`hints` give them, in
        the speedsolvers' notation: for each move the way its tiles slide
        (U, D, L or R), with how many slide in the multi-tile metric when
        more than one does. With path (a solution) the moves are played in
        order from board: ``"R3D2L"``; without (hints) each is a move of
        board, separated by spaces: ``"R D2"``."""
        cells = self._cells(board)
        tiles = _ints(moves, self.width, self.height)
        status, text = _native.text_out(_native.lib().slidetable_letters, self._live(), cells, len(cells),
                                        tiles, len(tiles), 1 if path else 0)
        _check(status)
        return text

    def scramble(self, moves: str) -> Tuple[int, ...]:
        """The board that moves in the speedsolvers' notation (``"RRDL"``,
        ``"R3D2L"``) make from the goal."""
        if not isinstance(moves, str):
            raise TypeError(f"moves are a string of letters such as 'R3D2L', not {type(moves).__name__}")
        text = _text("moves", moves)
        n = self.width * self.height
        cells, length = _native.cells_buffer(n), ctypes.c_size_t()
        _check(_native.lib().slidetable_scramble(self._live(), text, len(text), cells, n, ctypes.byref(length)))
        return tuple(cells[: length.value])


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return _random.getrandbits(64)
    seed = _whole("seed", seed)
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed {seed!r}: want a whole number from 0 to 2**64-1")
    return seed


class _Out:
    """The buffer an out= argument exports, held until release: while it is
    held, the memory stays where it is (array.array, bytearray and NumPy
    refuse to resize with BufferError)."""

    def __init__(self, out: object) -> None:
        try:
            mv = memoryview(out)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"out: want a writable buffer of 32-bit ints, not a {type(out).__name__}") from None
        if mv.itemsize != 4 or not _native_int32(mv.format):
            what = f"format {mv.format!r} ({mv.itemsize}-byte items)"
        elif mv.readonly:
            what = "a read-only one"
        elif not mv.c_contiguous:
            what = "one that is not contiguous"
        else:
            what = ""
        if what:
            mv.release()
            raise SlidetableError(f"out: want a writable, contiguous buffer of 32-bit signed ints in this machine's "
                                  f"byte order (format 'i'), not {what}", "argument")
        self._mv: Optional[memoryview] = mv
        self._array: Any = None

    def pointer(self, count: int) -> Optional[int]:
        """The address of the buffer, which must hold count ints."""
        assert self._mv is not None
        if self._mv.nbytes != 4 * count:
            raise SlidetableError(f"out: room for {self._mv.nbytes // 4} distances, the batch has {count} boards",
                                  "argument")
        if count == 0:
            return None
        self._array = (ctypes.c_int32 * count).from_buffer(self._mv)
        return ctypes.addressof(self._array)

    def release(self) -> None:
        """Let the buffer go: the array's view of it, then the view."""
        self._array = None
        if self._mv is not None:
            self._mv.release()
            self._mv = None


#: The byte order characters of struct that mean this machine's order for
#: a 4-byte int ('@' and none: native size; '=': standard size).
_NATIVE_ORDERS = ("", "@", "=") + (("<",) if sys.byteorder == "little" else (">", "!"))


def _native_int32(fmt: str) -> bool:
    """Whether a buffer format of 4-byte items is a signed int in this
    machine's byte order: 'i' or 'l' after no, '@', '=' or the native one
    of '<', '>' ('>i' is a big-endian int, which the library would write
    in the wrong order)."""
    order, code = (fmt[:1], fmt[1:]) if fmt[:1] in ("@", "=", "<", ">", "!") else ("", fmt)
    return order in _NATIVE_ORDERS and code in ("i", "l")


_warned: set = set()  # (width, height, metric) of the tables warned of
_warned_lock = threading.Lock()


def _warn_searched(t: Table) -> None:
    """Warn, once for t's size and metric, that its boards are searched
    where an installed table would answer, naming the command that
    installs it."""
    key = (t.width, t.height, t.metric)
    with _warned_lock:
        if key in _warned:
            return
        _warned.add(key)
    metric, counted = (" -metric multi", " (multi-tile moves)") if t.metric == "multi" else ("", "")
    _warnings.warn(
        f"slidetable: no {t.size} table{counted} is installed, so {t.size} boards are searched "
        f"({t.description}), which can take long far from the goal; `slidetable build{metric} -install {t.size}` "
        f"installs one (seconds), which Table({t.size!r}) then finds",
        SlidetableWarning,
        stacklevel=_caller_level(),
    )


def _caller_level() -> int:
    """The stacklevel of a warnings.warn called from this package that
    names the line that called into the package."""
    f, level = sys._getframe(1), 1
    while f is not None and f.f_globals.get("__name__", "").partition(".")[0] == __name__:
        f, level = f.f_back, level + 1
    return level


_tables: dict = {}
_tables_lock = threading.Lock()


def _table(size: Size, metric: str, goal: Optional[Board]) -> Table:
    """The table the module's functions answer from, opened once for each
    size, metric and goal as given (a goal of cells by its cells)."""
    _metric(metric)  # first: a metric that is not hashable fails as any unknown one
    if isinstance(size, str):
        size_key: object = size
    else:
        size_key = w_h = _size(size)
    if goal is None or isinstance(goal, str):
        goal_key: object = goal
    else:
        # The cells themselves: a goal given as a list, or as rows of a
        # buffer, is not hashable, and a bad one fails as in Table.
        if isinstance(size, str):
            w_h = _size(size)
        goal_key = goal = _cells(goal, *w_h, "goal")
    key = (size_key, metric, goal_key)
    t = _tables.get(key)
    if t is None:
        with _tables_lock:
            t = _tables.get(key)
            if t is None:
                t = _tables[key] = Table(size, metric=metric, goal=goal)
    return t


def solvable(size: Size, board: Board, *, goal: Optional[Board] = None) -> bool:
    """Whether board can reach the goal of size (the parity rule)."""
    return _table(size, "single", goal).solvable(board)


def distance(size: Size, board: Board, *, metric: str = "single", goal: Optional[Board] = None,
             timeout: Optional[float] = None, cancel: Optional[Cancel] = None) -> Optional[int]:
    """The fewest moves from board to the goal of size, or None if it
    cannot reach it: ``distance("3x3", "8 6 7/2 5 4/3 0 1") == 31``."""
    return _table(size, metric, goal).distance(board, timeout=timeout, cancel=cancel)


def distances(size: Size, boards: Union[Iterable[Board], Any], *, metric: str = "single",
              goal: Optional[Board] = None, out: Any = None, timeout: Optional[float] = None,
              cancel: Optional[Cancel] = None) -> Union[List[Optional[int]], Any]:
    """The distance of each of boards, in one call: see Table.distances."""
    return _table(size, metric, goal).distances(boards, out=out, timeout=timeout, cancel=cancel)


def hints(size: Size, board: Board, *, metric: str = "single", goal: Optional[Board] = None,
          timeout: Optional[float] = None, cancel: Optional[Cancel] = None) -> Optional[Hints]:
    """The distance of board and its optimal next moves, or None: see
    Table.hints."""
    return _table(size, metric, goal).hints(board, timeout=timeout, cancel=cancel)


def solve(size: Size, board: Board, *, metric: str = "single", goal: Optional[Board] = None,
          timeout: Optional[float] = None, cancel: Optional[Cancel] = None) -> Optional[List[int]]:
    """A shortest solution of board, the tiles to move in order, or None."""
    return _table(size, metric, goal).solve(board, timeout=timeout, cancel=cancel)


def level(size: Size, min: int = 0, max: Optional[int] = None, *, seed: Optional[int] = None,
          metric: str = "single", goal: Optional[Board] = None, timeout: Optional[float] = None,
          cancel: Optional[Cancel] = None) -> Level:
    """A board at a distance in [min, max] from the goal: see Table.level."""
    return _table(size, metric, goal).level(min, max, seed=seed, timeout=timeout, cancel=cancel)


def random_board(size: Size, *, seed: Optional[int] = None, goal: Optional[Board] = None) -> Tuple[int, ...]:
    """A board drawn uniformly among those that reach the goal."""
    return _table(size, "single", goal).random_board(seed)


def letters(size: Size, board: Board, moves: Sequence[int], *, path: bool = True, metric: str = "single",
            goal: Optional[Board] = None) -> str:
    """The moves in the speedsolvers' notation: see Table.letters."""
    return _table(size, metric, goal).letters(board, moves, path=path)


def scramble(size: Size, moves: str, *, goal: Optional[Board] = None) -> Tuple[int, ...]:
    """The board that moves in letters make from the goal: see
    Table.scramble."""
    return _table(size, "single", goal).scramble(moves)


def warnings() -> List[str]:
    """What the library passed over without losing exactness since it was
    loaded (an installed entry that is not a file, a damaged block of a
    pattern database, ...), one sentence each."""
    status, text = _native.text_out(_native.lib().slidetable_warnings)
    _check(status)
    return [line for line in text.split("\n") if line]
