// slidetable: exact distances, hints, shortest solutions and levels of
// sliding-tile puzzles (the 15-puzzle family), computed in WebAssembly: the
// distance tables of the boards up to 3x3 and 4x2 and the 4x4 pattern
// database are inside slidetable.wasm, so nothing is asked of a server.
// The 4x4 abstraction database, which bounds searches in multi-tile moves,
// is the file 4x4-multi.abs beside it (33 MB), fetched only when a call
// first asks to search 4x4 in that metric; the 4x4 level packs, which
// deal its levels and answer the boards on their solutions (and, in
// multi-tile moves, those near the far levels) at once, are
// 4x4-pack.jsonl and 4x4-multi-pack.jsonl beside it (122 KB and 631 KB),
// each fetched only when a call that it may answer first asks about 4x4
// in its metric. A browser keeps each for its next visits.
//
//   import { load } from "slidetable";
//   const st = await load();
//   await st.distance("3x3", "8 6 7/2 5 4/3 0 1"); // 31
//   await st.hints("4x4", board, { signal: AbortSignal.timeout(1000) });
//
// An ES module with no dependencies, for Node (20 or later), browsers and
// Web Workers. The answers are worked out off the calling thread, in
// workers the module manages (module Web Workers in a browser,
// worker_threads Workers in Node), so that a search never blocks it: one
// worker answers what a table answers at once, and never searches, so
// that a lookup never waits behind a search; the searches run in a
// bounded pool of workers of their own. Every call takes an AbortSignal,
// and a call it stops ends its search: the worker that runs it is ended,
// and another started when a search wants one.

const defaultWasm = new URL("./slidetable.wasm", import.meta.url);
const defaultAbstraction = new URL("./4x4-multi.abs", import.meta.url);
const defaultPacks = new URL("./", import.meta.url);

// maxFile bounds a file read or fetched whose length is not known in
// advance (the module): it is a few MB.
const maxFile = 64 << 20;

// defaultStall is how long, in ms, a fetch may go without receiving
// anything before it is given up; maxStall bounds the stallTimeout option.
const defaultStall = 30_000;
const maxStall = 3_600_000;

// defaultRate is the slowest average, in bytes a second, at which a file
// whose length is known in advance (4x4-multi.abs, a level pack) may
// arrive: its fetch is given up once the stall bound and the time it
// takes at that rate have passed (30 s and 7 s for 4x4-pack.jsonl, 30 s
// and 33 min for 4x4-multi.abs). maxRate bounds the minRate option.
const defaultRate = 16 << 10;
const maxRate = 1 << 30;

// maxTimer is the longest a timer waits, in ms (about 24 days): setTimeout
// takes a longer delay as none.
const maxTimer = 2 ** 31 - 1;

// defaultWorkers is the most searchers a Slidetable starts by default,
// fewer where there are fewer cores; maxWorkers bounds the workers option.
const defaultWorkers = 4;
const maxWorkers = 16;

let shared = null; // {work, st}: the Slidetable load() without options shares, while open

/**
 * Loads the WebAssembly module, starts the worker that looks up answers
 * in its tables and returns a Slidetable; the workers that search are
 * started when a call first needs one. Without wasm, abstraction, packs,
 * workers, stallTimeout or minRate it is loaded once and shared, until it
 * is closed.
 * options.wasm gives the module's place (a URL or string), its bytes (an
 * ArrayBuffer or typed array), a Response or a compiled
 * WebAssembly.Module, where slidetable.wasm is not beside this file.
 * options.abstraction gives the place (a URL or string) or bytes of
 * 4x4-multi.abs in the same ways, where it is not beside this file: it is
 * fetched the first time a call asks about 4x4 in multi-tile moves, and
 * given to the module only if it is the very file of its build (by its
 * SHA-256, which the module checks again); a browser keeps it too (the
 * Cache API store "slidetable"), so that a later visit fetches nothing.
 * options.packs gives the place (a URL or string) of the folder that
 * holds the level packs 4x4-pack.jsonl and 4x4-multi-pack.jsonl, where
 * they are not beside this file: each is fetched, checked and kept in the
 * same way the first time a call that it may answer asks about 4x4 in its
 * metric (see the calls' path in Slidetable). A place must be an http,
 * https or file URL (a file's also data or blob), refused here otherwise.
 * A file fetched is given up if nothing of it arrives for
 * options.stallTimeout ms (30 s by default); the module may have at most
 * 64 MB, and a file whose length the module knows (4x4-multi.abs, a pack)
 * is refused as soon as it passes it, and given up once stallTimeout and
 * the time its length takes at options.minRate bytes a second (16 KB by
 * default) have passed. A file fetched that cannot be had, or is not the
 * file of this build, is "unavailable" to the calls that need it, and the
 * next call fetches it again.
 * options.workers is the most searches run at once (1 to 16; by default
 * the cores, at most 4). options.signal stops the loading; the fetch of a
 * file stops when every call waiting for it has stopped.
 */
export function load(options) {
  let o;
  try {
    o = loadOptionsOf(options);
  } catch (e) {
    return Promise.reject(asInput(e));
  }
  if (o.own) return new Shared((signal) => start(o, signal)).wait(o.signal, "load");
  if (!shared || shared.work.abandoned) {
    const mine = { work: null, st: null };
    mine.work = new Shared((signal) => start(o, signal).then((st) => {
      mine.st = st;
      return st;
    }));
    mine.work.promise.catch(() => {
      if (shared === mine) shared = null;
    });
    shared = mine;
  }
  return shared.work.wait(o.signal, "load");
}

// forget stops load() from handing out st, which is closed.
function forget(st) {
  if (shared && shared.st === st) shared = null;
}

// loadOptionsOf checks the options of load: own says whether they ask
// for a Slidetable of their own rather than the shared one.
function loadOptionsOf(options) {
  if (options === undefined || options === null) options = {};
  if (typeof options !== "object") throw new SlidetableError(`the options must be an object, not ${typeof options}`, 400, "input");
  const { wasm, abstraction, packs, workers, stallTimeout, minRate } = options;
  const signal = signalOf(options);
  return {
    wasm: wasm === undefined || wasm === null ? defaultWasm : fileOf("wasm", wasm, true),
    abstraction: abstraction === undefined || abstraction === null ? defaultAbstraction : fileOf("abstraction", abstraction, false),
    packs: packs === undefined ? defaultPacks : folderOf(packs),
    workers: workers === undefined ? undefined : wholeIn("workers", workers, 1, maxWorkers),
    stall: stallTimeout === undefined ? defaultStall : wholeIn("stallTimeout", stallTimeout, 1, maxStall),
    rate: minRate === undefined ? defaultRate : wholeIn("minRate", minRate, 1, maxRate),
    signal,
    own: wasm !== undefined || abstraction !== undefined || packs !== undefined || workers !== undefined || stallTimeout !== undefined || minRate !== undefined,
  };
}

// fileProtocols are the URLs a file is fetched or read from: fetch's
// (http, https, data, blob) and, in Node, file.
const fileProtocols = ["http:", "https:", "file:", "data:", "blob:"];

// folderProtocols are the URLs of a folder, which a file's name resolves
// inside.
const folderProtocols = ["http:", "https:", "file:"];

// fileOf checks options[name], a file given as its place (a URL or
// string, returned as a URL), its bytes (an ArrayBuffer or typed array),
// a Response, or, if module is set, a compiled WebAssembly.Module.
function fileOf(name, v, module) {
  if (v instanceof URL || typeof v === "string") return urlOf(name, v, fileProtocols, "a file");
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v) || (typeof Response !== "undefined" && v instanceof Response)) return v;
  if (module && v instanceof WebAssembly.Module) return v;
  const kind = v === null ? "null" : typeof v;
  throw new SlidetableError(`options.${name} is ${kind}: want the URL of a file (a URL or string), its bytes (an ArrayBuffer or typed array) or a Response${module ? ", or a WebAssembly.Module" : ""}`, 400, "input");
}

// folderOf returns the URL of the folder packs (a URL or string), ending
// in "/" so that a file's name resolves inside it.
function folderOf(packs) {
  if (!(packs instanceof URL) && typeof packs !== "string") throw new SlidetableError(`options.packs is ${typeof packs}: want the URL of a folder, as a URL or string`, 400, "input");
  const url = urlOf("packs", packs, folderProtocols, "a folder");
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url;
}

// urlOf returns the URL v (a URL or string) of options[name], resolved
// beside this module, if its protocol is one of protocols: what a data:,
// mailto: or about: URL names cannot be fetched, or holds no file.
function urlOf(name, v, protocols, what) {
  const shown = JSON.stringify(text(name, v).slice(0, 80));
  let url;
  try {
    url = new URL(String(v), import.meta.url);
  } catch (e) {
    throw new SlidetableError(`options.${name} ${shown} is not a URL: ${reasonOf(e)}`, 400, "input", { cause: e });
  }
  if (!protocols.includes(url.protocol)) {
    const want = protocols.map((p) => p.slice(0, -1));
    throw new SlidetableError(`options.${name} ${shown} is not the URL of ${what} (${want.slice(0, -1).join(", ")} or ${want.at(-1)}): its protocol is ${url.protocol}`, 400, "input");
  }
  return url;
}

// wholeIn returns v if it is a whole number in [lo, hi].
function wholeIn(name, v, lo, hi) {
  if (!Number.isInteger(v) || v < lo || v > hi) throw new SlidetableError(`options.${name} is ${text(name, v)}: want a whole number from ${lo} to ${hi}`, 400, "input");
  return v;
}

// start loads the module and starts a Slidetable, unless signal aborts
// first.
async function start(o, signal) {
  const [module, sp] = await Promise.all([compile(o.wasm, { signal, stall: o.stall }), spawner()]);
  if (signal.aborted) throw signal.reason;
  const workers = o.workers ?? Math.max(1, Math.min(sp.cores, defaultWorkers));
  const st = new Slidetable(token, module, sp.spawn, o.abstraction, { workers, stall: o.stall, rate: o.rate, packs: o.packs });
  try {
    await st[started];
    if (signal.aborted) throw signal.reason;
  } catch (e) {
    st.close();
    throw e;
  }
  return st;
}

async function compile(source, f) {
  if (source instanceof WebAssembly.Module) return source;
  return WebAssembly.compile(await bytesOf(source, f));
}

// bytesOf returns the bytes of a file given as its place, its bytes or a
// Response, fetched or read under f: {signal, stall}, stopped when
// f.signal aborts or nothing arrives for f.stall ms; with {name, size,
// deadline, given} for a file whose length is known in advance (see
// demandedBytes), refused as soon as it passes size bytes, or when
// deadline ms have passed.
async function bytesOf(source, f) {
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  if (typeof Response !== "undefined" && source instanceof Response) return fetched(source, "the Response given", f);
  const url = source instanceof URL ? source : new URL(String(source), import.meta.url);
  if (url.protocol === "file:") return readFile(url, f);
  return fetched(url, String(url), f);
}

// givenBytes reports whether source is a file's bytes that the caller
// gave (bytes, or a Response), not its place.
function givenBytes(source) {
  return source instanceof ArrayBuffer || ArrayBuffer.isView(source) || (typeof Response !== "undefined" && source instanceof Response);
}

// store names the Cache API store where a browser keeps the files fetched
// on demand (4x4-multi.abs, the level packs), so that a later visit
// fetches nothing.
const store = "slidetable";

// demandedBytes returns the bytes of file, a file the module leaves out
// ({name, sha256, bytes}, as its lookup describes it), at source, fetched
// under f: {signal, stall, rate}, as bytesOf does, bounded by its length
// and given up past a deadline: the stall bound and the time its length
// takes at f.rate bytes a second. Only that very file is returned, by its
// SHA-256: other bytes are refused with code "unavailable" where they
// were fetched or read, so that the next call fetches them again, and
// "file" where the caller gave them. Where there is a Cache API (a page
// or a worker of a secure context), it takes them from the store if an
// earlier visit kept them and they are still that file, and keeps what it
// fetches once it is that file, in place of the files of other builds. A
// store that fails is passed over: it only spares a fetch. The module
// checks the bytes again when it is given them.
async function demandedBytes(source, file, f) {
  const given = givenBytes(source);
  const deadline = Math.min(f.stall + Math.ceil(file.bytes / f.rate * 1000), maxTimer);
  const g = { signal: f.signal, stall: f.stall, name: file.name, size: file.bytes, deadline, given };
  const key = storeKey(source, file.sha256);
  const cache = key ? await caches.open(store).catch(() => null) : null;
  if (cache) {
    const hit = await cache.match(key).catch(() => undefined);
    if (hit) {
      const b = await fetched(hit, key, g).catch(() => null);
      if (b && await sha256(b) === file.sha256) return b;
      await cache.delete(key).catch(() => {});
    }
  }
  const b = await bytesOf(source, g);
  const sum = await sha256(b);
  if (sum !== file.sha256) {
    const what = given ? `the ${source instanceof ArrayBuffer || ArrayBuffer.isView(source) ? "bytes" : "Response"} given` : String(source);
    const msg = `${what}: ${b.length} bytes that are not the ${file.name} of this build (SHA-256 ${sum.slice(0, 16)}..., want ${file.sha256.slice(0, 16)}...)`;
    throw given ? new SlidetableError(msg, 500, "file") : new SlidetableError(msg, 503, "unavailable");
  }
  if (cache) {
    try {
      await cache.put(key, new Response(b, { headers: { "Content-Type": "application/octet-stream" } }));
      const base = key.slice(0, key.indexOf("?"));
      for (const req of await cache.keys()) {
        if (req.url !== key && req.url.startsWith(base + "?")) await cache.delete(req);
      }
    } catch {
      // Kept or not, the bytes are good.
    }
  }
  return b;
}

// storeKey returns the key of the file at source whose SHA-256 is sum in
// the store: its http(s) URL with the sum as the query, so that a file of
// another build is never taken for it; or null where there is no store,
// or source is bytes, a Response or a local file.
function storeKey(source, sum) {
  if (typeof sum !== "string" || typeof caches === "undefined" || givenBytes(source)) return null;
  let url;
  try {
    url = new URL(String(source), import.meta.url);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  url.search = `sha256=${sum}`;
  return url.href;
}

// sha256 returns the SHA-256 of bytes b, in hex: by crypto.subtle where
// there is one, else by sha256Plain (a page that is no secure context,
// served over http from another host than localhost, has none).
async function sha256(b) {
  const subtle = globalThis.crypto?.subtle;
  const d = subtle ? new Uint8Array(await subtle.digest("SHA-256", b)) : sha256Plain(b);
  return Array.from(d, (x) => x.toString(16).padStart(2, "0")).join("");
}

// sha256K are the round constants of SHA-256 (FIPS 180-4, 4.2.2).
const sha256K = Uint32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);

// sha256Plain returns the SHA-256 of bytes b (FIPS 180-4) in plain
// JavaScript: the blocks of 64 bytes of b, then those of its last bytes
// padded with a 1 bit, zeros and its length in bits, big-endian in the
// last 8 bytes.
function sha256Plain(b) {
  const state = Uint32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);
  const w = new Uint32Array(64);
  const whole = b.length - (b.length % 64);
  for (let at = 0; at < whole; at += 64) sha256Block(state, w, b, at);
  const rest = b.length - whole;
  const tail = new Uint8Array(rest < 56 ? 64 : 128);
  tail.set(b.subarray(whole));
  tail[rest] = 0x80;
  const end = new DataView(tail.buffer);
  end.setUint32(tail.length - 8, Math.floor(b.length / 2 ** 29)); // the bits' high word
  end.setUint32(tail.length - 4, (b.length * 8) >>> 0);
  for (let at = 0; at < tail.length; at += 64) sha256Block(state, w, tail, at);
  const out = new Uint8Array(32);
  const v = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) v.setUint32(4 * i, state[i]);
  return out;
}

// sha256Block adds the block of m at offset at to the hash state, with w
// the room for its message schedule. A Uint32Array keeps what it is
// given modulo 2^32, and x | 0 takes x modulo 2^32 too.
function sha256Block(state, w, m, at) {
  const ror = (x, n) => (x >>> n) | (x << (32 - n));
  for (let i = 0; i < 16; i++, at += 4) w[i] = (m[at] << 24) | (m[at + 1] << 16) | (m[at + 2] << 8) | m[at + 3];
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15], y = w[i - 2];
    w[i] = w[i - 16] + (ror(x, 7) ^ ror(x, 18) ^ (x >>> 3)) + w[i - 7] + (ror(y, 17) ^ ror(y, 19) ^ (y >>> 10));
  }
  let [a, b, c, d, e, f, g, h] = state;
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + sha256K[i] + w[i]) | 0;
    const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

// readFile reads a file: URL in Node: fetch does not read files. Bundlers
// for the web need not follow this. Only a regular file of a bounded
// size (f.size, or maxFile where its length is not known): a FIFO or a
// device would hold the call forever, or fill memory.
async function readFile(url, f) {
  const { open, constants } = await import(/* webpackIgnore: true */ /* @vite-ignore */ "node:fs/promises");
  const fh = await open(url, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)); // a FIFO opens at once
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new SlidetableError(`${url.pathname}: not a regular file`, 400, "input");
    if (st.size > (f.size ?? maxFile)) throw tooLarge(url.pathname, st.size, f);
    const b = new Uint8Array(await fh.readFile());
    if (b.length > (f.size ?? maxFile)) throw tooLarge(url.pathname, b.length, f); // it grew
    return b;
  } finally {
    await fh.close();
  }
}

// fetched returns the body of source, a URL to fetch or a Response, named
// what in messages, under f (see bytesOf): at most f.size bytes, or
// maxFile, given up when nothing arrives for f.stall ms or after
// f.deadline ms, and stopped when f.signal aborts.
async function fetched(source, what, f) {
  const ctl = new AbortController();
  const stop = () => ctl.abort(f.signal.reason);
  if (f.signal.aborted) throw f.signal.reason;
  f.signal.addEventListener("abort", stop, { once: true });
  let timer;
  const progress = () => {
    clearTimeout(timer);
    timer = setTimeout(() => ctl.abort(new SlidetableError(`${what}: nothing received for ${f.stall} ms: given up`, 503, "unavailable")), f.stall);
  };
  const deadline = f.deadline === undefined ? undefined :
    setTimeout(() => ctl.abort(new SlidetableError(`${what}: not received in full within ${f.deadline} ms: given up`, 503, "unavailable")), f.deadline);
  const most = f.size ?? maxFile;
  let reader = null;
  try {
    progress();
    const res = source instanceof URL ? await raced(fetch(source, { signal: ctl.signal }), ctl.signal) : source;
    if (!res.ok) throw new SlidetableError(`${what}: HTTP ${res.status}`, 503, "unavailable");
    // A length known in advance is that of the bytes decoded, which
    // Content-Length is not where the body is compressed.
    const length = Number(res.headers.get("Content-Length"));
    if (f.size === undefined && length > maxFile) throw tooLarge(what, length, f);
    if (!res.body) return new Uint8Array(0);
    reader = res.body.getReader();
    const chunks = [];
    let got = 0;
    for (;;) {
      progress();
      const { done, value } = await raced(reader.read(), ctl.signal);
      if (done) break;
      got += value.byteLength;
      if (got > most) throw tooLarge(what, null, f);
      chunks.push(value);
    }
    reader = null;
    const out = new Uint8Array(got);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  } catch (e) {
    throw ctl.signal.aborted ? ctl.signal.reason : e; // the stall, the deadline or the signal, not the fetch's AbortError
  } finally {
    clearTimeout(timer);
    clearTimeout(deadline);
    f.signal.removeEventListener("abort", stop);
    reader?.cancel().catch(() => {});
    ctl.abort(); // the connection goes with the call
  }
}

// tooLarge is the error of a file of length bytes (null: more, as far as
// it was read) than f allows: f.size, the length of the file f.name it
// must be, a bad delivery ("unavailable", or "file" for a Response the
// caller gave); or, where that is not known, maxFile ("input").
function tooLarge(what, length, f) {
  if (f.size === undefined) {
    const most = `the ${maxFile} bytes a module or database file may have`;
    return new SlidetableError(length === null ? `${what}: more than ${most}` : `${what}: ${length} bytes, more than ${most}`, 400, "input");
  }
  const msg = `${what}: ${length === null ? "more than" : `${length} bytes, more than`} the ${f.size} bytes of ${f.name}`;
  return f.given ? new SlidetableError(msg, 500, "file") : new SlidetableError(msg, 503, "unavailable");
}

// raced returns p, or rejects with signal's reason once it aborts.
function raced(p, signal) {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

// spawner returns {spawn, cores}: the cores there are and a function
// that starts a worker running slidetable-worker.js and returns it as
// {post, terminate, listen, hold}: a module Web Worker where there is one
// (browsers, Deno, Bun), otherwise Node's worker_threads.
async function spawner() {
  if (typeof Worker === "function") {
    const cores = typeof navigator !== "undefined" && navigator.hardwareConcurrency > 0 ? navigator.hardwareConcurrency : 1;
    return { cores, spawn: () => {
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
    } };
  }
  const [{ Worker: NodeWorker }, os] = await Promise.all([
    import(/* webpackIgnore: true */ /* @vite-ignore */ "node:worker_threads"),
    import(/* webpackIgnore: true */ /* @vite-ignore */ "node:os"),
  ]);
  const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  return { cores, spawn: () => {
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
        if (busy === held || ended) return;
        held = busy;
        if (busy) w.ref();
        else w.unref();
      },
    };
  } };
}

/**
 * An Error from slidetable. status is the HTTP status the API of
 * slidetable serve answers the same failure with, and code says what it
 * is: for a failure of the module, the code of its kind (the Go package
 * failure's Codes.JS: "input", "file", "memory", "timeout", "aborted",
 * "not-found", "failed"), which the module gives; for this module's own,
 * "input" (a bad argument or option), "unavailable" (503: a file that
 * could not be had when a call needed it), "file" (bytes given as a file
 * that are not it), "aborted" or "timeout" (503: the call's signal
 * stopped it; cause is the signal's reason), "closed" (the Slidetable was
 * closed), "failed" (500: the worker or the module stopped). README.md
 * lists them, and a test keeps the list true.
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
  #next = 1; // the id of the next call
  #pending = new Map(); // id -> call: the calls not yet settled
  #lookup = null; // the worker that looks up, {w, calls, ready}, or null until a call needs one
  #pool; // the searchers, each {w, call}
  #closed = false;
  #ready; // resolves when the first worker has started the module
  #abstraction; // where 4x4-multi.abs is, or its bytes, or a Response of them
  #given = null; // {name, bytes} of 4x4-multi.abs, once fetched: given to every searcher
  #fetches = new Map(); // name -> the Shared fetch of a file the module leaves out, while it is fetched
  #packs; // the URL of the folder of the level packs
  #packsGiven = new Map(); // name -> bytes of each pack fetched: given to every worker
  #stall; // ms a fetch may go without progress
  #rate; // the slowest average, in bytes a second, of a fetch of a file whose length is known

  constructor(key, module, spawn, abstraction, options) {
    if (key !== token) throw new TypeError("slidetable: use load() to get a Slidetable");
    this.#module = module;
    this.#spawn = spawn;
    this.#abstraction = abstraction;
    this.#packs = options.packs;
    this.#stall = options.stall;
    this.#rate = options.rate;
    this.#pool = new Pool(options.workers, () => this.#startSearcher());
    this.#ready = new Promise((resolve, reject) => {
      this.#lookup = this.#startLookup({ resolve, reject });
    });
  }

  get [started]() {
    return this.#ready;
  }

  // A call goes first to the worker that looks up (#look), which answers
  // it from a table or a level pack, or says that a search must, or that
  // a level pack not yet given may answer it (#withPack). A call that a
  // search must answer waits, if the search needs 4x4-multi.abs, for its
  // fetch (#fetchFor); then for a searcher of the pool (#search), and runs
  // there (#run). Whatever settles it (its answer, its signal, a worker's
  // failure, close) settles it once (#settle), which undoes what the call
  // holds at that step.
  //
  // What waits for a level pack: only a call the pack may answer, 4x4
  // towards the standard goal in the pack's metric (the module's lookup
  // says which). A level waits for it, since the pack deals it: if the
  // pack cannot be had, the level rejects with "unavailable". A distance,
  // hint or solution, which a search answers without the pack, waits for
  // the pack only to be answered as the pack answers a board it holds
  // (the same answer as the API's): its search runs meanwhile, unless it
  // needs 4x4-multi.abs not yet at hand (33 MB, a file the pack, 66 KB,
  // may spare), which is fetched only once the pack has not answered. If
  // the pack answers, the search is ended; if not, or if the pack cannot
  // be had, the search answers.

  // #startLookup starts the worker that looks up; first, if given, learns
  // whether it started.
  #startLookup(first) {
    const lane = { w: this.#spawn(), calls: new Map(), ready: false };
    lane.w.listen((msg) => this.#looked(lane, msg, first), (why) => this.#lookupFailed(lane, why, first));
    lane.w.post({ module: this.#module });
    for (const [name, b] of this.#packsGiven) lane.w.post({ give: b, name });
    hold(lane);
    return lane;
  }

  #look(call) {
    this.#lookup ??= this.#startLookup(null);
    const lane = this.#lookup;
    call.lane = lane;
    lane.calls.set(call.id, call);
    lane.w.post(call.draw ? { id: call.id, query: call.query, draw: true } : { id: call.id, endpoint: call.endpoint, query: call.query, lookup: true });
    hold(lane);
  }

  #looked(lane, msg, first) {
    if (lane !== this.#lookup) return; // one ended
    if (msg.ready !== undefined) {
      if (!msg.ready) {
        this.#lookupFailed(lane, msg.error, first);
        return;
      }
      lane.ready = true;
      first?.resolve();
      hold(lane);
      return;
    }
    const call = lane.calls.get(msg.id);
    if (!call) return; // settled meanwhile
    lane.calls.delete(call.id);
    call.lane = null;
    hold(lane);
    call.pack = false; // looked up: a pack it waited for is given, or none is needed
    if (msg.need) this.#withPack(call, msg);
    else if (!msg.search) this.#settle(call, () => answerOf(call.endpoint, msg.reply));
    else this.#toSearch(call, msg.abstraction);
  }

  // #toSearch searches call, once the abstraction database it needs (if
  // any: {name, sha256, bytes}) is given; unless it searches already,
  // beside the fetch of a level pack that did not answer it, or has been
  // answered so.
  #toSearch(call, abstraction) {
    if (call.held !== null) this.#settle(call, () => answerOf(call.endpoint, call.held));
    else if (call.searching) return;
    else if (abstraction && !this.#given) this.#fetchFor(call, abstraction);
    else this.#search(call);
  }

  #lookupFailed(lane, why, first) {
    if (lane !== this.#lookup) return;
    lane.w.terminate();
    this.#lookup = null;
    const err = workerStopped(why);
    first?.reject(err);
    for (const call of [...lane.calls.values()]) this.#settle(call, () => { throw err; });
  }

  // #fetchFor fetches 4x4-multi.abs, the file abstraction ({name, sha256,
  // bytes}: #fetchFile), gives it to every searcher, then searches call. A
  // Response given as its bytes is read as a copy of it each time, until
  // one is the file.
  #fetchFor(call, abstraction) {
    const source = () => typeof Response !== "undefined" && this.#abstraction instanceof Response ? this.#abstraction.clone() : this.#abstraction;
    this.#fetchFile(call, abstraction, source, (b) => {
      this.#given = { name: abstraction.name, bytes: b };
      this.#abstraction = b;
      for (const s of this.#pool.workers()) s.w.post({ give: b, name: abstraction.name });
    }, `4x4 in multi-tile moves is searched with the abstraction database ${abstraction.name}`, () => this.#search(call), null);
  }

  // #withPack fetches the level pack msg.need ({name, sha256, bytes}), as
  // #fetchFor does, for call, which it may answer; gives it to every
  // worker, and looks call up again. Where msg.search says that a search
  // answers call without the pack, that search runs meanwhile if it needs
  // no file not at hand (msg.abstraction), and call goes on with it if the
  // pack cannot be had. A call that is asked for a pack it has had given
  // fails rather than fetching for ever.
  #withPack(call, msg) {
    const { need, search, abstraction } = msg;
    const name = need.name;
    if (call.packs?.has(name)) {
      this.#settle(call, () => { throw new SlidetableError(`${call.endpoint}: the level pack ${name} was given to the WebAssembly module, which still asks for it`, 500, "failed"); });
      return;
    }
    (call.packs ??= new Set()).add(name);
    call.pack = true;
    if (this.#packsGiven.has(name)) {
      this.#again(call); // given meanwhile, before this call's lookup was answered
      return;
    }
    if (search && !call.searching && (!abstraction || this.#given)) this.#search(call);
    this.#fetchFile(call, need, () => new URL(name, this.#packs), (b) => {
      this.#packsGiven.set(name, b);
      this.#lookup?.w.post({ give: b, name });
      for (const s of this.#pool.workers()) s.w.post({ give: b, name });
    }, `4x4 is answered with the level pack ${name}`, () => this.#again(call), search ? () => {
      call.pack = false;
      this.#toSearch(call, abstraction);
    } : null);
  }

  // #again looks call up again, once a file it waited for is given.
  #again(call) {
    try {
      this.#look(call);
    } catch (e) {
      this.#settle(call, () => { throw workerStopped(`it could not start: ${reasonOf(e)}`); });
    }
  }

  // #fetchFile fetches file ({name, sha256, bytes}) at source() once for
  // every call that needs it (demandedBytes: checked, and perhaps taken
  // from the browser's cache), hands its bytes to give, then goes on with
  // call by next. The fetch stops when every call waiting for it has, and
  // one that failed is tried again by the next call. Then call goes on by
  // without, if given; else it fails, saying what the file is for: with
  // code "file" for bytes the caller gave that are not the file, else
  // "unavailable".
  #fetchFile(call, file, source, give, what, next, without) {
    const name = file.name;
    let f = this.#fetches.get(name);
    if (!f || f.abandoned) {
      const mine = new Shared((signal) => demandedBytes(source(), file, { signal, stall: this.#stall, rate: this.#rate }));
      f = mine;
      this.#fetches.set(name, mine);
      mine.promise.then((b) => {
        if (!this.#closed) give(b);
      }, () => {}).finally(() => {
        if (this.#fetches.get(name) === mine) this.#fetches.delete(name);
      });
    }
    call.leave = f.join();
    f.promise.then(() => {
      call.leave = null;
      if (this.#pending.has(call.id)) next();
    }, (e) => {
      call.leave = null;
      if (!this.#pending.has(call.id)) return;
      if (without) {
        without();
        return;
      }
      const why = e instanceof SlidetableError ? e.message : reasonOf(e);
      const err = e instanceof SlidetableError && e.code === "file" ?
        new SlidetableError(`${call.endpoint}: ${what}: ${why}`, e.status, e.code, { cause: e }) :
        new SlidetableError(`${call.endpoint}: ${what}, which could not be loaded: ${why}`, 503, "unavailable", { cause: e });
      this.#settle(call, () => { throw err; });
    });
  }

  #search(call) {
    call.searching = true;
    this.#pool.get({
      wanted: () => this.#pending.has(call.id),
      run: (s) => this.#run(s, call),
      fail: (e) => this.#settle(call, () => { throw workerStopped(reasonOf(e)); }),
    });
  }

  // #startSearcher starts a worker of the pool, given 4x4-multi.abs if it
  // is at hand.
  #startSearcher() {
    const s = { w: this.#spawn(), call: null, end: () => s.w.terminate() };
    s.w.listen((msg) => this.#searched(s, msg), (why) => this.#searcherFailed(s, why));
    s.w.post({ module: this.#module });
    if (this.#given) s.w.post({ give: this.#given.bytes, name: this.#given.name });
    for (const [name, b] of this.#packsGiven) s.w.post({ give: b, name });
    return s;
  }

  #run(s, call) {
    s.call = call;
    call.searcher = s;
    s.w.post({ id: call.id, endpoint: call.endpoint, query: call.query });
    s.w.hold(true);
  }

  #searched(s, msg) {
    if (msg.ready !== undefined) {
      if (!msg.ready) this.#searcherFailed(s, msg.error);
      return;
    }
    const call = s.call;
    if (!call || call.id !== msg.id) return; // one stopped
    s.call = null;
    call.searcher = null;
    call.searching = false;
    s.w.hold(false);
    if (call.pack) call.held = msg.reply; // the answer unless the pack it waits for holds the board
    else this.#settle(call, () => answerOf(call.endpoint, msg.reply));
    this.#pool.put(s);
  }

  #searcherFailed(s, why) {
    const call = s.call;
    s.call = null;
    this.#pool.end(s);
    if (call) {
      call.searcher = null;
      this.#settle(call, () => { throw workerStopped(why); });
    }
  }

  // #settle ends call with what answer returns or throws, once, and lets
  // go of what it holds: its signal's listener, its place in a fetch, the
  // worker that looks it up, or the searcher that runs it, which is ended
  // with its search.
  #settle(call, answer) {
    if (!this.#pending.delete(call.id)) return;
    try {
      call.release?.();
    } catch {
      // A signal's removeEventListener that throws changes nothing here.
    }
    call.leave?.();
    if (call.lane) {
      call.lane.calls.delete(call.id);
      hold(call.lane);
      call.lane = null;
    }
    const s = call.searcher;
    if (s) {
      call.searcher = null;
      s.call = null;
      this.#pool.end(s);
    }
    try {
      call.resolve(answer());
    } catch (e) {
      call.reject(e);
    }
  }

  #stop(call, signal) {
    this.#settle(call, () => { throw stopped(call.endpoint, reasonOfSignal(signal)); });
  }

  // #listen stops call when signal aborts. It returns false if call is
  // settled already: the signal cannot be listened to, or aborted at once.
  #listen(call, signal) {
    const stop = () => this.#stop(call, signal);
    call.release = () => signal.removeEventListener("abort", stop);
    try {
      signal.addEventListener("abort", stop, { once: true });
    } catch (e) {
      this.#settle(call, () => { throw new SlidetableError(`options.signal cannot be listened to: ${reasonOf(e)}`, 400, "input", { cause: e }); });
      return false;
    }
    return this.#pending.has(call.id);
  }

  /**
   * Answers GET /api/ENDPOINT with the parameters, exactly as
   * `slidetable serve` does (the same JSON, parsed): sizes, solvable,
   * distance, hint, solve, level, stats. Rejects with a SlidetableError
   * with the server's message and status where it answers with an error,
   * and when options.signal stops it.
   */
  request(endpoint, params = {}, options = {}) {
    let query, signal, aborted;
    try {
      endpoint = text("endpoint", endpoint);
      query = queryOf(params);
      signal = signalOf(options);
      aborted = signal !== null && signal.aborted === true;
    } catch (e) {
      return Promise.reject(asInput(e));
    }
    return this.#call(endpoint, query, signal, aborted, false);
  }

  // #call asks the worker that looks up endpoint's question query, or,
  // with draw, for a random board (query: size, goal, seed), which it
  // always answers itself.
  #call(endpoint, query, signal, aborted, draw) {
    if (this.#closed) return Promise.reject(closedError(endpoint));
    if (aborted) return Promise.reject(stopped(endpoint, reasonOfSignal(signal)));
    return new Promise((resolve, reject) => {
      const call = {
        id: this.#next++, endpoint, query, draw, resolve, reject, release: null, leave: null, lane: null, searcher: null,
        pack: false, // waiting for a level pack, and the lookup after it
        searching: false, // its search waits for a searcher or runs
        held: null, // the reply of a search that answered while pack
        packs: null, // the names of the level packs fetched for it
      };
      this.#pending.set(call.id, call);
      if (signal && !this.#listen(call, signal)) return;
      try {
        this.#look(call);
      } catch (e) {
        this.#settle(call, () => { throw workerStopped(`it could not start: ${reasonOf(e)}`); });
      }
    });
  }

  /**
   * Ends the workers: calls not yet answered reject with code "closed",
   * and so do later ones; a fetch of 4x4-multi.abs stops, and load()
   * makes a new Slidetable afterwards if this was the one it shared.
   */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    forget(this);
    for (const [name, f] of this.#fetches) f.abort(closedError(`the fetch of ${name}`));
    this.#lookup?.w.terminate();
    this.#lookup = null;
    this.#pool.close();
    for (const call of [...this.#pending.values()]) this.#settle(call, () => { throw closedError(call.endpoint); });
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
   * tiles each move slides; null if the board cannot reach the goal. On a
   * board of a level pack, or one on the stored solution of one, moves
   * holds that solution's next move alone, found without a search, and
   * partial is true: others may be optimal too.
   */
  async hints(size, board, options) {
    const r = await this.#ask("hint", options, (o) => ({ size, board, metric: o.metric, goal: o.goal, notation: o.notation }));
    if (!r.solvable) return null;
    const h = { distance: r.distance, moves: r.moves };
    if (r.partial) h.partial = true;
    if (r.slides) h.slides = r.slides;
    if (r.letters) h.letters = r.letters;
    return h;
  }

  /**
   * A shortest solution: the tiles to move, in order, or with
   * {notation: "letters"} the solution as speedsolvers write it ("R3D2L");
   * null if there is none.
   */
  async solve(size, board, options) {
    const r = await this.#ask("solve", options, (o) => ({ size, board, metric: o.metric, goal: o.goal, notation: o.notation }));
    if (!r.solvable) return null;
    return r.letters ? r.letters.join("") : r.moves;
  }

  /**
   * A board at an exact distance from the goal in [min, max]:
   * { board, distance }, and solution, an optimal solution (the tiles
   * tapped in order), where one came with it (a 4x4 level dealt from its
   * level pack). The same seed gives the same board.
   */
  async level(request, options) {
    const r = await this.#ask("level", options, () => {
      const { size, min, max, seed, metric, goal } = request ?? {};
      return { size, min, max, seed, metric, goal };
    });
    const out = { board: r.board, distance: r.distance };
    if (Array.isArray(r.solution)) out.solution = r.solution;
    return out;
  }

  /**
   * A board drawn uniformly among those that can reach the goal
   * (options.goal, default the standard goal), as an array of cells: no
   * table or search is needed, so it is any size's at once.
   * options.seed (a whole number from 0 to 2^64-1: a safe integer, a
   * bigint or its digits as a string) gives the same board every time,
   * the one `slidetable gen -seed SEED WxH` prints first; by default a
   * random seed.
   */
  random(size, options) {
    let query, signal, aborted;
    try {
      if (options !== undefined && options !== null && typeof options !== "object") {
        throw new SlidetableError(`the options must be an object, not ${typeof options}`, 400, "input");
      }
      const { goal, seed } = options ?? {};
      signal = signalOf(options);
      aborted = signal !== null && signal.aborted === true;
      query = queryOf({ size, goal, seed: seedText(seed) });
    } catch (e) {
      return Promise.reject(asInput(e));
    }
    return this.#call("random", query, signal, aborted, true).then((r) => r.board);
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

// hold keeps Node running while the worker that looks up has calls to
// answer, or has not started yet.
function hold(lane) {
  lane.w.hold(!lane.ready || lane.calls.size > 0);
}

// Pool runs jobs on at most size workers, each worker one job at a time.
// A worker is started when a job needs one and none is idle, and kept
// afterwards (unreferenced in Node); jobs wait for a worker in the order
// they came. A job whose search is stopped ends its worker (end), which a
// new one replaces when a job wants it. A job that splits its search may
// take more workers (spare) while no other job waits. Workers are objects
// with an end method; jobs are {wanted(), run(worker), fail(error)}.
class Pool {
  #size;
  #start; // () => a new worker
  #all = new Set(); // the workers started and not ended
  #idle = []; // those without a job
  #waiting = new Queue(); // jobs waiting for a worker
  #closed = false;

  constructor(size, start) {
    this.#size = size;
    this.#start = start;
  }

  // workers returns every worker, busy or idle.
  workers() {
    return [...this.#all];
  }

  // get runs job on a worker of its own, at once or when one is free,
  // unless it is no longer wanted by then.
  get(job) {
    this.#waiting.push(job);
    this.#dispatch();
  }

  // spare returns up to max workers more for a job that runs, to split
  // its search across: idle ones, then new ones while the pool has room,
  // none while a job waits for its first. The job gives each back with put,
  // or end.
  spare(max) {
    const out = [];
    this.#drop();
    while (out.length < max && this.#waiting.size === 0) {
      const w = this.#take();
      if (!w) break;
      out.push(w);
    }
    return out;
  }

  // put takes back w from a job done with it, for the next.
  put(w) {
    if (!this.#all.has(w)) return;
    this.#idle.push(w);
    this.#dispatch();
  }

  // end ends w, whose job it runs is stopped or failed.
  end(w) {
    if (!this.#all.delete(w)) return;
    const i = this.#idle.indexOf(w);
    if (i >= 0) this.#idle.splice(i, 1);
    w.end();
    this.#dispatch();
  }

  close() {
    this.#closed = true;
    const all = [...this.#all];
    this.#all.clear();
    this.#idle = [];
    this.#waiting = new Queue();
    for (const w of all) w.end();
  }

  // #dispatch gives the jobs waiting the workers there are or may be.
  #dispatch() {
    for (;;) {
      this.#drop();
      if (this.#waiting.size === 0) return;
      let w;
      try {
        w = this.#take();
      } catch (e) {
        this.#waiting.shift().fail(e);
        continue;
      }
      if (!w) return;
      this.#waiting.shift().run(w);
    }
  }

  // #take returns an idle worker, or a new one while the pool has room,
  // or null.
  #take() {
    if (this.#closed) return null;
    if (this.#idle.length > 0) return this.#idle.pop();
    if (this.#all.size >= this.#size) return null;
    const w = this.#start();
    this.#all.add(w);
    return w;
  }

  // #drop forgets the jobs at the head of the queue no longer wanted.
  #drop() {
    while (this.#waiting.size > 0 && !this.#waiting.first().wanted()) this.#waiting.shift();
  }
}

// Shared is work that several calls wait for (the loading of the module,
// the fetch of 4x4-multi.abs), each with a signal perhaps: it is aborted
// when every call waiting for it has stopped, and not before.
class Shared {
  #ctl = new AbortController();
  #waiting = 0;
  #settled = false;

  // work(signal) returns the promise of the work, which signal stops.
  constructor(work) {
    this.promise = Promise.resolve().then(() => work(this.#ctl.signal));
    this.promise.then(() => { this.#settled = true; }, () => { this.#settled = true; });
  }

  // abandoned reports whether the work was aborted: a new call must start
  // it again.
  get abandoned() {
    return this.#ctl.signal.aborted;
  }

  // join counts one more call waiting, and returns the function that
  // counts it out.
  join() {
    this.#waiting++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (--this.#waiting === 0 && !this.#settled) this.abort(new SlidetableError("no call waits for it", 503, "aborted"));
    };
  }

  abort(reason) {
    this.#ctl.abort(reason);
  }

  // wait returns the promise of the work for a call of endpoint, which
  // rejects at once when signal (if any) aborts.
  wait(signal, endpoint) {
    const leave = this.join();
    if (!signal) return this.promise;
    return new Promise((resolve, reject) => {
      const stop = () => {
        leave();
        reject(stopped(endpoint, reasonOfSignal(signal)));
      };
      const release = () => {
        try {
          signal.removeEventListener("abort", stop);
        } catch {
          // A signal's removeEventListener that throws changes nothing here.
        }
      };
      try {
        if (signal.aborted) {
          stop();
          return;
        }
        signal.addEventListener("abort", stop, { once: true });
      } catch (e) {
        leave();
        reject(new SlidetableError(`options.signal cannot be listened to: ${reasonOf(e)}`, 400, "input", { cause: e }));
        return;
      }
      this.promise.then((v) => {
        release();
        resolve(v);
      }, (e) => {
        release();
        reject(e);
      });
    });
  }
}

// Queue is a first-in first-out list whose shift takes constant time.
class Queue {
  #items = [];
  #head = 0;
  get size() { return this.#items.length - this.#head; }
  push(x) { this.#items.push(x); }
  first() { return this.#items[this.#head]; }
  shift() {
    const x = this.#items[this.#head];
    this.#items[this.#head++] = undefined;
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return x;
  }
}

// answerOf parses the Go program's "STATUS JSON" answer to a call of
// endpoint, or throws its error, with the code of its kind of failure
// that the Go program gives.
function answerOf(endpoint, reply) {
  const space = reply.indexOf(" ");
  const status = Number(reply.slice(0, space));
  const v = JSON.parse(reply.slice(space + 1));
  if (status !== 200) throw new SlidetableError(v.error, status, typeof v.code === "string" ? v.code : undefined);
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

// seedText returns the seed of random as text, or undefined for none: a
// number must be a safe integer, since a larger one may not be the seed
// it was written as (2^64-1 is not); the module checks the range.
function seedText(seed) {
  if (seed === undefined || seed === null) return undefined;
  if (typeof seed === "number" && !Number.isSafeInteger(seed)) {
    throw new SlidetableError(`options.seed is ${seed}: want a whole number from 0 to 2^64-1, past 2^53-1 as a bigint or a string`, 400, "input");
  }
  if (typeof seed !== "number" && typeof seed !== "bigint" && typeof seed !== "string") {
    throw new SlidetableError(`options.seed is a${typeof seed === "object" ? "n" : ""} ${typeof seed}: want a whole number from 0 to 2^64-1`, 400, "input");
  }
  return String(seed);
}

function optionsOf(options) {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object") throw new SlidetableError(`the options must be an object, not ${typeof options}`, 400, "input");
  const { metric, goal, signal, notation } = options;
  return { metric, goal, signal, notation };
}

// signalOf returns options.signal, or null, if it is an AbortSignal with
// every method a call uses.
function signalOf(options) {
  if (options === undefined || options === null) return null;
  if (typeof options !== "object") throw new SlidetableError(`the options must be an object, not ${typeof options}`, 400, "input");
  const { signal } = options;
  if (signal === undefined || signal === null) return null;
  if (typeof signal !== "object" || (typeof AbortSignal === "function" && !(signal instanceof AbortSignal)) ||
    typeof signal.aborted !== "boolean" || typeof signal.addEventListener !== "function" || typeof signal.removeEventListener !== "function") {
    throw new SlidetableError("options.signal is not an AbortSignal", 400, "input");
  }
  return signal;
}

// reasonOfSignal returns the reason signal gives, or what its getter
// throws.
function reasonOfSignal(signal) {
  try {
    return signal.reason;
  } catch (e) {
    return e;
  }
}

function closedError(endpoint) {
  return new SlidetableError(`${endpoint}: this Slidetable is closed`, 500, "closed");
}

function workerStopped(why) {
  return new SlidetableError(`the worker stopped: ${why}`, 500, "failed");
}

// asInput turns what an argument threw (a getter, a proxy) into a
// SlidetableError naming it.
function asInput(e) {
  return e instanceof SlidetableError ? e : new SlidetableError(`bad argument: ${reasonOf(e)}`, 400, "input", { cause: e });
}

// stopped is the error of a call of endpoint its signal stopped, for the
// reason the signal gives.
function stopped(endpoint, reason) {
  let timeout = false;
  try {
    timeout = reason?.name === "TimeoutError";
  } catch {
    // A reason whose name cannot be read is no timeout.
  }
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
