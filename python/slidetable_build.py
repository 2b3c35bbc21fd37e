"""The build backend of the Python package slidetable (PEP 517 and 660),
written with the standard library only, so that installing needs nothing
from the Python package index:

    pip install --no-build-isolation ./python    (from the repository's root)

It builds the C library from the Go module this folder belongs to

    go build -buildmode=c-shared -trimpath -ldflags=-s -w -o libslidetable.so ./c

and packs it with the package into a wheel for this platform (the library
is native code loaded with ctypes, for any Python 3). Go reads the
module's dependencies from its module cache, or fetches them as any Go
build does. An sdist is refused: the package builds only inside the
repository, beside the Go module.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

NAME = "slidetable"
HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = "github.com/slidetable/slidetable"

SUMMARY = ("Exact distances, optimal moves, shortest solutions and levels of sliding-tile puzzles "
           "(the 15-puzzle family), from the C library libslidetable")


def _version() -> str:
    """The package's version, written once, in slidetable/__init__.py."""
    with open(os.path.join(HERE, NAME, "__init__.py"), encoding="utf-8") as f:
        m = re.search(r'^__version__ = "([^"]+)"$', f.read(), re.M)
    if m is None:
        raise RuntimeError("slidetable: no __version__ in slidetable/__init__.py")
    return m.group(1)


def _library_name() -> str:
    if sys.platform == "win32":
        return "slidetable.dll"
    if sys.platform == "darwin":
        return "libslidetable.dylib"
    return "libslidetable.so"


def _module_root() -> str:
    """The root of the Go module, the folder above this one."""
    root = os.path.dirname(HERE)
    try:
        with open(os.path.join(root, "go.mod"), encoding="utf-8") as f:
            first = f.readline().split()
    except OSError:
        first = []
    if first != ["module", MODULE]:
        raise RuntimeError(
            f"slidetable: {root} is not the root of the Go module {MODULE}: the package builds its library "
            f"from the repository, so install it from a clone, with pip install --no-build-isolation ./python "
            f"run at its root"
        )
    return root


def _build_library(folder: str) -> str:
    """Build the C library into folder and return its path."""
    go = shutil.which("go")
    if go is None:
        raise RuntimeError("slidetable: building the library needs Go (https://go.dev/dl/) on PATH, with a C compiler for cgo")
    path = os.path.join(folder, _library_name())
    cmd = [go, "build", "-buildmode=c-shared", "-trimpath", "-ldflags=-s -w", "-o", path, "./c"]
    env = dict(os.environ, CGO_ENABLED="1")
    run = subprocess.run(cmd, cwd=_module_root(), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if run.returncode != 0:
        raise RuntimeError(f"slidetable: {' '.join(cmd)} failed:\n{run.stdout.decode(errors='replace')}")
    # go build writes cgo's header beside the library; the package has no use for it.
    header = os.path.splitext(path)[0] + ".h"
    if os.path.exists(header):
        os.remove(header)
    return path


def _tag() -> str:
    """The wheel's tag: any Python 3, no ABI, this platform."""
    return "py3-none-" + re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())


def _dist_info() -> str:
    return f"{NAME}-{_version()}.dist-info"


def _metadata() -> bytes:
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {_version()}\n"
        f"Summary: {SUMMARY}\n"
        "License: MIT\n"
        "Requires-Python: >=3.9\n"
        "Description-Content-Type: text/markdown\n"
        "\n" + readme
    ).encode()


def _wheel_file() -> bytes:
    return f"Wheel-Version: 1.0\nGenerator: slidetable_build\nRoot-Is-Purelib: false\nTag: {_tag()}\n".encode()


def _package_files() -> dict:
    """The package's Python files, by their names in the wheel."""
    files = {}
    for name in sorted(os.listdir(os.path.join(HERE, NAME))):
        if name.endswith(".py") or name == "py.typed":
            with open(os.path.join(HERE, NAME, name), "rb") as f:
                files[f"{NAME}/{name}"] = f.read()
    return files


def _write_wheel(folder: str, files: dict, executable: tuple = ()) -> str:
    """Write a wheel of files (name: bytes) with its dist-info into folder,
    and return its file name. The same files give the same bytes."""
    info = _dist_info()
    files = dict(files)
    files[f"{info}/METADATA"] = _metadata()
    files[f"{info}/WHEEL"] = _wheel_file()
    files[f"{info}/top_level.txt"] = f"{NAME}\n".encode()
    with open(os.path.join(os.path.dirname(HERE), "LICENSE"), "rb") as f:
        files[f"{info}/LICENSE"] = f.read()
    record = f"{info}/RECORD"
    lines = []
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{name},sha256={digest},{len(data)}")
    lines.append(f"{record},,")
    files[record] = ("\n".join(lines) + "\n").encode()
    wheel = f"{NAME}-{_version()}-{_tag()}.whl"
    with zipfile.ZipFile(os.path.join(folder, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = (0o755 if name in executable else 0o644) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return wheel


def _prepare_metadata(metadata_directory: str) -> str:
    info = os.path.join(metadata_directory, _dist_info())
    os.makedirs(info, exist_ok=True)
    for name, data in (("METADATA", _metadata()), ("WHEEL", _wheel_file())):
        with open(os.path.join(info, name), "wb") as f:
            f.write(data)
    return _dist_info()


# ---- PEP 517 ----


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _prepare_metadata(metadata_directory)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """Build the library and pack it with the package."""
    files = _package_files()
    with tempfile.TemporaryDirectory() as tmp:
        with open(_build_library(tmp), "rb") as f:
            lib = f"{NAME}/{_library_name()}"
            files[lib] = f.read()
    # The library holds the Go runtime and standard library: their license.
    goroot = subprocess.run([shutil.which("go") or "go", "env", "GOROOT"], stdout=subprocess.PIPE, check=True)
    with open(os.path.join(goroot.stdout.decode().strip(), "LICENSE"), "rb") as f:
        files[f"{_dist_info()}/GO-LICENSE"] = f.read()
    return _write_wheel(wheel_directory, files, executable=(lib,))


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    raise RuntimeError(
        "slidetable: no sdist: the package builds its library from the Go module around this folder; "
        "build a wheel (pip wheel --no-build-isolation ./python) or install from the repository"
    )


# ---- PEP 660: pip install -e ----


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _prepare_metadata(metadata_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """Build the library into the package's folder here, and a wheel that
    puts this folder on the path, so that the package is used where it is."""
    _build_library(os.path.join(HERE, NAME))
    return _write_wheel(wheel_directory, {f"_{NAME}_editable.pth": (HERE + "\n").encode()})
