// Where the page's answers come from. One interface, two engines:
//
//   - "api": the JSON API of slidetable serve, over fetch;
//   - "wasm": the slidetable library compiled to WebAssembly, running in a
//     module worker (worker.js), as in the static site that
//     slidetable web writes, where there is no API.
//
// Both answer sizes(), hints(), solve(), level() and stats() with the
// objects of the API (package api), and take an AbortSignal: an answer no
// longer wanted is dropped, and a search running in the worker for it is
// stopped by ending the worker and starting another.

// EngineError is a failure to answer. kind says what a player can do:
// "offline" (no answer: retry later), "busy" (the server asks to retry),
// "limit" (the search is longer than the server allows), "input" (a bad
// board or range: retrying will not help), "broken" (anything else).
export class EngineError extends Error {
  constructor(message, kind) {
    super(message);
    this.name = "EngineError";
    this.kind = kind;
  }
}

// connect returns the engine to use: the one named by ?engine=api or
// ?engine=wasm in the page's address, otherwise the API when the server
// answers /api/sizes, otherwise the WebAssembly worker.
export async function connect(want) {
  if (want !== "wasm") {
    try {
      const sizes = await apiGet("api/sizes");
      if (Array.isArray(sizes) && sizes.length) return new APIEngine(sizes);
    } catch (e) {
      if (want === "api") throw e;
    }
  }
  return WorkerEngine.start();
}

function query(params) {
  return new URLSearchParams(params).toString();
}

async function apiGet(path, signal) {
  let res;
  try {
    res = await fetch(path, { signal, headers: { Accept: "application/json" } });
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new EngineError("cannot reach the server", "offline");
  }
  let body = null;
  try { body = await res.json(); } catch (e) { /* not JSON: a static host's page or error */ }
  if (res.ok && body !== null) return body;
  const msg = body && body.error ? body.error : `the server answered ${res.status}`;
  if (res.status === 503 && res.headers.has("Retry-After")) throw new EngineError(msg, "busy");
  if (res.status === 503) throw new EngineError(msg, "limit");
  if (res.status === 400) throw new EngineError(msg, "input");
  if (res.status >= 500 || res.status === 404 || body === null) throw new EngineError(msg, "offline");
  throw new EngineError(msg, "broken");
}

// APIEngine asks slidetable serve.
class APIEngine {
  constructor(sizes) {
    this.kind = "api";
    this.list = sizes;
  }
  sizes() { return this.list; }
  hints(size, cells, signal) {
    return apiGet(`api/hint?${query({ size, board: cells.join(",") })}`, signal);
  }
  solve(size, cells, signal) {
    return apiGet(`api/solve?${query({ size, board: cells.join(",") })}`, signal);
  }
  level(size, min, max, signal) {
    return apiGet(`api/level?${query({ size, min, max })}`, signal);
  }
  stats(size, signal) {
    return apiGet(`api/stats?${query({ size })}`, signal);
  }
}

// WorkerEngine asks the library in a module worker. Requests are answered
// in order; cancelling one that may be searching (a size without a table)
// ends the worker, starts another and sends it the requests still wanted.
class WorkerEngine {
  static async start() {
    const e = new WorkerEngine();
    e.list = await e.call("sizes", []);
    return e;
  }

  constructor() {
    this.kind = "wasm";
    this.next = 1;
    this.pending = new Map(); // id -> {op, args, resolve, reject}
    this.spawn();
  }

  spawn() {
    this.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (ev) => {
      const { id, value, error, kind } = ev.data;
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (error !== undefined) p.reject(new EngineError(error, kind || "broken"));
      else p.resolve(value);
    };
    this.worker.onerror = (ev) => {
      ev.preventDefault();
      this.fail(new EngineError(`the WebAssembly worker stopped: ${ev.message || "it could not start"}`, "offline"));
    };
  }

  // fail rejects every request, and starts a fresh worker for later ones.
  fail(err) {
    const all = [...this.pending.values()];
    this.pending.clear();
    this.worker.terminate();
    this.spawn();
    for (const p of all) p.reject(err);
  }

  restart() {
    this.worker.terminate();
    this.spawn();
    for (const [id, p] of this.pending) this.worker.postMessage({ id, op: p.op, args: p.args });
  }

  call(op, args, signal, searching) {
    if (signal && signal.aborted) return Promise.reject(abortError());
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { op, args, resolve, reject });
      this.worker.postMessage({ id, op, args });
      if (!signal) return;
      signal.addEventListener("abort", () => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        reject(abortError());
        if (searching) this.restart();
      }, { once: true });
    });
  }

  searched(size) {
    const info = this.list && this.list.find((s) => s.size === size);
    return !info || !info.table;
  }

  sizes() { return this.list; }
  hints(size, cells, signal) { return this.call("hints", [size, cells], signal, this.searched(size)); }
  solve(size, cells, signal) { return this.call("solve", [size, cells], signal, this.searched(size)); }
  level(size, min, max, signal) { return this.call("level", [size, min, max], signal, this.searched(size)); }
  stats(size, signal) { return this.call("stats", [size], signal, false); }
}

function abortError() {
  return new DOMException("the answer is no longer wanted", "AbortError");
}
