// The game page of slidetable serve. Plain JavaScript, no dependencies: it
// asks the server's JSON API for levels, exact distances, hints and
// solutions, and keeps the board itself.
"use strict";

const $ = (id) => document.getElementById(id);
const el = {
  board: $("board"), moves: $("moves"), distance: $("distance"), result: $("result"),
  message: $("message"), tip: $("tip"), hint: $("hint"), solve: $("solve"), again: $("again"),
  setup: $("setup"), size: $("size"), min: $("min"), max: $("max"), presets: $("presets"),
  start: $("start"), histogram: $("histogram"), caption: $("histo-caption"), chartLink: $("chart-link"),
};

const game = {
  sizes: [],      // from /api/sizes
  info: null,     // the entry of the size played
  w: 0, h: 0,
  cells: [],      // cells in reading order, 0 for the blank
  goal: [],
  optimum: 0,     // distance of the starting board
  moves: 0,       // moves made
  helped: false,  // the solver made some of the moves
  distance: null, // exact distance of the current board, null while asked
  hints: [],      // optimal next moves of the current board
  pending: null,  // the hint request in flight
  abort: null,
  busy: false,    // a new board or a solution is on its way or playing
  epoch: 0,       // counts boards dealt, so a solution stops on a new one
  stats: null,    // /api/stats of the size, or null
  tiles: new Map(),
};

const SLIDE_MS = 120, SOLVE_STEP_MS = matchMedia("(prefers-reduced-motion: reduce)").matches ? 60 : 170;

async function getJSON(path, signal) {
  const res = await fetch(path, { signal, headers: { Accept: "application/json" } });
  let body = null;
  try { body = await res.json(); } catch (e) { /* not JSON */ }
  if (!res.ok) {
    const msg = body && body.error ? body.error : `HTTP ${res.status}`;
    const err = new Error(res.status === 503 ? `The server is busy or the search took too long: ${msg}` : msg);
    err.status = res.status;
    throw err;
  }
  return body;
}

function q(params) {
  return new URLSearchParams(params).toString();
}

function say(msg) { el.message.textContent = msg || ""; }

function setState(s) { document.body.dataset.state = s; }

// ---- the board ----

function buildBoard() {
  el.board.replaceChildren();
  game.tiles.clear();
  el.board.style.aspectRatio = `${game.w} / ${game.h}`;
  el.board.style.width = `min(100%, 440px, calc((100vh - 290px) * ${game.w / game.h}), ${Math.round(70 * game.w / game.h)}vh)`;
  el.board.setAttribute("aria-label", `${game.w} by ${game.h} board`);
  for (let t = 1; t < game.w * game.h; t++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tile";
    b.dataset.tile = t;
    b.style.width = `${100 / game.w}%`;
    b.style.height = `${100 / game.h}%`;
    b.style.fontSize = `${38 / game.w}cqw`;
    const s = document.createElement("span");
    s.textContent = t;
    b.append(s);
    b.addEventListener("click", () => userMove(t));
    el.board.append(b);
    game.tiles.set(t, b);
  }
}

function movable(t) {
  const z = game.cells.indexOf(0), i = game.cells.indexOf(t), w = game.w;
  if (i < 0 || t === 0) return false;
  const zr = Math.floor(z / w), zc = z % w, ir = Math.floor(i / w), ic = i % w;
  return Math.abs(zr - ir) + Math.abs(zc - ic) === 1;
}

function direction(t) {
  const z = game.cells.indexOf(0), i = game.cells.indexOf(t), w = game.w;
  if (i === z - w) return "down";
  if (i === z + w) return "up";
  if (i === z - 1) return "right";
  return "left";
}

function render() {
  game.cells.forEach((t, i) => {
    if (t === 0) return;
    const b = game.tiles.get(t);
    const r = Math.floor(i / game.w), c = i % game.w;
    b.style.transform = `translate(${c * 100}%, ${r * 100}%)`;
    const m = movable(t);
    b.classList.toggle("movable", m);
    b.classList.toggle("home", game.goal[i] === t);
    b.tabIndex = m ? 0 : -1;
    b.setAttribute("aria-label", m ? `tile ${t}, slides ${direction(t)}` : `tile ${t}`);
    b.setAttribute("aria-disabled", m ? "false" : "true");
  });
  el.board.dataset.board = game.cells.join(",");
  el.moves.textContent = game.moves;
  el.moves.dataset.moves = game.moves;
}

function showDistance() {
  const d = game.distance;
  el.distance.classList.toggle("solved", d === 0);
  el.distance.dataset.distance = d === null ? "" : String(d);
  if (d === null) el.distance.textContent = "Counting…";
  else if (d === 0) el.distance.textContent = "Solved!";
  else el.distance.textContent = `${d} move${d === 1 ? "" : "s"} from solved`;
  drawHistogram();
}

function clearHint() {
  for (const b of game.tiles.values()) b.classList.remove("hint");
  el.board.dataset.hint = "";
  el.tip.textContent = "";
}

function solved() {
  return game.cells.every((t, i) => t === game.goal[i]);
}

// applyMove slides tile t into the blank, if it can.
function applyMove(t) {
  if (!movable(t)) return false;
  const z = game.cells.indexOf(0), i = game.cells.indexOf(t);
  game.cells[z] = t;
  game.cells[i] = 0;
  game.moves++;
  clearHint();
  render();
  return true;
}

function userMove(t) {
  if (game.busy || solved()) return;
  if (!applyMove(t)) return;
  game.tiles.get(t).focus({ preventScroll: true });
  afterMove();
}

function afterMove() {
  if (solved()) {
    if (game.abort) game.abort.abort();
    game.distance = 0;
    game.hints = [];
    showDistance();
    finish();
    return;
  }
  refresh();
}

// refresh asks the server for the exact distance and the optimal moves of
// the current board; an answer for an earlier board is dropped.
function refresh() {
  if (game.abort) game.abort.abort();
  const ac = new AbortController();
  game.abort = ac;
  const cells = game.cells.join(",");
  game.distance = null;
  game.hints = [];
  showDistance();
  setState("thinking");
  game.pending = getJSON(`api/hint?${q({ size: game.info.size, board: cells })}`, ac.signal)
    .then((r) => {
      if (ac.signal.aborted || game.cells.join(",") !== cells) return;
      game.distance = r.distance;
      game.hints = r.moves || [];
      showDistance();
      setState("playing");
      say("");
    })
    .catch((e) => {
      if (e.name === "AbortError" || ac.signal.aborted) return;
      setState("playing");
      say(`Could not get the distance: ${e.message}`);
    });
  return game.pending;
}

function finish() {
  const extra = game.moves - game.optimum;
  let text = `Solved in ${game.moves} move${game.moves === 1 ? "" : "s"}; the optimum from the start was ${game.optimum}.`;
  if (game.helped) text += " (The solver made some of the moves.)";
  else if (extra === 0) text += " A perfect game!";
  else text += ` ${extra} move${extra === 1 ? "" : "s"} more than needed.`;
  el.result.textContent = text;
  el.result.hidden = false;
  el.result.dataset.moves = game.moves;
  el.result.dataset.optimum = game.optimum;
  setState("solved");
}

// ---- hint and solve ----

async function showHint() {
  if (game.busy || solved()) return;
  if (game.distance === null && game.pending) await game.pending;
  if (!game.hints.length) return;
  clearHint();
  const t = game.hints[0];
  game.tiles.get(t).classList.add("hint");
  el.board.dataset.hint = t;
  say("");
  el.tip.textContent = `Hint: slide tile ${t} ${direction(t)}.`;
}

async function solveIt() {
  if (game.busy || solved()) return;
  setBusy(true);
  setState("thinking");
  try {
    const r = await getJSON(`api/solve?${q({ size: game.info.size, board: game.cells.join(",") })}`);
    setState("animating");
    game.helped = true;
    el.tip.textContent = `Playing an optimal solution of ${r.moves.length} move${r.moves.length === 1 ? "" : "s"}…`;
    const path = r.moves, epoch = game.epoch;
    for (let k = 0; k < path.length; k++) {
      if (game.epoch !== epoch) return;
      applyMove(path[k]);
      game.distance = path.length - k - 1;
      showDistance();
      await new Promise((res) => setTimeout(res, SOLVE_STEP_MS));
    }
    setBusy(false);
    el.tip.textContent = "";
    afterMove();
  } catch (e) {
    setBusy(false);
    setState("playing");
    say(`Could not solve: ${e.message}`);
  }
}

function setBusy(b) {
  game.busy = b;
  for (const x of [el.hint, el.solve, el.again, el.start, el.size]) x.disabled = b;
  for (const x of el.presets.children) x.disabled = b;
}

// ---- new games ----

function presets(info) {
  const L = info.max_level;
  const cut = (f) => Math.max(1, Math.round(f * L));
  const raw = [["Easy", cut(0.2), cut(0.4)], ["Medium", cut(0.4) + 1, cut(0.6)],
    ["Hard", cut(0.6) + 1, cut(0.85)], ["Expert", cut(0.85) + 1, L]];
  return raw.map(([name, lo, hi]) => ({ name, min: Math.min(lo, L), max: Math.max(Math.min(hi, L), Math.min(lo, L)) }));
}

function showPresets(info, pick) {
  el.presets.replaceChildren();
  for (const p of presets(info)) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${p.name} ${p.min}–${p.max}`;
    b.dataset.min = p.min;
    b.dataset.max = p.max;
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => {
      el.min.value = p.min;
      el.max.value = p.max;
      markPreset();
      newGame();
    });
    el.presets.append(b);
  }
  if (pick) {
    const p = presets(info).find((x) => x.name === pick);
    el.min.value = p.min;
    el.max.value = p.max;
  }
  el.min.max = el.max.max = info.max_level;
  markPreset();
}

function markPreset() {
  for (const b of el.presets.children) {
    b.setAttribute("aria-pressed", String(b.dataset.min === el.min.value && b.dataset.max === el.max.value));
  }
}

async function newGame() {
  const info = game.sizes.find((s) => s.size === el.size.value);
  const lo = Number(el.min.value), hi = Number(el.max.value);
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < 0 || hi < lo || lo > info.max_level) {
    say(`Pick distances from 0 to ${info.max_level}, the first no larger than the second.`);
    return;
  }
  if (game.abort) game.abort.abort();
  setBusy(true);
  setState("loading");
  say("");
  try {
    const level = await getJSON(`api/level?${q({ size: info.size, min: lo, max: Math.min(hi, info.max_level) })}`);
    game.epoch++;
    const sizeChanged = !game.info || game.info.size !== info.size;
    game.info = info;
    game.w = info.width;
    game.h = info.height;
    game.goal = info.goal;
    game.cells = level.board.slice();
    game.optimum = level.distance;
    game.moves = 0;
    game.helped = false;
    el.result.hidden = true;
    el.result.textContent = "";
    if (sizeChanged) {
      buildBoard();
      el.chartLink.href = `api/chart?${q({ size: info.size })}`;
      loadStats(info);
    }
    render();
    game.distance = level.distance;
    game.hints = [];
    showDistance();
    setBusy(false);
    setState("playing");
    refresh();
  } catch (e) {
    setBusy(false);
    setState(game.info ? "playing" : "error");
    say(`Could not get a new board: ${e.message}`);
  }
}

async function loadStats(info) {
  game.stats = null;
  drawHistogram();
  if (!info.table && !info.published) return;
  try {
    const st = await getJSON(`api/stats?${q({ size: info.size })}`);
    if (game.info && game.info.size === info.size) {
      game.stats = st;
      drawHistogram();
    }
  } catch (e) {
    el.caption.textContent = `No distribution: ${e.message}`;
  }
}

// ---- the histogram ----

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  return n;
}

function drawHistogram() {
  const info = game.info;
  if (!info) return;
  if (!info.table && !info.published) {
    el.histogram.replaceChildren();
    el.histogram.dataset.here = "";
    el.caption.textContent = `There is no table for ${info.size} (it has too many boards), so how many boards lie at each distance is not known here; distances come from an optimal search.`;
    return;
  }
  const st = game.stats;
  if (!st) { el.caption.textContent = "Loading the distribution…"; return; }
  const counts = st.counts, n = counts.length, top = Math.max(...counts);
  const W = 300, H = 150, padL = 4, padB = 18, padT = 18;
  const bw = (W - padL * 2) / n;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": `Number of ${info.size} boards at each distance from 0 to ${st.max}` });
  const lo = Number(el.min.value), hi = Number(el.max.value), d = game.distance;
  if (lo <= hi && lo < n) {
    // The difficulty range chosen, as a band behind the bars.
    root.append(svg("rect", { class: "band", x: padL + lo * bw, y: padT, width: (Math.min(hi, n - 1) - lo + 1) * bw, height: H - padB - padT }));
  }
  if (d !== null && d < n) {
    // A line through the current distance, visible even where its bar is tiny.
    const x = padL + (d + 0.5) * bw;
    root.append(svg("line", { class: "here", x1: x, x2: x, y1: padT - 2, y2: H - padB }));
  }
  counts.forEach((c, i) => {
    const h = c === 0 ? 0 : Math.max(1, (H - padB - padT) * c / top);
    let cls = "bar";
    if (i === d) cls += " here";
    const r = svg("rect", { class: cls, x: padL + i * bw + 0.5, y: H - padB - h, width: Math.max(0.5, bw - 1), height: h });
    r.append(svg("title", {}, `distance ${i}: ${c.toLocaleString("en")} boards`));
    root.append(r);
  });
  root.append(svg("text", { x: padL, y: H - 4 }, "0"));
  root.append(svg("text", { x: W - padL, y: H - 4, "text-anchor": "end" }, String(st.max)));
  if (d !== null && d < n) {
    const x = padL + (d + 0.5) * bw;
    root.append(svg("text", { class: "here", x, y: 12, "text-anchor": x < 40 ? "start" : x > W - 40 ? "end" : "middle" }, `you: ${d}`));
  }
  el.histogram.replaceChildren(root);
  el.histogram.dataset.here = d === null ? "" : String(d);
  const at = d !== null && d < n ? counts[d] : 0;
  el.caption.textContent = (st.source ? `Published counts (${st.source}); distances here come from an optimal search. ` : "") +
    `${st.states.toLocaleString("en")} boards can be solved; the farthest are ${st.max} moves away. ` +
    (d === null ? "" : at === 1 ? `This is the only board ${d} moves from solved.` :
      `${at.toLocaleString("en")} boards are ${d} move${d === 1 ? "" : "s"} from solved, like this one.`);
}

// ---- keys ----

// An arrow key moves the tile on that side of the blank the way it points.
const KEYS = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, 1], ArrowRight: [0, -1] };

document.addEventListener("keydown", (ev) => {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const tag = ev.target && ev.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (ev.key in KEYS) {
    if (!game.info) return;
    ev.preventDefault();
    const [dr, dc] = KEYS[ev.key];
    const z = game.cells.indexOf(0), r = Math.floor(z / game.w) + dr, c = z % game.w + dc;
    if (r < 0 || r >= game.h || c < 0 || c >= game.w) return;
    userMove(game.cells[r * game.w + c]);
  } else if (ev.key === "h" || ev.key === "H") {
    showHint();
  } else if (ev.key === "s" || ev.key === "S") {
    solveIt();
  }
});

// ---- start ----

el.hint.addEventListener("click", showHint);
el.solve.addEventListener("click", solveIt);
el.again.addEventListener("click", () => newGame());
el.setup.addEventListener("submit", (ev) => { ev.preventDefault(); newGame(); });
el.min.addEventListener("input", markPreset);
el.max.addEventListener("input", markPreset);
el.size.addEventListener("change", () => {
  const info = game.sizes.find((s) => s.size === el.size.value);
  showPresets(info, "Medium");
  newGame();
});

async function init() {
  try {
    game.sizes = await getJSON("api/sizes");
  } catch (e) {
    setState("error");
    say(`Could not reach the server: ${e.message}`);
    return;
  }
  for (const s of game.sizes) {
    const o = document.createElement("option");
    o.value = s.size;
    o.textContent = `${s.size}${s.table ? "" : " (optimal search)"}`;
    el.size.append(o);
  }
  const want = new URLSearchParams(location.search).get("size");
  const first = game.sizes.find((s) => s.size === want) || game.sizes.find((s) => s.size === "3x3") || game.sizes[0];
  el.size.value = first.size;
  showPresets(first, "Medium");
  await newGame();
}

init();
