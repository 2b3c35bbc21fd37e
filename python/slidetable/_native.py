"""The C library under the package: where it is, loaded once, with the
prototypes of slidetable.h (c/slidetable.h in the repository)."""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from ctypes import POINTER, c_char_p, c_int, c_int64, c_size_t, c_uint8, c_uint64, c_void_p

#: SLIDETABLE_ABI_VERSION of the header these prototypes follow.
ABI_VERSION = 1

#: The environment variable naming the library to load instead of the
#: one installed with the package.
LIBRARY_ENV = "SLIDETABLE_LIBRARY"

#: Status codes of slidetable.h, by number, as SlidetableError.status names them.
STATUS = {
    1: "argument",
    2: "handle",
    3: "truncated",
    4: "input",
    5: "file",
    6: "memory",
    7: "timeout",
    8: "cancelled",
    9: "not_found",
    10: "internal",
}

OK = 0
TRUNCATED = 3

#: A message never needs more (errors.c keeps at most 2047 bytes).
ERROR_MAX = 2048

_handle = ctypes.c_uint64
_p_int = POINTER(c_int)
_p_size = POINTER(c_size_t)
_p_handle = POINTER(_handle)

# name: (argument types); every function returns an int status.
_PROTOTYPES = {
    "slidetable_error": (c_void_p, c_size_t, _p_size),
    "slidetable_warnings": (c_void_p, c_size_t, _p_size),
    "slidetable_parse_size": (c_char_p, c_size_t, _p_int, _p_int),
    "slidetable_open": (c_int, c_int, c_int, c_void_p, c_size_t, c_int64, _handle, _p_handle),
    "slidetable_open_file": (c_char_p, c_size_t, c_int64, _handle, _p_handle),
    "slidetable_close": (_handle,),
    "slidetable_info": (_handle, _p_int, _p_int, _p_int, _p_int, _p_int),
    "slidetable_goal": (_handle, c_void_p, c_size_t, _p_size),
    "slidetable_describe": (_handle, c_void_p, c_size_t, _p_size),
    "slidetable_parse": (c_int, c_int, c_char_p, c_size_t, c_void_p, c_size_t, _p_size),
    "slidetable_random": (_handle, c_uint64, c_void_p, c_size_t, _p_size),
    "slidetable_solvable": (_handle, c_char_p, c_size_t, _p_int),
    "slidetable_distance": (_handle, c_char_p, c_size_t, c_int64, _handle, _p_int),
    "slidetable_hints": (_handle, c_char_p, c_size_t, c_int64, _handle, _p_int, c_void_p, c_size_t, _p_size, _p_int),
    "slidetable_solve": (_handle, c_char_p, c_size_t, c_int64, _handle, _p_int, c_void_p, c_size_t, _p_size),
    "slidetable_distances": (_handle, c_char_p, c_size_t, c_void_p, c_size_t, c_int64, _handle, _p_size),
    "slidetable_distances_text": (
        _handle, c_char_p, c_size_t, c_void_p, c_size_t, c_int64, _handle, _p_size, _p_size,
    ),
    "slidetable_level": (
        _handle, c_int, c_int, c_uint64, c_int64, _handle, c_void_p, c_size_t, _p_size, _p_int,
    ),
    "slidetable_letters": (_handle, c_char_p, c_size_t, c_char_p, c_size_t, c_int, c_void_p, c_size_t, _p_size),
    "slidetable_scramble": (_handle, c_char_p, c_size_t, c_void_p, c_size_t, _p_size),
    "slidetable_cancel_new": (_p_handle,),
    "slidetable_cancel_fire": (_handle,),
    "slidetable_cancel_free": (_handle,),
}

_lib: ctypes.CDLL | None = None
_lock = threading.Lock()
_forked = False  # this process is a child forked after the library was loaded


def _after_fork() -> None:
    global _forked
    if _lib is not None:
        _forked = True


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


def library_name() -> str:
    """The library's file name on this system."""
    if sys.platform == "win32":
        return "slidetable.dll"
    if sys.platform == "darwin":
        return "libslidetable.dylib"
    return "libslidetable.so"


def library_path() -> str:
    """$SLIDETABLE_LIBRARY, else the library installed beside this file."""
    return os.environ.get(LIBRARY_ENV) or os.path.join(os.path.dirname(os.path.abspath(__file__)), library_name())


def lib() -> ctypes.CDLL:
    """The library, loaded on first use (so that $SLIDETABLE_CACHE and
    $SLIDETABLE_LIBRARY may be set after import)."""
    global _lib
    if _forked:
        # The Go runtime's threads stay in the parent: a call would hang.
        raise OSError("slidetable: this process was forked after the library was loaded, which the Go runtime "
                      "in it does not survive; start workers with multiprocessing's 'spawn' or 'forkserver' method")
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is None:
            path = library_path()
            if not os.path.isfile(path):
                raise OSError(
                    f"slidetable: no library at {path}: install the package with "
                    f"'pip install --no-build-isolation ./python' from a clone of the repository "
                    f"(it builds the library with Go), or set {LIBRARY_ENV} to a library built with "
                    f"'go build -buildmode=c-shared -o {library_name()} ./c'"
                )
            cdll = ctypes.CDLL(path)
            for name, argtypes in _PROTOTYPES.items():
                f = getattr(cdll, name)
                f.argtypes = argtypes
                f.restype = c_int
            cdll.slidetable_abi_version.argtypes = ()
            cdll.slidetable_abi_version.restype = c_int
            version = cdll.slidetable_abi_version()
            if version != ABI_VERSION:
                raise OSError(f"slidetable: the library at {path} has interface version {version}, this package wants {ABI_VERSION}")
            _lib = cdll
    return _lib


def message() -> str:
    """The message of the last call that failed on this thread."""
    buf = ctypes.create_string_buffer(ERROR_MAX)
    lib().slidetable_error(buf, ERROR_MAX, None)
    return buf.value.decode("utf-8", "replace")


def text_out(call, *args) -> tuple[int, str]:
    """The status and text of a call of the form f(args..., buf, cap, len),
    given room enough."""
    n = c_size_t()
    cap = 256
    while True:
        buf = ctypes.create_string_buffer(cap)
        status = call(*args, buf, cap, ctypes.byref(n))
        if status != TRUNCATED or n.value + 1 <= cap:
            return status, buf.value.decode("utf-8", "replace")
        cap = n.value + 1


def cells_buffer(n: int):
    """An array of n uint8_t."""
    return (c_uint8 * max(n, 1))()

