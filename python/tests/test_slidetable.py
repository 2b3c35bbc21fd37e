"""Tests of the Python package slidetable (python3 -m unittest, from the
python folder), on the library that $SLIDETABLE_LIBRARY names or the one
installed with the package.

They check the answers against a plain breadth-first search written here,
with its own move code, and, when $SLIDETABLE_EXPECT names the file that
the Go test (python_test.go) writes, against the Go library's answers:
Korf's 10 easiest 4x4 boards, levels, random boards, a table file, an
installed table, error messages.
"""

from __future__ import annotations

import array
import collections
import ctypes
import doctest
import itertools
import json
import math
import os
import sys
import threading
import time
import unittest
import warnings

import slidetable
from slidetable import SlidetableError

FAR_5X5 = "5 19 7 1 23/18 22 14 21 0/12 6 2 11 13/9 3 4 17 24/16 20 15 10 8"


def goal(w: int, h: int) -> tuple:
    return tuple(range(1, w * h)) + (0,)


def neighbours(b: tuple, w: int, h: int, multi: bool):
    """The boards one move from b: a tile next to the blank slides into it,
    or (multi) any tile in the blank's row or column slides with those
    between."""
    z = b.index(0)
    zr, zc = divmod(z, w)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = zr, zc
        cells = list(b)
        while True:
            r, c = r + dr, c + dc
            if not (0 <= r < h and 0 <= c < w):
                break
            # slide the tile at (r, c) one step towards the blank: swap
            blank = cells.index(0)
            cells[blank], cells[r * w + c] = cells[r * w + c], 0
            yield tuple(cells)
            if not multi:
                break


def bfs(w: int, h: int, multi: bool = False) -> dict:
    """The distance of every board that reaches the goal of w x h."""
    start = goal(w, h)
    dist = {start: 0}
    queue = collections.deque([start])
    while queue:
        b = queue.popleft()
        for nb in neighbours(b, w, h, multi):
            if nb not in dist:
                dist[nb] = dist[b] + 1
                queue.append(nb)
    return dist


def replay(board, moves, w: int, multi: bool = False) -> tuple:
    """The board after the moves, each the tile that slides (or is tapped)."""
    cells = list(board)
    for t in moves:
        z, c = cells.index(0), cells.index(t)
        zr, zc = divmod(z, w)
        r, col = divmod(c, w)
        if not multi and abs(zr - r) + abs(zc - col) != 1:
            raise AssertionError(f"tile {t} is not next to the blank of {cells}")
        if r != zr and col != zc:
            raise AssertionError(f"tile {t} is not in the blank's line of {cells}")
        step = (1 if c > z else -1) * (1 if r == zr else w)
        while z != c:
            cells[z], cells[z + step] = cells[z + step], 0
            z += step
    return tuple(cells)


def expectations():
    path = os.environ.get("SLIDETABLE_EXPECT")
    if not path:
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


EXPECT = expectations()
needs_go = unittest.skipIf(EXPECT is None, "compares with the Go answers: run from go test ./python")


class TestNames(unittest.TestCase):
    """What the package promises by name."""

    def test_distance(self):
        self.assertEqual(slidetable.distance("3x3", "8 6 7/2 5 4/3 0 1"), 31)
        self.assertIsNone(slidetable.distance("3x3", "1 2 3/4 5 6/8 7 0"))
        self.assertEqual(slidetable.distance("3x3", [8, 6, 7, 2, 5, 4, 3, 0, 1]), 31)

    def test_distances(self):
        boards = ["8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/8 7 0", "1 2 3/4 5 6/7 0 8"]
        self.assertEqual(slidetable.distances("3x3", boards), [31, None, 1])

    def test_docstring(self):
        failed, tried = doctest.testmod(slidetable)
        self.assertEqual(failed, 0)
        self.assertGreater(tried, 2)


class TestAgainstSearch(unittest.TestCase):
    """Every board of small sizes against the breadth-first search here."""

    def check_every(self, w: int, h: int, multi: bool):
        dist = bfs(w, h, multi)
        metric = "multi" if multi else "single"
        perms = list(itertools.permutations(range(w * h)))
        want = [dist.get(p) for p in perms]
        self.assertEqual(slidetable.distances(f"{w}x{h}", bytes(itertools.chain.from_iterable(perms)), metric=metric), want)
        t = slidetable.Table(f"{w}x{h}", metric=metric)
        self.assertEqual(t.max_distance, max(dist.values()))
        self.assertTrue(t.exact)
        for p in perms[:: max(1, len(perms) // 200)]:
            d = dist.get(p)
            self.assertEqual(t.solvable(p), d is not None)
            path, hints = t.solve(p), t.hints(p)
            if d is None:
                self.assertIsNone(path)
                self.assertIsNone(hints)
                continue
            self.assertEqual(len(path), d)
            self.assertEqual(replay(p, path, w, multi), goal(w, h))
            self.assertEqual(hints.distance, d)
            optimal = sorted(m for nb in neighbours(p, w, h, multi) if dist[nb] == d - 1
                             for m in [moved(p, nb)])
            self.assertEqual(sorted(hints.moves), optimal, p)

    # TestAgainstGo compares every 3x3 board with the Go table; this search
    # in Python takes seconds more.
    @unittest.skipUnless(os.environ.get("SLIDETABLE_LONG") == "1", "long check: runs with SLIDETABLE_LONG=1")
    def test_3x3(self):
        for multi in (False, True):
            with self.subTest(multi=multi):
                self.check_every(3, 3, multi)

    def test_small(self):
        for w, h in ((2, 2), (3, 2), (2, 3), (4, 2)):
            for multi in (False, True):
                with self.subTest(size=f"{w}x{h}", multi=multi):
                    self.check_every(w, h, multi)


def play_letters(b: tuple, letters: str, w: int) -> tuple:
    """The board after the moves in letters, played from b with moves of
    its own: each letter the way the tiles slide (U: the tile below the
    blank moves up), a count repeating it one tile at a time."""
    import re
    c = list(b)
    for d, count in re.findall(r"([UDLR])(\d*)", letters):
        for _ in range(int(count or 1)):
            z = c.index(0)
            at = {"U": z + w, "D": z - w, "L": z + 1, "R": z - 1}[d]
            if not 0 <= at < len(c) or (d in "LR" and at // w != z // w):
                raise AssertionError(f"{letters}: {d} cannot be played on {c}")
            c[z], c[at] = c[at], 0
    return tuple(c)


class TestLetters(unittest.TestCase):
    """Solutions and hints in the speedsolvers' notation, and boards made
    by scrambles, against the search here."""

    def test_4x2(self):
        for multi in (False, True):
            metric = "multi" if multi else "single"
            dist = bfs(4, 2, multi)
            t = slidetable.Table("4x2", metric=metric)
            for p in list(dist)[::401]:
                with self.subTest(board=p, metric=metric):
                    text = t.letters(p, t.solve(p))
                    self.assertRegex(text, r"^[UDLR0-9]*$")
                    self.assertEqual(play_letters(p, text, 4), goal(4, 2))
                    if not multi:
                        self.assertEqual(len(text), dist[p])
                    hints = t.letters(p, t.hints(p).moves, path=False).split()
                    self.assertEqual(len(hints), len(t.hints(p).moves))
                    for h in hints:
                        self.assertEqual(dist[play_letters(p, h, 4)], dist[p] - 1, h)
        b = slidetable.scramble("3x3", "R2 D2")
        self.assertEqual(b, play_letters(goal(3, 3), "RRDD", 3))
        self.assertEqual(slidetable.distance("3x3", b), 4)
        self.assertEqual(slidetable.letters("3x3", b, [1], path=False), "U")

    def test_refused(self):
        with self.assertRaisesRegex(SlidetableError, "no tile can slide up"):
            slidetable.scramble("3x3", "U")
        with self.assertRaisesRegex(SlidetableError, "is not a move"):
            slidetable.scramble("3x3", "RX")
        with self.assertRaisesRegex(SlidetableError, "cannot be played"):
            slidetable.letters("3x3", "1 2 3/4 5 6/7 8 0", [1])
        with self.assertRaises(TypeError):
            slidetable.scramble("3x3", [1, 2])  # type: ignore[arg-type]


class TestText(unittest.TestCase):
    """Text the package gives the library, which reads it up to a NUL
    (slidetable.h): text holding one is refused as bad input, naming it,
    where the library would answer what comes before the NUL."""

    def test_nul(self):
        t = slidetable.Table("3x3")
        board = "1 2 3/4 5 6/7 8 0"
        cases = [
            ("moves", "RR\0UU", lambda: t.scramble("RR\0UU"), lambda: t.scramble("RR")),
            ("moves", "RR\0UU", lambda: slidetable.scramble("3x3", "RR\0UU"), lambda: slidetable.scramble("3x3", "RR")),
            ("board", board + "\0 junk", lambda: t.distance(board + "\0 junk"), lambda: t.distance(board)),
            ("board", board + "\0 junk", lambda: slidetable.distance("3x3", board + "\0 junk"),
             lambda: slidetable.distance("3x3", board)),
            ("board", board + "\0", lambda: t.hints(board + "\0"), lambda: t.hints(board)),
            ("board", board + "\0", lambda: t.solve(board + "\0"), lambda: t.solve(board)),
            ("board", board + "\0", lambda: t.solvable(board + "\0"), lambda: t.solvable(board)),
            ("board", board + "\0", lambda: t.cells(board + "\0"), lambda: t.cells(board)),
            ("board", board + "\0", lambda: t.letters(board + "\0", [8]), lambda: t.letters(board, [8])),
            ("size", "3x3\0 4x4", lambda: slidetable.Table("3x3\0 4x4"), lambda: slidetable.Table("3x3")),
            ("size", "3x3\0 4x4", lambda: slidetable.distance("3x3\0 4x4", board),
             lambda: slidetable.distance("3x3", board)),
            ("size", "3x3\0", lambda: slidetable.random_board("3x3\0", seed=1),
             lambda: slidetable.random_board("3x3", seed=1)),
            ("goal", board + "\0 x", lambda: slidetable.Table("3x3", goal=board + "\0 x"),
             lambda: slidetable.Table("3x3", goal=board)),
            ("goal", board + "\0 x", lambda: slidetable.distance("3x3", board, goal=board + "\0 x"),
             lambda: slidetable.distance("3x3", board, goal=board)),
        ]
        for what, text, call, prefix in cases:
            with self.subTest(what=what, text=text):
                prefix()  # what comes before the NUL is answered
                with self.assertRaises(SlidetableError) as e:
                    call()
                self.assertEqual(str(e.exception), f"{what} {text!r} holds a NUL character, "
                                                   "where the library would end the text")
                self.assertEqual(e.exception.status, "input")
                self.assertIsNone(e.exception.index)

    def test_nul_path(self):
        for path in ("4x3.tbl\0.txt", b"4x3.tbl\0", "\0"):
            with self.subTest(path=path):
                with self.assertRaises(SlidetableError) as e:
                    slidetable.Table.open(path)
                self.assertEqual(e.exception.status, "input")
                self.assertIn("path", str(e.exception))
                self.assertIn("holds a NUL character", str(e.exception))

    def test_nul_in_a_batch(self):
        board = "8 6 7/2 5 4/3 0 1"
        for boards in ([board, board + "\0 9"], [board, [1, 2, 3, 4, 5, 6, 7, 8, 0], "1 2\0"]):
            with self.subTest(boards=boards):
                i = len(boards) - 1
                with self.assertRaises(SlidetableError) as e:
                    slidetable.distances("3x3", boards)
                self.assertEqual(str(e.exception), f"board at index {i}: {boards[i]!r} holds a NUL character, "
                                                   "where the library would end the text")
                self.assertEqual((e.exception.status, e.exception.index), ("input", i))

    def test_not_text(self):
        """A lone surrogate cannot be written in UTF-8: bad input too."""
        with self.assertRaises(SlidetableError) as e:
            slidetable.scramble("3x3", "R\ud800")
        self.assertEqual(e.exception.status, "input")
        self.assertIn("moves 'R\\ud800' is not text", str(e.exception))


def moved(b: tuple, nb: tuple) -> int:
    """The tile a move from b to nb moves (or taps): the one farthest from
    b's blank among those that moved."""
    z = b.index(0)
    return nb[z] if sum(x != y for x, y in zip(b, nb)) == 2 else b[nb.index(0)]


class TestBatches(unittest.TestCase):
    """distances takes boards in every form, answering as one at a time."""

    boards = [(8, 6, 7, 2, 5, 4, 3, 0, 1), (1, 2, 3, 4, 5, 6, 8, 7, 0), (1, 2, 3, 4, 5, 6, 7, 0, 8)]
    want = [31, None, 1]

    def test_forms(self):
        flat = bytes(itertools.chain.from_iterable(self.boards))
        for name, boards in [
            ("lists", [list(b) for b in self.boards]),
            ("tuples", self.boards),
            ("strings", [" ".join(map(str, b)) for b in self.boards]),
            ("rows on lines", ["8 6 7\n2 5 4\n3 0 1", "1 2 3 4 5 6 8 7 0", "1,2,3,4,5,6,7,0,8"]),
            ("mixed", ["8 6 7/2 5 4/3 0 1", [1, 2, 3, 4, 5, 6, 8, 7, 0], b"\x01\x02\x03\x04\x05\x06\x07\x00\x08"]),
            ("generator", (b for b in self.boards)),
            ("bytes", flat),
            ("bytearray", bytearray(flat)),
            ("memoryview", memoryview(flat)),
            ("array B", array.array("B", flat)),
            ("array i", array.array("i", list(flat))),
        ]:
            with self.subTest(form=name):
                self.assertEqual(slidetable.distances("3x3", boards), self.want)
        self.assertEqual(slidetable.distances("3x3", []), [])

    def test_out(self):
        out = array.array("i", [7, 7, 7])
        self.assertIs(slidetable.distances("3x3", self.boards, out=out), out)
        self.assertEqual(out.tolist(), [31, -1, 1])
        with self.assertRaises(SlidetableError) as e:
            slidetable.distances("3x3", self.boards, out=array.array("i", [0, 0]))
        self.assertEqual(e.exception.status, "argument")
        with self.assertRaises(SlidetableError):
            slidetable.distances("3x3", self.boards, out=array.array("d", [0, 0, 0]))

    def test_out_byte_order(self):
        """out is written as native 32-bit signed ints: a buffer of another
        byte order, size or kind is refused by its format, untouched."""
        other = ctypes.c_int32.__ctype_be__ if sys.byteorder == "little" else ctypes.c_int32.__ctype_le__
        for name, out in [
            ("other byte order", (other * 3)()),
            ("unsigned", array.array("I", [0, 0, 0])),
            ("float", array.array("f", [0, 0, 0])),
            ("16-bit", (ctypes.c_int16 * 6)()),
            ("64-bit", (ctypes.c_int64 * 3)()),
            ("bytes", bytearray(12)),
        ]:
            with self.subTest(out=name):
                fmt = memoryview(out).format
                with self.assertRaises(SlidetableError) as e:
                    slidetable.distances("3x3", self.boards, out=out)
                self.assertEqual(e.exception.status, "argument")
                self.assertIn(f"not format {fmt!r}", str(e.exception))
                self.assertFalse(any(memoryview(out).cast("B")), "out was written")
        for name, out in [
            ("read-only", memoryview(bytes(12)).cast("i")),
            ("not contiguous", memoryview(bytearray(24)).cast("i")[::2]),
        ]:
            with self.subTest(out=name):
                with self.assertRaises(SlidetableError) as e:
                    slidetable.distances("3x3", self.boards, out=out)
                self.assertIn(name, str(e.exception))
        with self.assertRaises(TypeError):
            slidetable.distances("3x3", self.boards, out=[0, 0, 0])
        native = ctypes.c_int32.__ctype_le__ if sys.byteorder == "little" else ctypes.c_int32.__ctype_be__
        for name, out in [
            ("array i", array.array("i", [0, 0, 0])),
            ("ctypes int32", (ctypes.c_int32 * 3)()),
            ("ctypes int32, native order named", (native * 3)()),
            ("memoryview i", memoryview(bytearray(12)).cast("i")),
        ]:
            with self.subTest(out=name):
                self.assertIs(slidetable.distances("3x3", self.boards, out=out), out)
                self.assertEqual(list(out), [31, -1, 1])

    def test_out_held_during_the_call(self):
        """out stays exported for the whole call: another thread that
        resizes it meanwhile gets BufferError, and the answers are right."""
        levels = [slidetable.level("4x4", 50, 55, seed=s) for s in range(40)]
        out = array.array("i", [-2] * len(levels))
        inside, tried, returned = threading.Event(), threading.Event(), threading.Event()
        attempts = []  # of the other thread, in order: True resized, False refused

        def boards():
            # Consumed inside the call: half way through, let the other
            # thread try, and wait until it has.
            for i, lv in enumerate(levels):
                if i == len(levels) // 2:
                    inside.set()
                    tried.wait()
                yield lv.board

        def resize():
            inside.wait()
            try:
                while True:
                    try:
                        out.extend(range(1 << 16))
                        attempts.append(True)
                    except BufferError:
                        attempts.append(False)
                    tried.set()
                    if returned.is_set():
                        return
                    time.sleep(0.001)  # on through the search, leaving it the cores
            finally:
                tried.set()

        th = threading.Thread(target=resize)
        th.start()
        try:
            slidetable.distances("4x4", boards(), out=out)
        finally:
            returned.set()
            inside.set()
            th.join()
        self.assertFalse(attempts[0], "the resize inside the call was not refused")
        self.assertEqual(out[: len(levels)].tolist(), [lv.distance for lv in levels])
        # The attempts after the first: refused until the call returned,
        # then (some of the last) done.
        refused = attempts.index(True) if True in attempts else len(attempts)
        self.assertNotIn(False, attempts[refused:])
        print(f"\nresizes refused during the call: {refused}, done after it: {len(attempts) - refused}",
              file=sys.stderr)
        # Released when the call fails too, while the error is still held.
        del out[len(levels):]
        bad = [self.boards[0]] * (len(levels) - 1) + [(1, 2, 3, 4, 5, 6, 7, 7, 0)]
        with self.assertRaises(SlidetableError) as e:
            slidetable.distances("3x3", bad, out=out)
        self.assertEqual(e.exception.index, len(levels) - 1)
        out.append(0)  # no BufferError

    def test_bad_board(self):
        for boards, message in [
            ([self.boards[0], (1, 2, 3, 4, 5, 6, 7, 7, 0)], "board at index 1: tile 7 appears twice"),
            ([self.boards[0], (1, 2, 3)], "board at index 1: 3x3 needs 9 cells, got 3"),
            ([self.boards[0], (1, 2, 3, 4, 5, 6, 7, 8, 300)],
             "board at index 1: tile 300 is out of range for 3x3 (tiles are 1..8, 0 is the blank)"),
            (["8 6 7/2 5 4/3 0 1", "1 2 3"], "board at index 1: 3x3 needs 9 numbers, got 3"),
            (["8 6 7/2 5 4/3 0 1", "1 2 3/4 5 6/7 8 x"], 'board at index 1: "x" is not a number'),
        ]:
            with self.subTest(boards=boards):
                with self.assertRaises(SlidetableError) as e:
                    slidetable.distances("3x3", boards)
                self.assertEqual(str(e.exception), message)
                self.assertEqual(e.exception.index, 1)
        with self.assertRaises(SlidetableError):
            slidetable.distances("3x3", bytes(10))  # not whole boards
        with self.assertRaises(TypeError):
            slidetable.distances("3x3", "8 6 7/2 5 4/3 0 1")

    @unittest.skipUnless(__import__("importlib").util.find_spec("numpy"), "NumPy is not installed")
    def test_numpy(self):
        import numpy

        for dtype in (numpy.uint8, numpy.int64, numpy.int32):
            a = numpy.array(self.boards, dtype=dtype)
            with self.subTest(dtype=dtype):
                self.assertEqual(slidetable.distances("3x3", a), self.want)
                self.assertEqual(slidetable.distances("3x3", a.reshape(-1)), self.want)
                out = numpy.zeros(3, numpy.int32)
                slidetable.distances("3x3", a, out=out)
                self.assertEqual(out.tolist(), [31, -1, 1])
        with self.assertRaises(SlidetableError) as e:
            slidetable.distances("3x3", numpy.array([self.boards[0], [1, 2, 3, 4, 5, 6, 7, 8, -1]]))
        self.assertEqual(e.exception.index, 1)
        other, native = (">i4", "<i4") if sys.byteorder == "little" else ("<i4", ">i4")
        for dtype in ("=i4", native, numpy.intc):
            with self.subTest(out=dtype):
                out = numpy.zeros(3, dtype)
                slidetable.distances("3x3", self.boards, out=out)
                self.assertEqual(out.tolist(), [31, -1, 1])
        for dtype in (other, "u4", "f4", "i8", "i2"):
            with self.subTest(out=dtype):
                out = numpy.zeros(12 // numpy.dtype(dtype).itemsize, dtype)
                with self.assertRaises(SlidetableError) as e:
                    slidetable.distances("3x3", self.boards, out=out)
                self.assertIn(f"not format {memoryview(out).format!r}", str(e.exception))
                self.assertFalse(out.any())
        with self.assertRaises(SlidetableError) as e:
            slidetable.distances("3x3", self.boards, out=numpy.zeros(6, numpy.int32)[::2])
        self.assertIn("not contiguous", str(e.exception))


class TestErrors(unittest.TestCase):
    def test_messages(self):
        for call, message in [
            (lambda: slidetable.distance("3x3", "1 2 3/4 5 6/7 7 0"), "tile 7 appears twice"),
            (lambda: slidetable.distance("3x3", "1 2 3"), "3x3 needs 9 numbers, got 3"),
            (lambda: slidetable.distance("3x3", [1, 2, 3, 4, 5, 6, 7, 8, 9]),
             "tile 9 is out of range for 3x3 (tiles are 1..8, 0 is the blank)"),
            (lambda: slidetable.distance("3y3", "1 2 0 3"), 'bad size: "3y3" is not written WxH (for example 3x3)'),
            (lambda: slidetable.distance("3x3", "8 6 7/2 5 4/3 0 1", metric="diagonal"),
             'unknown metric "diagonal": want single or multi'),
            (lambda: slidetable.level("3x3", 32, 40), "no boards at these distances: 32..40: no 3x3 board is more than 31 moves from the goal"),
        ]:
            with self.assertRaises(SlidetableError) as e:
                call()
            self.assertEqual(str(e.exception), message)
            self.assertEqual(e.exception.status, "input")
        with self.assertRaises(ValueError):
            slidetable.distance("4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", timeout=0)
        with self.assertRaises(SlidetableError) as e:
            slidetable.Table.open("/nonexistent/4x3.tbl")
        self.assertEqual(e.exception.status, "file")

    def test_timeout_bounds(self):
        """A timeout beyond 7 days, or not above 0, is refused by its value:
        none wraps to no limit in the library's int64_t milliseconds."""
        board = "8 6 7/2 5 4/3 0 1"
        calls = [
            lambda t: slidetable.distance("3x3", board, timeout=t),
            lambda t: slidetable.distances("3x3", [board], timeout=t),
            lambda t: slidetable.hints("3x3", board, timeout=t),
            lambda t: slidetable.solve("3x3", board, timeout=t),
            lambda t: slidetable.level("3x3", 5, 5, seed=1, timeout=t),
            lambda t: slidetable.Table("3x3", timeout=t),
        ]
        for t in (2**64 / 1000, 2**63 / 1000, 1e300, 10**400, 604800.001, math.nan, math.inf, -math.inf, -1, 0):
            for call in calls:
                with self.subTest(timeout=t):
                    with self.assertRaises(ValueError) as e:
                        call(t)
                    self.assertTrue(str(e.exception).startswith(f"timeout {t!r}: want a number of seconds above 0 "
                                                                "and at most 604800 (7 days)"), str(e.exception))
        with self.assertRaises(TypeError):
            slidetable.distance("3x3", board, timeout=[1])
        for t in (604800, 604800.0, 1e-9, 1):
            for call in calls:
                with self.subTest(timeout=t):
                    call(t)

    def test_number_types(self):
        """Every number the package takes is refused by its type when it is
        not one (text, a bool, a float for a whole number: TypeError,
        naming it), and by its value when it is one out of range
        (ValueError, or the library's words)."""
        board = "8 6 7/2 5 4/3 0 1"
        timeouts = [
            lambda t: slidetable.distance("3x3", board, timeout=t),
            lambda t: slidetable.distances("3x3", [board], timeout=t),
            lambda t: slidetable.hints("3x3", board, timeout=t),
            lambda t: slidetable.solve("3x3", board, timeout=t),
            lambda t: slidetable.level("3x3", 5, 5, seed=1, timeout=t),
            lambda t: slidetable.Table("3x3", timeout=t),
            lambda t: slidetable.Table.open("no.tbl", timeout=t),
        ]
        for t in ("1", b"1", True, False, [1], 1j, __import__("decimal").Decimal(1)):
            for call in timeouts:
                with self.subTest(timeout=t):
                    with self.assertRaises(TypeError) as e:
                        call(t)
                    self.assertTrue(str(e.exception).startswith(f"timeout {t!r}: want a number of seconds"))
        from fractions import Fraction
        for t in (Fraction(1, 2), 2, 0.5):
            with self.subTest(timeout=t):
                self.assertEqual(slidetable.distance("3x3", board, timeout=t), 31)
        seeds = [
            lambda s: slidetable.random_board("3x3", seed=s),
            lambda s: slidetable.level("3x3", 5, 5, seed=s),
            lambda s: slidetable.Table("3x3").random_board(s),
        ]
        for s in ("1", True, 1.0, 1.5, [1]):
            for call in seeds:
                with self.subTest(seed=s):
                    with self.assertRaises(TypeError) as e:
                        call(s)
                    self.assertTrue(str(e.exception).startswith(f"seed {s!r}: want a whole number, not"))
        for s in (-1, 2**64):
            for call in seeds:
                with self.subTest(seed=s):
                    with self.assertRaises(ValueError):
                        call(s)
        self.assertEqual(slidetable.random_board("3x3", seed=2**64 - 1), slidetable.random_board("3x3", seed=2**64 - 1))
        for name, args in (("min", ("5", 6)), ("min", (True, 6)), ("min", (5.0, 6)), ("max", (5, "6")),
                           ("max", (5, False)), ("max", (5, 6.0))):
            v = args[0] if name == "min" else args[1]
            for call in (lambda: slidetable.level("3x3", *args, seed=1),
                         lambda: slidetable.Table("3x3").level(*args, seed=1)):
                with self.subTest(name=name, value=v):
                    with self.assertRaises(TypeError) as e:
                        call()
                    self.assertTrue(str(e.exception).startswith(f"{name} {v!r}: want a whole number, not"))
        with self.assertRaises(SlidetableError) as e:
            slidetable.level("3x3", 0, 2**40, seed=1)
        self.assertEqual(e.exception.status, "input")
        self.assertEqual(slidetable.level("3x3", 5, 5, seed=1).distance, 5)
        for size in ((True, 3), (3, 3.0), ("3", 3)):
            with self.subTest(size=size):
                with self.assertRaises(TypeError):
                    slidetable.Table(size)
        for size, message in (((2**40, 3), "bad size: 1099511627776x3 has more than 256 cells"),
                              ((3, -2**40), "bad size: 3x-1099511627776: width and height must be at least 2")):
            with self.subTest(size=size):
                with self.assertRaises(SlidetableError) as e:
                    slidetable.Table(size)
                self.assertEqual((str(e.exception), e.exception.status), (message, "input"))
        self.assertEqual(slidetable.Table((3, 3)).size, "3x3")
        # A bool is no tile, in a board or a move.
        with self.assertRaises(TypeError):
            slidetable.distance("2x2", [True, 2, 3, False])
        with self.assertRaises(TypeError):
            slidetable.letters("3x3", "1 2 3/4 5 6/7 8 0", [8, True], path=False)

    def test_unhashable(self):
        """A metric or goal that cannot be a key fails as any bad one does."""
        board = "8 6 7/2 5 4/3 0 1"
        calls = [
            lambda **kw: slidetable.distance("3x3", board, **kw),
            lambda **kw: slidetable.distances("3x3", [board], **kw),
            lambda **kw: slidetable.hints("3x3", board, **kw),
            lambda **kw: slidetable.solve("3x3", board, **kw),
            lambda **kw: slidetable.level("3x3", 5, 5, seed=1, **kw),
        ]
        for metric in (["single"], {"single": 1}, {"multi"}):
            for call in calls:
                with self.subTest(metric=metric):
                    with self.assertRaises(SlidetableError) as e:
                        call(metric=metric)
                    self.assertEqual(str(e.exception), f'unknown metric "{metric}": want single or multi')
                    self.assertEqual(e.exception.status, "input")
        calls += [
            lambda **kw: slidetable.solvable("3x3", board, **kw),
            lambda **kw: slidetable.random_board("3x3", seed=1, **kw),
        ]
        for goal in ([[1, 2, 3], [4, 5, 6], [7, 8, 0]], [1, 2, 3, 4, 5, 6, 7, 8, []], {"goal": 1}):
            with self.assertRaises((SlidetableError, TypeError)) as want:
                slidetable.Table("3x3", goal=goal)
            for call in calls:
                with self.subTest(goal=goal):
                    with self.assertRaises(type(want.exception)) as e:
                        call(goal=goal)
                    self.assertEqual(str(e.exception), str(want.exception))
                    self.assertNotIn("unhashable", str(e.exception))
        # Rows of a buffer are a goal as Table takes them.
        rows = memoryview(bytes([0, 1, 2, 3, 4, 5, 6, 7, 8])).cast("B", (3, 3))
        self.assertEqual(slidetable.Table("3x3", goal=rows).goal, tuple(range(9)))
        self.assertEqual(slidetable.distance("3x3", "1 0 2/3 4 5/6 7 8", goal=rows), 1)
        self.assertEqual(slidetable.distance("3x3", "1 0 2/3 4 5/6 7 8", goal=bytearray(range(9))), 1)

    def test_closed(self):
        t = slidetable.Table("3x3")
        with t:
            self.assertEqual(t.distance("8 6 7/2 5 4/3 0 1"), 31)
        self.assertIn("closed", repr(t))
        with self.assertRaises(SlidetableError) as e:
            t.distance("8 6 7/2 5 4/3 0 1")
        self.assertEqual(e.exception.status, "handle")
        t.close()  # again: nothing


class TestSearch(unittest.TestCase):
    def test_timeout(self):
        start = time.monotonic()
        with self.assertRaises(SlidetableError) as e:
            slidetable.distance("5x5", FAR_5X5, timeout=0.2)
        self.assertEqual(e.exception.status, "timeout")
        self.assertEqual(str(e.exception), "the time limit of 200ms ran out before the answer")
        self.assertLess(time.monotonic() - start, 5)

    def test_cancel_from_another_thread(self):
        caught = []

        def search(cancel):
            try:
                slidetable.distance("5x5", FAR_5X5, cancel=cancel)
            except SlidetableError as e:
                caught.append(e)

        with slidetable.Cancel() as cancel:
            th = threading.Thread(target=search, args=(cancel,))
            th.start()
            time.sleep(0.2)
            self.assertEqual(slidetable.distance("3x3", "8 6 7/2 5 4/3 0 1", cancel=None), 31)  # not blocked
            cancel.cancel()
            th.join(10)
            self.assertFalse(th.is_alive())
        self.assertEqual([e.status for e in caught], ["cancelled"])

    def test_close_under_a_search(self):
        t = slidetable.Table("5x5")
        caught = []

        def search():
            try:
                t.distance(FAR_5X5)
            except SlidetableError as e:
                caught.append(e)

        th = threading.Thread(target=search)
        th.start()
        time.sleep(0.2)
        t.close()
        th.join(10)
        self.assertEqual([str(e) for e in caught], ["the table was closed during the call"])

    def test_threads(self):
        perms = list(itertools.permutations(range(9)))[::7]
        want = slidetable.distances("3x3", perms)
        t = slidetable.Table("3x3")
        wrong = []

        def ask(offset):
            for i in range(len(perms)):
                k = (i + offset) % len(perms)
                if t.distance(perms[k]) != want[k]:
                    wrong.append(k)

        threads = [threading.Thread(target=ask, args=(o,)) for o in (0, len(perms) // 2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        self.assertEqual(wrong, [])

    def test_4x4(self):
        t = slidetable.Table("4x4")
        self.assertFalse(t.exact)
        self.assertEqual(t.max_distance, 80)
        b = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15)
        # One move from the goal: a board the level pack holds, whose one
        # known move is the hint, as every front end gives it.
        self.assertEqual(t.hints(b), slidetable.Hints(1, [15], True))
        self.assertEqual(t.solve(b), [15])


class TestFork(unittest.TestCase):
    @unittest.skipUnless(hasattr(os, "fork"), "no fork here")
    def test_child_refuses(self):
        slidetable.distance("3x3", "8 6 7/2 5 4/3 0 1")  # loaded
        pid = os.fork()
        if pid == 0:
            try:
                slidetable.distance("3x3", "8 6 7/2 5 4/3 0 1")
                code = 1
            except OSError as e:
                code = 0 if "forked" in str(e) else 2
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        self.assertEqual(os.waitstatus_to_exitcode(status), 0)


class TestSearchedWarning(unittest.TestCase):
    """A size that a table could answer, searched for want of one
    installed, says so once, naming the command that installs it."""

    def setUp(self):
        slidetable._warned.clear()

    def searched(self, call) -> list:
        """The SlidetableWarnings that call() issues, each once shown."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            call()
        return [w for w in caught if issubclass(w.category, slidetable.SlidetableWarning)]

    def test_once_naming_the_command(self):
        def call():
            slidetable.Table("4x3").close()
            slidetable.Table("4x3").close()
            slidetable.Table("4x3", metric="multi").close()
            slidetable.Table("4x3", metric="multi").close()

        got = self.searched(call)
        self.assertEqual(len(got), 2, [str(w.message) for w in got])
        single, multi = (str(w.message) for w in got)
        self.assertIn("no 4x3 table is installed, so 4x3 boards are searched", single)
        self.assertIn("`slidetable build -install 4x3`", single)
        self.assertIn("no 4x3 table (multi-tile moves) is installed", multi)
        self.assertIn("`slidetable build -metric multi -install 4x3`", multi)
        for w in got:
            self.assertEqual(w.filename, __file__)  # the caller's line, not the package's
        self.assertTrue(issubclass(slidetable.SlidetableWarning, RuntimeWarning))

    def test_module_functions(self):
        def call():
            for _ in range(2):
                self.assertEqual(slidetable.distance("6x2", goal(6, 2)), 0)
        got = self.searched(call)
        self.assertEqual(len(got), 1, [str(w.message) for w in got])
        self.assertIn("`slidetable build -install 6x2`", str(got[0].message))
        self.assertEqual(got[0].filename, __file__)

    def test_quiet_where_no_table_could_answer(self):
        def call():
            for size, metric in (("3x3", "single"), ("3x3", "multi"), ("4x2", "single"), ("4x4", "single"),
                                 ("4x4", "multi"), ("5x5", "single")):
                t = slidetable.Table(size, metric=metric)
                self.assertEqual(t.exact, size not in ("4x4", "5x5"))
                t.close()
            # Another goal: no table can be installed for it.
            t = slidetable.Table("4x3", goal=tuple(range(12)))
            self.assertFalse(t.exact)
            t.close()
        self.assertEqual(self.searched(call), [])

    @needs_go
    def test_quiet_with_a_table(self):
        def call():
            with slidetable.Table(EXPECT["installed"]) as t:
                self.assertTrue(t.exact, t.description)
            slidetable.Table.open(EXPECT["file"]["path"]).close()
        self.assertEqual(self.searched(call), [])


class TestGoal(unittest.TestCase):
    def test_other_goal(self):
        g = (0, 1, 2, 3, 4, 5)
        t = slidetable.Table("3x2", goal=g)
        self.assertEqual(t.goal, g)
        self.assertEqual(t.distance(g), 0)
        path = t.solve((1, 0, 2, 3, 4, 5))
        self.assertEqual(path, [1])
        self.assertEqual(slidetable.distance("3x2", "1 0 2/3 4 5", goal="0 1 2/3 4 5"), 1)


@needs_go
class TestAgainstGo(unittest.TestCase):
    """The answers of the Go library, from $SLIDETABLE_EXPECT."""

    def test_every_3x3(self):
        perms = bytes(itertools.chain.from_iterable(itertools.permutations(range(9))))
        got = slidetable.distances("3x3", perms)
        self.assertEqual([-1 if d is None else d for d in got], EXPECT["distances3x3"])

    def test_korf10(self):
        for k in EXPECT["korf10"]:
            with self.subTest(korf=k["number"]):
                self.assertEqual(slidetable.hints("4x4", k["board"]), slidetable.Hints(k["distance"], k["hints"]))
                path = slidetable.solve("4x4", k["board"])
                self.assertEqual(len(path), k["distance"])
                self.assertEqual(replay(slidetable.Table("4x4").cells(k["board"]), path, 4), goal(4, 4))
        boards = [k["board"] for k in EXPECT["korf10"]]
        self.assertEqual(slidetable.distances("4x4", boards), [k["distance"] for k in EXPECT["korf10"]])

    def test_levels(self):
        for lv in EXPECT["levels"]:
            a = lv["ask"]
            with self.subTest(ask=a):
                got = slidetable.level(a["size"], a["min"], a.get("max"), seed=a["seed"], metric=a["metric"])
                self.assertEqual(got, slidetable.Level(tuple(lv["board"]), lv["distance"]))

    def test_random(self):
        for r in EXPECT["random"]:
            self.assertEqual(list(slidetable.random_board(r["size"], seed=r["seed"])), r["board"])

    def test_messages(self):
        for bad in EXPECT["errors"]:
            with self.subTest(board=bad["board"]):
                with self.assertRaises(SlidetableError) as e:
                    slidetable.distance(bad["size"], bad["board"])
                self.assertEqual(str(e.exception), bad["message"])

    def test_file(self):
        f = EXPECT["file"]
        with slidetable.Table.open(f["path"]) as t:
            self.assertEqual((t.size, t.metric, t.exact, t.goal), (f["size"], "single", True, tuple(f["goal"])))
            self.assertEqual(t.description, "the table " + f["path"])
            perms = list(itertools.permutations(range(6)))
            self.assertEqual([-1 if d is None else d for d in t.distances(perms)], f["distances"])


if __name__ == "__main__":
    unittest.main()
