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
// Which classings a tier holds is its recipe's (package internal/recipe,
// whose documentation records why): the large 4x4 tier that 'slidetable
// build -metric multi 4x4' writes holds the goal rows, the classing
// published with the Rust crate slidy, credited there to Tomas Rokicki,
// and bands around the left block; the one built into the programs holds
// Rokicki's classing and two small ones. A recipe writes its classings as
// ParseClassing reads them (ParseClassings), and Build, through the codec
// the package registers (package internal/container), builds them.
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
// arrangement are the distance. Every move of the blank along a ray of its
// line is one move from the board as it stands, so the evaluator bounds a
// ray's moves from the parent at once (ida.TapEvaluator), each view
// stopping on a move once another has put it above the search's bound.
//
// # File format
//
// All integers are little-endian. Since the arrangements of a group whose
// blanks share a row are one move from each other, their distances are
// the row's least, m, or m+1: each remainder modulo 3 of a group's word
// names one of the two, and with each row's least distance the word gives
// exact distances. A file holds, for each group, its word (4 bytes) and
// its rows' least distances (H bytes, Unreached, 0xFF, for a row no
// arrangement of which is reached), in blocks of G groups.
//
// A file is one of the container (package internal/container), of kind 3
// (abstraction tier), payload version 1, in the multi-tile metric, whose
// entries are the arrangements of every classing. Its parameters:
//
//	offset  size  field
//	0       1     block encoding: 0 raw, 1 zstd
//	1       1     P, the number of classings: 1 to 8
//	2       2     zero
//	4       4     G, groups a block: a power of two from 64 to 2^20
//	              (4096 raw, 65536 zstd as written)
//	8       ...   P classings, each:
//	                n   the class of each goal cell, reading order
//	                    (0 at the goal's blank, the others 1 to k, k <= 7)
//	                1   the largest distance of an arrangement
//
// and its sections, each of B = ceil(groups / G) blocks: raw (the
// sections aligned to 4096 bytes), for classing 1, then 2, ..., the words
// of its blocks (4G bytes each, the groups' words in order, the last
// padded with zero bytes), then the least distances of its blocks (HG
// bytes each, as planes: row 0's of each group in order, then row 1's,
// ...; the last padded likewise); zstd, for each classing a section of
// its blocks, each one zstd frame (with its checksum) of its groups' least
// distances as planes, then their bits as planes: for each group
// ceil(n/8) bytes, bit z%8 of byte z/8 set for the arrangement with the
// blank in cell z at m+1.
//
// Files written before the container, which this package still reads,
// start with the magic "SLIDEABS" and version 1, and hold the same blocks
// after a header of their own:
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
//	16      4     G, groups a block
//	20      4     L, the header's length in bytes, its checksum included
//	24      n     goal cells, reading order, 0 for the blank
//	.       ...   P classing headers, each:
//	                n   the class of each goal cell, reading order
//	                1   the largest distance of an arrangement
//	                3   zero
//	                4   B, the number of blocks: ceil(groups / G)
//	                B×  for each block: raw, the SHA-256 of its words (32)
//	                    and of its least distances (32); zstd, its length
//	                    in the file (4) and the SHA-256 of its frame (32)
//	L-4     4     CRC-32C of every header byte before it
//	header end    raw: zero bytes up to the next multiple of 4096, then
//	              the blocks as in the container; zstd: the blocks
//	end of file
//
// A search reads the raw words as they are, straight into memory, and
// needs nothing else; the proof and WriteTo read the least distances too.
// The zstd blocks compress a fifth better than words would, and a reader
// makes the words from them. WriteTo writes a database of 128 MiB of
// blocks or more raw (the large tier), a smaller one compressed (the
// built-in tier). The same database always gives the same bytes.
//
// A reader checks the header as the container does (the magic, the
// version and the header's length, then the header's checksum before it
// reads any other field), then that every parameter is in range, that the
// classings are classings of the goal and that the sections hold the
// blocks they call for, before it allocates the words (and only
// once they fit in ReadOptions.MaxMemory, ErrMemory otherwise). Open and
// NewReader read a file in place: a lookup reads the words of the block of
// its group the first time it needs them, checks them against their
// SHA-256, keeps them and never reads them again. A block that fails
// reads as unknown entries, for which the heuristic falls back to a bound
// that stays admissible, and DB.Err reports it. Each classing's block of
// the goal's arrangement is read and checked whole, its distance 0, when
// the file is opened. Failures are ErrFormat, ErrVersion or ErrChecksum,
// the failures every kind of file shares (package internal/container's).
// DB.ContentHash is the SHA-256 of the header, which names every block's
// SHA-256: a file answers once its proof is recorded under that hash, and
// every block a search uses is then byte for byte a block proven.
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
