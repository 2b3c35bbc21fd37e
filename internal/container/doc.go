// Package container is the one file format of every kind of file
// slidetable reads and writes (exact tables, additive pattern databases,
// abstraction tiers), and its one reader. A header names the kind, the
// board size, the metric, the goal, what the kind holds and the kind's
// parameters (a pattern database's partition, an abstraction tier's
// classings); sections of blocks follow, each block named in the header
// by its length and its SHA-256. A kind differs from another only in its
// parameters and in the decoder of its payload, which its package keeps.
//
// The reader checks, before it allocates anything but the header (whose
// length must fit in the file), the magic and the version, so that a file
// of another version says so whatever follows; the header's CRC-32C
// before any other field; every field; and that the sections fill the
// file exactly after the header and its zero padding (ReadHeader). It
// then reads blocks as the kind needs them, each checked against its
// SHA-256 before any of it is used (Section.Read): a kind reads small
// files whole, and large ones in place, a block the first time a lookup
// needs it (File, Section, Cache). The content hash of a file, the key of
// its proof record (package source), is the SHA-256 of its header, which
// names every other byte by the SHA-256 of its block: two files with the
// same content hash hold the same bytes, and a block read is the block
// proven. (A CRC-32C could be forged for each block; a SHA-256 cannot.)
//
// A kind of file plugs in by its codec (Codec, Register), which its
// package registers when it is linked in: its number in the header, what
// it is called and what its entries count, its formats before the
// container, its decoder, its proof and its builder. A file is opened once
// (OpenFile, NewOpened): its first bytes and its header are read once,
// which say its kind, and the open file is handed to its kind's decoder
// (Decode, Open, Read), which reads it whole or keeps it to read in place.
// The failures of reading a file are the container's, whatever its kind,
// one sentinel and one text each (ErrFormat, ErrVersion, ErrChecksum,
// ErrClosed), which the kinds' errors wrap; so a kind of file is its
// codec, and no reader of files has a case for it. Which files there are,
// of which kind, for which size and metric, is package internal/recipe's.
//
// Describe tells what any file holds from its header alone, whatever its
// kind: the files of the kinds' own formats before the container too,
// which their packages still read (Codec.Legacy).
//
// # File format
//
// All integers are little-endian.
//
//	offset  size  field
//	0       8     magic "SLIDEBOX"
//	8       2     version (1)
//	10      1     kind: 1 exact table, 2 additive pattern database,
//	              3 abstraction tier (a number a codec registers)
//	11      1     the version of the kind's parameters and payload
//	12      1     width W
//	13      1     height H (n = W*H)
//	14      1     metric: 1 single-tile moves, 2 multi-tile moves
//	15      1     A: the first section starts at a multiple of 2^A bytes
//	              (0 to 16; 12 for sections read in place)
//	16      4     L, the header's length, its checksum included
//	20      4     S, the number of sections
//	24      8     entries: the boards of a table, the entries of a
//	              pattern database, the arrangements of a tier
//	32      n     goal cells, reading order, 0 for the blank
//	32+n    4     P, the length of the kind's parameters
//	36+n    P     the kind's parameters (see each kind's package)
//	.       ...   S sections, each:
//	                4    B, its number of blocks
//	                36B  for each block: its length (4, at least 1) and
//	                     its SHA-256 (32)
//	L-4     4     CRC-32C of every header byte before it
//	L       ...   zero bytes up to D, the next multiple of 2^A
//	D       ...   the blocks of section 1, in order, then of section 2, ...
//	end of file
//
// A File, a Section and a Cache are safe for concurrent use.
package container
