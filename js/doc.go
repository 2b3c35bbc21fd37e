// Package js holds slidetable for JavaScript: the npm package "slidetable"
// whose folder this is (the ES module slidetable.js, its TypeScript
// declarations slidetable.d.ts, the workers it starts, slidetable-worker.js,
// and the library compiled to WebAssembly, slidetable.wasm, with Go's
// wasm_exec.js, and the files the module leaves out, which slidetable.js
// fetches the first time a call needs them: the 4x4 abstraction database
// 4x4-multi.abs, for searches of 4x4 in multi-tile moves, and the 4x4
// level packs 4x4-pack.jsonl and 4x4-multi-pack.jsonl, when a call asks
// about 4x4 in their metric), and, for Go, those files embedded, which
// 'slidetable web' writes beside the page so that any static file server
// can serve it.
//
// slidetable.wasm is built from ./wasm (a thin syscall/js layer over
// package game) by
//
//	go generate ./js
//
// which also copies wasm_exec.js and Go's LICENSE from the Go release and
// 4x4-multi.abs and the 4x4 level packs from package data, and records the Go release as
// GoVersion. The bytes depend only on the sources
// and the Go release, so the files are committed, and a long test
// (SLIDETABLE_LONG=1) rebuilds them and requires them unchanged when the
// Go release is the one recorded. Run it after any change to the
// packages the WebAssembly build uses.
//
// The JavaScript interface (see slidetable.d.ts and README.md):
//
//	import { load } from "slidetable";
//	const st = await load();
//	await st.distance("3x3", "8 6 7/2 5 4/3 0 1"); // 31
//	await st.hints("4x4", board, { metric: "multi", signal: AbortSignal.timeout(1000) })
//
// Every call is answered off the calling thread, by slidetable.wasm in
// workers (module Web Workers, or worker_threads Workers in Node): one
// that looks up what a table answers and never searches, so that a lookup
// never waits behind a search, and a bounded pool that searches, one
// search a worker. Every call takes an AbortSignal: a call it stops ends
// its search, by ending the worker that runs it.
//
// npm test (node --test) checks it against the Go answers, run by the
// Go tests of this package when node is installed.
package js
