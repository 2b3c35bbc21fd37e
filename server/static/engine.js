// Where the page's answers come from. One interface, two engines:
//
//   - "api": the JSON API of slidetable serve, over fetch;
//   - "wasm": the slidetable library compiled to WebAssembly, running in a
//     module worker (worker.js), as in the static site that
//     slidetable web writes, where there is no API.
//
// Both answer sizes(), distance(), hints(), solve(), level() and stats()
// with the objects of the API (package api), in either metric, and take an
// AbortSignal: an answer no longer wanted is dropped, and a search running
// in the worker for it is stopped by ending the worker and starting
// another.

// EngineError is a failure to answer. kind says what a player can do:
// "offline" (no answer: retry later), "busy" (the server asks to retry:
// too many searches at once), "limit" (no answer in the time the server
// or the page allows: final), "input" (a bad board or range: retrying will not
// help), "broken" (anything else).
export class EngineError extends Error {
  constructor(message, kind) {
    super(message);
    this.name = "EngineError";
    this.kind = kind;
  }
}

// connect returns the engine to use: the one named by want ("api" or
// "wasm", from ?engine= in the page's address), otherwise the API when the
// server answers /api/sizes, otherwise the WebAssembly worker. The module
// starts loading while the API is asked, and stops if the API answers.
export async function connect(want) {
  const ac = new AbortController();
  const module = want === "api" ? null : compile(new URL("slidetable.wasm", import.meta.url), ac.signal);
  if (module) module.catch(() => {}); // the API may answer first
  if (want !== "wasm") {
    try {
      const [sizes, multi] = await Promise.all([apiGet("api/sizes"), apiGet("api/sizes?metric=multi").catch(() => [])]);
      if (Array.isArray(sizes) && sizes.length) {
        ac.abort();
        return new APIEngine(sizes, Array.isArray(multi) ? multi : []);
      }
    } catch (e) {
      if (want === "api") throw e;
    }
  }
  return WorkerEngine.start(await module);
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
  if (res.status === 503) throw new EngineError(msg, "busy");
  if (res.status === 422 && body && body.final) throw new EngineError(msg, "limit");
  if (res.status === 400) throw new EngineError(msg, "input");
  if (res.status >= 500 || res.status === 404 || body === null) throw new EngineError(msg, "offline");
  throw new EngineError(msg, "broken");
}

// An engine answers request(endpoint, params, signal) with the object of
// GET /api/ENDPOINT?params; these are the questions the page asks. metric
// is "single" (one tile a move) or "multi" (a slide of tiles along a row
// or column a move); the single-tile metric's requests name none, as
// before there were two.
class Engine {
  sizes(metric) { return metric === "multi" ? this.multi : this.list; }
  distance(size, cells, metric, signal) { return this.request("distance", withMetric({ size, board: cells.join(",") }, metric), signal); }
  hints(size, cells, metric, signal) { return this.request("hint", withMetric({ size, board: cells.join(",") }, metric), signal); }
  solve(size, cells, metric, signal) { return this.request("solve", withMetric({ size, board: cells.join(",") }, metric), signal); }
  level(size, min, max, metric, signal) { return this.request("level", withMetric({ size, min, max }, metric), signal); }
  stats(size, metric, signal) { return this.request("stats", withMetric({ size }, metric), signal); }
}

// withMetric adds the metric to a request's parameters, unless single.
function withMetric(params, metric) {
  if (metric && metric !== "single") params.metric = metric;
  return params;
}

// APIEngine asks slidetable serve. A search the server will not do
// (longer than its time limit, 422 and final, as for a 4x4 board far from
// the goal; or 503, too many at once) is asked again of the WebAssembly
// build in a worker,
// started then, which takes as long as it needs and stops when the board
// changes. Not in the multi-tile metric: there a search the server gives
// up on would take the worker longer still (no pattern database bounds
// it), so the server's answer stands.
class APIEngine extends Engine {
  constructor(sizes, multi) {
    super();
    this.kind = "api";
    this.list = sizes;
    this.multi = multi;
    this.worker = null;
  }
  async request(endpoint, params, signal) {
    try {
      return await apiGet(`api/${endpoint}?${query(params)}`, signal);
    } catch (e) {
      if (!(e instanceof EngineError) || (e.kind !== "busy" && e.kind !== "limit") || (endpoint !== "hint" && endpoint !== "solve") || params.metric === "multi") throw e;
      let w;
      try {
        w = await this.fallback();
      } catch (err) {
        throw e; // no WebAssembly here either: the server's answer stands
      }
      return w.request(endpoint, params, signal);
    }
  }
  fallback() {
    if (!this.worker) {
      performance.mark("engine fallback");
      this.worker = compile(new URL("slidetable.wasm", import.meta.url)).then(WorkerEngine.start);
      this.worker.catch(() => { this.worker = null; });
    }
    return this.worker;
  }
}

// WorkerEngine asks the library in a module worker (worker.js), which
// answers exactly as the API does. The WebAssembly module is compiled once,
// here, and handed to each worker. Requests are answered in order;
// cancelling one that may be searching (a size without a table) ends the
// worker, starts another and sends it the requests still wanted.
class WorkerEngine extends Engine {
  static async start(module) {
    const e = new WorkerEngine(module);
    [e.list, e.multi] = await Promise.all([e.request("sizes", {}), e.request("sizes", { metric: "multi" }).catch(() => [])]);
    return e;
  }

  constructor(module) {
    super();
    this.kind = "wasm";
    this.module = module;
    this.next = 1;
    this.pending = new Map(); // id -> {endpoint, params, resolve, reject}
    this.spawn();
  }

  spawn() {
    this.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.worker.postMessage({ module: this.module });
    this.worker.onmessage = (ev) => {
      const { id, value, error, status } = ev.data;
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (error === undefined) p.resolve(value);
      else p.reject(new EngineError(error, status === 400 || status === 404 ? "input" : status === 503 ? "limit" : "broken"));
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
    performance.mark("engine restart");
    this.worker.terminate();
    this.spawn();
    for (const [id, p] of this.pending) this.worker.postMessage({ id, endpoint: p.endpoint, params: p.params });
  }

  request(endpoint, params, signal) {
    if (signal && signal.aborted) return Promise.reject(abortError());
    const id = this.next++;
    const list = this.sizes(params.metric);
    const info = list && list.find((s) => s.size === params.size);
    const searching = endpoint !== "stats" && endpoint !== "sizes" && !(info && info.table);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { endpoint, params, resolve, reject });
      this.worker.postMessage({ id, endpoint, params });
      if (!signal) return;
      signal.addEventListener("abort", () => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        reject(abortError());
        if (searching) this.restart();
      }, { once: true });
    });
  }
}

// compile fetches and compiles the WebAssembly module, streaming where the
// server sends it as application/wasm.
async function compile(url, signal) {
  let res;
  try {
    res = await fetch(url, { signal });
  } catch (e) {
    throw new EngineError("cannot load the puzzle engine (slidetable.wasm)", "offline");
  }
  if (!res.ok) throw new EngineError(`cannot load the puzzle engine: ${url.pathname} answered ${res.status}`, "offline");
  if (WebAssembly.compileStreaming && /^application\/wasm\b/.test(res.headers.get("Content-Type") || "")) {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer());
}

function abortError() {
  return new DOMException("the answer is no longer wanted", "AbortError");
}
