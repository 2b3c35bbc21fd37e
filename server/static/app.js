// The game page of slidetable. Plain JavaScript, no dependencies. It keeps
// the board, the moves, the timer and the player's records, and asks an
// engine (engine.js: the JSON API of slidetable serve, or the library in
// WebAssembly in a worker) for levels, exact distances, hints and
// solutions, in the metric the player chose: one tile a move (the
// single-tile metric), or one tap a move, which slides every tile between
// the tile tapped and the blank along its row or column (the multi-tile
// metric).
import { connect } from "./engine.js";
import { Histogram } from "./histogram.js";
import * as records from "./records.js";
import { clock } from "./records.js";

const $ = (id) => document.getElementById(id);
const el = {
  board: $("board"), moves: $("moves"), timer: $("timer"), distance: $("distance"),
  undo: $("undo"), redo: $("redo"), hint: $("hint"), solve: $("solve"), again: $("again"), share: $("share"),
  player: $("player"), stop: $("stop"), slower: $("slower"), faster: $("faster"), speed: $("speed"),
  tip: $("tip"), shareBox: $("share-box"), shareLink: $("share-link"),
  message: $("message"), messageText: $("message-text"), retry: $("retry"),
  win: $("win"), winTitle: $("win-title"), result: $("result"), bestNews: $("best-news"),
  playAgain: $("play-again"), winShare: $("win-share"), winClose: $("win-close"),
  setup: $("setup"), size: $("size"), metric: $("metric"), min: $("min"), max: $("max"), presets: $("presets"), start: $("start"),
  movesLabel: $("moves-label"), distanceNote: $("distance-note"), helpKeys: $("help-keys"), helpTouch: $("help-touch"),
  bests: $("bests"), histogram: $("histogram"), caption: $("histo-caption"),
  aboutAPI: $("about-api"), aboutWasm: $("about-wasm"), statsLink: $("stats-link"),
  chartItem: $("chart-item"), chartLink: $("chart-link"),
};

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
const SAVE_KEY = "slidetable.game.v1";
const SETTINGS_KEY = "slidetable.settings.v1";
const METRICS = ["single", "multi"];
const SPEEDS = [0.25, 0.5, 1, 2, 4];      // of the solution's playing speed
const STEP_MS = reducedMotion ? 90 : 220; // one move of a solution at 1x
// How long a search in the multi-tile metric on a size without a table
// (4x4) may take before the page says the answer is not known: it has no
// pattern database there, so boards within about 25 moves answer in
// seconds and most others never. The server's own time limit (5 s unless
// serve's -timeout says otherwise) usually answers first.
const SEARCH_LIMIT_MS = { api: 15000, wasm: 8000 };

const game = {
  engine: null,
  info: null,       // the /api/sizes entry of the size played
  metric: "single", // the metric played: "single" or "multi"
  w: 0, h: 0,
  goal: [],
  start: [],        // the board dealt
  cells: [],        // the board now, in reading order, 0 for the blank
  history: [],      // taps made, oldest first: {t: tile tapped, n: tiles slid, z: blank's cell before, by: "you" | "solver"}
  future: [],       // taps undone, for redo, the next one last: {t, by}
  optimum: 0,       // distance of the board dealt; null until known (a shared board)
  level: null,      // {key, name, min, max}: the difficulty, or a shared board
  elapsed: 0,       // ms played before runningSince
  runningSince: 0,  // performance.now() when the timer last started; 0: stopped
  paused: false,    // the timer stopped while the page is hidden
  won: false,
  known: new Map(), // board key -> {d, hints, far}: answers so far, and what they imply
  singles: new Map(), // board key -> single-tile distance, of boards too far to search in the multi-tile metric
  ask: null,        // {key, ac}: the question in flight about the board shown
  askSingle: null,  // {key, ac}: the question in flight for a single-tile distance
  busy: false,      // a new board is on its way
  dealing: null,    // its AbortController
  retryDelay: 0,    // ms before asking again, after trouble
  retryTimer: 0,
  wantHint: false,  // show a hint as soon as the answer comes
  notice: "",       // a message for the player, said when the next board is dealt
  deal: 0,          // counts boards dealt: work for an older one stops
  solving: null,    // {ac, speed}: a solution being found or played
  speed: 2,         // index in SPEEDS of the last speed chosen
  stats: null,      // /api/stats of the size, or null
  tiles: new Map(),
};

const keyOf = (cells) => cells.join(",");
const histogram = new Histogram(el.histogram, el.caption);

// ---- messages ----

// say shows a message, with a Retry button for trouble that waiting may
// mend; such a message goes as soon as an answer comes (unsay), others
// stay until the next board.
function say(msg, retry) {
  el.messageText.textContent = msg || "";
  el.message.hidden = !msg;
  el.retry.hidden = !retry;
  el.message.dataset.kind = retry ? "trouble" : "notice";
}

function unsay() {
  if (el.message.dataset.kind === "trouble") say("");
}

// tip writes the line under the buttons; kind says what wrote it, so that
// a move clears a hint but not a note about the solution being played.
function tip(text, kind) {
  el.tip.textContent = text || "";
  el.tip.dataset.kind = text ? kind || "" : "";
}

function setState(s) { document.body.dataset.state = s; }

// ---- the board ----

function buildBoard() {
  el.board.replaceChildren();
  game.tiles.clear();
  el.board.style.setProperty("--cols", game.w);
  el.board.style.setProperty("--rows", game.h);
  el.board.setAttribute("aria-label", `Board, ${game.w} by ${game.h}`);
  for (let t = 1; t < game.w * game.h; t++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tile";
    b.dataset.tile = t;
    const s = document.createElement("span");
    s.textContent = t;
    s.setAttribute("aria-hidden", "true");
    b.append(s);
    b.addEventListener("click", (ev) => {
      if (ev.detail > 0 && touched()) return; // a tap, already played
      userMove(t);
    });
    el.board.append(b);
    game.tiles.set(t, b);
  }
}

// neighbours lists the tiles next to the blank: the moves of the
// single-tile metric.
function neighbours(cells, w, h) {
  const z = cells.indexOf(0), r = Math.floor(z / w), c = z % w, out = [];
  if (r > 0) out.push(cells[z - w]);
  if (r < h - 1) out.push(cells[z + w]);
  if (c > 0) out.push(cells[z - 1]);
  if (c < w - 1) out.push(cells[z + 1]);
  return out;
}

// slide returns what a tap on tile t does to cells: t and every tile
// between it and the blank slide one cell towards the blank (as
// board.Board.Tap in Go). It returns the board after, how many tiles slid
// (n) and the blank's cell before (z), or null if t is not in the blank's
// row or column. A move of the single-tile metric is a tap with n = 1.
function slide(cells, t) {
  const w = game.w, z = cells.indexOf(0), i = t === 0 ? -1 : cells.indexOf(t);
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

// movable says whether tile t can be tapped: it is in the blank's row or
// column, in either metric.
function movable(t) {
  return t !== 0 && slide(game.cells, t) !== null;
}

// direction says which way tile t, in the blank's row or column, slides.
function direction(t) {
  const z = game.cells.indexOf(0), i = game.cells.indexOf(t);
  if (Math.floor(i / game.w) === Math.floor(z / game.w)) return i < z ? "right" : "left";
  return i < z ? "down" : "up";
}

// counted is the number of moves of taps in the metric played: one a tap
// in the multi-tile metric, one a tile slid in the single-tile metric.
function counted(taps = game.history) {
  return game.metric === "multi" ? taps.length : taps.reduce((sum, m) => sum + m.n, 0);
}

function solved(cells = game.cells) {
  return cells.every((t, i) => t === game.goal[i]);
}

function render() {
  const quiet = game.busy || game.solving || game.won;
  game.cells.forEach((t, i) => {
    if (t === 0) return;
    const b = game.tiles.get(t);
    const r = Math.floor(i / game.w), c = i % game.w;
    b.style.transform = `translate(${c * 100}%, ${r * 100}%)`;
    const tap = slide(game.cells, t), m = tap !== null;
    const home = game.goal[i] === t;
    b.classList.toggle("movable", m && !quiet);
    b.classList.toggle("home", home);
    b.tabIndex = m && !quiet ? 0 : -1;
    const where = `row ${r + 1}, column ${c + 1}`;
    const others = m && tap.n > 1 ? ` with ${tap.n - 1} other tile${tap.n > 2 ? "s" : ""}` : "";
    b.setAttribute("aria-label", `${t}${home ? ", in place" : ""}, ${where}${m ? `, slides ${direction(t)}${others}` : ""}`);
    b.setAttribute("aria-disabled", m && !quiet ? "false" : "true");
  });
  el.board.dataset.size = game.info.size;
  el.board.dataset.board = keyOf(game.cells);
  const n = counted();
  el.moves.textContent = n;
  el.moves.dataset.moves = n;
  updateButtons();
}

function updateButtons() {
  const done = game.won || solved();
  const busy = game.busy || !!game.solving;
  el.undo.disabled = busy || !game.history.length || !game.info;
  el.redo.disabled = busy || !game.future.length || !game.info;
  el.hint.disabled = busy || done || !game.info;
  el.solve.disabled = busy || done || !game.info;
  el.share.disabled = !game.info;
  for (const x of [el.again, el.start, el.size]) x.disabled = game.busy;
  el.metric.disabled = game.busy || !game.engine.sizes("multi").length;
  for (const x of el.presets.children) x.disabled = game.busy;
}

function clearHint() {
  for (const b of game.tiles.values()) b.classList.remove("hint", "hint-with");
  el.board.dataset.hint = "";
  if (el.tip.dataset.kind === "hint") tip("");
}

// ---- distances ----

// learn records the answer for a board: its distance and optimal moves,
// and so the distance of the boards they lead to, one less. In the
// single-tile metric a move changes the distance by exactly one, so any
// other move leads one more away; in the multi-tile metric by at most
// one, either way, so only the optimal moves tell.
function learn(cells, d, hints) {
  const k = keyOf(cells);
  game.known.set(k, { d, hints });
  if (game.optimum === null && k === keyOf(game.start)) game.optimum = d;
  const moves = game.metric === "multi" ? hints : neighbours(cells, game.w, game.h);
  for (const t of moves) {
    const next = slide(cells, t);
    if (!next) continue;
    const nk = keyOf(next.cells), nd = hints.includes(t) ? d - 1 : d + 1;
    const had = game.known.get(nk);
    if (!had) game.known.set(nk, { d: nd, hints: null });
    else if (had.d === null) had.d = nd;
  }
}

// note records the distance of a board, where nothing more is known.
function note(cells, d) {
  const k = keyOf(cells);
  if (!game.known.has(k)) game.known.set(k, { d, hints: null });
  if (d !== null && game.optimum === null && k === keyOf(game.start)) game.optimum = d;
}

// known returns what is known of the board shown.
function known() {
  return game.known.get(keyOf(game.cells)) || null;
}

// obvious fills in, with no search, the optimal moves of a board at God's
// number, where every move is optimal, and of a board one move short of
// it when every board at God's number is listed (a move from it leads to
// one of those, or one move closer).
function obvious(k) {
  const max = game.info.max, st = game.stats;
  if (!k || k.hints || max == null || game.metric !== "single") return k;
  const moves = neighbours(game.cells, game.w, game.h);
  let hints = null;
  if (k.d === max) {
    hints = moves;
  } else if (k.d === max - 1 && st && st.max === max && st.hardest && st.hardest.length === st.at_max) {
    const far = new Set(st.hardest.map(keyOf));
    hints = moves.filter((t) => !far.has(keyOf(slide(game.cells, t).cells)));
  }
  if (!hints) return k;
  learn(game.cells, k.d, hints);
  return game.known.get(keyOf(game.cells));
}

function showDistance() {
  const k = known();
  const d = k ? k.d : null;
  el.distance.classList.toggle("solved", d === 0);
  el.distance.dataset.metric = game.metric;
  el.distance.dataset.distance = d === null ? "" : String(d);
  const single = k && k.far && d === null ? game.singles.get(keyOf(game.cells)) : undefined;
  const most = Math.max(game.w - 1, game.h - 1); // tiles a multi-tile move slides at most
  if (Number.isInteger(single)) el.distance.textContent = `${Math.ceil(single / most)} to ${single} moves from solved`;
  else if (d === null && k && k.far) el.distance.textContent = "Distance not known";
  else if (d === null && game.retryTimer) el.distance.textContent = "Distance unknown";
  else if (d === null) el.distance.textContent = "Counting…";
  else if (d === 0) el.distance.textContent = "Solved!";
  else el.distance.textContent = `${d} move${d === 1 ? "" : "s"} from solved`;
  // Where the multi-tile search gave up, say so, with the single-tile
  // distance: the exact count lies between it divided by the most tiles a
  // move slides and it.
  let note = "";
  if (k && k.far && d === null) {
    note = "Not known exactly: this board is too far from solved for a search in multi-tile moves here. ";
    if (Number.isInteger(single)) note += `It is ${single} moves one tile at a time, and a move slides at most ${most} tiles.`;
    else if (single === undefined) note += "Counting its moves one tile at a time…";
  }
  el.distanceNote.textContent = note;
  el.distanceNote.hidden = !note;
  histogram.mark(d);
}

// think makes sure the optimal moves of the board shown are known, asking
// the engine if not; a question about an earlier board is called off.
function think() {
  const cells = game.cells.slice(), k = keyOf(cells);
  let have = obvious(known());
  if (solved(cells)) have = { d: 0, hints: [] };
  if (have && (have.hints || have.far)) {
    cancelAsk();
    if (game.retryTimer) stopRetrying();
    if (have.far && have.d === null) askSingle(cells);
    showDistance();
    if (game.wantHint) showHint();
    return;
  }
  if (game.ask && game.ask.key === k) return;
  cancelAsk();
  const ac = new AbortController(), deal = game.deal;
  game.ask = { key: k, ac };
  showDistance();
  const asked = performance.now();
  const limit = searchLimit();
  const slow = setTimeout(() => {
    if (!known() && game.ask && game.ask.key === k) {
      tip(game.info.table ? "Counting…" : limit ? "Counting: a search in multi-tile moves answers boards up to about 25 moves from solved."
        : "Counting: a search for a board this far can take a while.", "wait");
    }
  }, 1500);
  const stop = limit && setTimeout(() => {
    if (game.ask && game.ask.ac === ac) tooFar(cells);
  }, limit);
  game.engine.hints(game.info.size, cells, game.metric, ac.signal).then((r) => {
    clearTimeout(slow);
    clearTimeout(stop);
    if (game.ask && game.ask.ac === ac) game.ask = null;
    if (deal !== game.deal) return;
    if (!r.solvable) {
      game.notice = `This ${game.info.size} board cannot be solved: no moves lead from it to the goal. Here is a new board instead.`;
      newGame();
      return;
    }
    learn(cells, r.distance, r.moves || []);
    timing(`answer ${game.info.size}`, asked);
    stopRetrying();
    if (el.tip.dataset.kind === "wait") tip("");
    if (keyOf(game.cells) === k) {
      showDistance();
      if (game.wantHint) showHint();
    }
  }, (e) => {
    clearTimeout(slow);
    clearTimeout(stop);
    if (game.ask && game.ask.ac === ac) game.ask = null;
    if (e.name === "AbortError" || deal !== game.deal || keyOf(game.cells) !== k) return;
    if (limit && (e.kind === "busy" || e.kind === "limit")) {
      tooFar(cells); // the server's time limit, shorter than the page's
      return;
    }
    if (el.tip.dataset.kind === "wait") tip("");
    trouble(e, "Could not work out the distance");
  });
}

// searchLimit is how long a search about a board may take before the
// page gives up on it, or 0 for no limit: in the multi-tile metric on a
// size without a table.
function searchLimit() {
  return game.metric === "multi" && !game.info.table ? SEARCH_LIMIT_MS[game.engine.kind] : 0;
}

// tooFar gives up on the optimal moves of a board, in the multi-tile
// metric: the search did not answer in time. The page then shows what it
// does know (the distance, if a level said it, or else the range the
// single-tile distance implies) and offers no hint or solution for it.
function tooFar(cells) {
  const k = keyOf(cells);
  if (game.ask && game.ask.key === k) cancelAsk();
  const had = game.known.get(k);
  if (had) had.far = true;
  else game.known.set(k, { d: null, hints: null, far: true });
  if (el.tip.dataset.kind === "wait") tip("");
  if (keyOf(game.cells) === k) think();
}

// askSingle asks for the single-tile distance of a board too far to
// search in the multi-tile metric, to show the range of its distance.
function askSingle(cells) {
  const k = keyOf(cells);
  if (game.singles.has(k) || (game.askSingle && game.askSingle.key === k)) return;
  if (game.askSingle) game.askSingle.ac.abort();
  const ac = new AbortController(), deal = game.deal;
  game.askSingle = { key: k, ac };
  const done = (d) => {
    if (game.askSingle && game.askSingle.ac === ac) game.askSingle = null;
    if (deal !== game.deal) return;
    game.singles.set(k, d);
    if (keyOf(game.cells) === k) showDistance();
  };
  game.engine.distance(game.info.size, cells, "single", ac.signal).then(
    (r) => done(r.solvable ? r.distance : null),
    (e) => { if (e.name !== "AbortError") done(null); });
}

// timing records how long an answer took, as a User Timing measure that
// the browser's tools show (the last hundred are kept).
function timing(name, start) {
  if (performance.getEntriesByType("measure").length >= 100) performance.clearMeasures();
  performance.measure(name, { start, end: performance.now() });
}

// cancelAsk calls off the question about an earlier board, and the
// single-tile one unless it is about the board shown.
function cancelAsk() {
  if (game.ask) game.ask.ac.abort();
  game.ask = null;
  if (game.askSingle && game.askSingle.key !== keyOf(game.cells)) {
    game.askSingle.ac.abort();
    game.askSingle = null;
  }
}

// trouble says what went wrong with a question and, where waiting may
// help, asks again later: at once, then after 1, 2, 4 ... 15 seconds.
function trouble(e, what) {
  const kind = e.kind || "broken";
  if (kind === "offline" || kind === "busy") {
    game.retryDelay = game.retryDelay ? Math.min(game.retryDelay * 2, 15000) : 1000;
    const secs = Math.round(game.retryDelay / 1000);
    const why = kind === "offline"
      ? (game.engine.kind === "api" ? "The server cannot be reached" : "The puzzle engine stopped")
      : "The server is busy";
    say(`${what}: ${why}. Trying again in ${secs} second${secs === 1 ? "" : "s"}…`, true);
    clearTimeout(game.retryTimer);
    game.retryTimer = setTimeout(retry, game.retryDelay);
    showDistance();
  } else if (kind === "limit") {
    say(`${what}: ${e.message}.`, true);
  } else {
    say(`${what}: ${e.message}`, kind !== "input");
  }
}

function stopRetrying() {
  clearTimeout(game.retryTimer);
  game.retryTimer = 0;
  game.retryDelay = 0;
  unsay();
}

function retry() {
  clearTimeout(game.retryTimer);
  game.retryTimer = 0;
  unsay();
  if (!game.engine) { start(); return; }
  if (!game.info) { newGame(); return; }
  think();
}

// ---- moves ----

// move taps tile t, made by the player or the solver: t and the tiles
// between it and the blank slide, one step of undo and redo.
function move(t, by) {
  const tap = slide(game.cells, t);
  if (!tap) return false;
  game.cells = tap.cells;
  game.history.push({ t, n: tap.n, z: tap.z, by });
  clearHint();
  if (el.tip.dataset.kind === "info") tip("");
  el.shareBox.hidden = true;
  render();
  return true;
}

function userMove(t) {
  if (!game.info || game.busy || game.solving || game.won || solved()) return;
  if (!movable(t)) return;
  game.future = [];
  move(t, "you");
  startTimer();
  const b = game.tiles.get(t);
  if (b && document.activeElement && document.activeElement.classList.contains("tile")) b.focus({ preventScroll: true });
  settle();
}

// settle follows a change of the board: the win, or the distance.
function settle() {
  save();
  if (solved()) {
    cancelAsk();
    learn(game.cells, 0, []);
    showDistance();
    stopTimer();
    win();
    return;
  }
  think();
}

// undo takes the last tap back: a tap on the tile now in the blank's cell
// before it slides the same tiles back.
function undo() {
  if (!game.history.length || game.busy || game.solving) return;
  if (game.won) closeWin();
  const last = game.history.pop();
  game.cells = slide(game.cells, game.cells[last.z]).cells;
  game.future.push({ t: last.t, by: last.by });
  game.won = false;
  clearHint();
  render();
  save();
  think();
}

function redo() {
  if (!game.future.length || game.busy || game.solving || game.won) return;
  const next = game.future.pop(), tap = slide(game.cells, next.t);
  if (!tap) { game.future = []; updateButtons(); return; }
  game.cells = tap.cells;
  game.history.push({ t: next.t, n: tap.n, z: tap.z, by: next.by });
  clearHint();
  render();
  startTimer();
  settle();
}

// ---- the timer ----

function startTimer() {
  if (!game.runningSince && !game.won && document.visibilityState !== "hidden") game.runningSince = performance.now();
}

function stopTimer() {
  if (game.runningSince) game.elapsed += performance.now() - game.runningSince;
  game.runningSince = 0;
  showTime();
}

function played() {
  return game.elapsed + (game.runningSince ? performance.now() - game.runningSince : 0);
}

function showTime() {
  const ms = played();
  el.timer.textContent = clock(ms);
  el.timer.dataset.ms = Math.round(ms);
}

setInterval(() => { if (game.runningSince) showTime(); }, 250);

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") {
    if (game.runningSince) { stopTimer(); game.paused = true; }
    save();
  } else if (game.paused) {
    game.paused = false;
    startTimer();
  }
});
addEventListener("pagehide", () => save());

// ---- hint and solve ----

function showHint() {
  game.wantHint = false;
  if (!game.info || game.busy || game.solving || game.won || solved()) return;
  const k = obvious(known());
  if (k && k.far && !k.hints) {
    tip("No hint for this board: the search for the best move in multi-tile moves takes too long this far from solved.", "hint");
    return;
  }
  if (!k || !k.hints) {
    game.wantHint = true;
    if (game.retryTimer) retry();
    else think();
    tip("Looking for the best move…", "hint");
    return;
  }
  clearHint();
  const t = k.hints[0], tap = slide(game.cells, t), n = tap.n;
  game.tiles.get(t).classList.add("hint");
  // The tiles that slide with it, between it and the blank, are outlined
  // in the hint's colour.
  const i = game.cells.indexOf(t), step = (i - tap.z) / n;
  for (let c = tap.z + step; c !== i; c += step) game.tiles.get(game.cells[c]).classList.add("hint-with");
  el.board.dataset.hint = t;
  unsay();
  tip(n === 1 ? `Hint: slide tile ${t} ${direction(t)}.` : `Hint: tap tile ${t} to slide ${n} tiles ${direction(t)}.`, "hint");
}

const NO_SOLUTION = "No solution for this board: a search in multi-tile moves takes too long this far from solved.";

async function solveIt() {
  if (!game.info || game.busy || game.solving || game.won || solved()) return;
  const k = known();
  if (k && k.far && !k.hints) {
    tip(NO_SOLUTION, "solve");
    return;
  }
  const deal = game.deal, cells = game.cells.slice();
  const ac = new AbortController();
  game.solving = { speed: game.speed, ac };
  clearHint();
  setState("thinking");
  render();
  tip("Finding an optimal solution…", "solve");
  const limit = searchLimit();
  let late = false;
  const stop = limit && setTimeout(() => { late = true; ac.abort(); }, limit);
  let r;
  try {
    r = await game.engine.solve(game.info.size, cells, game.metric, ac.signal);
  } catch (e) {
    clearTimeout(stop);
    if (game.solving && game.solving.ac === ac) endSolving();
    if (deal !== game.deal) return;
    if (late || (limit && (e.kind === "busy" || e.kind === "limit"))) {
      tooFar(cells);
      tip(NO_SOLUTION, "solve");
    } else if (e.name !== "AbortError") {
      tip("");
      trouble(e, "Could not solve");
    }
    return;
  }
  clearTimeout(stop);
  if (!game.solving || game.solving.ac !== ac || deal !== game.deal) return;
  const path = r.moves || [];
  setState("animating");
  el.player.hidden = false;
  showSpeed();
  tip(`Playing an optimal solution of ${path.length} move${path.length === 1 ? "" : "s"}…`, "solve");
  el.stop.focus({ preventScroll: true });
  startTimer();
  for (let i = 0; i < path.length; i++) {
    const s = game.solving;
    if (!s || s.ac !== ac) return;
    move(path[i], "solver");
    note(game.cells, path.length - i - 1);
    showDistance();
    save();
    if (i + 1 < path.length) {
      el.tip.textContent = `Playing an optimal solution of ${path.length} move${path.length === 1 ? "" : "s"}: ${i + 1} played, ${path.length - i - 1} to go.`;
      await sleep(STEP_MS / SPEEDS[s.speed]);
    }
  }
  if (!game.solving || game.solving.ac !== ac) return;
  endSolving();
  tip("");
  settle();
}

function sleep(ms) { return new Promise((res) => setTimeout(res, ms)); }

// endSolving stops a solution being played: the board stays where it is,
// for the player to go on.
function endSolving() {
  if (!game.solving) return;
  game.speed = game.solving.speed;
  game.solving.ac.abort();
  game.solving = null;
  el.player.hidden = true;
  if (document.body.dataset.state !== "solved") setState("playing");
  render();
}

function stopSolving() {
  if (!game.solving) return;
  const played = game.history.filter((m) => m.by === "solver").length;
  endSolving();
  tip(`Stopped. Your turn: ${played ? "the solver's moves stay on the board" : "nothing was played"}.`, "solve");
  el.solve.focus({ preventScroll: true });
  settle();
}

function showSpeed() {
  const s = game.solving ? game.solving.speed : game.speed;
  el.speed.textContent = `${SPEEDS[s]}×`;
  el.speed.dataset.speed = SPEEDS[s];
  el.slower.disabled = s === 0;
  el.faster.disabled = s === SPEEDS.length - 1;
}

function changeSpeed(by) {
  if (!game.solving) return;
  game.solving.speed = Math.max(0, Math.min(SPEEDS.length - 1, game.solving.speed + by));
  showSpeed();
}

// ---- winning ----

function win() {
  game.won = true;
  const n = counted(), helped = counted(game.history.filter((m) => m.by === "solver"));
  const known = game.optimum !== null, extra = known ? n - game.optimum : NaN, ms = played();
  const how = game.metric === "multi" ? " (multi-tile)" : "";
  let text = `Solved in ${n} move${n === 1 ? "" : "s"}${how} and ${clock(ms)}; ` +
    (known ? `the optimum from the start was ${game.optimum}.` : "the optimum from the start was not worked out.");
  if (helped === n && n > 0) text += ` The solver made all ${n} moves.`;
  else if (helped > 0) text += ` The solver made ${helped} of the ${n} moves.`;
  else if (extra === 0) text += " A perfect game!";
  else if (known) text += ` ${extra} move${extra === 1 ? "" : "s"} more than needed.`;
  el.result.textContent = text;
  el.result.dataset.moves = n;
  el.result.dataset.optimum = known ? game.optimum : "";
  el.result.dataset.helped = helped;
  el.winTitle.textContent = helped === 0 ? (extra === 0 ? "Perfect!" : "Solved!") : "Solved";
  const news = helped === 0 && game.level && game.level.key !== "shared" ? records.record(game.info.size, game.metric, game.level, n, ms) : "";
  el.bestNews.textContent = news;
  el.bestNews.hidden = !news;
  el.win.hidden = false;
  el.win.dataset.celebrate = helped === 0 ? "yes" : "no";
  el.board.classList.toggle("celebrate", helped === 0 && !reducedMotion);
  setState("solved");
  render();
  el.playAgain.focus({ preventScroll: true });
  showBests();
}

function closeWin() {
  el.win.hidden = true;
  el.board.classList.remove("celebrate");
}

// ---- records ----

// showBests shows the records of the size played.
function showBests() {
  if (game.info) records.show(el.bests, game.info.size, game.metric);
}

// ---- keeping the game over a reload ----

function save() {
  if (!game.info) return;
  const s = {
    size: game.info.size, metric: game.metric, start: game.start,
    history: game.history.map(({ t, by }) => ({ t, by })), future: game.future,
    optimum: game.optimum, level: game.level, elapsed: Math.round(played()), won: game.won,
  };
  try { localStorage.setItem(SAVE_KEY, JSON.stringify(s)); } catch (e) { /* no storage: nothing kept */ }
}

// restore plays the game saved, if it is one of metric, and says whether
// it could.
function restore(metric) {
  let s;
  try { s = JSON.parse(localStorage.getItem(SAVE_KEY)); } catch (e) { return false; }
  if (!s || !s.size || (s.metric || "single") !== metric) return false;
  const info = game.engine.sizes(metric).find((x) => x.size === s.size);
  if (!info || !validBoard(s.start, info) || !Array.isArray(s.history)) return false;
  deal(info, s.start, s.optimum, s.level, metric);
  for (const m of s.history) {
    if (!move(m.t, m.by === "solver" ? "solver" : "you")) break;
  }
  game.future = Array.isArray(s.future) ? s.future.filter((m) => Number.isInteger(m.t)) : [];
  game.elapsed = Number(s.elapsed) || 0;
  showTime();
  render();
  if (solved() && game.history.length) {
    learn(game.cells, 0, []);
    showDistance();
    game.won = true;
    setState("solved");
    el.result.textContent = "Solved. Play again for a new board.";
    render();
  } else {
    if (game.history.length) tip("Welcome back: your game is as you left it.", "info");
    think();
  }
  return true;
}

function validBoard(cells, info) {
  const n = info.width * info.height;
  return Array.isArray(cells) && cells.length === n && new Set(cells).size === n &&
    cells.every((t) => Number.isInteger(t) && t >= 0 && t < n);
}

// ---- dealing ----

// deal starts a game on board cells of size info, played in metric,
// optimum moves from solved.
function deal(info, cells, optimum, level, metric) {
  game.deal++;
  cancelAsk();
  if (game.askSingle) game.askSingle.ac.abort();
  game.askSingle = null;
  endSolving();
  stopRetrying();
  const sizeChanged = !game.info || game.info.size !== info.size || game.metric !== metric;
  game.info = info;
  game.metric = metric;
  game.w = info.width;
  game.h = info.height;
  game.goal = info.goal;
  game.start = cells.slice();
  game.cells = cells.slice();
  game.history = [];
  game.future = [];
  game.optimum = optimum;
  game.level = level;
  game.elapsed = 0;
  game.runningSince = 0;
  game.won = false;
  game.wantHint = false;
  closeWin();
  el.shareBox.hidden = true;
  el.result.textContent = "";
  say(game.notice);
  game.notice = "";
  if (sizeChanged) {
    game.known.clear();
    game.singles.clear();
    buildBoard();
    loadStats(info);
    showAbout();
    showMetric();
  }
  if (optimum !== null) game.known.set(keyOf(cells), { d: optimum, hints: (game.known.get(keyOf(cells)) || {}).hints || null });
  el.size.value = info.size;
  el.metric.value = metric;
  clearHint();
  tip("");
  render();
  showTime();
  showDistance();
  drawHistogram();
  showBests();
  setState("playing");
  if (!performance.getEntriesByName("playable").length) performance.mark("playable");
}

function presets(info) {
  const L = info.max_level;
  let raw;
  if (info.table || info.metric === "multi") {
    const cut = (f) => Math.max(1, Math.round(f * L));
    raw = [["Easy", cut(0.2), cut(0.4)], ["Medium", cut(0.4) + 1, cut(0.6)],
      ["Hard", cut(0.6) + 1, cut(0.85)], ["Expert", cut(0.85) + 1, L]];
  } else {
    // Sizes searched, such as 4x4: a random board is most often 45 to 60
    // moves away; levels below that are walks kept by their exact distance.
    raw = [["Easy", 10, 20], ["Medium", 21, 30], ["Hard", 31, 44], ["Expert", 45, 52], ["Master", 53, 60]];
  }
  const out = raw.filter(([, lo]) => lo <= L)
    .map(([name, lo, hi]) => ({ key: name, name: `${name} ${lo}–${Math.min(hi, L)}`, min: lo, max: Math.min(hi, L) }));
  return out;
}

// hardestKnown is the preset of the published boards at the largest
// distance, where the size has them.
function hardestKnown() {
  const st = game.stats;
  if (!st || !st.hardest || !st.hardest.length || !st.source || game.info.table || game.metric !== "single") return null;
  return { key: "hardest", name: `Hardest known ${st.max}`, min: st.max, max: st.max, boards: st.hardest };
}

function showPresets(info, pick) {
  el.presets.replaceChildren();
  const list = presets(info);
  const h = game.info === info ? hardestKnown() : null;
  if (h) list.push(h);
  for (const p of list) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = p.name;
    b.dataset.key = p.key;
    b.dataset.min = p.min;
    b.dataset.max = p.max;
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => {
      el.min.value = p.min;
      el.max.value = p.max;
      markPreset();
      newGame(p);
    });
    el.presets.append(b);
  }
  if (pick) {
    const p = list.find((x) => x.key === pick) || list[Math.min(1, list.length - 1)];
    el.min.value = p.min;
    el.max.value = p.max;
  }
  el.min.max = el.max.max = Math.max(info.max_level, h ? h.max : 0);
  markPreset();
}

function markPreset() {
  for (const b of el.presets.children) {
    b.setAttribute("aria-pressed", String(b.dataset.min === el.min.value && b.dataset.max === el.max.value));
  }
}

// chosenLevel is the difficulty the form shows: a preset, or a range.
function chosenLevel() {
  const lo = Number(el.min.value), hi = Number(el.max.value);
  for (const b of el.presets.children) {
    if (Number(b.dataset.min) === lo && Number(b.dataset.max) === hi) {
      return { key: b.dataset.key, name: b.textContent, min: lo, max: hi };
    }
  }
  return { key: `${lo}-${hi}`, name: `${lo}–${hi}`, min: lo, max: hi };
}

async function newGame(level) {
  const metric = el.metric.value, info = sizeInfo(el.size.value, metric);
  if (!info) return;
  level = level || chosenLevel();
  if (level.key === "hardest") {
    const h = game.info === info ? hardestKnown() : null;
    if (h) {
      const b = h.boards[Math.floor(Math.random() * h.boards.length)];
      deal(info, b, h.max, { key: h.key, name: h.name, min: h.min, max: h.max }, metric);
      save();
      think();
      return;
    }
  }
  const lo = level.min, hi = level.max;
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < 0 || hi < lo || lo > info.max_level) {
    say(`Pick distances from 0 to ${info.max_level}, the first no larger than the second.`);
    return;
  }
  cancelAsk();
  endSolving();
  game.deal++;
  game.busy = true;
  updateButtons();
  setState("loading");
  say("");
  tip(info.table ? "" : "Drawing a board at that distance…", "wait");
  const ac = new AbortController();
  game.dealing = ac;
  try {
    const lv = await game.engine.level(info.size, lo, Math.min(hi, info.max_level), metric, ac.signal);
    if (game.dealing !== ac) return;
    game.busy = false;
    game.dealing = null;
    deal(info, lv.board, lv.distance, { key: level.key, name: level.name, min: lo, max: hi }, metric);
    save();
    think();
  } catch (e) {
    if (game.dealing !== ac) return;
    game.busy = false;
    game.dealing = null;
    setState(game.info ? "playing" : "error");
    if (el.tip.dataset.kind === "wait") tip("");
    updateButtons();
    if (e.name !== "AbortError") trouble(e, "Could not get a new board");
  }
}

// openShared starts the board of a link, ?size=WxH&board=...&metric=...,
// in metric, and says whether it could.
function openShared(info, text, metric) {
  const cells = text.split(/[\s,/]+/).filter((x) => x !== "").map((x) => (x === "." ? 0 : Number(x)));
  history.replaceState(null, "", `?size=${encodeURIComponent(info.size)}`);
  if (!validBoard(cells, info)) {
    game.notice = `The link's board is not a ${info.size} board: it needs each number from 0 to ${info.width * info.height - 1} once. Here is a new board instead.`;
    return false;
  }
  deal(info, cells, null, { key: "shared", name: "Shared board", min: 0, max: 0 }, metric);
  tip(`A shared puzzle: the board of the link, from its start${metric === "multi" ? ", counting multi-tile moves" : ""}.`, "info");
  save();
  think();
  return true;
}

function shareLink() {
  if (!game.info) return;
  const url = new URL(location.href);
  url.search = `?size=${encodeURIComponent(game.info.size)}&board=${game.start.join(",")}&metric=${game.metric}`;
  url.hash = "";
  el.shareLink.value = url.href;
  el.shareBox.hidden = false;
  el.shareLink.select();
  const done = () => tip("Link copied: anyone who opens it gets this puzzle from its start.", "info");
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(url.href).then(done, () => tip("Copy the link to share this puzzle from its start.", "info"));
  } else {
    tip("Copy the link to share this puzzle from its start.", "info");
  }
}

// ---- the distribution ----

async function loadStats(info) {
  game.stats = null;
  drawHistogram();
  if (!info.table && !info.published) return;
  try {
    const st = await game.engine.stats(info.size, game.metric);
    if (game.info === info) {
      game.stats = st;
      showPresets(info, null);
      drawHistogram();
    }
  } catch (e) {
    el.caption.textContent = `The distribution is not available: ${e.message}.`;
  }
}

// drawHistogram draws the distribution of the size played, with the
// difficulty in the form shaded.
function drawHistogram() {
  if (!game.info) return;
  histogram.draw(game.info, game.stats, Number(el.min.value), Number(el.max.value));
  const k = known();
  histogram.mark(k ? k.d : null);
}

function showAbout() {
  const api = game.engine.kind === "api";
  el.aboutAPI.hidden = !api;
  el.aboutWasm.hidden = api;
  if (!game.info) return;
  const q = `size=${encodeURIComponent(game.info.size)}${game.metric === "multi" ? "&metric=multi" : ""}`;
  el.statsLink.href = `api/stats?${q}`;
  el.chartLink.href = `api/chart?${q}`;
  el.chartItem.hidden = !game.info.table; // only a table has a chart to draw
}

// ---- keys and swipes ----

// An arrow key moves the tile on that side of the blank the way it points.
const KEYS = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, 1], ArrowRight: [0, -1] };

function slideToward(key) {
  const [dr, dc] = KEYS[key];
  const z = game.cells.indexOf(0), r = Math.floor(z / game.w) + dr, c = z % game.w + dc;
  if (r < 0 || r >= game.h || c < 0 || c >= game.w) return;
  userMove(game.cells[r * game.w + c]);
}

document.addEventListener("keydown", (ev) => {
  const tag = ev.target && ev.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  const ctrl = ev.ctrlKey || ev.metaKey;
  if (ctrl && !ev.altKey && (ev.key === "z" || ev.key === "Z")) {
    ev.preventDefault();
    if (ev.shiftKey) redo(); else undo();
    return;
  }
  if (ctrl && !ev.altKey && (ev.key === "y" || ev.key === "Y")) {
    ev.preventDefault();
    redo();
    return;
  }
  if (ev.altKey || ctrl) return;
  if (ev.key === "Escape") {
    if (game.solving) stopSolving();
    else if (!el.win.hidden) closeWin();
    return;
  }
  if (ev.key in KEYS) {
    if (!game.info) return;
    ev.preventDefault();
    slideToward(ev.key);
    return;
  }
  // Letters act unless a button has the focus, where they would surprise.
  switch (ev.key.toLowerCase()) {
    case "h": showHint(); break;
    case "s": solveIt(); break;
    case "u": undo(); break;
    case "r": redo(); break;
    case "n": if (!game.busy) newGame(game.level && game.level.key !== "shared" ? game.level : undefined); break;
  }
});

// On a touch screen the page reads the finger itself rather than waiting
// for a click: a tap on a tile slides it, a swipe on the board slides the
// tile that can move the swipe's way. The click that may follow is
// ignored (one from a key, with no pointer, is not).
const touchPad = { id: null, x: 0, y: 0, dx: 0, dy: 0, tile: 0, upAt: 0 };

function touched() { return Date.now() - touchPad.upAt < 700; }

el.board.addEventListener("pointerdown", (ev) => {
  if (ev.pointerType === "mouse") return;
  const tile = ev.target.closest(".tile");
  Object.assign(touchPad, { id: ev.pointerId, x: ev.clientX, y: ev.clientY, dx: 0, dy: 0, tile: tile ? Number(tile.dataset.tile) : 0 });
});
el.board.addEventListener("pointermove", (ev) => {
  if (ev.pointerId !== touchPad.id) return;
  touchPad.dx = ev.clientX - touchPad.x;
  touchPad.dy = ev.clientY - touchPad.y;
});
el.board.addEventListener("pointerup", (ev) => {
  if (ev.pointerId !== touchPad.id) return;
  touchPad.id = null;
  touchPad.upAt = Date.now();
  let dx = ev.clientX - touchPad.x, dy = ev.clientY - touchPad.y;
  if (Math.hypot(touchPad.dx, touchPad.dy) > Math.hypot(dx, dy)) [dx, dy] = [touchPad.dx, touchPad.dy];
  const far = Math.max(Math.abs(dx), Math.abs(dy));
  if (far < 16) {
    if (touchPad.tile) userMove(touchPad.tile);
    return;
  }
  if (Math.min(Math.abs(dx), Math.abs(dy)) > far / 2) return; // no clear way
  if (Math.abs(dx) > Math.abs(dy)) slideToward(dx > 0 ? "ArrowRight" : "ArrowLeft");
  else slideToward(dy > 0 ? "ArrowDown" : "ArrowUp");
});
el.board.addEventListener("pointercancel", () => { touchPad.id = null; });

// ---- start ----

el.undo.addEventListener("click", undo);
el.redo.addEventListener("click", redo);
el.hint.addEventListener("click", showHint);
el.solve.addEventListener("click", solveIt);
el.again.addEventListener("click", () => newGame(game.level && game.level.key !== "shared" ? game.level : undefined));
el.share.addEventListener("click", shareLink);
el.stop.addEventListener("click", stopSolving);
el.slower.addEventListener("click", () => changeSpeed(-1));
el.faster.addEventListener("click", () => changeSpeed(1));
el.retry.addEventListener("click", retry);
el.playAgain.addEventListener("click", () => newGame(game.level && game.level.key !== "shared" ? game.level : undefined));
el.winShare.addEventListener("click", shareLink);
el.winClose.addEventListener("click", () => { closeWin(); el.again.focus({ preventScroll: true }); });
el.setup.addEventListener("submit", (ev) => { ev.preventDefault(); newGame(chosenLevel()); });
el.min.addEventListener("input", () => { markPreset(); drawHistogram(); });
el.max.addEventListener("input", () => { markPreset(); drawHistogram(); });
el.size.addEventListener("change", () => {
  const info = sizeInfo(el.size.value, el.metric.value);
  history.replaceState(null, "", `?size=${encodeURIComponent(info.size)}`);
  showPresets(info, "Medium");
  newGame();
});
// A new metric is kept in the browser and deals a new board in it, of the
// same size if the metric has it.
el.metric.addEventListener("change", () => {
  const metric = el.metric.value;
  saveSettings({ metric });
  listSizes(metric);
  const info = sizeInfo(el.size.value, metric) || defaultSize(metric);
  el.size.value = info.size;
  history.replaceState(null, "", `?size=${encodeURIComponent(info.size)}`);
  showPresets(info, "Medium");
  newGame();
});

// ---- the metric ----

// sizeInfo is the /api/sizes entry of size in metric, if it is played.
function sizeInfo(size, metric) {
  return game.engine.sizes(metric).find((s) => s.size === size);
}

function defaultSize(metric) {
  const list = game.engine.sizes(metric);
  return list.find((s) => s.size === "3x3") || list[0];
}

// listSizes offers the sizes played in metric, the one chosen staying
// chosen if it is one of them.
function listSizes(metric) {
  const was = el.size.value;
  el.size.replaceChildren();
  for (const s of game.engine.sizes(metric)) {
    const o = document.createElement("option");
    o.value = s.size;
    o.textContent = `${s.size}${s.table ? "" : " (optimal search)"}`;
    o.selected = s.size === was;
    el.size.append(o);
  }
}

// showMetric says, beside the counter and in the instructions, how the
// moves of the game played are counted.
function showMetric() {
  const multi = game.metric === "multi";
  el.movesLabel.textContent = multi ? "Moves (multi-tile)" : "Moves";
  const counts = multi ? "one move however many tiles slide" : "one move for each tile that slides";
  el.helpKeys.textContent = `Click a tile in the gap's row or column to slide it and every tile between it and the gap (${counts}), or use the arrow keys. Keys: H hint, S solve, U undo, R redo, N new board.`;
  el.helpTouch.textContent = `Tap a tile in the gap's row or column to slide it and every tile between it and the gap (${counts}), or swipe on the board the way a tile should slide.`;
  document.body.dataset.metric = game.metric;
}

// The player's settings, kept in this browser: {metric}.
function loadSettings() {
  try { return JSON.parse(localStorage.getItem(SETTINGS_KEY)) || {}; } catch (e) { return {}; }
}

function saveSettings(change) {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...loadSettings(), ...change })); } catch (e) { /* no storage: nothing kept */ }
}

// The instructions shown are for the screen's pointer: a touch screen
// gets no keyboard instructions.
const touch = matchMedia("(hover: none) and (pointer: coarse)");
function describeBoard() {
  el.board.setAttribute("aria-describedby", touch.matches ? "help-touch" : "help-keys");
}
touch.addEventListener("change", describeBoard);
describeBoard();

async function start() {
  setState("loading");
  const params = new URLSearchParams(location.search);
  try {
    game.engine = await connect(params.get("engine"));
  } catch (e) {
    setState("error");
    el.distance.textContent = "Not connected";
    game.retryDelay = game.retryDelay ? Math.min(game.retryDelay * 2, 15000) : 1000;
    const secs = Math.round(game.retryDelay / 1000);
    say(`Could not start: ${e.message}. Trying again in ${secs} second${secs === 1 ? "" : "s"}…`, true);
    clearTimeout(game.retryTimer);
    game.retryTimer = setTimeout(retry, game.retryDelay);
    return;
  }
  stopRetrying();
  document.body.dataset.engine = game.engine.kind;
  // The metric: a link's, which becomes the setting, else the setting.
  let metric = params.get("metric");
  if (METRICS.includes(metric)) saveSettings({ metric });
  else metric = loadSettings().metric;
  if (!METRICS.includes(metric) || !game.engine.sizes(metric).length) metric = "single";
  el.metric.value = metric;
  listSizes(metric);
  // A link's board first; then the game saved, unless the link names
  // another size; then a new board.
  const want = sizeInfo(params.get("size"), metric);
  const shared = want && params.get("board");
  if (shared) {
    showPresets(want, "Medium");
    if (openShared(want, params.get("board"), metric)) return;
  }
  if (!shared && (!want || savedSize() === want.size) && restore(metric)) {
    showPresets(game.info, "Medium");
    if (game.level && game.level.key !== "shared") {
      el.min.value = game.level.min;
      el.max.value = game.level.max;
      markPreset();
    }
    return;
  }
  const first = want || defaultSize(metric);
  el.size.value = first.size;
  showPresets(first, "Medium");
  await newGame();
}

// savedSize is the size of the game saved, if any.
function savedSize() {
  try { return JSON.parse(localStorage.getItem(SAVE_KEY)).size; } catch (e) { return ""; }
}

start();
