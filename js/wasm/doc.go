//go:build js && wasm

// Command wasm is slidetable compiled to WebAssembly for JavaScript
// (GOOS=js GOARCH=wasm): the built-in tables up to 3x3 and 4x2, the
// built-in 4x4 pattern database, and the questions of package game. It is
// the file slidetable.wasm of package js, which builds it with 'go
// generate'; the module slidetable.js beside it loads it and is the only
// interface meant for people.
//
// Started by Go's wasm_exec.js with the arguments "slidetable" and NAME,
// it calls the JavaScript function globalThis[NAME] once, with an object
// whose method answer(endpoint, query) returns "STATUS BODY": the HTTP
// status and the JSON text that GET /api/ENDPOINT?QUERY gets from
// 'slidetable serve' (sizes, solvable, distance, hint, solve, level,
// stats), computed here, separated by a space (an error's body has, beside
// the API's "error", the "code" of the JavaScript package's
// SlidetableError for its kind); whose method lookup(endpoint, query)
// answers the same where a table or a level pack answers at once
// (game.Request.Cheap) and otherwise returns, without searching, what
// must answer: {need, search, abstraction}, a level pack that may answer
// it, to give first, and whether a search answers it without the pack, or
// {search: true, abstraction}, where abstraction is the abstraction
// database the search needs, or false (see lookup in main.go; each file
// is {name, sha256, bytes}); whose method random(query) draws a board;
// and whose method give(name, bytes) takes a file the module leaves out
// (a Uint8Array): 4x4-multi.abs, the 4x4 abstraction database that bounds
// searches in the multi-tile metric, or a 4x4 level pack. A file is kept if its SHA-256 is that of the file
// built into the programs (data.Give), and give returns null, or else the
// reason it was refused. Until 4x4-multi.abs is given, 4x4 searches in the
// multi-tile metric fail. Then it waits for calls until the page or
// process goes. Calls are synchronous: a search blocks its JavaScript
// thread, so slidetable.js runs the module in workers of its own
// (slidetable-worker.js): one that only looks up, and searchers, each of
// which it ends to stop the search it runs.
package main
