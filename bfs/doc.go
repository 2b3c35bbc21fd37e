// Package bfs finds the distance from a goal board to every board of its
// size that can reach it, by a breadth-first search over the dense index of
// package rank.
//
// The search starts at the goal and visits neighbours level by level. It does
// not assume the parity rule: which boards are reachable is what the search
// finds, recorded in a bit set over all n! indices, and the parity formula of
// package board can be checked against it. The depths are stored one byte a
// slot in a table of n!/2 slots (see rank.Half), which holds one board of
// each pair differing by a swap of the last two tiles. If the search ever
// reached both boards of a pair it would stop with ErrPairReached instead of
// mixing them up.
//
// # How it is fast
//
// The search works in place in the depth table, one byte a slot holding the
// depth and which board of the pair was reached, and keeps the frontier in
// one bit a slot, in the memory that becomes the reachable set at the end:
// n!/2 + n!/8 bytes in all, 300 MB for 12 cells.
//
// A move changes the colour of the blank's cell on a checkerboard, so one
// level's boards all have their blank on one colour and the next level's on
// the other: the frontier bits of both live in one bit set, and a level
// reads only its colour, 64 slots a word. A bit per region of slots says
// which regions hold frontier boards, so sparse levels skip most of the
// table.
//
// A horizontal move keeps the tile order, so its neighbour is the next or
// previous slot. A vertical move rotates a window of W positions of the tile
// order, changing only the Lehmer digits in the window: when the window lies
// in the last 7 positions the change of rank comes from a table indexed by
// the relative order of those positions, and otherwise from the digits,
// taken from a decoded prefix the worker keeps while it walks the slots in
// order. Nothing is ranked from scratch.
//
// Each worker owns regions of slots and alone touches them during a level,
// without atomic operations. Neighbours in the region being expanded are
// claimed at once; the others are batched by destination region and applied
// by the region's owner, so that applying a batch stays in the cache. Large
// tables are allocated with huge pages where the system allows.
//
// Boards of up to 9 cells take another path, in one goroutine: the slots
// kept blank cell by blank cell, so that the moves of the boards of a row
// are the same, and each vertical move read from a table indexed by the
// tile rank, (n-1)! entries of 16 bits a window. For them the batches and
// goroutines cost more than they save.
//
// Run uses all cores by default for larger boards, honours its context between and within
// levels, and reports progress once a level.
package bfs
