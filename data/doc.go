// Package data holds the distance tables of the small boards, 2x2, 3x2,
// 2x3, 3x3, 4x2 and 2x4, built into the binary, so that game code can look
// up distances without any file:
//
//	t, err := data.Load(board.Size{W: 3, H: 3})
//	b, _ := board.Parse(t.Size(), "8 6 7/2 5 4/3 0 1")
//	d, err := t.Distance(b) // 31
//
// It also holds the default pattern database of the 4x4 board (PDB): an
// additive 6-6-3 partition of the tiles, about 1 MB compressed and 5.8 MB
// decoded, with which IDA* solves random 15-puzzles in tens of
// milliseconds.
//
// Has and Sizes say which sizes have a table built in, HasPDB and PDBSizes
// which have a pattern database. The package reads tables only: it does not
// link the breadth-first search. The files are built by 'go generate'
// (gen.go, the same search and writer as 'slidetable build'); a test
// rebuilds each one and requires it to be byte-identical to the file built
// in, so they cannot go stale.
package data
