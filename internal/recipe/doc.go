// Package recipe is the one table of the files that answer: for each
// size and metric that has a file, its kind, its parameters (a pattern
// database's partition of the tiles, an abstraction tier's classings),
// where it comes from (built into the programs; built in but fetched by
// the WebAssembly module when a call first needs it; or installed by
// 'slidetable build -install') and its limits (the cells of the sizes it
// is for). Everything that needs to know which files there are reads it:
// the build (source.Build, source.BuildKind), the resolver (the installed
// files it looks for and their names), the built-in files (package data,
// which embeds them, and package source, which decodes them), the
// generation of the built-in files (data/gen.go, through source.Build)
// and the files the WebAssembly module leaves out (data.OnDemand). A new
// size is one entry of the table; a new kind of file is a codec
// (internal/container.Register) and entries that name it.
//
// The package imports no kind of file: a recipe names its kind by its
// number in the file's header (container.Kind) and writes its parameters
// as text, which the kind's builder reads, so that package data, below
// the kinds, reads the table too.
//
// # The 4x4 files
//
// The built-in pattern database of the 4x4 holds Korf and Felner's
// partition of the tiles, two groups of six and one of three, whose
// groups and their mirrors differ, which makes the reflection pay:
// measured with BenchmarkSolve4x4 (package pdb), 42 ms a uniform random
// board, against 241 ms for the rows 1-6, 7-12, 13-15. The one 'slidetable
// build 4x4' writes holds a group of seven tiles and one of eight.
//
// The large abstraction tier of the 4x4, which 'slidetable build -metric
// multi 4x4' writes, holds three classings: the goal rows (252,252,000
// arrangements), the classing published with the Rust crate slidy,
// credited there to Tomas Rokicki (151,351,200), and bands around the left
// block (201,801,600):
//
//	1 1 1 1     1 1 2 2     1 1 1 2
//	2 2 2 2     3 3 2 2     3 3 2 2
//	3 3 3 3     3 3 4 4     3 3 2 2
//	4 4 4 0     3 4 4 0     4 4 4 0
//
// With their mirrors, six lookups a board. On every fifth of the 100
// uniform boards of 'slidetable gen -n 100 -seed 1 4x4', Rokicki's
// classing and its mirror take IDA* 39.8 million nodes, the rows and their
// mirror (the columns) 61.6 million, both 6.2 million. Classings of 3, 4,
// 4 and 4 tiles (252,252,000 arrangements each) took 85 to 1,557 million,
// the quadrants the most: a classing that its mirror maps to itself
// learns nothing from the mirror. On all 100 boards the rows and
// Rokicki's take 47.5 million nodes, with bands 24.0 million, in 0.8 times
// the time (bands was the best of eleven classings tried as the third,
// each near Rokicki's; see docs/performance.md). The build takes about
// 75 s of processor time and 670 MB at its peak; the file is 303 MB, of
// which a search reads the words, 151 MB.
//
// The tier built into the programs holds Rokicki's classing and two small
// classings of 3 classes (3,603,600 arrangements each, found by a local
// search over classings, a cell moved to another class at a time, scored
// by IDA*'s nodes on six uniform boards): 158,558,400 arrangements, 33 MB
// compressed and 40 MB in memory. On those six boards it takes IDA* 0.6
// million nodes, Rokicki's classing alone 1.2 million, and the tier built
// in before it (three small classings, 20,420,400 arrangements, 4.2 MB)
// 3.2 million; on the 100 boards, 131 million nodes against 720 million.
package recipe
