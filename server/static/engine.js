// The questions the page asks, and where they go. One interface, two
// engines, each with request(endpoint, params, { signal }) answering as
// GET /api/ENDPOINT?params of slidetable serve does, which is what
// <slidetable-puzzle> asks too:
//
//   - "api": the JSON API of slidetable serve, over fetch;
//   - "wasm": the slidetable library compiled to WebAssembly, in the
//     worker slidetable.js manages (load()), as in the static site that
//     slidetable web writes, where there is no API.
//
// Both reject with an error whose code says what a player can do:
// "offline" (no answer: retry later), "unavailable" (the engine asks to
// retry: too many searches, or one longer than it allows), "timeout"
// (no answer in time here either), "input" (a bad board or range:
// retrying will not help), "aborted" (the answer is no longer wanted),
// anything else (broken).

import { load } from "./slidetable.js";

// EngineError is a failure of the API engine, with its code.
export class EngineError extends Error {
  constructor(message, code) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

// connect returns the engine to use: the one named by want ("api" or
// "wasm", from ?engine= in the page's address), else the one the page
// was served for (<meta name="slidetable-engine">: "wasm" in the static
// site, which then asks no /api/ at all), else the API when the server
// answers /api/sizes, else the WebAssembly worker.
export async function connect(want) {
  const served = document.querySelector('meta[name="slidetable-engine"]')?.content;
  const kind = want === "api" || want === "wasm" ? want : served === "wasm" ? "wasm" : "";
  if (kind !== "wasm") {
    try {
      const [single, multi] = await Promise.all([apiGet("api/sizes"), apiGet("api/sizes?metric=multi").catch(() => [])]);
      if (Array.isArray(single) && single.length) return new APIEngine(single, Array.isArray(multi) ? multi : []);
    } catch (e) {
      if (kind === "api") throw e;
    }
  }
  return WasmEngine.start();
}

async function apiGet(path, signal) {
  let res;
  try {
    res = await fetch(path, { signal, headers: { Accept: "application/json" } });
  } catch (e) {
    if (e.name === "AbortError") throw new EngineError("the answer is no longer wanted", "aborted");
    throw new EngineError("cannot reach the server", "offline");
  }
  let body = null;
  try { body = await res.json(); } catch (e) { /* not JSON: a static host's page or error */ }
  if (res.ok && body !== null) return body;
  const msg = body && body.error ? body.error : `the server answered ${res.status}`;
  if (res.status === 503) throw new EngineError(msg, "unavailable");
  if (res.status === 422 && body && body.final) throw new EngineError(msg, "timeout");
  if (res.status === 400) throw new EngineError(msg, "input");
  if (res.status >= 500 || res.status === 404 || body === null) throw new EngineError(msg, "offline");
  throw new EngineError(msg, "failed");
}

// Engine holds the sizes an engine plays, in each metric.
class Engine {
  sizes(metric) { return metric === "multi" ? this.multi : this.single; }
  info(size, metric) { return this.sizes(metric).find((s) => s.size === size); }
}

// APIEngine asks slidetable serve. A search the server will not do
// (longer than its time limit: 422 and final, as for a 4x4 board far from
// the goal; or 503, too many at once) is asked again of the WebAssembly
// build, started then, in either metric, which takes as long as it needs
// and stops when the board changes.
class APIEngine extends Engine {
  constructor(single, multi) {
    super();
    this.kind = "api";
    this.single = single;
    this.multi = multi;
    this.wasm = null;
  }

  async request(endpoint, params = {}, { signal } = {}) {
    try {
      return await apiGet(`api/${endpoint}?${new URLSearchParams(params)}`, signal);
    } catch (e) {
      if ((e.code !== "unavailable" && e.code !== "timeout") || (endpoint !== "hint" && endpoint !== "solve")) throw e;
      let st;
      try {
        st = await this.fallback();
      } catch (err) {
        throw e; // no WebAssembly here either: the server's answer stands
      }
      return st.request(endpoint, params, { signal });
    }
  }

  fallback() {
    if (!this.wasm) {
      performance.mark("engine fallback");
      this.wasm = load();
      this.wasm.catch(() => { this.wasm = null; });
    }
    return this.wasm;
  }
}

// WasmEngine asks the library in WebAssembly, in its worker: a call
// whose signal aborts while it searches ends the worker and starts
// another (which the page marks as "engine restart").
class WasmEngine extends Engine {
  static async start() {
    let st;
    try {
      st = await load();
    } catch (e) {
      throw new EngineError(`cannot load the puzzle engine (slidetable.wasm): ${e.message}`, "offline");
    }
    const e = new WasmEngine(st);
    [e.single, e.multi] = await Promise.all([st.sizes(), st.sizes({ metric: "multi" }).catch(() => [])]);
    return e;
  }

  constructor(st) {
    super();
    this.kind = "wasm";
    this.st = st;
  }

  request(endpoint, params = {}, { signal } = {}) {
    let settled = false;
    if (signal) {
      // A search stopped before its answer ends the worker: marked for
      // the browser's tools (and the tests).
      const info = this.info(params.size, params.metric);
      const searching = endpoint !== "stats" && endpoint !== "sizes" && endpoint !== "solvable" && !(info && info.table);
      if (searching) signal.addEventListener("abort", () => { if (!settled) performance.mark("engine restart"); }, { once: true });
    }
    return this.st.request(endpoint, params, { signal }).then((v) => {
      settled = true;
      return v;
    }, (e) => {
      settled = true;
      if (e.code === "failed" || e.code === "closed") throw new EngineError(`the puzzle engine stopped: ${e.message}`, "offline");
      throw e;
    });
  }
}
