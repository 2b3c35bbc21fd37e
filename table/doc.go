// Package table reads and writes distance tables: for one board size and one
// goal, the exact distance to the goal of every board that can reach it, and
// the set of boards that can, as found by a breadth-first search: Build
// runs the search of package bfs and checks its result into a Table;
// Search and WriteResultFile write a search's result to a file without
// making a Table, in a third of the memory for 12 cells. A Table also
// plays optimally: Hints gives every move one step closer to the goal and
// Path a whole shortest solution, each step a few lookups. The search is
// linked only into programs that call Build, Search or WriteResult: one
// that opens or embeds tables links no code of package bfs.
//
// A Table built, or read from a file whose depths are read whole, is held
// in memory: one byte a slot for the n!/2 slots of rank.Half, and one bit
// a board for the n! boards (the reachable set). Lookups rank the board,
// test its bit and read its slot: O(n), without allocating. A table of 11
// or 12 cells is written as records, which OpenWith reads in place: it reads the header
// and the block of the goal, and each other block of records the first
// time a lookup needs it, checked against its SHA-256 before any of it is
// used; a block read stays in memory (outside the Go heap, so that the
// collector's headroom does not double it, until the table is no longer
// referenced). One board of 4x3 then costs the
// header (176 KB) and a block (12 KiB) instead of 300 MB, and the whole
// table 60 MB (see Records for the other sizes). A lookup on a block in
// memory is O(n) and does not allocate. A Table is safe for concurrent
// use by many goroutines once built or opened, Close included.
//
// # File format
//
// All integers are little-endian. A file is one of the container (package
// internal/container), of kind 1 (exact table), payload version 1, in the
// metric of its distances, whose entries are the boards that reach the
// goal. A table has one of two layouts: its depths in blocks of a depth
// encoding and its reachable set, read whole, which the writer writes for
// boards of up to 10 cells; or records, read in place (see Records). The
// parameters:
//
//	offset  size  field
//	0       1     layout: 1 whole, 2 records
//	1       1     whole: the depth encoding, 1 to 4 (see Depth encodings);
//	              records: F, the bits of a row's first value
//	2       2     D, the number of distances (God's number + 1)
//	4       4     whole: S, slots per block (2^22 as written);
//	              records: g, a block holds 2^g slot groups, 3 <= g <= 16
//	8       2     whole: zero; records: the mask, bit z for the blank in
//	              cell z
//	10      2     zero
//	12      8*D   counts: boards at distance 0, 1, ..., D-1
//
// Whole, two sections: the K = ceil((n!/2) / S) blocks of depths, each
// coding S slots (the last block fewer) in the depth encoding; then one
// block, the reachable set: one zstd frame holding a 32-bit roaring bitmap
// of the indices (rank.Index) of the boards that reach the goal, in the
// portable serialization format. As records, one section, aligned to 4096
// bytes: the blocks of records.
//
// Files written before the container, which this package still reads,
// start with the magic "SLIDETBL" and a version: 1, whole, and 2, records.
// Version 1:
//
//	offset        size   field
//	0             8      magic "SLIDETBL"
//	8             2      format version (1)
//	10            1      width W
//	11            1      height H (n = W*H, 4 <= n <= 12)
//	12            1      index scheme: rank.Index, depths in rank.Half slots,
//	                     distances in single-tile moves (1) or in
//	                     multi-tile moves (2, see board.MultiTile)
//	13            1      depth encoding, 1 to 4
//	14            2      D
//	16            4      S
//	20            4      K
//	24            8      reachable boards (the sum of the counts)
//	32            n      goal cells, reading order, 0 for the blank
//	32+n          8*D    counts
//	.             8*K    block index: for each block, its compressed
//	                     length (4) and the CRC-32C of those bytes (4)
//	.             4      length of the reachable set (compressed)
//	.             4      CRC-32C of the reachable set (compressed)
//	.             4      CRC-32C of every header byte above (offsets 0 on)
//	header end    ...    K blocks, then the reachable set, as in the
//	                     container
//	end of file
//
// # Depth encodings
//
// Slot s of the depth table holds the distance of the board of its pair
// that reaches the goal, or 0xFF if neither does. Slots s = k*n+z, for z
// in 0..n-1, form group k, whose boards have the blank in cell z. Blocks
// are independent of each other and are decoded in parallel.
//
// Encoding 1 (written by the first version): each block is one zstd frame,
// with its own checksum, holding one byte a slot.
//
// Encoding 2, written for boards of up to 10 cells, codes each slot from
// what is known before it, with an adaptive binary range coder (the one of
// LZMA: 12-bit probabilities moved by a 32nd towards each bit; the stream
// starts with a zero byte and ends with the five bytes of the flush). The
// board a slot holds comes from the reachable set. Slots are coded in
// order, skipping those of no reachable board. A move changes the distance
// by one, so the board's neighbours coded before it in its block (the
// board with the blank one cell left, and the boards with the blank one
// row up or down whose slots come earlier) decide its distance d: if two
// of them are two apart, d lies between them and nothing is coded; if they
// all have distance x, one bit says whether d is x+1 or x-1, unless only
// one of them is at least the Manhattan distance m of the board and at most
// D-1. Without such a neighbour, (d-m)/2 is coded in unary, stopping at
// the largest value that keeps d below D. The contexts: for the bit, the
// sum over the neighbours of the Manhattan distance of the board minus the
// neighbour's (-3..3), min((x-m-1)/2, 4), min(x/4, 20) and the number of
// neighbours; for the unary digits, min(m/2, 15) and min(position, 15).
// model.go in this package is the reference.
//
// Encoding 3, written for boards of 12 cells, is quick to write and read.
// The depths of neighbouring slots of a row (the W slots with the blank in
// one row) differ by one. A block holds the length F of a zstd frame (4
// bytes), the frame (F bytes), holding for the first slot of each row and
// the block's first slot the depth halved (its low bit is the parity of
// the blank's cell's row plus column plus the goal's), and then one bit for
// every other slot, eight a byte from the lowest: 1 if its depth is one
// more than the slot's before, 0 if one less; unused high bits of the last
// byte are zero.
//
// Encoding 4, written for the multi-tile metric (index scheme 2), in which
// every board of a row is one move from every other, so that the depths
// of a row are its least depth m and m+1. A block holds the length F of a
// zstd frame (4 bytes), the frame, holding m for each row or part of a row
// in the block, and then one bit for every slot, eight a byte from the
// lowest: 1 if its depth is m+1; unused high bits of the last byte are
// zero. Encodings 2 and 3 code only the single-tile metric, 4 only the
// multi-tile one.
//
// A reader checks the header first, as the container does (see package
// internal/container; before the container, that every length fits in
// the file and the header, that the sizes add up to the file's size
// exactly, and the header's checksum), then every parameter, and every
// block's checksum before it decodes anything; after decoding, that every
// block has its length, that the reachable set is well formed and holds
// exactly one board of every slot that has a depth and none of the others,
// that every depth is below D, that the depths match the counts, and that
// the goal is the one board at distance 0. For boards of up to
// CertifiedCells (10) cells it then certifies every distance (see
// Table.Certify): a file whose checksums all pass may still have been
// written wrong. Certifying 12 cells takes longer than reading them, so
// it is left to the caller, which can record the proof ('slidetable
// verify' does it). Any failure is one of ErrFormat, ErrVersion or
// ErrChecksum (a wrong distance is also ErrDistance): the failures every
// kind of file shares, package internal/container's. A file of another
// version is reported as such, with ErrVersion, from its first ten bytes;
// so is a payload version, a depth encoding or (before the container) an
// index scheme this version does not know. Apart from buffers no larger
// than the file, a reader allocates only the table the header describes
// (at most about 300 MB, for 12 cells), and only once the header, the
// checksums and the reachable set have passed.
//
// # Records
//
// As records (version 2 before the container), a table holds, for each
// slot group k (the n slots k*n to k*n+n-1, one
// for each cell of the blank), a record of R = H*(F+B) bits, the fields
// of the group's H rows (the W slots with the blank in one row of the
// board), row 0 in the lowest bits. A row's field is, from its lowest
// bit, F bits of its first value and then B bits:
//
//   - single-tile moves, B = W-1. Along a row the blank
//     moves with the tiles in place, so the depths go up or down by one
//     from slot to slot. The first value is the depth of the row's first
//     slot (blank in column 0) halved; its low bit is the parity of the
//     blank's cell's row plus column plus the goal's. Bit j-1 of the B is
//     set if the depth of the slot in column j is one more than that of
//     column j-1, clear if one less. F is the bits of (D-1)/2.
//   - multi-tile moves, B = W. Every board of a row is
//     one move from every other, so its depths are its least depth m and
//     m+1. The first value is m; bit j of the B is set if the depth of
//     column j is m+1, and at least one is clear. F is the bits of D-1.
//
// Every slot has one board that reaches the goal, and which one the mask
// in the header says: of the slot's two boards (tile ranks 2k and 2k+1,
// see rank.Split), the one with the odd rank if bit z of the mask is set,
// z the blank's cell. (This is the parity rule, which holds for every
// size and goal; the writer checks it against the search's reachable set
// and writes the table whole where it would not hold, as where a row's
// depths do not follow the moves.) Records follow each other with no
// padding, bit after bit from the lowest bit of each byte; blocks of 2^g
// records each (the last fewer), (n-1)!/2 records in all, a block taking
// ceil(records*R/8) bytes, the bits after the last record zero; the
// writer takes the most records that fit in 16 KiB. Before the container,
// version 2:
//
//	offset        size   field
//	0             8      magic "SLIDETBL"
//	8             2      format version (2)
//	10            1      width W
//	11            1      height H (n = W*H, 4 <= n <= 12)
//	12            1      index scheme, as in version 1: 1 or 2
//	13            1      F, bits of a row's first value
//	14            2      D, the number of distances (God's number + 1)
//	16            1      g: a block holds 2^g records, 3 <= g <= 16
//	17            3      zero
//	20            4      K, the number of blocks: ceil((n-1)!/2 / 2^g)
//	24            8      reachable boards: n!/2, one a slot
//	32            n      goal cells, reading order, 0 for the blank
//	32+n          2      mask: bit z for the blank in cell z; bits n to 15
//	                     zero
//	34+n          8*D    counts: boards at distance 0, 1, ..., D-1
//	.             32*K   the SHA-256 of each block's bytes
//	.             4      CRC-32C of every header byte above (offsets 0 on)
//	header end    ...    zero bytes up to P, the next multiple of 4096
//	P             ...    K blocks: block b at P + b*2^g*R/8
//	end of file
//
// A 4x3 table has R = 24 bits (3 rows of 5+3), blocks of 4096 records
// (12 KiB) and takes 60.0 MB; 3x4 70.0 MB, 6x2 55.0 MB, 2x6 105.1 MB
// (God's number 80: F = 6). In the multi-tile metric: 4x3 75.0 MB, 3x4
// 90.1 MB, 6x2 60.0 MB, 2x6 120.1 MB. That is also about the memory the
// table takes once every block is read.
//
// A reader checks the header as it does for a table read whole, before it
// allocates anything but the header (which is no larger than the file):
// every field against what the size, the metric and D make of it, the
// counts (that they add up to n!/2, one board at 0, some at D-1), and that
// the records fill the rest of the file exactly after zero padding. It reads a block only whole, and checks it before using
// any of it: its SHA-256, then every record (each depth it gives below D,
// a multi-tile row with a slot at its least depth, no stray bits). Load
// and Certify then check that the depths add up to the counts. A block
// that fails is never used: the lookups that need it fail (Distance,
// Hints and Path with an error that wraps ErrChecksum or ErrFormat and
// names the file and the block; Lookup reports the board as not found)
// and Table.Err reports the first such block, so that a file damaged, or
// written over after it was opened, never gives a wrong answer; the other
// blocks keep answering. The file is read with ReadAt, never mapped.
// Table.ContentHash is the SHA-256 of the header, which holds every
// block's SHA-256: the proof of a table is recorded under it (hashing the
// 176 KB header of 4x3 stands for hashing its 60 MB). So it is for a file
// read whole; before the container, the content hash of a file of version
// 1 is the SHA-256 of the whole file. A reader that reads a file of
// records whole (NewReader), or of up to 10 cells, reads and checks every
// block at once. What reads every block of a table read in
// place, and so takes all its memory: Load, Certify, WriteTo and
// WriteFile, and a Scan that runs to the end ('slidetable verify' and
// 'stats', and levels that scan); Hints and Path read the blocks of the
// boards they pass.
//
// Writing is deterministic: the same table always gives the same bytes.
package table
