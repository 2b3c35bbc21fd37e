// The rules of the sliding-tile puzzle, as plain functions of a board's
// cells (its numbers in reading order, 0 for the blank) and its width w
// and height h: the same rules as the Go library's package board, and
// tested against vectors it writes (testdata/rules.json). No state, no DOM:
// <slidetable-puzzle> and the game page play by them.

/** DIRECTIONS are the ways a tile slides, as board.Direction names them. */
export const DIRECTIONS = ["up", "down", "left", "right"];

/**
 * parseSize reads "WxH" (W columns, H rows, each at least 2) and returns
 * {w, h}, or null if the text is not a size.
 */
export function parseSize(text) {
  const m = /^\s*(\d{1,3})x(\d{1,3})\s*$/.exec(String(text));
  if (!m) return null;
  const w = Number(m[1]), h = Number(m[2]);
  return w >= 2 && h >= 2 && w * h <= 256 ? { w, h } : null;
}

/** goalOf returns the standard goal of a w x h board: 1..n-1, then the blank. */
export function goalOf(w, h) {
  const n = w * h;
  return Array.from({ length: n }, (_, i) => (i + 1) % n);
}

/**
 * parseBoard reads a w x h board written as the command line writes one
 * (board.Parse: numbers separated by spaces or commas, "." for the blank,
 * rows optionally separated by "/", h of them of w numbers each) or given
 * as an array, and returns its cells, or null if it is not a board holding
 * each of 0..n-1 once.
 */
export function parseBoard(board, w, h) {
  const n = w * h;
  if (Array.isArray(board)) return validBoard(board, n) ? board.slice() : null;
  const text = String(board), words = (s) => s.split(/[\s,]+/).filter((x) => x !== "");
  let tokens;
  if (text.includes("/")) {
    const rows = text.split("/").map(words);
    if (rows.length !== h || rows.some((r) => r.length !== w)) return null;
    tokens = rows.flat();
  } else {
    tokens = words(text);
  }
  const cells = tokens.map((x) => (x === "." ? 0 : /^[+-]?\d{1,4}$/.test(x) ? Number(x) || 0 : NaN));
  return validBoard(cells, n) ? cells : null;
}

/** validBoard says whether cells holds each of 0..n-1 once. */
export function validBoard(cells, n) {
  return Array.isArray(cells) && cells.length === n && new Set(cells).size === n &&
    cells.every((t) => Number.isInteger(t) && t >= 0 && t < n);
}

/** keyOf names a board, for maps of what is known of boards. */
export function keyOf(cells) {
  return cells.join(",");
}

/** sameBoard says whether two boards are the same. */
export function sameBoard(a, b) {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** solvedBy says whether cells is the goal. */
export function solvedBy(cells, goal) {
  return sameBoard(cells, goal);
}

/**
 * moves returns the tiles that can move into the blank, one tile a move,
 * in board.Board.Moves' order: above the blank, below, left, right.
 */
export function moves(cells, w, h) {
  const z = cells.indexOf(0), r = Math.floor(z / w), c = z % w, out = [];
  if (r > 0) out.push(cells[z - w]);
  if (r < h - 1) out.push(cells[z + w]);
  if (c > 0) out.push(cells[z - 1]);
  if (c < w - 1) out.push(cells[z + 1]);
  return out;
}

/**
 * taps returns the tiles a player can tap in the multi-tile metric, in
 * board.Board.Taps' order: the blank's column top to bottom, then its row
 * left to right.
 */
export function taps(cells, w, h) {
  const z = cells.indexOf(0), out = [];
  for (let c = z % w; c < w * h; c += w) if (c !== z) out.push(cells[c]);
  for (let c = z - (z % w); c < z - (z % w) + w; c++) if (c !== z) out.push(cells[c]);
  return out;
}

/** movesIn is moves in the single-tile metric, taps in the multi-tile one. */
export function movesIn(metric, cells, w, h) {
  return metric === "multi" ? taps(cells, w, h) : moves(cells, w, h);
}

/**
 * tap returns what a tap on tile t does, as board.Board.Tap: t and every
 * tile between it and the blank slide one cell towards the blank. It
 * returns {cells, n, z}: the board after, how many tiles slid and the
 * blank's cell before; or null if t is not in the blank's row or column.
 * A move of the single-tile metric is a tap with n = 1.
 */
export function tap(cells, w, t) {
  const z = cells.indexOf(0), i = t === 0 ? -1 : cells.indexOf(t);
  if (i < 0) return null;
  let step;
  if (Math.floor(i / w) === Math.floor(z / w)) step = i > z ? 1 : -1;
  else if (i % w === z % w) step = i > z ? w : -w;
  else return null;
  const next = cells.slice();
  let n = 0;
  for (let c = z; c !== i; c += step, n++) next[c] = cells[c + step];
  next[i] = 0;
  return { cells: next, n, z };
}

/**
 * direction returns the way tile t slides when tapped ("up", "down",
 * "left" or "right"), or "" if it cannot be.
 */
export function direction(cells, w, t) {
  const z = cells.indexOf(0), i = t === 0 ? -1 : cells.indexOf(t);
  if (i < 0) return "";
  if (Math.floor(i / w) === Math.floor(z / w)) return i < z ? "right" : "left";
  if (i % w === z % w) return i < z ? "down" : "up";
  return "";
}

/**
 * toward returns the tile that slides in direction d (an arrow key: the
 * tile on the far side of the blank moves into it, as board.Board.Slide),
 * or 0 if none can.
 */
export function toward(cells, w, h, d) {
  const z = cells.indexOf(0), r = Math.floor(z / w), c = z % w;
  const [dr, dc] = { up: [1, 0], down: [-1, 0], left: [0, 1], right: [0, -1] }[d] ?? [NaN, NaN];
  const rr = r + dr, cc = c + dc;
  return rr >= 0 && rr < h && cc >= 0 && cc < w ? cells[rr * w + cc] : 0;
}

/**
 * solvableTo says whether cells can reach goal, by the parity rule
 * (board.Board.SolvableTo): with an odd width the number of inversions
 * keeps its parity; with an even width, inversions plus the blank's row
 * does.
 */
export function solvableTo(cells, goal, w) {
  const h = cells.length / w;
  const invariant = (b) => {
    let inv = 0;
    const tiles = b.filter((t) => t !== 0);
    for (let i = 0; i < tiles.length; i++) {
      for (let j = i + 1; j < tiles.length; j++) if (tiles[i] > tiles[j]) inv++;
    }
    const row = h - Math.floor(b.indexOf(0) / w); // from the bottom, 1-based
    return (w % 2 === 1 ? inv : inv + row) % 2;
  };
  return invariant(cells) === invariant(goal);
}

/**
 * counted is the number of moves of a list of taps ({n}: tiles slid) in
 * the metric: one a tap in the multi-tile metric, one a tile slid in the
 * single-tile metric.
 */
export function counted(history, metric) {
  return metric === "multi" ? history.length : history.reduce((sum, m) => sum + m.n, 0);
}

/** mostSlid is how many tiles one multi-tile move slides at most. */
export function mostSlid(w, h) {
  return Math.max(w - 1, h - 1);
}
