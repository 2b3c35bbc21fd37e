package api

import "github.com/slidetable/slidetable/board"

// Source says what answered: where it comes from, what kind of thing it
// is, whether it answers exactly, and for a file its path and content
// hash:
//
//	{"where":"built-in","kind":"table","exact":true,"hash":"9f3c..."}
//	{"where":"file","path":"4x4-multi.abs","kind":"abstraction tier","exact":false,"hash":"..."}
//	{"where":"computed","kind":"computed bound","exact":false}
//
// Where is "built-in" (data inside the program), "installed" (a file in
// the folder of installed files), "file" (a file the caller named),
// "given" (a table or bound the program or its caller made in memory) or
// "computed" (a bound computed from each board, with no data). Kind is
// "table" (exact distances, looked up), "pattern database" or
// "abstraction tier" (lower bounds that guide an optimal search),
// "computed bound", or, for a level dealt from one, "level pack" (boards
// at exact distances, built in). Exact is true for a table and a pack,
// false for what only guides a search, whose answers are exact all the
// same: the search is optimal.
// Hash is the hexadecimal SHA-256 that names the bytes a file was read
// from (the key of its proof record), where it is known. The answers about
// boards carry it as "source"; Stats, whose "source" cites a published
// distribution, carries the table it was computed from as "table".
type Source struct {
	Where string `json:"where"`
	Path  string `json:"path,omitempty"`
	Kind  string `json:"kind"`
	Exact bool   `json:"exact"`
	Hash  string `json:"hash,omitempty"`
}

// Info describes a file slidetable reads, as 'slidetable info -json'
// prints it, every field always there but Hash and Record:
// {"path":"4x4-multi.abs","kind":"abstraction tier","size":"4x4",
// "metric":"multi","goal":[1,2,...,0],"exact":false,"entries":20420400,
// "bytes":4185694,"hash":"...","proof":"known"}. Entries counts what the
// file holds: a table's boards, a pattern database's entries, an
// abstraction tier's arrangements. Proof says why the file may answer:
// "certified" (a small table, proven as it is read), "known" (a copy of a
// file built into the program), "recorded" (a proof of these bytes is
// recorded, in the file Record) or "none" (it is proven on first use).
type Info struct {
	Path    string      `json:"path"`
	Kind    string      `json:"kind"`
	Size    board.Size  `json:"size"`
	Metric  string      `json:"metric"`
	Goal    board.Board `json:"goal"`
	Exact   bool        `json:"exact"`
	Entries uint64      `json:"entries"`
	Bytes   int64       `json:"bytes"`
	Hash    string      `json:"hash,omitempty"`
	Proof   string      `json:"proof"`
	Record  string      `json:"record,omitempty"`
}
