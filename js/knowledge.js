// What is known of the boards of one game: the answers the engine gave
// (a board's exact distance and its optimal moves) and what follows from
// them without asking again, or, where a search gave up, the bounds that
// hold. Plain data and rules, no DOM and no engine: <slidetable-puzzle>
// keeps one for the size and metric it plays, and its tests check the
// inferences against the Go library's exact tables (testdata/rules.json).

import { keyOf, moves, movesIn, mostSlid, tap } from "./rules.js";

/**
 * Knowledge of the boards of a w x h puzzle in a metric ("single" or
 * "multi"). max is the largest distance of any board (God's number) where
 * it is known, else null: no bound shown ever exceeds it.
 */
export class Knowledge {
  #map = new Map(); // board key -> {d, hints, far, single}
  #hardest = null; // the keys of every board at distance max, where all are listed

  constructor({ w, h, metric = "single", max = null }) {
    this.w = w;
    this.h = h;
    this.metric = metric;
    this.max = Number.isInteger(max) ? max : null;
  }

  #entry(cells) {
    const k = keyOf(cells);
    let e = this.#map.get(k);
    if (!e) {
      e = { d: null, hints: null, next: null, far: false, single: undefined };
      this.#map.set(k, e);
    }
    return e;
  }

  /**
   * learn records the engine's answer for a board: its distance d and its
   * optimal moves, and so the distance of the boards they lead to, d - 1.
   * In the single-tile metric a move changes the distance by exactly one,
   * so any other move leads to d + 1; in the multi-tile metric a move
   * changes it by at most one either way, so only the optimal moves tell.
   */
  learn(cells, d, hints) {
    const e = this.#entry(cells);
    e.d = d;
    e.hints = hints.slice();
    const next = this.metric === "multi" ? hints : moves(cells, this.w, this.h);
    for (const t of next) {
      const after = tap(cells, this.w, t);
      if (!after) continue;
      const n = this.#entry(after.cells);
      if (n.d === null) n.d = hints.includes(t) ? d - 1 : d + 1;
    }
  }

  /**
   * path records an optimal solution of a board d moves from the goal (one
   * that came with a level, from a level pack): each board along it is
   * d - k moves away and its move k is optimal. Unlike learn, it says
   * nothing of the other moves, which stay unknown.
   */
  path(cells, d, solution) {
    let c = cells;
    for (let k = 0; k <= solution.length && c; k++) {
      const e = this.#entry(c);
      if (e.d === null) e.d = d - k;
      if (k === solution.length) break;
      if (e.next === null) e.next = solution[k];
      const after = tap(c, this.w, solution[k]);
      c = after && after.cells;
    }
  }

  /**
   * chain returns the moves from the board to the goal along the optimal
   * moves known of each board on the way, or null where one is not known.
   */
  chain(cells) {
    const out = [];
    let c = cells, k = this.known(c);
    while (k && k.d !== null && k.d > 0 && k.hints && k.hints.length) {
      const t = k.hints[0], after = tap(c, this.w, t);
      if (!after) return null;
      const n = this.known(after.cells);
      if (!n || n.d !== k.d - 1) return null;
      out.push(t);
      c = after.cells;
      k = n;
    }
    return k && k.d === 0 ? out : null;
  }

  /** note records the distance of a board, where nothing more is known. */
  note(cells, d) {
    const e = this.#entry(cells);
    if (e.d === null) e.d = d;
  }

  /**
   * giveUp records that a search for the board's optimal moves took too
   * long: no hint or solution is offered for it, and its distance is
   * bounded by its single-tile distance, once single gives it.
   */
  giveUp(cells) {
    this.#entry(cells).far = true;
  }

  /**
   * single records the single-tile distance s of a board the multi-tile
   * search gave up on (null: not known either).
   */
  single(cells, s) {
    this.#entry(cells).single = s;
  }

  /**
   * setHardest gives every board at the largest distance (a complete
   * published list), so that a board one move short of it has its optimal
   * moves without a search: those that do not lead to one of them. A
   * board already played one move short of it learns them now, so that
   * the boards its moves lead to have their distances however late the
   * list comes.
   */
  setHardest(boards) {
    this.#hardest = new Set(boards.map(keyOf));
    if (this.max === null) return;
    for (const [k, e] of [...this.#map]) {
      if (e.d === this.max - 1 && !e.hints) this.known(k.split(",").map(Number));
    }
  }

  /**
   * known returns what is known of the board: {d, hints, far, single},
   * filling in with no search the optimal moves of a board at the largest
   * distance, where every move is optimal, and, with setHardest, of a
   * board one move short of it; or null if nothing is. hints are the
   * optimal moves: all of them, or, on the solution that came with a
   * level (path), the one it takes.
   */
  known(cells) {
    const e = this.#map.get(keyOf(cells));
    if (!e) return null;
    if (!e.hints && e.d !== null && this.max !== null && this.metric === "single") {
      const all = moves(cells, this.w, this.h);
      if (e.d === this.max) this.learn(cells, e.d, all);
      else if (e.d === this.max - 1 && this.#hardest) {
        this.learn(cells, e.d, all.filter((t) => !this.#hardest.has(keyOf(tap(cells, this.w, t).cells))));
      }
    }
    return { ...e, hints: e.hints ? e.hints.slice() : e.next !== null ? [e.next] : null };
  }

  /**
   * view returns what can be shown of the board's distance: {distance,
   * low, high, exact, far, hints, single}. distance is exact, or null;
   * low..high bounds it where it is not known exactly but some is (a board
   * the multi-tile search gave up on, with its single-tile distance single:
   * a move slides at most mostSlid tiles, so low = ceil(single / mostSlid)
   * and high = single, capped at the largest distance); both are null when
   * nothing is.
   */
  view(cells) {
    const k = this.known(cells);
    const single = k && Number.isInteger(k.single) ? k.single : null;
    if (k && k.d !== null) return { distance: k.d, low: k.d, high: k.d, exact: true, far: k.far, hints: k.hints, single };
    const out = { distance: null, low: null, high: null, exact: false, far: !!(k && k.far), hints: null, single };
    if (k && k.far && Number.isInteger(k.single)) {
      out.low = Math.ceil(k.single / mostSlid(this.w, this.h));
      out.high = this.max === null ? k.single : Math.min(k.single, this.max);
      out.low = Math.min(out.low, out.high);
    }
    return out;
  }

  /** nextMoves is the moves of the board in the metric played. */
  nextMoves(cells) {
    return movesIn(this.metric, cells, this.w, this.h);
  }
}
