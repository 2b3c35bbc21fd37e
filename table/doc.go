// Package table reads and writes distance tables: for one board size and one
// goal, the exact distance to the goal of every board that can reach it, and
// the set of boards that can, as found by package bfs.
//
// A Table is held in memory: one byte a slot for the n!/2 slots of
// rank.Half, and one bit a board for the n! boards (the reachable set).
// Lookups rank the board, test its bit and read its slot: O(n), without
// allocating. A Table is safe for concurrent use by many goroutines once
// built or opened; Close must not run concurrently with lookups.
//
// # File format
//
// All integers are little-endian. Version 1 of the format, which every
// later version of this package keeps reading:
//
//	offset        size   field
//	0             8      magic "SLIDETBL"
//	8             2      format version (1)
//	10            1      width W
//	11            1      height H (n = W*H, 4 <= n <= 12)
//	12            1      index scheme (1: rank.Index, depths in rank.Half slots)
//	13            1      depth encoding (1: one byte a slot, 0xFF for a slot
//	                     whose boards do not reach the goal)
//	14            2      D, the number of distances (God's number + 1)
//	16            4      S, slots per block
//	20            4      K, the number of blocks
//	24            8      reachable boards (the sum of the counts)
//	32            n      goal cells, reading order, 0 for the blank
//	32+n          8*D    counts: boards at distance 0, 1, ..., D-1
//	.             8*K    block index: for each block, its compressed
//	                     length (4) and the CRC-32C of those bytes (4)
//	.             4      length of the reachable set (compressed)
//	.             4      CRC-32C of the reachable set (compressed)
//	.             4      CRC-32C of every header byte above (offsets 0 on)
//	header end    ...    K blocks, each one zstd frame (with its own
//	                     checksum) holding S slots (the last block fewer)
//	.             ...    reachable set: one zstd frame holding a 32-bit
//	                     roaring bitmap of the indices (rank.Index) of the
//	                     boards that reach the goal, in the portable
//	                     serialization format
//	end of file
//
// A reader checks, before it allocates, that every length fits in the file
// and the header, that the sizes add up to the file's size exactly, and
// every checksum, before it decodes anything; after decoding, that every
// block has its length, that the reachable set is well formed and holds
// exactly one board of every slot that has a depth and none of the others,
// that the depths match the counts, and that the goal is the one board at
// distance 0. Any failure is one of ErrFormat, ErrVersion or ErrChecksum; a
// file of another version is reported as such from its first ten bytes.
// Apart from buffers no larger than the file, a reader allocates only the
// table the header describes (at most about 300 MB, for 12 cells), and
// only once the header, the checksums and the reachable set have passed.
//
// Writing is deterministic: the same table always gives the same bytes.
package table
