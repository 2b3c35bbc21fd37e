// The worker of slidetable.js: it runs the Go program slidetable.wasm and
// answers the questions of the thread that started it, one after another,
// so that a search never blocks that thread. slidetable.js starts it, in
// a browser as a module Web Worker and in Node as a worker_threads Worker:
// one that only looks up (and says which questions need a search), and
// searchers, each of which it ends (terminate) to stop a search the caller
// no longer wants.
//
// Messages: first {module} (a compiled WebAssembly.Module), answered by
// {ready: true} or {ready: false, error}; then {id, endpoint, query,
// lookup}, each answered by {id, reply}, the "STATUS JSON" of the Go
// program's answer (see ./wasm), or, with lookup set and for a question
// no table answers, by {id, search: true, abstraction} without a search,
// where abstraction is the file the search needs, or false, or by {id,
// need, search, abstraction} for a question that a file the Go program
// leaves out (a level pack, need) may answer, to be given before it is
// asked again, where search says whether a search answers it without
// that file; each file is {name, sha256, bytes}; {id, query, draw: true},
// a random board drawn (the Go program's random), answered by {id,
// reply}; and {give, name} (the bytes of the file name,
// such as 4x4-multi.abs, a Uint8Array), given to the Go program in turn
// and not answered: a refusal is said by the answers that need the file.
// Nothing here is meant to be used directly.

import "./wasm_exec.js";

const web = typeof self !== "undefined" && typeof self.postMessage === "function";
const port = web ? self : (await import(/* webpackIgnore: true */ /* @vite-ignore */ "node:worker_threads")).parentPort;

let api = null; // the Go program's functions, once it runs
const waiting = []; // questions that came before it

function on(handler) {
  if (web) self.onmessage = (ev) => handler(ev.data);
  else port.on("message", handler);
}

on(async (msg) => {
  if (msg.module) {
    try {
      api = await start(msg.module);
      port.postMessage({ ready: true });
      for (const m of waiting.splice(0)) reply(m);
    } catch (e) {
      port.postMessage({ ready: false, error: String(e && e.message ? e.message : e) });
    }
    return;
  }
  if (api) reply(msg);
  else waiting.push(msg);
});

const stoppedReply = `500 ${JSON.stringify({ error: "the WebAssembly module stopped" })}`;

function reply({ id, endpoint, query, lookup, draw, give: bytes, name }) {
  if (bytes) {
    try {
      api.give(name, bytes);
    } catch {
      // The answers that need the file say it is missing.
    }
    return;
  }
  let out;
  try {
    out = draw ? api.random(query) : lookup ? api.lookup(endpoint, query) : api.answer(endpoint, query);
  } catch (e) {
    out = null;
  }
  if (typeof out === "string") port.postMessage({ id, reply: out });
  else if (lookup && out && out.need) port.postMessage({ id, need: fileOf(out.need), search: out.search === true, abstraction: fileOf(out.abstraction) });
  else if (lookup && out && out.search === true) port.postMessage({ id, search: true, abstraction: fileOf(out.abstraction) });
  else port.postMessage({ id, reply: stoppedReply });
}

// fileOf copies a file the Go program describes, {name, sha256, bytes},
// or returns false for none.
function fileOf(v) {
  if (!v || typeof v !== "object") return false;
  return { name: String(v.name), sha256: String(v.sha256), bytes: Number(v.bytes) };
}

// start runs the Go program and returns its functions (answer, lookup,
// random, give), once it has called back to say it is ready.
async function start(module) {
  const go = new globalThis.Go();
  const name = "__slidetable_ready";
  const ready = new Promise((resolve, reject) => {
    globalThis[name] = (api, err) => (err === null ? resolve(api) : reject(new Error(err)));
  });
  go.argv = ["slidetable", name];
  go.env = {};
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const exited = go.run(instance).then(() => {
    throw new Error("the WebAssembly module stopped");
  });
  try {
    const fns = await Promise.race([ready, exited]);
    exited.catch(() => {}); // a later stop makes the next answer fail
    return {
      answer: (endpoint, query) => fns.answer(endpoint, query),
      lookup: (endpoint, query) => fns.lookup(endpoint, query),
      random: (query) => fns.random(query),
      give: (name, bytes) => fns.give(name, bytes),
    };
  } finally {
    delete globalThis[name];
  }
}
