// Package rank maps permutations and boards to dense indices and back.
//
// Rank and Unrank give the lexicographic rank of a permutation of 0..m-1, a
// number in [0, m!), computed from its Lehmer code with a bit mask and a
// population count, in O(m) without allocating.
//
// Index and Unindex number the boards of n cells (0 for the blank, tiles
// 1..n-1) densely in [0, n!). The index of a board is
//
//	tile rank * n + blank cell
//
// where the tile rank is the lexicographic rank of the tile sequence (the
// tiles in reading order with the blank skipped, tile t as t-1) with its
// lowest bit replaced by the sequence's parity. The blank is the lowest
// digit, so a horizontal move changes only the index's low digit and keeps
// the tile rank.
//
// Lexicographic ranks 2k and 2k+1 differ only by a swap of the last two
// tiles, so one is even and the other odd; the tile rank puts the even one at
// 2k. The two boards at indices 2k*n+z and (2k+1)*n+z therefore have
// opposite parity, and at most one of them can reach a given goal: Half folds
// each such pair onto one slot of a table of n!/2 entries. Because the low
// bit of the tile rank is the parity, the set of boards that reach a goal is
// periodic in the index, which makes it compress to almost nothing.
//
// RankPartial and UnrankPartial number the placements of k distinct tiles
// among n cells (the cells of a pattern's tiles) densely in
// [0, n!/(n-k)!), in lexicographic order of the cells; Partial does the
// same with precomputed weights for a search's hot path.
//
// The package imports nothing of this module but internal/bitx, the bit
// tricks it shares with the search and the table files.
package rank
