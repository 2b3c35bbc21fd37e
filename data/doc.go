// Package data holds the files built into the binary, those of the
// recipes built in (package internal/recipe, the one table of the files
// that answer): the distance tables of the small boards, 2x2, 3x2, 2x3,
// 3x3, 4x2 and 2x4, in both metrics (68 KB for the six in the multi-tile
// metric), and the default pattern database of the 4x4 board, an additive
// 6-6-3 partition of the tiles (about 1 MB compressed, 5.8 MB decoded),
// with which IDA* solves random 15-puzzles in tens of milliseconds; and,
// for the 4x4 in the multi-tile metric, its abstraction tier (33 MB
// compressed, 40 MB in memory); and the level packs of every size
// (PackFile). The WebAssembly module leaves out the files of the recipes
// on demand (the 4x4 abstraction tier) and the 4x4 level packs
// (OnDemand): slidetable.js fetches each (4x4-multi.abs, 4x4-pack.jsonl,
// beside slidetable.wasm) when a call first needs it, and gives it to the
// module (Give), which keeps it only if its SHA-256 is that of the file
// built into the programs.
//
// It holds their bytes only (Builtin, Open, for a recipe; File, MultiFile,
// PDBFile, AbstractionFile, PackFile by size; Sizes, PDBSizes and
// AbstractionSizes list them). Package source reads them, once, as the
// built-in tables and databases that answer first:
//
//	t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
//	b, _ := board.Parse(t.Size(), "8 6 7/2 5 4/3 0 1")
//	d, err := t.Distance(b) // 31
//
// The files are built by 'go generate' (gen.go, through source.Build, the
// one entry of every build, as 'slidetable build' builds its files); a
// test rebuilds each one and requires it to be byte-identical to the file
// built in, so they cannot go stale, and that proves them: a build is
// exact.
package data
