// Package abstraction builds, stores and reads abstraction databases:
// lower bounds in the multi-tile metric (board.MultiTile), where the
// additive pattern databases of package pdb are not lower bounds, since
// one move slides tiles of several groups.
//
// A classing (Classing) sorts the goal's cells into classes: the blank's
// cell alone in class 0, the others into classes 1 to k. A board maps to
// the arrangement of the classes its tiles belong to, and the abstract
// puzzle moves arrangements as the board moves tiles, with the tiles of a
// class indistinguishable. Build finds, by a breadth-first search from the
// goal's arrangement, the distance of every arrangement in that puzzle,
// which is a lower bound of every board that maps to it (see DB.Prove for
// the argument). Heuristic, an ida.Heuristic, takes the largest over the
// classings of a database and, where the goal has a mirror (a square board
// with the blank on the main diagonal), over the board mirrored in the
// main diagonal, its tiles renamed after the mirrored goal cells: the
// mirrored board is as far from the goal, and its arrangements are other
// lower bounds from the same tables.
//
// # The 4x4 tiers
//
// Large4x4, the tier 'slidetable build -metric multi 4x4' writes, holds
// two classings: the goal rows (252,252,000 arrangements) and the classing
// published with the Rust crate slidy, credited there to Tomas Rokicki
// (151,351,200):
//
//	1 1 1 1     1 1 2 2
//	2 2 2 2     3 3 2 2
//	3 3 3 3     3 3 4 4
//	4 4 4 0     3 4 4 0
//
// With their mirrors, four lookups a board. On the 100 uniform boards of
// 'slidetable gen -n 100 -seed 1 4x4' (every fifth of them), Rokicki's
// classing and its mirror alone take IDA* 39.8 million nodes, its own
// lookup alone 66 times as many; the rows alone 61.6 million; both, 6.2
// million. Classings of 4 classes of 3, 4, 4 and 4 tiles (252,252,000
// arrangements) took 85 to 1,557 million, the quadrants worst, as a
// classing that its mirror maps to itself learns nothing from the mirror.
// The build takes about 30 s of processor time and 415 MB at its peak; the
// file is 151 MB, the entries 101 MB in memory.
//
// Small4x4, the tier built into the program (package data), holds two
// classings small enough to embed, 10,090,080 and 3,603,600 arrangements,
// 2.8 MB compressed and 3.4 MB in memory, found by a local search over
// classings scored by IDA*'s nodes; it takes about 15 times the nodes of
// Rokicki's classing.
//
// # Entries
//
// An arrangement is numbered by its group, the lexicographic rank of its
// sequence (the classes in reading order, the blank skipped), and its
// blank's cell: index = group*n + blank. A move along a row keeps the
// sequence, so it keeps the group: the n arrangements of a group are
// together. In memory each arrangement's distance is kept modulo 3, two
// bits, a 32-bit word a group, and the search keeps the exact distances
// of its path: a move changes a distance by at most one, so the remainder
// tells the new one from the old (the Evaluator). A board's first exact
// distance comes from descending through the table: a neighbour whose
// remainder is one less is one move closer, and the steps to the goal's
// arrangement are the distance.
//
// # File format
//
// All integers are little-endian. A file holds, for each group, a record:
// since the arrangements of a group whose blanks share a row are one move
// from each other, their distances are the row's least, m, or m+1; a
// record is m for each row (Unreached, 0xFF, for a row no arrangement of
// which is reached) and then a bit for each cell of the blank, set for an
// arrangement at m+1 (bit z%8 of byte z/8 for the blank in cell z): for
// the 4x4, 4 + 2 bytes, 3 bits an arrangement.
//
//	offset  size  field
//	0       8     magic "SLIDEABS"
//	8       2     format version: 1
//	10      1     width W
//	11      1     height H (n = W*H, 4 <= n <= 16)
//	12      1     metric: 1, multi-tile
//	13      1     P, the number of classings: 1 to 8
//	14      1     block encoding: 0 raw, 1 zstd
//	15      1     zero
//	16      4     G, groups a block: a power of two from 64 to 2^20
//	              (4096 raw, 65536 zstd as written)
//	20      4     L, the header's length in bytes, its checksum included
//	24      n     goal cells, reading order, 0 for the blank
//	.       ...   P classing headers, each:
//	                n   the class of each goal cell, reading order
//	                    (0 at the goal's blank, the others 1 to k, k <= 7)
//	                1   the largest distance of an arrangement
//	                3   zero
//	                4   B, the number of blocks: ceil(groups / G)
//	                B×  for each block: zstd: its length in the file (4);
//	                    both: the SHA-256 of its bytes in the file (32)
//	L-4     4     CRC-32C of every header byte before it
//	header end    raw: zero bytes up to D, the next multiple of 4096; at D
//	              the blocks of classing 1, then of classing 2, ...: each
//	              the records of G groups (the classing's last fewer, then
//	              zero bytes to G records' size)
//	              zstd: the blocks, right after the header: each one zstd
//	              frame (with its checksum) of its records
//	end of file
//
// A block holds its records byte by byte, as planes: byte 0 of the record
// of each of its groups in order, then byte 1, and so on; bytes of one kind
// together compress better (by a tenth). WriteTo writes a database of 32
// MiB of records or more raw (the large tier), to be read in place, and a
// smaller one compressed (the built-in tier). The same database always
// gives the same bytes.
//
// A reader checks the magic, the version and the header's length, then the
// header's checksum before it reads any other field; that every field is in
// range, that the classings are classings of the goal and that the blocks
// fill the file exactly, before it allocates the words (and only once they
// fit in ReadOptions.MaxMemory, ErrMemory otherwise). Open and NewReader
// read a file in place: a lookup reads the block of its group the first
// time it needs one, checks it against its SHA-256, checks every record
// (each row's least distance at most the largest, an arrangement at it,
// the bits of unreached rows and beyond the cells zero), keeps the block
// in memory as its words and never reads it again. A block that fails
// reads as unknown entries, for which the heuristic falls back to a bound
// that stays admissible, and DB.Err reports it. The goal's block is read
// and checked, its distance 0, when the file is opened. Failures are
// ErrFormat, ErrVersion or ErrChecksum. DB.ContentHash is the SHA-256 of
// the header, which names every block's SHA-256.
//
// # Proof
//
// A file that reads well may still hold wrong distances. DB.Prove checks
// every entry in one pass by a certificate (see Prove for the theorem) and
// names an arrangement whose entry is wrong, or two neighbours whose
// entries cannot both be right, in an *EntryError.
//
// A DB is safe for concurrent use once built or read; Close it when a
// search no longer needs it.
package abstraction
