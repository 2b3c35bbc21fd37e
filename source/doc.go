// Package source answers one question for the solver, the command line and
// the server alike: what answers boards of this size and goal, and from
// where. An answer is a Source: an exact table (package table) or a
// pattern database that guides a search (package pdb), and its origin.
//
// There are three origins, asked in this order by Resolver.For:
//
//   - Built in: the files package data embeds, for the standard goal: the
//     tables of 2x2, 3x2, 2x3, 3x3, 4x2 and 2x4 and the 4x4 pattern
//     database. Their tests prove them (each is rebuilt and compared byte for
//     byte), so they are not proven again at run time.
//   - Installed: WxH.tbl or WxH.pdb in a folder the caller names
//     (Options.Dir; DefaultDir is slidetable in the user's cache folder),
//     for the standard goal. A table answers before a pattern database, a
//     built-in table before an installed one, and an installed pattern
//     database before the built-in one (it is the larger, built on purpose).
//     An entry of the folder that is not a regular file (a directory, a
//     dangling symbolic link, a loop, a device) is skipped and reported once
//     to Options.Warn.
//   - A file the caller names: Resolver.Open, which takes a table or a
//     pattern database by its first bytes (Sniff).
//
// A Resolver answers in one metric (Options.Metric). In the multi-tile
// metric (board.MultiTile) the built-in tables are those of data.MultiFile
// and an installed table is WxH-multi.tbl; no pattern database answers
// there, since its entries are not lower bounds in that metric, and a
// table counting the other metric's moves never answers.
//
// Nothing answers before it is proven. A table of up to 10 cells is proven
// as it is read (table.Table.Certify, in a fraction of a second). A larger
// table and every pattern database are proven on first use (Certify, in
// seconds, or pdb.DB.Prove, as long as building the database) and the
// proof is recorded in the folder, under the file's content hash
// (SHA-256 of a table file; pdb.DB.ContentHash of a pattern database,
// which for a large one read in place hashes only its header, holding the
// SHA-256 of every block), so that later uses only hash the file and find
// the record. Record adds a record for a file its caller wrote from a
// trusted build. A copy of a built-in file, or of the 4x4 pattern database
// 'slidetable build 4x4' writes (Standard4x4), is known by its hash
// without a record.
// Options.Recheck proves every file again, whatever the records say.
//
// The package reads no environment variables and prints nothing: the
// caller passes the folder, the memory limit and the callbacks for
// progress and warnings. A Resolver is safe for concurrent use.
package source
