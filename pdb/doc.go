// Package pdb builds, stores and reads additive pattern databases, the
// lower bounds that let IDA* solve boards too large for an exact table.
//
// The tiles of a board are split into disjoint groups. For each group the
// database holds, for every placement of the group's tiles (ranked by
// rank.Partial), the fewest moves of those tiles that bring them to their
// goal cells when the other tiles move for free. As no move moves tiles of
// two groups, the sum over the groups is a lower bound of the distance;
// Heuristic adds the larger of it and the same sum on the board mirrored in
// the main diagonal, and implements ida.Heuristic.
//
// Build finds each group's entries by a breadth-first search over states
// (placement, the blank's region): the region is the set of free cells the
// blank reaches without moving a group tile, named by its lowest cell, so
// the free moves never appear in the search. A state takes two bits,
// reserved for each of the free cells (rounded up to a power of two) of
// each placement; the first level a placement is reached at is its entry.
//
// A DB is safe for concurrent use once built or read.
package pdb
