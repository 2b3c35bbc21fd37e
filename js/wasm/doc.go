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
// stats), computed here, separated by a space; then it waits for calls until the page or
// process goes. Calls are synchronous: a search blocks its JavaScript
// thread, so slidetable.js runs the module in a worker of its own
// (slidetable-worker.js) and ends that worker to stop a search.
package main
