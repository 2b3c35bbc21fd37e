// Package bfs finds the distance from a goal board to every board of its
// size that can reach it, by a breadth-first search over the dense index of
// package rank.
//
// The search starts at the goal and visits neighbours level by level. It does
// not assume the parity rule: which boards are reachable is what the search
// finds, and the parity formula of package board can be checked against it.
// The result (see Result) gives a depth for each of the n!/2 slots of
// rank.Half, each holding one board of a pair differing by a swap of the
// last two tiles, and the reachable set over all n! indices. If the search
// ever reached both boards of a pair it would stop with ErrPairReached
// instead of mixing them up.
//
// # How it is fast
//
// Boards of more than 9 cells are searched in about 5 bits a board for 12
// cells (120 to 155 MB), by the packed search (packed.go). The slots of
// the two tile sequences of a pair, one a cell of the blank, form a group,
// kept in one 32-bit word: two bits a slot (unseen, open, or done with bit
// 1 of its depth) and, for each row of the board, which sequence of the
// pair its boards have. A move along a row keeps the tile sequence, so a
// group's moves along rows are shifts and masks of its word. A move along
// a column rotates a window of W positions of the sequence, which changes
// its rank by an amount that depends only on the Lehmer digits in the
// window: a table gives it, indexed by the digits of the window's part in
// a decoded prefix of the sequence, which consecutive groups share, plus
// those in its suffix, whose relative order numbers a row of small tables.
// Nothing is ranked from scratch.
//
// A move changes the colour of the blank's cell on a checkerboard, so one
// level's boards all have their blank on one colour and the next level's
// on the other: a level expands the open slots of its colour, and the
// slots it opens have the other. The parity of a depth is thus known from
// the slot, and with the bit a done slot keeps, its depth modulo 4; along
// a row, where depths go up or down by one from cell to cell, that tells
// every depth from the first slot's, of which the search records depth>>2
// when it expands it.
//
// Each worker owns blocks of groups and alone touches them during a level,
// without atomic operations: it expands its blocks in order, claiming the
// neighbours in its own blocks from a batch it applies in a tight loop
// whose independent memory accesses the processor overlaps, and sending
// the others to their owners in batches. A block no claim reached in a
// level is skipped in the next. Large tables are allocated with huge pages
// where the system allows.
//
// In the multi-tile metric (Options.Metric) every board of a row is one
// move from every other, so a row's depths are its least depth m and m+1:
// the search keeps a 64-bit word a group, with m and the sequence bit of
// each row and a bit a slot for m+1 (multi.go), for boards of every size.
// A move of the blank k rows along a column is k single-tile moves whose
// windows follow one another without overlapping, so its change of rank is
// the sum of theirs, each from the digits the sequence had before.
//
// In the single-tile metric, boards of up to 9 cells take another path, in
// one goroutine: one byte a slot, kept blank cell by blank cell, so that
// the moves of the boards of a row are the same, and each vertical move
// read from a table indexed by the tile rank, (n-1)! entries of 16 bits a
// window. For them the batches and goroutines cost more than they save.
//
// Run uses all cores by default for larger boards, honours its context
// between and within levels, and reports progress once a level.
package bfs
