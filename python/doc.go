// Package python holds the Python package slidetable, on the C library
// of package c (libslidetable), loaded with ctypes: the folder slidetable
// is the package, slidetable_build.py its build backend (the standard
// library only), tests its unittest tests. From the repository's root,
//
//	pip install --no-build-isolation ./python
//
// builds the library with Go and installs it with the package.
//
// The Go tests of this folder run the Python tests (python3 -m unittest)
// on a library built from the sources as they are, with the Go library's
// answers to compare with, and the README's Python example; with
// SLIDETABLE_LONG=1, they also install the package with pip into a new
// virtual environment and use it there. Without python3 (or a C
// compiler, to build the library) they skip with a one-line notice,
// unless CI=true or SLIDETABLE_PYTHON=1 makes them required
// (internal/testenv). The Go package itself holds no code.
package python
