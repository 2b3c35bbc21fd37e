// slidetable: exact distances, hints, shortest solutions and levels of
// sliding-tile puzzles (the 15-puzzle family), computed in WebAssembly: the
// distance tables of the boards up to 3x3 and 4x2 and the 4x4 pattern
// database are inside slidetable.wasm, so nothing is asked of a server.
// The 4x4 abstraction database, which bounds searches in multi-tile moves,
// is the file 4x4-multi.abs beside it (4.2 MB), fetched only when a call
// first asks about 4x4 in that metric.
//
//   import { load } from "slidetable";
//   const st = await load();
//   await st.distance("3x3", "8 6 7/2 5 4/3 0 1"); // 31
//   await st.hints("4x4", board, { signal: AbortSignal.timeout(1000) });
//
// An ES module with no dependencies, for Node (20 or later), browsers and
// Web Workers. The answers are worked out off the calling thread, in a
// worker the module manages (a module Web Worker in a browser, a
// worker_threads Worker in Node), so that a search never blocks it; every
// call takes an AbortSignal, and a call it stops ends its search: the
// worker is ended and another started for the calls still wanted.

const defaultWasm = new URL("./slidetable.wasm", import.meta.url);
const defaultAbstraction = new URL("./4x4-multi.abs", import.meta.url);

let loaded = null; // the promise of load() without options

/**
 * Loads the WebAssembly module, starts the worker that runs it and returns
 * a Slidetable. Without options it is loaded once and shared. options.wasm
 * gives the module's place (a URL or string), its bytes (an ArrayBuffer or
 * typed array), a Response or a compiled WebAssembly.Module, where
 * slidetable.wasm is not beside this file. options.abstraction gives the
 * place (a URL or string) or bytes of 4x4-multi.abs in the same ways, where
 * it is not beside this file: it is fetched the first time a call asks
 * about 4x4 in multi-tile moves, and the module keeps it only if it is the
 * very file of its build (by its SHA-256).
 */
export function load(options = {}) {
  if (options.wasm === undefined && options.abstraction === undefined) {
    loaded ??= start(defaultWasm, defaultAbstraction).catch((e) => {
      loaded = null;
      throw e;
    });
    return loaded;
  }
  return start(options.wasm ?? defaultWasm, options.abstraction ?? defaultAbstraction);
}

async function start(source, abstraction) {
  const [module, spawn] = await Promise.all([compile(source), spawner()]);
  const st = new Slidetable(token, module, spawn, abstraction);
  await st[started];
  return st;
}

async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  if (typeof Response !== "undefined" && source instanceof Response) return compileResponse(source);
  const res = await get(source);
  if (res instanceof Uint8Array) return WebAssembly.compile(res);
  return compileResponse(res);
}

// maxFile bounds a file read from disk: the module and 4x4-multi.abs are
// a few MB each.
const maxFile = 64 << 20;

// get fetches the file at source (a URL, or a string relative to this
// module): a Response, or in Node, for a file: URL, its bytes.
async function get(source) {
  const url = source instanceof URL ? source : new URL(String(source), import.meta.url);
  if (url.protocol === "file:") {
    // Node: fetch does not read files. Bundlers for the web need not follow this.
    // Only a regular file of a bounded size: a FIFO or a device would
    // hold the call forever, or fill memory.
    const { open, constants } = await import(/* webpackIgnore: true */ /* @vite-ignore */ "node:fs/promises");
    const f = await open(url, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)); // a FIFO opens at once
    try {
      const st = await f.stat();
      if (!st.isFile()) throw new SlidetableError(`${url.pathname}: not a regular file`, 400, "input");
      if (st.size > maxFile) throw new SlidetableError(`${url.pathname}: ${st.size} bytes, more than the ${maxFile} a module or database file may have`, 400, "input");
      return new Uint8Array(await f.readFile());
    } finally {
      await f.close();
    }
  }
  const res = await fetch(url);
  if (!res.ok) throw new SlidetableError(`${url}: HTTP ${res.status}`, 500, "failed");
  return res;
}

// bytesOf returns the bytes of a file given as its place, its bytes or a
// Response.
async function bytesOf(source) {
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  const res = typeof Response !== "undefined" && source instanceof Response ? source : await get(source);
  if (res instanceof Uint8Array) return res;
  return new Uint8Array(await res.arrayBuffer());
}

async function compileResponse(res) {
  // Streaming compilation needs the type application/wasm, which not every
  // static server sends.
  if (WebAssembly.compileStreaming && /^application\/wasm\b/.test(res.headers.get("Content-Type") || "")) {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer());
}

// spawner returns a function that starts a worker running
// slidetable-worker.js and returns it as {post, terminate, listen, hold}:
// a module Web Worker where there is one (browsers, Deno, Bun), otherwise
// Node's worker_threads.
async function spawner() {
  if (typeof Worker === "function") {
    return () => {
      const w = new Worker(new URL("./slidetable-worker.js", import.meta.url), { type: "module" });
      return {
        post: (m) => w.postMessage(m),
        terminate: () => w.terminate(),
        listen(message, failed) {
          w.onmessage = (ev) => message(ev.data);
          w.onerror = (ev) => {
            ev.preventDefault();
            failed(ev.message || "it could not start");
          };
          w.onmessageerror = () => failed("a message could not be read");
        },
        hold() {}, // a page keeps its workers as long as it lives
      };
    };
  }
  const { Worker: NodeWorker } = await import(/* webpackIgnore: true */ /* @vite-ignore */ "node:worker_threads");
  return () => {
    // The worker needs none of the flags this process was started with
    // (such as --input-type, which it would refuse).
    const w = new NodeWorker(new URL("./slidetable-worker.js", import.meta.url), { execArgv: [] });
    let ended = false, held = true;
    return {
      post: (m) => w.postMessage(m),
      terminate: () => {
        ended = true;
        w.terminate();
      },
      listen(message, failed) {
        w.on("message", message);
        w.on("error", (e) => failed(e && e.message ? e.message : String(e)));
        w.on("exit", (code) => ended || failed(`it exited with code ${code}`));
      },
      // A worker with nothing to answer does not keep Node running.
      hold(busy) {
        if (busy === held) return;
        held = busy;
        if (busy) w.ref();
        else w.unref();
      },
    };
  };
}

/**
 * An Error from slidetable. status is the HTTP status the API of
 * slidetable serve answers the same failure with, and code says what it
 * is: "input" (400: a bad board, size, goal, range or argument; the
 * message is the command line's), "not-found" (404: an unknown endpoint
 * or an unknown distribution), "unavailable" (503: no level found),
 * "aborted" or "timeout" (503: the call's signal stopped it; cause is the
 * signal's reason), "closed" (the Slidetable was closed), "failed" (500:
 * the worker or the module stopped).
 */
export class SlidetableError extends Error {
  constructor(message, status, code, options) {
    super(message, options);
    this.name = "SlidetableError";
    this.status = status;
    this.code = code ?? codeOf(status);
  }
}

function codeOf(status) {
  return { 400: "input", 404: "not-found", 503: "unavailable" }[status] ?? "failed";
}

// token keeps the constructor to this module; started names the promise
// of the first worker's start.
const token = Symbol("slidetable");
const started = Symbol("started");

/** The questions one can ask; see load. */
export class Slidetable {
  #module;
  #spawn;
  #worker = null; // the worker running, or null until a call needs one
  #next = 1; // the id of the next call
  #pending = new Map(); // id -> call: the calls not yet answered nor stopped
  #sent = new Queue(); // the calls posted to the worker, unanswered, in order: the first is being answered
  #closed = false;
  #ready; // resolves when the first worker has started the module
  #abstraction; // where 4x4-multi.abs is, or its bytes
  #given = null; // its bytes, once fetched: given to every worker started
  #fetching = null; // the promise of its bytes while they are fetched

  constructor(key, module, spawn, abstraction) {
    if (key !== token) throw new TypeError("slidetable: use load() to get a Slidetable");
    this.#module = module;
    this.#spawn = spawn;
    this.#abstraction = abstraction;
    this.#ready = new Promise((resolve, reject) => {
      this.#worker = this.#start({ resolve, reject });
    });
  }

  get [started]() {
    return this.#ready;
  }

  // #start starts a worker; first, if given, learns whether it started.
  #start(first) {
    const w = this.#spawn();
    w.listen((msg) => this.#message(w, msg, first), (why) => this.#failed(w, why, first));
    w.post({ module: this.#module });
    if (this.#given) w.post({ give: this.#given });
    w.hold(true); // until it has started
    return w;
  }

  #message(w, msg, first) {
    if (w !== this.#worker) return; // one ended for a stopped call
    if (msg.ready !== undefined) {
      if (!msg.ready) {
        this.#failed(w, msg.error, first);
        return;
      }
      first?.resolve();
      w.hold(this.#pending.size > 0);
      return;
    }
    // The worker answers in the order of the calls posted.
    if (this.#sent.first()?.id === msg.id) this.#sent.shift();
    const call = this.#pending.get(msg.id);
    if (call) this.#settle(call, () => answerOf(call.endpoint, msg.reply));
    // The worker goes on with the next call posted: end it at once if
    // that one was stopped while it waited.
    if (this.#sent.first()?.stopped) this.#restart();
    this.#worker?.hold(this.#pending.size > 0);
  }

  #failed(w, why, first) {
    if (w !== this.#worker) return;
    w.terminate();
    this.#worker = null;
    this.#sent = new Queue();
    const err = new SlidetableError(`the worker stopped: ${why}`, 500, "failed");
    first?.reject(err);
    for (const call of [...this.#pending.values()]) this.#settle(call, () => { throw err; });
  }

  // #restart ends the worker, with the call it is answering, and posts the
  // calls still wanted to a new one.
  #restart() {
    this.#worker.terminate();
    this.#worker = null;
    const keep = this.#sent.rest().filter((c) => !c.stopped);
    this.#sent = new Queue();
    for (const call of keep) this.#post(call);
  }

  #post(call) {
    this.#worker ??= this.#start(null);
    this.#worker.post({ id: call.id, endpoint: call.endpoint, query: call.query });
    this.#sent.push(call);
  }

  // #settle ends call with what answer returns or throws.
  #settle(call, answer) {
    this.#pending.delete(call.id);
    call.release();
    try {
      call.resolve(answer());
    } catch (e) {
      call.reject(e);
    }
  }

  #stop(call, signal) {
    if (!this.#pending.has(call.id)) return;
    call.stopped = true;
    this.#settle(call, () => { throw stopped(call.endpoint, signal.reason); });
    if (this.#sent.first() === call) this.#restart();
    this.#worker?.hold(this.#pending.size > 0);
  }

  /**
   * Answers GET /api/ENDPOINT with the parameters, exactly as
   * `slidetable serve` does (the same JSON, parsed): sizes, solvable,
   * distance, hint, solve, level, stats. Rejects with a SlidetableError
   * with the server's message and status where it answers with an error,
   * and when options.signal stops it.
   */
  request(endpoint, params = {}, options = {}) {
    let query, signal;
    try {
      endpoint = text("endpoint", endpoint);
      query = queryOf(params);
      signal = signalOf(options);
    } catch (e) {
      return Promise.reject(asInput(e));
    }
    if (this.#closed) return Promise.reject(new SlidetableError(`${endpoint}: this Slidetable is closed`, 500, "closed"));
    if (signal?.aborted) return Promise.reject(stopped(endpoint, signal.reason));
    return new Promise((resolve, reject) => {
      const call = { id: this.#next++, endpoint, query, resolve, reject, stopped: false, release: () => {} };
      this.#pending.set(call.id, call);
      if (signal) {
        const stop = () => this.#stop(call, signal);
        signal.addEventListener("abort", stop, { once: true });
        call.release = () => signal.removeEventListener("abort", stop);
      }
      if (this.#given || !needsAbstraction(endpoint, params)) {
        this.#post(call);
        this.#worker.hold(true);
        return;
      }
      this.#fetchAbstraction().then(() => {
        if (!this.#pending.has(call.id) || this.#closed) return; // stopped meanwhile
        this.#post(call);
        this.#worker.hold(true);
      }, (e) => {
        if (!this.#pending.has(call.id)) return;
        const err = new SlidetableError(`${endpoint}: 4x4 in multi-tile moves is searched with the abstraction database 4x4-multi.abs, which could not be loaded: ${reasonOf(e)}`, 503, "unavailable", { cause: e });
        this.#settle(call, () => { throw err; });
      });
    });
  }

  // #fetchAbstraction fetches 4x4-multi.abs once and gives it to the
  // worker running; a failed fetch is tried again by the next call that
  // needs it.
  #fetchAbstraction() {
    this.#fetching ??= bytesOf(this.#abstraction).then((b) => {
      this.#given = b;
      this.#worker?.post({ give: b });
    }).finally(() => {
      this.#fetching = null;
    });
    return this.#fetching;
  }

  /**
   * Ends the worker: calls not yet answered reject with code "closed", and
   * so do later ones.
   */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#worker?.terminate();
    this.#worker = null;
    this.#sent = new Queue();
    for (const call of [...this.#pending.values()]) {
      this.#settle(call, () => { throw new SlidetableError(`${call.endpoint}: this Slidetable is closed`, 500, "closed"); });
    }
  }

  // #ask asks endpoint with the parameters params(o) makes of the call's
  // options o ({metric, goal, signal}).
  #ask(endpoint, options, params) {
    let o;
    try {
      o = optionsOf(options);
      return this.request(endpoint, params(o), { signal: o.signal });
    } catch (e) {
      return Promise.reject(asInput(e));
    }
  }

  /** The sizes played: [{size, width, height, goal, table, published, max, max_level}]. */
  sizes(options) {
    return this.#ask("sizes", options, (o) => ({ metric: o.metric }));
  }

  /** The fewest moves from board to the goal, or null if it cannot reach it. */
  async distance(size, board, options) {
    const r = await this.#ask("distance", options, (o) => ({ size, board, metric: o.metric, goal: o.goal }));
    return r.solvable ? r.distance : null;
  }

  /** Whether board can reach the goal (the parity rule, no search). */
  async solvable(size, board, options) {
    return (await this.#ask("solvable", options, (o) => ({ size, board, metric: o.metric, goal: o.goal }))).solvable;
  }

  /**
   * Every optimal next move (the tiles that may move) and the distance:
   * { distance, moves }, and in the multi-tile metric slides, how many
   * tiles each move slides; null if the board cannot reach the goal.
   */
  async hints(size, board, options) {
    const r = await this.#ask("hint", options, (o) => ({ size, board, metric: o.metric, goal: o.goal }));
    if (!r.solvable) return null;
    return r.slides ? { distance: r.distance, moves: r.moves, slides: r.slides } : { distance: r.distance, moves: r.moves };
  }

  /** A shortest solution: the tiles to move, in order; null if there is none. */
  async solve(size, board, options) {
    const r = await this.#ask("solve", options, (o) => ({ size, board, metric: o.metric, goal: o.goal }));
    return r.solvable ? r.moves : null;
  }

  /**
   * A board at an exact distance from the goal in [min, max]:
   * { board, distance }. The same seed gives the same board.
   */
  async level(request, options) {
    const r = await this.#ask("level", options, () => {
      const { size, min, max, seed, metric, goal } = request ?? {};
      return { size, min, max, seed, metric, goal };
    });
    return { board: r.board, distance: r.distance };
  }

  /**
   * The distribution of distances of a size: { states, max, at_max, mean,
   * median, counts, hardest, source }; source cites the publication where
   * the counts are not computed here (4x4).
   */
  stats(size, options) {
    return this.#ask("stats", options, (o) => ({ size, metric: o.metric, goal: o.goal }));
  }
}

// needsAbstraction reports whether a call of endpoint with params asks
// about 4x4 boards in multi-tile moves, whose searches the abstraction
// database 4x4-multi.abs bounds: every endpoint but sizes and solvable.
function needsAbstraction(endpoint, params) {
  if (endpoint === "sizes" || endpoint === "solvable" || params === null || typeof params !== "object") return false;
  try {
    return String(params.metric) === "multi" && /^0*4x0*4$/.test(String(params.size).trim().toLowerCase());
  } catch {
    return false; // the query refused it already
  }
}

// Queue is a first-in first-out list whose shift takes constant time.
class Queue {
  #items = [];
  #head = 0;
  push(x) { this.#items.push(x); }
  first() { return this.#items[this.#head]; }
  shift() {
    const x = this.#items[this.#head++];
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return x;
  }
  rest() { return this.#items.slice(this.#head); }
}

// answerOf parses the Go program's "STATUS JSON" answer to a call of
// endpoint, or throws its error.
function answerOf(endpoint, reply) {
  const space = reply.indexOf(" ");
  const status = Number(reply.slice(0, space));
  const v = JSON.parse(reply.slice(space + 1));
  if (status !== 200) throw new SlidetableError(v.error, status);
  return v;
}

// queryOf writes the parameters as a query: a board or goal given as an
// array with commas, anything else as text, which the parser refuses by
// name where it is not a number, size or board; undefined and null are
// left out.
function queryOf(params) {
  if (params === null || typeof params !== "object") throw new SlidetableError(`the parameters must be an object, not ${typeof params}`, 400, "input");
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null) q.set(k, k === "board" || k === "goal" ? boardText(k, v) : text(k, v));
  }
  return q.toString();
}

function boardText(name, board) {
  return Array.isArray(board) ? board.map((c, i) => text(`${name}[${i}]`, c)).join(",") : text(name, board);
}

// text writes v as text for the parameter name, or throws a
// SlidetableError where it cannot be (its toString throws).
function text(name, v) {
  try {
    return String(v);
  } catch (e) {
    throw new SlidetableError(`${name} cannot be written as text: ${reasonOf(e)}`, 400, "input");
  }
}

function optionsOf(options) {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object") throw new SlidetableError(`the options must be an object, not ${typeof options}`, 400, "input");
  const { metric, goal, signal } = options;
  return { metric, goal, signal };
}

function signalOf(options) {
  if (options === undefined || options === null) return null;
  if (typeof options !== "object") throw new SlidetableError(`the options must be an object, not ${typeof options}`, 400, "input");
  const { signal } = options;
  if (signal === undefined || signal === null) return null;
  if (typeof signal !== "object" || typeof signal.aborted !== "boolean" || typeof signal.addEventListener !== "function") {
    throw new SlidetableError("options.signal is not an AbortSignal", 400, "input");
  }
  return signal;
}

// asInput turns what an argument threw (a getter, a proxy) into a
// SlidetableError naming it.
function asInput(e) {
  return e instanceof SlidetableError ? e : new SlidetableError(`bad argument: ${reasonOf(e)}`, 400, "input", { cause: e });
}

// stopped is the error of a call of endpoint its signal stopped, for the
// reason the signal gives.
function stopped(endpoint, reason) {
  const timeout = reason && reason.name === "TimeoutError";
  const why = timeout ? "its signal timed out" : `its signal was aborted (${reasonOf(reason)})`;
  return new SlidetableError(`${endpoint} stopped: ${why}`, 503, timeout ? "timeout" : "aborted", { cause: reason });
}

// reasonOf describes a thrown value or an abort reason in a few words,
// whatever it is.
function reasonOf(e) {
  try {
    const s = e instanceof Error || (e && typeof e.message === "string") ? `${e.name ? e.name + ": " : ""}${e.message}` : String(e);
    return s.length > 80 ? `${s.slice(0, 77)}...` : s;
  } catch {
    return "an error that cannot be written as text";
  }
}
