// Package testenv says which of this module's tests run where: the long
// checks only when asked for, and the tests that need a browser, Node, a C
// compiler, Python or Mono only where one is found, unless CI (or the variable named below) makes
// them required. It also builds, once where it can, what tests run as
// programs: the C library (Library) and commands (Build). Only tests
// import it.
//
// The environment variables:
//
//	SLIDETABLE_LONG=1     run the long checks (all of Korf's 100 boards, 10,000
//	                      boards of 12 cells, content hashes of large files, ...)
//	SLIDETABLE_HEAVY=1    with it, the checks that build a large 4x4 database
//	                      (the 7-8 pattern database, the large multi-tile tier):
//	                      minutes each, not run by CI
//	SLIDETABLE_CHROME     the Chrome or Chromium binary for the browser tests
//	SLIDETABLE_BROWSER=1  the browser tests fail, rather than skip, without one
//	SLIDETABLE_NODE=1     the Node tests fail, rather than skip, without node
//	                      (or, for the declarations' test, TypeScript from npm)
//	SLIDETABLE_C=1        the tests of the C library fail, rather than skip,
//	                      without a C compiler ($CC, else cc, gcc or clang)
//	SLIDETABLE_PYTHON=1   the Python tests fail, rather than skip, without python3
//	SLIDETABLE_CSHARP=1   the tests of the C# binding fail, rather than skip,
//	                      without mcs and mono
//	CI=true               all five of the above
package testenv
