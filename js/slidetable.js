// slidetable: exact distances, hints, shortest solutions and levels of
// sliding-tile puzzles (the 15-puzzle family), computed in WebAssembly: the
// distance tables of the boards up to 3x3 and 4x2 and the 4x4 pattern
// database are inside slidetable.wasm, so nothing is asked of a server.
//
//   import { load } from "slidetable";
//   const st = await load();
//   await st.distance("3x3", "8 6 7/2 5 4/3 0 1"); // 31
//
// An ES module with no dependencies, for Node (20 or later), browsers and
// module Web Workers. Every call runs on the calling thread until it has
// its answer: a 3x3 answer takes microseconds, a 4x4 search milliseconds
// to seconds, so a page asks 4x4 questions from a Worker.

import "./wasm_exec.js";

const defaultWasm = new URL("./slidetable.wasm", import.meta.url);

let loaded = null; // the promise of load() without options

/**
 * Loads the WebAssembly module and returns a Slidetable. Without options
 * it is loaded once and shared. options.wasm gives the module's place (a
 * URL or string), its bytes (an ArrayBuffer or typed array), a Response or
 * a compiled WebAssembly.Module, where slidetable.wasm is not beside this
 * file.
 */
export function load(options = {}) {
  if (options.wasm === undefined) {
    loaded ??= start(defaultWasm).catch((e) => {
      loaded = null;
      throw e;
    });
    return loaded;
  }
  return start(options.wasm);
}

async function start(source) {
  const module = await compile(source);
  const Go = globalThis.Go;
  const go = new Go();
  const name = `__slidetable_ready_${Math.random().toString(36).slice(2)}`;
  const ready = new Promise((resolve, reject) => {
    globalThis[name] = (api, err) => (err === null ? resolve(api) : reject(new Error(err)));
  });
  go.argv = ["slidetable", name];
  go.env = {};
  try {
    const instance = await WebAssembly.instantiate(module, go.importObject);
    const exited = go.run(instance).then(() => {
      throw new Error("slidetable: the WebAssembly module stopped");
    });
    const api = await Promise.race([ready, exited]);
    exited.catch(() => {}); // a later stop makes the next call throw
    return new Slidetable(api);
  } finally {
    delete globalThis[name];
  }
}

async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  if (typeof Response !== "undefined" && source instanceof Response) return compileResponse(source);
  const url = source instanceof URL ? source : new URL(String(source), import.meta.url);
  if (url.protocol === "file:") {
    // Node: fetch does not read files. Bundlers for the web need not follow this.
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ "node:fs/promises");
    return WebAssembly.compile(await readFile(url));
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`slidetable: ${url}: HTTP ${res.status}`);
  return compileResponse(res);
}

async function compileResponse(res) {
  // Streaming compilation needs the type application/wasm, which not every
  // static server sends.
  if (WebAssembly.compileStreaming && /^application\/wasm\b/.test(res.headers.get("Content-Type") || "")) {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer());
}

/**
 * An Error from slidetable: bad input (status 400), an unknown endpoint or
 * an unknown distribution (404), no level found (503). Its message is the
 * one the command line prints after "slidetable COMMAND: ".
 */
export class SlidetableError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "SlidetableError";
    this.status = status;
  }
}

// boardText writes a board for the query: a string as it is, an array of
// numbers with commas; anything else as a string, which the parser refuses
// by name.
function boardText(board) {
  return Array.isArray(board) ? board.join(",") : String(board);
}

/** The questions one can ask; see load. */
export class Slidetable {
  #api;

  constructor(api) {
    this.#api = api;
  }

  /**
   * Answers GET /api/ENDPOINT with the parameters, exactly as
   * `slidetable serve` does (the same JSON, parsed): sizes, solvable,
   * distance, hint, solve, level, stats. Throws a SlidetableError with the
   * server's message and status where it answers with an error.
   */
  async request(endpoint, params = {}) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (v !== undefined && v !== null) q.set(k, k === "board" ? boardText(v) : String(v));
    }
    const out = this.#api.answer(String(endpoint), q.toString());
    if (typeof out !== "string") throw new Error("slidetable: the WebAssembly module stopped");
    const space = out.indexOf(" ");
    const status = Number(out.slice(0, space));
    const v = JSON.parse(out.slice(space + 1));
    if (status !== 200) throw new SlidetableError(v.error, status);
    return v;
  }

  /** The sizes played: [{size, width, height, goal, table, published, max, max_level}]. */
  sizes() {
    return this.request("sizes");
  }

  /** The fewest moves from board to the goal, or null if it cannot reach it. */
  async distance(size, board) {
    const r = await this.request("distance", { size, board });
    return r.solvable ? r.distance : null;
  }

  /** Whether board can reach the goal (the parity rule, no search). */
  async solvable(size, board) {
    return (await this.request("solvable", { size, board })).solvable;
  }

  /**
   * Every optimal next move (the tiles that may slide) and the distance:
   * { distance, moves }; null if the board cannot reach the goal.
   */
  async hints(size, board) {
    const r = await this.request("hint", { size, board });
    return r.solvable ? { distance: r.distance, moves: r.moves } : null;
  }

  /** A shortest solution: the tiles to slide, in order; null if there is none. */
  async solve(size, board) {
    const r = await this.request("solve", { size, board });
    return r.solvable ? r.moves : null;
  }

  /**
   * A board at an exact distance from the goal in [min, max]:
   * { board, distance }. The same seed gives the same board.
   */
  async level({ size, min, max, seed } = {}) {
    const r = await this.request("level", { size, min, max, seed });
    return { board: r.board, distance: r.distance };
  }

  /**
   * The distribution of distances of a size: { states, max, at_max, mean,
   * median, counts, hardest, source }; source cites the publication where
   * the counts are not computed here (4x4).
   */
  stats(size) {
    return this.request("stats", { size });
  }
}
