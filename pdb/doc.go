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
// A group has one entry for each placement, the least over the blank's
// regions, or, with Options.Blank, one for each placement and free cell of
// the blank, the entry of the blank's region: n-k times as many for a group
// of k tiles. An entry is stored as the group's moves minus the Manhattan
// distance of its tiles, halved (the difference is even, as every move of a
// tile changes its Manhattan distance by one): four bits where every entry
// of the group fits, else a byte. The heuristic keeps the board's Manhattan
// distance move by move and adds twice the entries.
//
// Both bounds are admissible. With the blank's cell the bound is also
// consistent: a move changes it by at most one, as a move of a group's tile
// is one move of that group's search and any other move keeps the blank in
// its region of each group. Without it, a move can lower a group's moves by
// more than one, taking the blank out of the region where the group needed
// it. IDA* needs only an admissible bound, and the 4x4 databases of the
// command line leave the blank out: with it the built-in 6-6-3 partition
// takes 58 MB instead of 5.8 MB and makes a one-board 'slidetable distance'
// about twice as slow to start, and the 7-8 partition would take 2.3 GB
// instead of 288 MB.
//
// # File format
//
// All integers are little-endian. A file is one of the container (package
// internal/container), of kind 2 (additive pattern database), payload
// version 1, in the single-tile metric, whose entries are those of every
// group. A database is held either compressed, each block one zstd frame
// (with its checksum) of S entry bytes, the group's last block fewer, and
// a reader decodes them whole; or as it is in memory, each block S entry
// bytes, the group's last block padded with zero bytes, the sections
// aligned to 4096 bytes, so that a reader reads only the blocks a search
// needs. WriteTo writes the entries as they are for tables of 32 MiB or
// more (the 4x4 large tier), else compressed. The parameters:
//
//	offset  size  field
//	0       1     layout: 1 compressed, 2 as in memory
//	1       1     G, the number of groups
//	2       2     zero
//	4       4     S, entry bytes a block: at most 2^26 (2^24 as written);
//	              as in memory, a power of two from 4096 (16384 as
//	              written)
//	8       ...   G groups, each:
//	                1  k, the group's number of tiles (1 <= k <= n-2)
//	                k  its tiles, increasing
//	                1  entry encoding: 1 four bits an entry, low nibble
//	                   first (a last odd nibble is zero), 2 a byte;
//	                   3 and 4: as 1 and 2, with an entry for each cell
//	                   of the blank (the same for every group)
//	                1  the group's largest entry
//
// and a section for each group, in order, of its B = ceil(entry bytes /
// S) blocks.
//
// A group of k tiles has n!/(n-k)! entries, one for each placement, in
// the order of rank.RankPartial of its tiles' cells (the tiles in
// increasing order); with encodings 3 and 4, n-k entries for each
// placement, placement p with the blank in the i-th of its free cells (in
// increasing order, from 0) at entry p*(n-k) + i.
//
// Files written before the container, which this package still reads,
// start with the magic "SLIDEPDB" and a version: 1 and 2 compressed (2
// with an entry for each cell of the blank), 3 as in memory:
//
//	offset  size  field
//	0       8     magic "SLIDEPDB"
//	8       2     format version: 1, 2 or 3
//	10      1     width W
//	11      1     height H (n = W*H, 4 <= n <= 64)
//	12      1     G, the number of groups
//	13      3     zero
//	16      4     S, entry bytes a block
//	20      n     goal cells, reading order, 0 for the blank
//	.       ...   G group headers, each:
//	                1  k
//	                k  its tiles, increasing
//	                1  entry encoding, as in the container (3 and 4 in
//	                   versions 2 and 3 only)
//	                1  the group's largest entry
//	                4  B, its number of blocks
//	                8B versions 1 and 2: for each block, its compressed
//	                   length (4) and the CRC-32C of those bytes (4)
//	               32B version 3: for each block, the SHA-256 of its S
//	                   bytes
//	.       4     CRC-32C of every header byte above (offsets 0 on)
//	header end    versions 1 and 2: the blocks of group 1, then of group
//	              2, ..., as in the container; version 3: zero bytes up
//	              to the next multiple of 4096, then the blocks
//	end of file
//
// A reader checks the header first, as the container does (see package
// internal/container; before the container, the magic and the version
// first, then every length against the file's size before reading or
// allocating what it counts, and the header's checksum); then that the
// groups are a partition of the tiles and that the sections hold the
// blocks they call for. It checks each block against its checksum before
// it decodes or uses any of its entries; after decoding, that every block
// has its length, that the largest entry is the header's and the goal's
// entries are zero. Any failure is ErrFormat, ErrVersion or ErrChecksum,
// the failures every kind of file shares (package internal/container's).
// Apart from buffers no larger than the file, a reader allocates only the
// tables (at most 4 GiB), and only once the header's sizes fit in the
// reader's memory limit (ReadOptions; ErrMemory otherwise).
//
// OpenWith reads a file of the entries as they are in memory in place:
// the header and the goal's blocks when it opens the file, any other
// block the first time a lookup needs one, checked against its SHA-256
// before its entries are used. A block that fails reads as zeros, a bound
// that stays admissible, and DB.Err reports it; DB.Prove reads and checks
// every block first. A file's content hash (DB.ContentHash) is the
// SHA-256 of its header, which names every block's SHA-256: hashing the
// header of the 4x4 large tier (634 KB) stands for hashing its 288 MB.
// (Before the container, the content hash of a file of version 1 or 2 is
// the SHA-256 of the whole file.)
//
// # Proof
//
// A file that reads well may still hold wrong entries. DB.Prove checks
// every entry against what the header describes (size, goal, partition,
// encoding) and names the first entry that is wrong in an *EntryError,
// which wraps ErrEntry and ErrFormat. With an entry for each cell of the
// blank, every entry is a distance in the group's own space and a
// certificate checked in one pass proves them (see Prove); the least
// entry over the blank's cells obeys no such local rule, and Prove runs
// the group's search again, checking each placement's entry when the
// search first reaches it.
//
// The two proofs prove different theorems. The certificate of encodings 3
// and 4 proves that every entry is the distance it says, whoever wrote the
// file and whatever code did. The search of encodings 1 and 2 is a
// rebuild: it proves that the file's entries equal those Build's search
// makes for the header's size, goal and partition, so that a damaged or
// forged file is caught, and it trusts that search, which is the code that
// made them. That search is checked apart, entry by entry, against a plain
// 0-1 breadth-first search over the placements and the blank's cell, on
// every placement of partitions of the 3x2, 4x2, 2x4 and 3x3 boards
// (the tests of this package).
//
// Writing is deterministic: the same database always gives the same
// bytes.
//
// A DB is safe for concurrent use once built or read; Close it when a
// search no longer needs it.
package pdb
