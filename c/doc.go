// Command c is libslidetable, the C interface of slidetable: a shared
// library built from the Go packages, through which game code in any
// language that can call C (C and C++ engines, C#, Lua, Python) asks what
// the command line answers, in process: whether a board can reach the
// goal, its distance, its optimal moves, a shortest solution, a level at
// an exact distance, a uniform random board; in both metrics, towards any
// goal; from the built-in tables, the installed files or a file opened
// and proven.
//
// Build it with
//
//	go build -buildmode=c-shared -o libslidetable.so ./c
//
// and include slidetable.h, the interface written for people, which
// documents every function, the ownership of memory (the caller's), the
// threads (any, at once) and the time limits. The python folder of the
// repository holds a Python package on it.
//
// The library decides nothing of its own about what answers: each table
// handle holds a source.Catalog, which chooses the table or the search as
// the command line's does; questions about boards go to a solver.Solver
// of the catalogue, levels to its game.Game, as 'slidetable serve' and the
// WebAssembly build answer them. Files are read and proven by the
// catalogue's resolver, with the command line's folder of installed files
// and proof records ($SLIDETABLE_CACHE, else slidetable in the user's
// cache folder). Errors carry the command line's words
// (human.Message).
//
// The cgo layer (export.go, errors.c) only converts: it checks every
// pointer and length, calls the plain Go of handle.go and questions.go,
// and turns errors into status codes (status.go), recovering any panic so
// that none crosses into C. Handles are numbers in a table of this
// package: no Go pointer leaves it.
//
// Its tests compile C programs against the library with the system's C
// compiler (testdata/check.c, and the README's example) and compare their
// answers with the Go packages'; without a C compiler they skip, unless
// CI=true or SLIDETABLE_C=1 makes them required (internal/testenv).
package main
