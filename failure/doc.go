// Package failure is the one list of the kinds of failure in slidetable,
// and the one table of what every front end answers each kind with: the
// command line's exit status, the JSON API's HTTP status, the C library's
// status, the Python package's exception and the JavaScript package's
// code.
//
// Every error a package of this module defines belongs to a kind: its
// sentinels are made with New, which ties them to one, and an error of
// the standard library that a caller may meet (a context's end, a missing
// or unreadable file, a file cut short) is classified by KindOf too. A
// front end asks KindOf and looks the kind up (Kind.Codes); it lists no
// sentinels of its own. A test of this package fails when a package
// declares a sentinel that has no kind.
//
// A Kind is itself an error, so that
//
//	errors.Is(err, failure.Input)
//
// says whether err is bad input, however deeply it is wrapped, as
// errors.Is(err, fs.ErrNotExist) does for the errors of many packages.
//
// The package imports nothing of this module: every other package may
// import it.
package failure
