// Package source answers one question for the solver, the command line,
// the server and the WebAssembly build alike: what answers boards of this
// size and goal, and from where. The one place that decides is a Catalog:
// asked for a size and a metric, it hands back an Answer, the exact table
// or the optimal search with the best lower bound there is, ready to use,
// with its Source (a file, or built-in data, and its origin), proven.
// Below it, a Resolver finds, opens and proves the files: an exact table
// (package table), a pattern database that guides a search in
// single-tile moves (package pdb), or an abstraction tier that guides
// one in multi-tile moves (package abstraction).
//
// Everything that answers says what it answers: a Source its kind, size,
// metric and goal, and whether it is exact (Source.Kind, Size, Metric,
// Goal, Exact; Source.Answers tells whether it answers a question), an
// Answer the same of what answers (Answer.Kind, Exact: a table, a database
// or a bound computed from each board), and both describe themselves as
// the JSON answers carry them (Describe: api.Source). A file the caller
// names (CatalogOptions.Given) answers first the questions it answers;
// under CatalogOptions.Strict every other question is refused with a
// *MismatchError that names it, its kind, size, metric and goal and what
// the question needed, so that a file is used or refused, never passed
// over. Resolver.Read reads such a file without proving it: the catalogue
// proves it once it is to answer, so a file refused costs no proof.
// Resolver.Inspect says what a file holds and how it is proven, and
// BuildKind which kind of file answers a question, as a build makes it.
//
// There are three origins, asked in this order by Resolver.For:
//
//   - Built in: the files package data embeds, for the standard goal: the
//     tables of 2x2, 3x2, 2x3, 3x3, 4x2 and 2x4 in both metrics, the 4x4
//     pattern database and the 4x4 abstraction database (not in the
//     WebAssembly build). Their tests prove them (each is rebuilt and
//     compared byte for byte), so they are not proven again at run time.
//   - Installed: WxH.tbl, WxH.pdb, WxH-multi.tbl or WxH-multi.abs in a
//     folder the caller names (Options.Dir), or the user's (Options.UserDir:
//     DefaultDir, $SLIDETABLE_CACHE or slidetable in the user's cache
//     folder), for the standard goal. A table answers
//     before a database, a built-in table before an installed one, and an
//     installed database before the built-in one (it is the larger, built
//     on purpose). An entry of the folder that is not a regular file (a
//     directory, a dangling symbolic link, a loop, a device) is skipped and
//     reported once to Options.Warn.
//   - A file the caller names: Resolver.Open or Resolver.Read, which take
//     a file of any kind registered with the container (a table, a
//     pattern database, an abstraction tier), opened once and read by its
//     kind's decoder; a Catalog asks it first.
//
// Which files are built in, installed and built, of which kind and with
// which parameters, for which size and metric, is the table of recipes
// (package internal/recipe), which the resolver, Build and BuildKind read;
// what a kind of file is (how it is read, described, proven and built) is
// its codec's (package internal/container), through which a Source holds,
// describes, proves and closes its file. Every file is built through one
// entry, Build (BuildSource for one wanted in memory): 'slidetable
// build', the files package data embeds (go generate), the tables of
// levels drawn for a size without one, and ProveBuilt.
//
// A Resolver answers in one metric (Options.Metric); a Catalog holds one of
// each. In the multi-tile metric (board.MultiTile) the built-in tables are
// those of data.MultiFile, an installed table is WxH-multi.tbl and an
// installed abstraction tier WxH-multi.abs; no pattern database answers
// there, since its entries are not lower bounds in that metric, and a
// table counting the other metric's moves never answers.
//
// Nothing answers before it is proven. A table of up to 10 cells
// (table.CertifiedCells) is proven as it is read (table.Table.Certify, in
// a fraction of a second). A larger table and every database are proven
// on first use (Certify, in seconds; abstraction.DB.Prove, a certificate
// in one pass, about 40 s for the large 4x4 tier; or pdb.DB.Prove, as long
// as building the database) and the
// proof is recorded in the folder, under the file's content hash, so that
// later uses find the record instead of proving again.
//
// A proof is of the bytes that answer. The content hash is computed by the
// reader from the bytes it read and decoded, from the one open file, as it
// read them (table.Table.ContentHash, pdb.DB.ContentHash and
// abstraction.DB.ContentHash: the SHA-256
// of a file read whole, or for one read in place, such as a 12-cell table
// or the large 4x4 pattern database, of its header, which holds the
// SHA-256 of every block, each checked before its entries are used); the path is never opened again
// to hash it. A file replaced or changed while or after it is read cannot
// lend its record to other bytes, nor have a record written for bytes
// that were not proven. Record adds a record for a file its caller wrote
// from a trusted build, under the hash the writer returned for the bytes
// it wrote (table.WriteResultFile, pdb.WriteFile). A proof that refutes a
// file removes any record of its bytes. A copy of a built-in file, or of
// the 4x4 pattern database 'slidetable build 4x4' writes (whose content
// hash its recipe knows, package internal/recipe),
// is known by its hash without a record. Options.Recheck proves every
// file again, whatever the records say.
//
// A record counts only if no other user could have written it: the
// record must be a regular file (not a symbolic link), and it and every
// folder up to the folder of installed files (its symbolic links
// resolved) must belong to the user running the program and be writable
// by no one else; every folder above that must belong to the user or the
// superuser and be writable by no one else, unless it is sticky, as /tmp
// is. Otherwise the record is ignored, the file proven again, and
// Options.Warn told once, naming the folder or record and what is wrong
// with it. Records are written so that they pass: the folder of records
// writable, and each record readable, by its owner only. On a system
// without Unix file owners (Windows) no record is written or trusted, and
// each use of a file that needs a proof proves it.
//
// The package reads no environment variables and prints nothing: the
// caller passes the folder, the memory limit and the callbacks for
// progress and warnings. A Resolver is safe for concurrent use.
package source
