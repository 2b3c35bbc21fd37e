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
// SlidetableError for its kind); whose method
// lookup(endpoint, query) answers the same where a table answers at once
// (game.Request.Cheap) and otherwise returns {search: true, abstraction}
// without searching, abstraction the SHA-256 (hex) of the file below if
// the search needs it, else false; and whose method give(bytes) takes the file 4x4-multi.abs (a Uint8Array), the 4x4
// abstraction database that bounds searches in the multi-tile metric,
// which the module leaves out: it is kept if its SHA-256 is that of the
// file built into the programs (data.Give), and give returns null, or
// else the reason it was refused. Until it is given, 4x4 questions in the
// multi-tile metric fail. Then it waits for calls until the page or
// process goes. Calls are synchronous: a search blocks its JavaScript
// thread, so slidetable.js runs the module in workers of its own
// (slidetable-worker.js): one that only looks up, and searchers, each of
// which it ends to stop the search it runs.
package main
