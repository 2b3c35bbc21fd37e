// <slidetable-puzzle>: a sliding-tile puzzle to put in any page, with no
// framework. It deals a board at an exact distance from the goal, lets a
// player move by tap, swipe and the arrow keys, shows a hint or plays a
// whole optimal solution, and tells the page what happens through DOM
// events. Every size slidetable plays, in either metric, with number
// tiles or picture tiles cut from an image.
//
//   <script type="module" src="node_modules/slidetable/slidetable-puzzle.js"></script>
//   <slidetable-puzzle size="4x4" min="20" max="30" image="cat.jpg"></slidetable-puzzle>
//
// It asks its questions of an engine: by default the library in
// WebAssembly in a worker (load() of slidetable.js), or any object with
// request(endpoint, params, { signal }) answering as the JSON API of
// slidetable serve does (the game page's API engine is one). It shows what
// the engine knows of the board: its exact distance, or the bounds that
// hold where a search gave up (never beyond the size's largest distance).
// See README.md for the attributes, properties, methods and events.

import { load } from "./slidetable.js";
import * as rules from "./rules.js";
import { Knowledge } from "./knowledge.js";

// GAP is the share of a tile's cell around its face, on each side.
const GAP = 0.03;
// STEP_MS is the time of one move of a solution played at speed 1.
const STEP_MS = 220;
// SPEEDS are the speeds a solution may be played at.
const SPEEDS = [0.25, 0.5, 1, 2, 4];

const STYLE = `
:host {
  display: block; position: relative; touch-action: none; user-select: none; -webkit-user-select: none;
  -webkit-tap-highlight-color: transparent;
}
:host([hidden]) { display: none; }
.board {
  position: relative; width: 100%; aspect-ratio: var(--cols) / var(--rows); container-type: inline-size;
  background: var(--slidetable-frame, #d8d2c4); border-radius: var(--slidetable-radius, 10px);
  transition: box-shadow 300ms;
}
.tile {
  position: absolute; left: 0; top: 0; margin: 0; padding: 0; min-height: 0; min-width: 0; box-sizing: border-box;
  width: calc(100% / var(--cols)); height: calc(100% / var(--rows));
  border: 0; border-radius: 0; background: transparent; cursor: default; outline: none;
  transition: transform var(--slidetable-slide-time, 120ms) ease-out;
  font: inherit; font-size: calc(38cqw / var(--cols)); color: var(--slidetable-tile-ink, #ffffff);
}
.face {
  position: absolute; inset: ${GAP * 100}%; display: flex; align-items: center; justify-content: center;
  background-color: var(--slidetable-tile, #2f5d8a); border-radius: 8%;
  border-bottom: 4px solid var(--slidetable-tile-edge, #21476c);
  font-weight: 700; line-height: 1; background-repeat: no-repeat;
}
.picture .face { border-bottom: 0; border-radius: 4%; box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .25); }
.tile.movable { cursor: pointer; }
.tile.movable:hover .face { filter: brightness(1.12); }
.tile:focus-visible .face { outline: 3px solid var(--slidetable-focus, #1f2328); outline-offset: 2px; }
.tile.home { color: var(--slidetable-home-ink, #173a5e); }
.tile.home:not(.picture) .face { background-color: var(--slidetable-home, #d3e3f3); border-bottom-color: var(--slidetable-home-edge, #9db9d6); }
.tile.hint { color: var(--slidetable-hint-ink, #1f2328); }
.tile.hint:not(.picture) .face { background-color: var(--slidetable-hint, #f2b705); border-bottom-color: var(--slidetable-hint-edge, #b88a00); }
.tile.hint .face { animation: pulse 900ms ease-in-out infinite alternate; }
.tile.hint.picture .face { box-shadow: inset 0 0 0 5px var(--slidetable-hint, #f2b705); }
@keyframes pulse { from { transform: scale(1); } to { transform: scale(.92); } }
.tile.hint-with .face { box-shadow: inset 0 0 0 4px var(--slidetable-hint, #f2b705); }
.label { display: none; }
.numbers-show .label, .numbers-corner .label { display: block; }
.numbers-corner .label {
  position: absolute; left: 6%; top: 6%; padding: .1em .3em; border-radius: .3em; font-size: .45em;
  background: rgba(0, 0, 0, .6); color: #ffffff;
}
.last {
  position: absolute; opacity: 0; transition: opacity 400ms; pointer-events: none;
  border-radius: 4%; background-repeat: no-repeat; box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .25);
}
.board.done .last { opacity: 1; }
.board.celebrate { box-shadow: 0 0 0 4px var(--slidetable-glow, #237a35), 0 0 28px 6px var(--slidetable-glow, #237a35); }
.board.celebrate .tile .face { animation: hop 520ms ease-out calc(var(--i, 0) * 45ms) 2; }
@keyframes hop { 0%, 100% { transform: translateY(0); } 40% { transform: translateY(-14%) scale(1.06); } }
@media (prefers-reduced-motion: reduce) {
  .tile, .board, .last { transition: none; }
  .tile.hint .face, .board.celebrate .tile .face { animation: none; }
}
`;

let sheet = null; // the style sheet every element shares

function styles() {
  if (sheet === null && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// codeOf is what kind of failure an engine's error is: the code of a
// SlidetableError (or of an engine that follows it), "aborted" for an
// AbortError.
function codeOf(e) {
  if (e && e.name === "AbortError") return "aborted";
  return (e && (e.code || e.kind)) || "failed";
}

// tooLong says whether an error means the engine gave up on a search in
// time (its own limit, or too many at once).
function tooLong(e) {
  return ["unavailable", "timeout", "busy", "limit"].includes(codeOf(e));
}

/**
 * SlidetablePuzzle is the element <slidetable-puzzle>.
 *
 * Attributes (each also a property): size ("4x4"), metric ("single" or
 * "multi"), goal (a board; default the standard goal), board (the board
 * to start from, instead of a level), min and max (the level's range of
 * distances), seed (the same seed deals the same level), image (the URL of
 * a picture to cut into tiles), numbers ("show", "corner" or "hide"),
 * manual (deal only when deal() is called).
 */
export class SlidetablePuzzle extends HTMLElement {
  static observedAttributes = ["size", "metric", "goal", "board", "min", "max", "seed", "image", "numbers"];

  #internals = null;
  #root = null;
  #boardEl = null;
  #tiles = new Map(); // tile -> {button, face, label}
  #last = null; // the picture's piece at the blank's cell, shown when solved
  #engine = null; // set by the page, else load()'s
  #sizes = new Map(); // metric -> promise of the engine's sizes

  // The game.
  #info = null; // the engine's /api/sizes entry of the size played
  #metric = "single";
  #w = 0;
  #h = 0;
  #goal = [];
  #custom = false; // the goal is not the standard one
  #start = [];
  #cells = [];
  #history = []; // taps made, oldest first: {t, n, z, by}
  #future = []; // taps undone, for redo, the next last: {t, by}
  #optimum = null; // the distance of the board dealt, once known
  #known = null; // a Knowledge of the size, metric and goal played
  #view = null; // what was last said of the board shown
  #state = "idle";
  #won = false;
  #elapsed = 0; // ms played before #since
  #since = 0; // performance.now() when the clock last started; 0: stopped
  #paused = false; // the clock stopped while the page is hidden
  #deals = 0; // counts the boards dealt: work for an older one stops
  #dealing = null; // the AbortController of a deal in progress
  #ask = null; // {key, ac}: the question in flight about the board shown
  #single = null; // {key, ac}: the single-tile question about a board too far
  #hardest = false; // the published hardest boards were asked for
  #hintWanted = []; // the resolvers of hint() calls waiting for an answer
  #hinted = null; // the hint shown, or null
  #solving = null; // {ac}: a solution being found or played
  #touch = { id: null, x: 0, y: 0, dx: 0, dy: 0, tile: 0, upAt: 0 };
  #scheduled = false; // a deal is due after attributes changed
  #onVisibility = () => this.#visibility();

  /**
   * speed is how fast a solution is played: 1 is a move every 220 ms
   * (90 ms with reduced motion); 0.25 to 4.
   */
  speed = 1;
  /**
   * searchLimit is how long, in ms, a question in the multi-tile metric
   * about a size without a table may take before the element says its
   * answer is not known (4x4, searched with its abstraction database: a
   * shuffled board takes seconds in WebAssembly, the farthest longer), or
   * a deal of a level there gives up. 0: no limit.
   */
  searchLimit = 15000;

  constructor() {
    super();
    this.#internals = typeof this.attachInternals === "function" ? this.attachInternals() : null;
    if (this.#internals) this.#internals.role = "group";
  }

  // ---- attributes and properties ----

  get size() { return this.getAttribute("size") || "4x4"; }
  set size(v) { this.setAttribute("size", v); }
  get metric() { return this.getAttribute("metric") === "multi" ? "multi" : "single"; }
  set metric(v) { this.setAttribute("metric", v); }
  get goal() { return this.getAttribute("goal") || ""; }
  set goal(v) { this.#setOrRemove("goal", v); }
  get image() { return this.getAttribute("image") || ""; }
  set image(v) { this.#setOrRemove("image", v); }
  get numbers() {
    const v = this.getAttribute("numbers");
    return ["show", "corner", "hide"].includes(v) ? v : this.image ? "corner" : "show";
  }
  set numbers(v) { this.#setOrRemove("numbers", v); }
  get min() { return this.#intAttr("min"); }
  set min(v) { this.#setOrRemove("min", v); }
  get max() { return this.#intAttr("max"); }
  set max(v) { this.#setOrRemove("max", v); }
  get seed() { return this.getAttribute("seed"); }
  set seed(v) { this.#setOrRemove("seed", v); }
  get manual() { return this.hasAttribute("manual"); }
  set manual(v) { this.toggleAttribute("manual", !!v); }

  #setOrRemove(name, v) {
    if (v === null || v === undefined || v === "") this.removeAttribute(name);
    else this.setAttribute(name, Array.isArray(v) ? v.join(",") : String(v));
  }

  #intAttr(name) {
    const v = this.getAttribute(name);
    return v !== null && /^\s*\d+\s*$/.test(v) ? Number(v) : null;
  }

  /** The engine the questions go to: load()'s unless set. */
  get engine() { return this.#engine; }
  set engine(e) {
    this.#engine = e;
    this.#sizes.clear();
  }

  /** The board shown: its cells in reading order, 0 for the blank. */
  get board() { return this.#cells.slice(); }
  /** The board dealt. */
  get start() { return this.#start.slice(); }
  /** The goal played. */
  get goalBoard() { return this.#goal.slice(); }
  /** The engine's entry for the size played (its /api/sizes object), or null. */
  get info() { return this.#info; }
  /** The moves made, counted in the metric played. */
  get moves() { return rules.counted(this.#history, this.#metric); }
  /** How many of them the solver made. */
  get helped() { return rules.counted(this.#history.filter((m) => m.by === "solver"), this.#metric); }
  /** The time played, in ms: from the first move to the solution. */
  get time() { return this.#elapsed + (this.#since ? performance.now() - this.#since : 0); }
  /** The distance of the board dealt, or null while it is not known. */
  get optimum() { return this.#optimum; }
  /**
   * What is known of the board shown: {distance, low, high, exact, far,
   * hints}; distance null while it is not known exactly, and low..high the
   * bounds that hold, if any.
   */
  get known() { return this.#view ? { ...this.#view } : null; }
  /** Whether the board shown is the goal. */
  get solved() { return this.#cells.length > 0 && rules.solvedBy(this.#cells, this.#goal); }
  /**
   * What the element is doing: "idle" (nothing dealt), "loading" (dealing),
   * "playing", "thinking" (finding a solution), "animating" (playing one),
   * "solved" or "error".
   */
  get state() { return this.#state; }
  get canUndo() { return this.#history.length > 0 && !this.#busy(); }
  get canRedo() { return this.#future.length > 0 && !this.#busy() && !this.#won; }
  /** The hint shown: {tile, tiles, direction}, or null. */
  get hinted() { return this.#hinted ? { ...this.#hinted } : null; }

  connectedCallback() {
    this.#build();
    document.addEventListener("visibilitychange", this.#onVisibility);
    if (!this.manual && this.#state === "idle") this.#schedule();
  }

  disconnectedCallback() {
    document.removeEventListener("visibilitychange", this.#onVisibility);
  }

  attributeChangedCallback(name, old, value) {
    if (old === value || !this.#root) return;
    if (name === "image" || name === "numbers") {
      this.#render();
      return;
    }
    if (!this.manual && this.isConnected) this.#schedule();
  }

  // #schedule deals once the attributes set together are all set.
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.isConnected && !this.manual) this.deal().catch(() => {}); // told by the error event
    });
  }

  // ---- the engine ----

  #engineNow() {
    return this.#engine ? Promise.resolve(this.#engine) : load();
  }

  async #request(endpoint, params, signal) {
    const engine = await this.#engineNow();
    return engine.request(endpoint, params, { signal });
  }

  // #params are the parameters of a question about cells.
  #params(cells, extra = {}) {
    const p = { size: `${this.#w}x${this.#h}`, board: cells.join(","), ...extra };
    if (this.#metric === "multi") p.metric = "multi";
    if (this.#custom) p.goal = this.#goal.join(",");
    return p;
  }

  // #sizeInfo returns the engine's entry for the size in the metric, or
  // one made up for a size it answers without listing it.
  async #sizeInfo(w, h, metric, signal) {
    if (!this.#sizes.has(metric)) {
      const p = this.#request("sizes", metric === "multi" ? { metric } : {}, undefined);
      this.#sizes.set(metric, p);
      p.catch(() => this.#sizes.delete(metric));
    }
    const list = await this.#sizes.get(metric);
    if (signal && signal.aborted) throw signal.reason;
    const size = `${w}x${h}`;
    return list.find((s) => s.size === size) ||
      { size, width: w, height: h, goal: rules.goalOf(w, h), table: false, published: false, max_level: metric === "multi" ? 22 : 60 };
  }

  // ---- dealing ----

  /**
   * deal deals a new board: options.board (an array or text, with
   * options.distance if it is known), or else a level at an exact
   * distance in [options.min, options.max] (default the min and max
   * attributes), options.seed making it the same every time. options.size,
   * metric and goal override the attributes. It resolves true once the
   * board is dealt, false if another deal came first or options.signal (an
   * AbortSignal) called it off; it rejects, after an error event, if the
   * engine failed, an option is bad, or a level in the multi-tile metric of
   * a size without a table did not come within searchLimit (code
   * "timeout"). Whenever no board is dealt, the board played before, if
   * any, stays in play.
   */
  async deal(options = {}) {
    const { signal } = options;
    if (signal !== undefined && !(signal instanceof AbortSignal)) throw input("signal: want an AbortSignal");
    if (signal?.aborted) return false;
    this.#build();
    const n = ++this.#deals;
    this.#dealing?.abort();
    const ac = new AbortController();
    this.#dealing = ac;
    const called = () => ac.abort();
    signal?.addEventListener("abort", called, { once: true });
    let stop = 0, late = false;
    this.#stopWork();
    this.#setState("loading");
    try {
      const size = rules.parseSize(options.size ?? this.size);
      if (!size) throw input(`size ${JSON.stringify(options.size ?? this.size)}: want WxH, such as 4x4`);
      const metric = (options.metric ?? this.metric) === "multi" ? "multi" : "single";
      const goalText = options.goal ?? this.goal;
      const goal = goalText === "" ? rules.goalOf(size.w, size.h) : rules.parseBoard(goalText, size.w, size.h);
      if (!goal) throw input(`goal ${JSON.stringify(String(goalText))}: not a ${size.w}x${size.h} board`);
      const info = await this.#sizeInfo(size.w, size.h, metric, ac.signal);
      const boardText = options.board ?? (this.getAttribute("board") || null);
      let cells, distance = options.distance ?? null, solution = null;
      if (boardText !== null) {
        cells = rules.parseBoard(boardText, size.w, size.h);
        if (!cells) throw input(`board ${JSON.stringify(String(boardText))}: not a ${size.w}x${size.h} board holding each of 0 to ${size.w * size.h - 1} once`);
        if (!rules.solvableTo(cells, goal, size.w)) throw input(`board ${cells.join(",")} cannot reach the goal`);
      } else {
        const lo = options.min ?? this.min ?? 0, hi = options.max ?? this.max;
        const seed = options.seed ?? this.seed;
        const q = { size: info.size, min: lo };
        if (hi !== null && hi !== undefined) q.max = hi;
        if (seed !== null && seed !== undefined && seed !== "") q.seed = seed;
        if (metric === "multi") q.metric = "multi";
        if (!rules.sameBoard(goal, rules.goalOf(size.w, size.h))) q.goal = goal.join(",");
        // A level found by searching uniform boards one at a time (the
        // multi-tile metric of a size without a table) may take far
        // longer than a player waits: given up after searchLimit.
        const limit = metric === "multi" && !info.table ? this.searchLimit : 0;
        if (limit) stop = setTimeout(() => { late = true; ac.abort(); }, limit);
        const lv = await this.#request("level", q, ac.signal);
        cells = lv.board;
        distance = lv.distance;
        if (Array.isArray(lv.solution) && lv.solution.length === distance) solution = lv.solution;
      }
      if (n !== this.#deals) return false;
      this.#dealing = null;
      this.#begin(info, metric, goal, cells, distance, { solution });
      return true;
    } catch (e) {
      if (n !== this.#deals) return false;
      if (codeOf(e) === "aborted" && !late && !signal?.aborted) return false;
      this.#dealing = null;
      // The board played before, if any, stays in play.
      this.#setState(!this.#cells.length ? (signal?.aborted ? "idle" : "error") : this.#won ? "solved" : "playing");
      if (this.#cells.length && !this.#won) this.#think();
      if (signal?.aborted && !late) return false;
      const limit = this.searchLimit, within = limit < 1000 ? `${limit} ms` : `${Math.round(limit / 1000)} s`;
      const err = late ? timedOut(`no board at that distance came within ${within}`) : e;
      this.#fail("deal", err);
      throw err;
    } finally {
      clearTimeout(stop);
      signal?.removeEventListener("abort", called);
    }
  }

  /**
   * snapshot returns the game, to keep (JSON) and give to restore: the
   * size, metric, goal, the board dealt, the moves made and undone, the
   * optimum and the time played.
   */
  snapshot() {
    return {
      size: `${this.#w}x${this.#h}`, metric: this.#metric, goal: this.#custom ? this.#goal.slice() : null,
      start: this.#start.slice(), history: this.#history.map(({ t, by }) => ({ t, by })),
      future: this.#future.map(({ t, by }) => ({ t, by })), optimum: this.#optimum,
      elapsed: Math.round(this.time), won: this.#won,
    };
  }

  /**
   * restore plays again a game snapshot returned, without asking for a
   * level. It resolves true if it could, false if the snapshot is not a
   * game of a size the engine plays.
   */
  async restore(s) {
    this.#build();
    if (!s || typeof s !== "object") return false;
    const size = rules.parseSize(s.size);
    if (!size || !Array.isArray(s.history)) return false;
    const metric = s.metric === "multi" ? "multi" : "single";
    const goal = s.goal ? rules.parseBoard(s.goal, size.w, size.h) : rules.goalOf(size.w, size.h);
    const start = rules.parseBoard(s.start, size.w, size.h);
    if (!goal || !start || !rules.solvableTo(start, goal, size.w)) return false;
    const n = ++this.#deals;
    this.#dealing?.abort();
    this.#dealing = null;
    this.#stopWork();
    let info;
    try {
      info = await this.#sizeInfo(size.w, size.h, metric);
    } catch (e) {
      return false;
    }
    if (n !== this.#deals) return false;
    this.#begin(info, metric, goal, start, Number.isInteger(s.optimum) ? s.optimum : null, { quiet: true });
    for (const m of s.history) {
      if (!m || !this.#move(m.t, m.by === "solver" ? "solver" : "player", true)) break;
    }
    this.#future = Array.isArray(s.future) ? s.future.filter((m) => m && Number.isInteger(m.t)).map(({ t, by }) => ({ t, by })) : [];
    this.#elapsed = Number(s.elapsed) || 0;
    if (this.solved && this.#history.length) {
      this.#won = true;
      this.#known.learn(this.#cells, 0, []);
      this.#setState("solved");
    } else {
      this.#setState("playing");
    }
    this.#render();
    this.#emit("deal", { ...this.#dealDetail(), restored: true });
    this.#tell();
    if (!this.#won) this.#think();
    return true;
  }

  // #begin starts the game of cells.
  #begin(info, metric, goal, cells, distance, { quiet = false, solution = null } = {}) {
    const w = info.width, h = info.height;
    const same = this.#info && this.#info.size === info.size && this.#metric === metric && rules.sameBoard(this.#goal, goal);
    this.#info = info;
    this.#metric = metric;
    this.#w = w;
    this.#h = h;
    this.#goal = goal.slice();
    this.#custom = !rules.sameBoard(goal, rules.goalOf(w, h));
    if (!same) {
      this.#known = new Knowledge({ w, h, metric, max: this.#custom ? null : info.max ?? null });
      this.#hardest = false;
    }
    this.#start = cells.slice();
    this.#cells = cells.slice();
    this.#history = [];
    this.#future = [];
    this.#optimum = Number.isInteger(distance) ? distance : null;
    if (this.#optimum !== null) this.#known.note(cells, this.#optimum);
    // A level's solution (a level pack's) answers hints and Solve along it
    // with no search.
    if (solution && this.#optimum !== null) this.#known.path(cells, this.#optimum, solution);
    this.#elapsed = 0;
    this.#since = 0;
    this.#won = false;
    this.#view = null;
    this.#clearHint();
    this.#buildTiles();
    this.#render();
    if (quiet) return;
    this.#setState("playing");
    this.#emit("deal", this.#dealDetail());
    this.#tell();
    this.#think();
  }

  #dealDetail() {
    return {
      size: `${this.#w}x${this.#h}`, metric: this.#metric, goal: this.#goal.slice(),
      board: this.#start.slice(), distance: this.#optimum,
    };
  }

  // #stopWork calls off the questions and the solution of the board shown.
  #stopWork() {
    this.#cancelAsk(true);
    if (this.#solving) this.#endSolving();
    this.#clearHint();
    for (const resolve of this.#hintWanted.splice(0)) resolve(null);
  }

  // ---- moves ----

  /**
   * tap taps tile t, as a player does: t and every tile between it and the
   * blank slide towards the blank (one move in the multi-tile metric, one
   * a tile slid in the single-tile one). It returns whether it could.
   */
  tap(t) {
    if (!this.#playable() || !rules.tap(this.#cells, this.#w, Number(t))) return false;
    this.#future = [];
    this.#move(Number(t), "player");
    this.#clock(true);
    this.#settle();
    return true;
  }

  /**
   * slide moves the tile that can slide in direction d ("up", "down",
   * "left" or "right"), as an arrow key does, and returns whether one
   * could.
   */
  slide(d) {
    const t = this.#cells.length ? rules.toward(this.#cells, this.#w, this.#h, d) : 0;
    return t !== 0 && this.tap(t);
  }

  /** undo takes the last move back, and returns whether there was one. */
  undo() {
    if (!this.#history.length || this.#busy()) return false;
    const last = this.#history.pop();
    const tile = this.#cells[last.z], direction = rules.direction(this.#cells, this.#w, tile);
    const back = rules.tap(this.#cells, this.#w, tile);
    this.#cells = back.cells;
    this.#future.push({ t: last.t, by: last.by });
    if (this.#won) {
      this.#won = false;
      this.#setState("playing");
    }
    this.#clearHint();
    this.#render();
    this.#emit("move", this.#moveDetail(tile, last.n, last.by, direction, { undo: true }));
    this.#think();
    return true;
  }

  /** redo plays again the last move undone, and returns whether there was one. */
  redo() {
    if (!this.#future.length || this.#busy() || this.#won) return false;
    const next = this.#future.pop();
    if (!rules.tap(this.#cells, this.#w, next.t)) {
      this.#future = [];
      return false;
    }
    this.#move(next.t, next.by, false, { redo: true });
    this.#clock(true);
    this.#settle();
    return true;
  }

  /** reset goes back to the board dealt, with no moves and no time. */
  reset() {
    if (!this.#start.length || this.#busy()) return false;
    this.#begin(this.#info, this.#metric, this.#goal, this.#start, this.#optimum);
    return true;
  }

  // #move taps tile t for the player or the solver (by), one step of undo.
  #move(t, by, quiet = false, extra = {}) {
    const step = rules.tap(this.#cells, this.#w, t);
    if (!step) return false;
    const direction = rules.direction(this.#cells, this.#w, t);
    this.#cells = step.cells;
    this.#history.push({ t, n: step.n, z: step.z, by });
    this.#clearHint();
    if (quiet) return true;
    this.#render();
    const b = this.#tiles.get(t)?.button;
    if (b && this.#root.activeElement && this.#root.activeElement.classList.contains("tile")) b.focus({ preventScroll: true });
    this.#emit("move", this.#moveDetail(t, step.n, by, direction, extra));
    return true;
  }

  #moveDetail(tile, tiles, by, direction, extra) {
    return {
      tile, tiles, by, direction, moves: this.moves, time: Math.round(this.time),
      board: this.#cells.slice(), undo: false, redo: false, ...extra,
    };
  }

  // #settle follows a change of the board: the win, or the distance.
  #settle() {
    if (this.solved) {
      this.#cancelAsk(false);
      this.#known.learn(this.#cells, 0, []);
      this.#tell();
      this.#clock(false);
      this.#win();
      return;
    }
    this.#think();
  }

  #busy() {
    return this.#state === "loading" || this.#solving !== null;
  }

  #playable() {
    return this.#cells.length > 0 && !this.#busy() && !this.#won && !this.solved && this.#state !== "error";
  }

  #win() {
    this.#won = true;
    this.#setState("solved");
    this.#render();
    const helped = this.helped, celebrate = helped === 0 && !reducedMotion();
    this.#boardEl.classList.toggle("celebrate", celebrate);
    this.#emit("solved", {
      size: `${this.#w}x${this.#h}`, metric: this.#metric, board: this.#cells.slice(),
      moves: this.moves, time: Math.round(this.time), optimum: this.#optimum, helped,
    });
  }

  // ---- the clock ----

  #clock(run) {
    if (run && !this.#since && !this.#won && document.visibilityState !== "hidden") this.#since = performance.now();
    if (!run && this.#since) {
      this.#elapsed += performance.now() - this.#since;
      this.#since = 0;
    }
  }

  #visibility() {
    if (document.visibilityState === "hidden") {
      if (this.#since) {
        this.#clock(false);
        this.#paused = true;
      }
    } else if (this.#paused) {
      this.#paused = false;
      this.#clock(true);
    }
  }

  // ---- what is known of the board shown ----

  // #tell says what is known of the board shown, with a distance event,
  // when that changed.
  #tell() {
    if (!this.#known) return;
    const v = this.#known.view(this.#cells);
    const was = this.#view;
    this.#view = v;
    if (was && was.distance === v.distance && was.low === v.low && was.high === v.high && was.far === v.far && !!was.hints === !!v.hints) return;
    this.#emit("distance", { board: this.#cells.slice(), metric: this.#metric, size: `${this.#w}x${this.#h}`, ...v });
  }

  // #think makes sure the optimal moves of the board shown are known,
  // asking the engine if not; a question about an earlier board is called
  // off.
  #think() {
    const cells = this.#cells.slice(), key = rules.keyOf(cells);
    if (rules.solvedBy(cells, this.#goal)) this.#known.learn(cells, 0, []);
    const have = this.#known.known(cells);
    this.#maybeHardest(have);
    if (have && (have.hints || have.far)) {
      this.#cancelAsk(false);
      if (have.far && have.d === null) this.#askSingle(cells);
      this.#tell();
      if (this.#hintWanted.length) this.#showHint();
      return;
    }
    if (this.#ask && this.#ask.key === key) return;
    this.#cancelAsk(false);
    const ac = new AbortController(), deal = this.#deals;
    this.#ask = { key, ac };
    this.#tell();
    const limit = this.#limit();
    const stop = limit && setTimeout(() => {
      if (this.#ask && this.#ask.ac === ac) this.#giveUp(cells);
    }, limit);
    const asked = performance.now();
    this.#request("hint", this.#params(cells), ac.signal).then((r) => {
      clearTimeout(stop);
      if (this.#ask && this.#ask.ac === ac) this.#ask = null;
      if (deal !== this.#deals) return;
      if (!r.solvable) {
        this.#fail("distance", input(`this ${this.#w}x${this.#h} board cannot reach the goal`));
        return;
      }
      // One optimal move of a level pack's solution: the other moves stay
      // unknown.
      if (r.partial) this.#known.path(cells, r.distance, r.moves || []);
      else this.#known.learn(cells, r.distance, r.moves || []);
      if (this.#optimum === null && rules.sameBoard(cells, this.#start)) this.#optimum = r.distance;
      this.#timing(asked);
      if (rules.sameBoard(this.#cells, cells)) {
        this.#tell();
        this.#maybeHardest(this.#known.known(cells));
        if (this.#hintWanted.length) this.#showHint();
      }
    }, (e) => {
      clearTimeout(stop);
      if (this.#ask && this.#ask.ac === ac) this.#ask = null;
      if (codeOf(e) === "aborted" || deal !== this.#deals || !rules.sameBoard(this.#cells, cells)) return;
      if (limit && tooLong(e)) {
        this.#giveUp(cells); // the engine's own time limit, shorter than ours
        return;
      }
      this.#fail("distance", e);
    });
  }

  /**
   * retry asks again what is not known of the board shown, after an error
   * event, or deals again if no board could be dealt.
   */
  retry() {
    if (!this.#cells.length) return this.deal().catch(() => false);
    if (this.#state === "error") this.#setState(this.#won ? "solved" : "playing");
    this.#think();
    return Promise.resolve(true);
  }

  // #limit is how long a question about the board may take before the
  // element gives up on it: searchLimit in the multi-tile metric on a
  // size without a table, else no limit.
  #limit() {
    return this.#metric === "multi" && !this.#info.table && !this.#custom ? this.searchLimit : 0;
  }

  // #giveUp gives up on the optimal moves of a board, in the multi-tile
  // metric: the search did not answer in time. Then what is known is
  // shown (the distance if a level said it, or the bounds the single-tile
  // distance gives), and no hint or solution is offered for it.
  #giveUp(cells) {
    if (this.#ask && this.#ask.key === rules.keyOf(cells)) this.#cancelAsk(false);
    this.#known.giveUp(cells);
    if (rules.sameBoard(this.#cells, cells)) this.#think();
  }

  // #askSingle asks for the single-tile distance of a board too far to
  // search in the multi-tile metric, for the bounds of its distance.
  #askSingle(cells) {
    const key = rules.keyOf(cells), k = this.#known.known(cells);
    if ((k && k.single !== undefined) || (this.#single && this.#single.key === key)) return;
    this.#single?.ac.abort();
    const ac = new AbortController(), deal = this.#deals;
    this.#single = { key, ac };
    const done = (d) => {
      if (this.#single && this.#single.ac === ac) this.#single = null;
      if (deal !== this.#deals) return;
      this.#known.single(cells, d);
      if (rules.sameBoard(this.#cells, cells)) this.#tell();
    };
    const p = { size: `${this.#w}x${this.#h}`, board: cells.join(",") };
    this.#request("distance", p, ac.signal).then((r) => done(r.solvable ? r.distance : null),
      (e) => { if (codeOf(e) !== "aborted") done(null); });
  }

  // #maybeHardest asks, once, for the published boards at the largest
  // distance when a board at it or one move short of it is played, so
  // that the optimal moves of a board 79 moves away (4x4) need no search.
  #maybeHardest(k) {
    const info = this.#info, max = info && info.max;
    if (this.#hardest || !k || k.d === null || this.#custom || info.table || this.#metric !== "single" || !Number.isInteger(max) || k.d < max - 1) return;
    this.#hardest = true;
    this.#request("stats", { size: info.size }).then((st) => {
      if (st.max === max && Array.isArray(st.hardest) && st.hardest.length === st.at_max) {
        this.#known.setHardest(st.hardest);
        if (!this.#ask && !this.#solving) this.#think();
        else if (this.#ask) {
          this.#cancelAsk(false);
          this.#think();
        }
      }
    }, () => {});
  }

  #cancelAsk(all) {
    this.#ask?.ac.abort();
    this.#ask = null;
    if (this.#single && (all || this.#single.key !== rules.keyOf(this.#cells))) {
      this.#single.ac.abort();
      this.#single = null;
    }
  }

  // #timing records how long an answer took, as a User Timing measure
  // ("answer 4x4") that the browser's tools show; the last 100 are kept.
  #timing(start) {
    if (typeof performance.measure !== "function") return;
    if (performance.getEntriesByType("measure").length >= 100) performance.clearMeasures();
    performance.measure(`answer ${this.#w}x${this.#h}`, { start, end: performance.now() });
  }

  // ---- hint and solve ----

  /**
   * hint marks a tile whose move is optimal, and the tiles it slides with
   * it, asking the engine if need be. It resolves to {tile, tiles,
   * direction}, or null if there is none (a board solved, or too far for
   * the search, which a hint event with reason "far" says).
   */
  hint() {
    if (!this.#playable()) return Promise.resolve(null);
    const k = this.#known.known(this.#cells);
    if (k && k.far && !k.hints) {
      this.#emit("hint", { tile: null, reason: "far" });
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      this.#hintWanted.push(resolve);
      if (k && k.hints) this.#showHint();
      else this.#think();
    });
  }

  #showHint() {
    const waiting = this.#hintWanted.splice(0);
    const k = this.#known.known(this.#cells);
    if (!this.#playable() || !k || !k.hints || !k.hints.length) {
      for (const resolve of waiting) resolve(null);
      return;
    }
    this.#clearHint();
    const t = k.hints[0], step = rules.tap(this.#cells, this.#w, t);
    const i = this.#cells.indexOf(t), dir = (i - step.z) / step.n;
    this.#tiles.get(t).button.classList.add("hint");
    for (let c = step.z + dir; c !== i; c += dir) this.#tiles.get(this.#cells[c]).button.classList.add("hint-with");
    this.#hinted = { tile: t, tiles: step.n, direction: rules.direction(this.#cells, this.#w, t) };
    this.#render();
    this.#emit("hint", { ...this.#hinted, distance: k.d });
    for (const resolve of waiting) resolve({ ...this.#hinted });
  }

  #clearHint() {
    for (const { button } of this.#tiles.values()) button.classList.remove("hint", "hint-with");
    this.#hinted = null;
  }

  /**
   * solve finds an optimal solution and plays it, a move every 220 ms /
   * speed. It resolves true when it has played it to the goal, false if
   * it was stopped, the board changed, or no solution could be found (a
   * solving event says which).
   */
  async solve() {
    if (!this.#playable()) return false;
    const k = this.#known.known(this.#cells);
    if (k && k.far && !k.hints) {
      this.#emit("solving", { state: "failed", reason: "far" });
      return false;
    }
    const deal = this.#deals, cells = this.#cells.slice(), ac = new AbortController();
    this.#solving = { ac };
    this.#clearHint();
    this.#setState("thinking");
    this.#render();
    this.#emit("solving", { state: "finding" });
    // The optimal moves known all the way (a level pack's solution, or
    // hints learnt) need no search.
    let path = this.#known.chain(cells);
    if (!path) {
      const limit = this.#limit();
      let late = false;
      const stop = limit && setTimeout(() => { late = true; ac.abort(); }, limit);
      try {
        path = (await this.#request("solve", this.#params(cells), ac.signal)).moves || [];
      } catch (e) {
        clearTimeout(stop);
        if (this.#solving && this.#solving.ac === ac) this.#endSolving();
        if (deal !== this.#deals) return false;
        if (late || (limit && tooLong(e))) {
          this.#giveUp(cells);
          this.#emit("solving", { state: "failed", reason: "far" });
        } else if (codeOf(e) !== "aborted") {
          this.#emit("solving", { state: "failed", reason: "error" });
          this.#fail("solve", e);
        }
        return false;
      }
      clearTimeout(stop);
    }
    if (!this.#solving || this.#solving.ac !== ac || deal !== this.#deals) return false;
    this.#setState("animating");
    this.#emit("solving", { state: "playing", length: path.length, played: 0 });
    this.#clock(true);
    for (let i = 0; i < path.length; i++) {
      if (!this.#solving || this.#solving.ac !== ac) return false;
      this.#move(path[i], "solver");
      this.#known.note(this.#cells, path.length - i - 1);
      this.#tell();
      this.#emit("solving", { state: "playing", length: path.length, played: i + 1 });
      if (i + 1 < path.length) await sleep((reducedMotion() ? 90 : STEP_MS) / this.#speed());
    }
    if (!this.#solving || this.#solving.ac !== ac) return false;
    this.#endSolving();
    this.#emit("solving", { state: "played", length: path.length, played: path.length });
    this.#settle();
    return true;
  }

  #speed() {
    const s = Number(this.speed);
    return Number.isFinite(s) ? Math.min(Math.max(s, SPEEDS[0]), SPEEDS[SPEEDS.length - 1]) : 1;
  }

  /**
   * stop stops a solution being found or played: the moves played stay on
   * the board, for the player to go on. It returns whether one was.
   */
  stop() {
    if (!this.#solving) return false;
    const played = this.#history.filter((m) => m.by === "solver").length;
    this.#endSolving();
    this.#emit("solving", { state: "stopped", played });
    this.#settle();
    return true;
  }

  #endSolving() {
    if (!this.#solving) return;
    this.#solving.ac.abort();
    this.#solving = null;
    if (this.#state !== "solved" && this.#state !== "loading") this.#setState("playing");
    this.#render();
  }

  // ---- events and state ----

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: type !== "error", composed: type !== "error" }));
  }

  // #fail tells the page of an error of the engine, with an error event
  // (which, as an image's, does not bubble): detail {action, error}.
  #fail(action, error) {
    this.#emit("error", { action, error, message: error && error.message ? error.message : String(error) });
  }

  #setState(s) {
    if (s === this.#state) return;
    const was = this.#state;
    this.#state = s;
    if (this.#internals && this.#internals.states) {
      try {
        this.#internals.states.delete(was);
        this.#internals.states.add(s);
      } catch (e) { /* an older browser: no custom states */ }
    }
    if (this.#boardEl && s !== "solved") this.#boardEl.classList.remove("celebrate");
    this.#render();
    this.#emit("state", { state: s });
  }

  // ---- the view ----

  #build() {
    if (this.#root) return;
    this.#root = this.attachShadow({ mode: "open", delegatesFocus: false });
    const s = styles();
    if (s) this.#root.adoptedStyleSheets = [s];
    else {
      const el = document.createElement("style");
      el.textContent = STYLE;
      this.#root.append(el);
    }
    this.#boardEl = document.createElement("div");
    this.#boardEl.className = "board";
    this.#boardEl.setAttribute("part", "board");
    this.#root.append(this.#boardEl);
    this.#boardEl.addEventListener("pointerdown", (ev) => this.#pointerDown(ev));
    this.#boardEl.addEventListener("pointermove", (ev) => this.#pointerMove(ev));
    this.#boardEl.addEventListener("pointerup", (ev) => this.#pointerUp(ev));
    this.#boardEl.addEventListener("pointercancel", () => { this.#touch.id = null; });
    this.addEventListener("keydown", (ev) => this.#key(ev));
  }

  // #buildTiles makes the tiles of the size played, if it changed.
  #buildTiles() {
    const n = this.#w * this.#h;
    this.#boardEl.style.setProperty("--cols", this.#w);
    this.#boardEl.style.setProperty("--rows", this.#h);
    if (this.#tiles.size === n - 1 && this.#boardEl.dataset.size === `${this.#w}x${this.#h}`) return;
    this.#boardEl.dataset.size = `${this.#w}x${this.#h}`;
    this.#boardEl.replaceChildren();
    this.#tiles.clear();
    for (let t = 1; t < n; t++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.dataset.tile = t;
      const face = document.createElement("span");
      face.className = "face";
      face.setAttribute("aria-hidden", "true");
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = t;
      face.append(label);
      button.append(face);
      button.addEventListener("click", (ev) => {
        if (ev.detail > 0 && Date.now() - this.#touch.upAt < 700) return; // a tap, already played
        this.tap(t);
      });
      this.#boardEl.append(button);
      this.#tiles.set(t, { button, face, label });
    }
    this.#last = document.createElement("span");
    this.#last.className = "last";
    this.#last.setAttribute("aria-hidden", "true");
    this.#boardEl.append(this.#last);
  }

  #render() {
    if (!this.#boardEl || !this.#cells.length) return;
    const quiet = this.#busy() || this.#won;
    const image = this.image, numbers = this.numbers, w = this.#w, h = this.#h;
    const shown = image ? numbers : numbers === "hide" ? "hide" : "show";
    for (const n of ["show", "corner", "hide"]) this.#boardEl.classList.toggle(`numbers-${n}`, n === shown);
    this.#boardEl.classList.toggle("done", this.#won && !!image);
    const piece = (face, t) => {
      if (!image) {
        face.style.backgroundImage = "";
        return;
      }
      const home = this.#goal.indexOf(t), r = Math.floor(home / w), c = home % w;
      face.style.backgroundImage = `url(${JSON.stringify(image)})`;
      face.style.backgroundSize = `${(w / (1 - 2 * GAP)) * 100}% ${(h / (1 - 2 * GAP)) * 100}%`;
      face.style.backgroundPosition = `${((c + GAP) / (w - 1 + 2 * GAP)) * 100}% ${((r + GAP) / (h - 1 + 2 * GAP)) * 100}%`;
    };
    this.#cells.forEach((t, i) => {
      if (t === 0) return;
      const { button, face } = this.#tiles.get(t);
      const r = Math.floor(i / w), c = i % w;
      button.style.transform = `translate(${c * 100}%, ${r * 100}%)`;
      button.style.setProperty("--i", i);
      const step = rules.tap(this.#cells, w, t), can = step !== null && !quiet;
      const home = this.#goal[i] === t;
      button.classList.toggle("movable", can);
      button.classList.toggle("home", home);
      button.classList.toggle("picture", !!image);
      const parts = ["tile"];
      if (home) parts.push("home");
      if (can) parts.push("movable");
      if (button.classList.contains("hint")) parts.push("hint");
      if (button.classList.contains("hint-with")) parts.push("hint-with");
      button.setAttribute("part", parts.join(" "));
      button.tabIndex = can ? 0 : -1;
      const others = step && step.n > 1 ? ` with ${step.n - 1} other tile${step.n > 2 ? "s" : ""}` : "";
      const way = step ? `, slides ${rules.direction(this.#cells, w, t)}${others}` : "";
      button.setAttribute("aria-label", `${t}${home ? ", in place" : ""}, row ${r + 1}, column ${c + 1}${way}`);
      button.setAttribute("aria-disabled", can ? "false" : "true");
      piece(face, t);
    });
    // The picture's piece of the blank's cell, shown when it is solved.
    const z = this.#goal.indexOf(0);
    if (image) {
      const r = Math.floor(z / w), c = z % w;
      Object.assign(this.#last.style, {
        left: `${((c + GAP) / w) * 100}%`, top: `${((r + GAP) / h) * 100}%`,
        width: `${((1 - 2 * GAP) / w) * 100}%`, height: `${((1 - 2 * GAP) / h) * 100}%`,
        backgroundImage: `url(${JSON.stringify(image)})`,
        backgroundSize: `${(w / (1 - 2 * GAP)) * 100}% ${(h / (1 - 2 * GAP)) * 100}%`,
        backgroundPosition: `${((c + GAP) / (w - 1 + 2 * GAP)) * 100}% ${((r + GAP) / (h - 1 + 2 * GAP)) * 100}%`,
      });
      this.#last.hidden = false;
    } else {
      this.#last.hidden = true;
    }
    const label = `Board, ${w} by ${h}${image ? ", a picture" : ""}`;
    if (this.#internals) this.#internals.ariaLabel = label;
    else this.setAttribute("aria-label", label);
  }

  // ---- keys, taps and swipes ----

  // An arrow key moves the tile on that side of the blank the way it
  // points; a key the element takes is marked (defaultPrevented), so that
  // a page's own handler of the document's keys leaves it alone.
  #key(ev) {
    const d = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" }[ev.key];
    if (!d || ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) return;
    ev.preventDefault();
    this.slide(d);
  }

  // On a touch screen the element reads the finger itself rather than
  // waiting for a click: a tap on a tile moves it, a swipe on the board
  // moves the tile that can slide the swipe's way. The click that may
  // follow is ignored (one from a key, with no pointer, is not).
  #pointerDown(ev) {
    if (ev.pointerType === "mouse") return;
    const tile = ev.composedPath().find((n) => n instanceof HTMLElement && n.classList.contains("tile"));
    Object.assign(this.#touch, { id: ev.pointerId, x: ev.clientX, y: ev.clientY, dx: 0, dy: 0, tile: tile ? Number(tile.dataset.tile) : 0 });
  }

  #pointerMove(ev) {
    if (ev.pointerId !== this.#touch.id) return;
    this.#touch.dx = ev.clientX - this.#touch.x;
    this.#touch.dy = ev.clientY - this.#touch.y;
  }

  #pointerUp(ev) {
    const p = this.#touch;
    if (ev.pointerId !== p.id) return;
    p.id = null;
    p.upAt = Date.now();
    let dx = ev.clientX - p.x, dy = ev.clientY - p.y;
    if (Math.hypot(p.dx, p.dy) > Math.hypot(dx, dy)) [dx, dy] = [p.dx, p.dy];
    const far = Math.max(Math.abs(dx), Math.abs(dy));
    if (far < 16) {
      if (p.tile) this.tap(p.tile);
      return;
    }
    if (Math.min(Math.abs(dx), Math.abs(dy)) > far / 2) return; // no clear way
    if (Math.abs(dx) > Math.abs(dy)) this.slide(dx > 0 ? "right" : "left");
    else this.slide(dy > 0 ? "down" : "up");
  }
}

// input is the error of a bad attribute or argument.
function input(message) {
  const e = new Error(message);
  e.code = "input";
  return e;
}

// timedOut is the error of a question given up on after its time limit.
function timedOut(message) {
  const e = new Error(message);
  e.code = "timeout";
  return e;
}

if (typeof customElements !== "undefined" && !customElements.get("slidetable-puzzle")) {
  customElements.define("slidetable-puzzle", SlidetablePuzzle);
}
