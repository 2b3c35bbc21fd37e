// Package rank maps permutations and boards to dense indices and back.
//
// Rank and Unrank give the lexicographic rank of a permutation of 0..m-1, a
// number in [0, m!), computed from its Lehmer code with a bit mask and a
// population count, in O(m) without allocating.
//
// Index and Unindex number the boards of n cells (0 for the blank, tiles
// 1..n-1) densely in [0, n!). The index of a board is
//
//	Rank(tile sequence) * n + blank cell
//
// where the tile sequence is the tiles in reading order with the blank
// skipped (tile t as t-1). The blank is the lowest digit, so a horizontal
// move changes only the index's low digit and keeps the tile rank.
//
// Tile ranks 2k and 2k+1 differ only by swapping the last two tiles, so the
// two boards at indices (2k)*n+z and (2k+1)*n+z have opposite parity: at most
// one of them can reach a given goal. Half folds each such pair onto one slot
// of a table of n!/2 entries.
//
// The package imports nothing outside the standard library.
package rank
