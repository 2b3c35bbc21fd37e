// Package data holds the distance tables of the small boards, 2x2, 3x2,
// 2x3, 3x3, 4x2 and 2x4, built into the binary, so that game code can look
// up distances without any file:
//
//	t, err := data.Load(board.Size{W: 3, H: 3})
//	b, _ := board.Parse(t.Size(), "8 6 7/2 5 4/3 0 1")
//	d, err := t.Distance(b) // 31
//
// Has and Sizes say which sizes are built in. The package reads tables
// only: it does not link the search. The files are built by 'go generate'
// (gen.go, the same search and writer as 'slidetable build'); a test
// rebuilds each one and requires it to be byte-identical to the file built
// in, so they cannot go stale.
package data
