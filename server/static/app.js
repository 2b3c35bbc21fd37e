// The game page of slidetable. Plain JavaScript, no dependencies, in
// modules of one idea each:
//
//   rules.js, knowledge.js  the rules of the puzzle, and what is known of a
//                           board (of the npm package, tested against Go)
//   slidetable-puzzle.js    the board itself, <slidetable-puzzle> (the view
//                           of the game: tiles, moves, hints, solutions)
//   engine.js               the questions to the engine: the JSON API of
//                           slidetable serve, or the library in WebAssembly
//   histogram.js, records.js  the distance histogram, the player's records
//   app.js                  this page: the controls around the board, the
//                           difficulties, the clock, the win, the game kept
//                           over a reload, share links and settings
//
// The board answers the player; this page listens to its events and says
// what happened, in the metric the player chose: one tile a move (the
// single-tile metric), or one tap a move, which slides every tile between
// the tile tapped and the blank along its row or column (the multi-tile
// metric).
import { connect } from "./engine.js";
import { Histogram } from "./histogram.js";
import * as records from "./records.js";
import { clock } from "./records.js";
import * as rules from "./rules.js";
import "./slidetable-puzzle.js";

const $ = (id) => document.getElementById(id);
const el = {
  board: $("board"), moves: $("moves"), timer: $("timer"), distance: $("distance"),
  undo: $("undo"), redo: $("redo"), hint: $("hint"), solve: $("solve"), again: $("again"), share: $("share"),
  player: $("player"), stop: $("stop"), slower: $("slower"), faster: $("faster"), speed: $("speed"),
  tip: $("tip"), shareBox: $("share-box"), shareLink: $("share-link"),
  message: $("message"), messageText: $("message-text"), retry: $("retry"), cancel: $("cancel"),
  win: $("win"), winTitle: $("win-title"), result: $("result"), bestNews: $("best-news"),
  playAgain: $("play-again"), winShare: $("win-share"), winClose: $("win-close"),
  setup: $("setup"), size: $("size"), metric: $("metric"), min: $("min"), max: $("max"), presets: $("presets"), start: $("start"),
  movesLabel: $("moves-label"), distanceNote: $("distance-note"), helpKeys: $("help-keys"), helpTouch: $("help-touch"),
  bests: $("bests"), histogram: $("histogram"), caption: $("histo-caption"),
  aboutAPI: $("about-api"), aboutWasm: $("about-wasm"), statsLink: $("stats-link"),
  chartItem: $("chart-item"), chartLink: $("chart-link"),
};
const puzzle = el.board;

const SAVE_KEY = "slidetable.game.v1";
const SETTINGS_KEY = "slidetable.settings.v1";
const METRICS = ["single", "multi"];
const SPEEDS = [0.25, 0.5, 1, 2, 4]; // of the solution's playing speed
// How long a search in the multi-tile metric on a size without a table
// (4x4) may take before the page says the answer is not known: guided by
// the 4x4 abstraction database, most shuffled boards answer within a
// second, under serve and in the WebAssembly worker alike (in the worker,
// 0.15 s at the median and 1 s at the 90th percentile), the rarest far
// ones in about 11 s. A search the server gives up on (5 s unless serve's
// -timeout says otherwise) goes on in the worker.
const SEARCH_LIMIT_MS = { api: 15000, wasm: 15000 };
const NO_HINT = "No hint for this board: the search for the best move in multi-tile moves ran out of time on it.";
const NO_SOLUTION = "No solution for this board: the search in multi-tile moves ran out of time on it.";

const page = {
  engine: null,
  info: null, // the /api/sizes entry of the size played
  metric: "single",
  level: null, // {key, name, min, max}: the difficulty, or a shared board
  stats: null, // /api/stats of the size, or null
  speed: 2, // index in SPEEDS of the speed chosen
  notice: "", // a message for the player, said when the next board is dealt
  hints: 0, // the hints shown in this game: a win with one sets no record
  hintedAt: "", // the board of the last hint counted
  retryDelay: 0, // ms before asking again, after trouble
  retryTimer: 0,
  dealing: false, // a new board is on its way
  dealAbort: null, // the AbortController of the deal on its way, which Cancel aborts
};

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

function untip(...kinds) {
  if (kinds.includes(el.tip.dataset.kind)) tip("");
}

function setState(s) { document.body.dataset.state = s; }

// ---- what the board says ----

puzzle.addEventListener("deal", (ev) => {
  const d = ev.detail, info = puzzle.info;
  const changed = !page.info || page.info.size !== info.size || page.metric !== d.metric;
  page.info = info;
  page.metric = d.metric;
  el.board.dataset.size = info.size;
  el.board.style.setProperty("--cols", info.width);
  el.board.style.setProperty("--rows", info.height);
  closeWin();
  if (!d.restored) {
    page.hints = 0; // a game restored keeps its count (restore)
    page.hintedAt = "";
  }
  el.shareBox.hidden = true;
  el.result.textContent = "";
  say(page.notice);
  page.notice = "";
  if (changed) {
    loadStats(info);
    showAbout();
    showMetric();
  }
  el.size.value = info.size;
  el.metric.value = d.metric;
  el.board.dataset.hint = "";
  tip("");
  showBoard();
  drawHistogram();
  showBests();
  if (!performance.getEntriesByName("playable").length) performance.mark("playable");
  watchSlow();
  save();
});

// watchSlow says, when the distance of the board shown has not come
// within 1.5 s, that a search is under way.
let slowTimer = 0;
function watchSlow() {
  clearTimeout(slowTimer);
  slowTimer = setTimeout(() => {
    const k = puzzle.known;
    if (!page.info || puzzle.state !== "playing" || page.retryTimer || (k && (k.exact || k.far))) return;
    tip(page.info.table ? "Counting…" : "Counting: a search for a board this far can take a while.", "wait");
  }, 1500);
}

puzzle.addEventListener("move", (ev) => {
  watchSlow();
  el.board.dataset.hint = "";
  untip("hint", "info");
  // A note about a solution stopped or shown is stale once the board moves.
  if (!puzzle.state.startsWith("anim")) untip("solve");
  if (ev.detail.undo && !el.win.hidden) closeWin();
  el.shareBox.hidden = true;
  showBoard();
  save();
});

puzzle.addEventListener("distance", (ev) => {
  if (ev.detail.exact && page.retryTimer) stopRetrying();
  // The wait ends with the distance, or with the search given up on,
  // which showDistance says.
  if (ev.detail.exact || ev.detail.far) untip("wait");
  showDistance();
});

puzzle.addEventListener("hint", (ev) => {
  const h = ev.detail;
  if (h.tile === null) {
    tip(NO_HINT, "hint");
    return;
  }
  el.board.dataset.hint = h.tile;
  // A hint counts once for each board it is asked on.
  const at = rules.keyOf(puzzle.board);
  if (at !== page.hintedAt) {
    page.hints++;
    page.hintedAt = at;
    save();
  }
  unsay();
  tip(h.tiles === 1 ? `Hint: slide tile ${h.tile} ${h.direction}.` : `Hint: tap tile ${h.tile} to slide ${h.tiles} tiles ${h.direction}.`, "hint");
});

puzzle.addEventListener("solving", (ev) => {
  const s = ev.detail, moves = (n) => `${n} move${n === 1 ? "" : "s"}`;
  switch (s.state) {
    case "finding":
      el.board.dataset.hint = "";
      tip("Finding an optimal solution…", "solve");
      break;
    case "playing":
      el.player.hidden = false;
      showSpeed();
      if (s.played === 0) {
        tip(`Playing an optimal solution of ${moves(s.length)}…`, "solve");
        el.stop.focus({ preventScroll: true });
      } else if (s.played < s.length) {
        tip(`Playing an optimal solution of ${moves(s.length)}: ${s.played} played, ${s.length - s.played} to go.`, "solve");
      }
      break;
    case "played":
      el.player.hidden = true;
      tip("");
      break;
    case "stopped":
      el.player.hidden = true;
      tip(`Stopped. Your turn: ${s.played ? "the solver's moves stay on the board" : "nothing was played"}.`, "solve");
      el.solve.focus({ preventScroll: true });
      break;
    case "failed":
      el.player.hidden = true;
      tip(s.reason === "far" ? NO_SOLUTION : "", "solve");
      break;
  }
  updateButtons();
});

puzzle.addEventListener("solved", (ev) => win(ev.detail));

puzzle.addEventListener("state", (ev) => {
  const s = ev.detail.state;
  if (s === "error" && page.info) setState("playing");
  else setState(s === "idle" ? "loading" : s);
  updateButtons();
});

// The engine's trouble: a question about the board shown that failed, or
// a new board that could not be dealt (newGame says that one).
puzzle.addEventListener("error", (ev) => {
  if (ev.detail.action === "deal") return;
  untip("wait");
  trouble(ev.detail.error, ev.detail.action === "solve" ? "Could not solve" : "Could not work out the distance");
});

// showBoard shows the board's moves, the board for the tests and tools
// that read it, and the buttons it allows.
function showBoard() {
  const n = puzzle.moves;
  el.board.dataset.board = rules.keyOf(puzzle.board);
  el.moves.textContent = n;
  el.moves.dataset.moves = n;
  showTime();
  showDistance();
  updateButtons();
}

function updateButtons() {
  const playing = !!page.info && puzzle.board.length > 0;
  const busy = page.dealing || puzzle.state === "loading" || puzzle.state === "thinking" || puzzle.state === "animating";
  const done = puzzle.solved || puzzle.state === "solved";
  el.undo.disabled = !playing || !puzzle.canUndo;
  el.redo.disabled = !playing || !puzzle.canRedo;
  el.hint.disabled = !playing || busy || done;
  el.solve.disabled = !playing || busy || done;
  el.share.disabled = !playing;
  for (const x of [el.again, el.start, el.size]) x.disabled = page.dealing;
  el.metric.disabled = page.dealing || !page.engine || !page.engine.sizes("multi").length;
  for (const x of el.presets.children) x.disabled = page.dealing;
}

// showDistance shows what is known of the board's distance: exact, or the
// bounds that hold (never beyond God's number), or why it is not known.
function showDistance() {
  const k = puzzle.known, d = k ? k.distance : null;
  el.distance.classList.toggle("solved", d === 0);
  el.distance.dataset.metric = page.metric;
  el.distance.dataset.distance = d === null ? "" : String(d);
  if (k && k.far && d === null && k.high !== null) el.distance.textContent = `${k.low} to ${k.high} moves from solved`;
  else if (k && k.far && d === null) el.distance.textContent = "Distance not known";
  else if (d === null && page.retryTimer) el.distance.textContent = "Distance unknown";
  else if (d === null) el.distance.textContent = page.info ? "Counting…" : "Loading…";
  else if (d === 0) el.distance.textContent = "Solved!";
  else el.distance.textContent = `${d} move${d === 1 ? "" : "s"} from solved`;
  // Where the multi-tile search gave up, say so, with the single-tile
  // distance: the exact count lies between it divided by the most tiles a
  // move slides and it, and never beyond God's number.
  let note = "";
  if (k && k.far && d === null) {
    note = "Not known exactly: the search in multi-tile moves ran out of time on this board. ";
    const most = rules.mostSlid(page.info.width, page.info.height);
    const single = k.single;
    if (k.high !== null) {
      note += `It is ${single} moves one tile at a time, and a move slides at most ${most} tiles`;
      note += page.info.max != null && single > page.info.max ? `; no board is more than ${page.info.max} multi-tile moves from solved.` : ".";
    } else {
      note += "Counting its moves one tile at a time…";
    }
  }
  el.distanceNote.textContent = note;
  el.distanceNote.hidden = !note;
  histogram.mark(d);
}

// ---- trouble ----

// trouble says what went wrong with a question and, where waiting may
// help, asks again later: after 1, 2, 4 ... 15 seconds.
function trouble(e, what) {
  const code = (e && e.code) || "failed";
  if (code === "offline" || code === "unavailable") {
    const why = code === "offline"
      ? (page.engine && page.engine.kind === "wasm" ? "The puzzle engine stopped" : "The server cannot be reached")
      : "The server is busy";
    scheduleRetry(`${what}: ${why}`);
    showDistance();
  } else if (code === "timeout") {
    say(`${what}: ${e.message}.`, true);
  } else {
    say(`${what}: ${e && e.message ? e.message : e}`, code !== "input");
  }
}

// scheduleRetry says what went wrong and asks everything again later.
// Questions that fail together wait for the one retry: the wait doubles
// only when a retry fails, not with each question that failed before it.
function scheduleRetry(what) {
  if (!page.retryTimer) {
    page.retryDelay = page.retryDelay ? Math.min(page.retryDelay * 2, 15000) : 1000;
    page.retryTimer = setTimeout(retry, page.retryDelay);
  }
  const secs = Math.round(page.retryDelay / 1000);
  say(`${what}. Trying again in ${secs} second${secs === 1 ? "" : "s"}…`, true);
}

function stopRetrying() {
  clearTimeout(page.retryTimer);
  page.retryTimer = 0;
  page.retryDelay = 0;
  unsay();
}

function retry() {
  clearTimeout(page.retryTimer);
  page.retryTimer = 0;
  unsay();
  if (!page.engine) { start(); return; }
  if (!page.info || !puzzle.board.length) { newGame(); return; }
  puzzle.retry();
  showDistance();
}

// ---- the clock ----

// showTime shows the time played, when it changed: the clock of the
// board runs from its first move to the solution.
function showTime() {
  const ms = Math.round(puzzle.time);
  if (el.timer.dataset.ms === String(ms)) return;
  el.timer.textContent = clock(ms);
  el.timer.dataset.ms = ms;
}

setInterval(showTime, 250);

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") save();
});
addEventListener("pagehide", () => save());

// ---- hint and solve ----

function showHint() {
  if (!page.info || puzzle.state !== "playing" || puzzle.solved) return;
  const k = puzzle.known;
  if (!k || !k.hints) {
    if (!(k && k.far)) tip("Looking for the best move…", "hint");
    if (page.retryTimer) retry();
  }
  puzzle.hint();
}

function solveIt() {
  if (!page.info || puzzle.state !== "playing" || puzzle.solved) return;
  puzzle.speed = SPEEDS[page.speed];
  puzzle.solve();
}

function showSpeed() {
  el.speed.textContent = `${SPEEDS[page.speed]}×`;
  el.speed.dataset.speed = SPEEDS[page.speed];
  el.slower.disabled = page.speed === 0;
  el.faster.disabled = page.speed === SPEEDS.length - 1;
}

function changeSpeed(by) {
  page.speed = Math.max(0, Math.min(SPEEDS.length - 1, page.speed + by));
  puzzle.speed = SPEEDS[page.speed];
  showSpeed();
}

// ---- winning ----

function win(d) {
  const n = d.moves, helped = d.helped, hints = page.hints, known = d.optimum !== null, extra = known ? n - d.optimum : NaN;
  const how = d.metric === "multi" ? " (multi-tile)" : "";
  const hinted = `${hints} hint${hints === 1 ? "" : "s"}`;
  let text = `Solved in ${n} move${n === 1 ? "" : "s"}${how} and ${clock(d.time)}; ` +
    (known ? `the optimum from the start was ${d.optimum}.` : "the optimum from the start was not worked out.");
  if (helped === n && n > 0) text += ` The solver made all ${n} moves.`;
  else if (helped > 0) text += ` The solver made ${helped} of the ${n} moves.`;
  else if (extra === 0 && hints === 0) text += " A perfect game!";
  else if (extra > 0) text += ` ${extra} move${extra === 1 ? "" : "s"} more than needed.`;
  if (hints > 0 && helped === 0) text += ` With ${hinted}: a game helped by a hint sets no record.`;
  el.result.textContent = text;
  el.result.dataset.moves = n;
  el.result.dataset.optimum = known ? d.optimum : "";
  el.result.dataset.helped = helped;
  el.result.dataset.hints = hints;
  el.winTitle.textContent = helped > 0 ? "Solved" : hints > 0 ? `Solved with ${hinted}` : extra === 0 ? "Perfect!" : "Solved!";
  const unaided = helped === 0 && hints === 0;
  const news = unaided && page.level && page.level.key !== "shared" ? records.record(page.info.size, page.metric, page.level, n, d.time) : "";
  el.bestNews.textContent = news;
  el.bestNews.hidden = !news;
  el.win.hidden = false;
  el.win.dataset.celebrate = helped === 0 ? "yes" : "no";
  showBoard();
  save();
  el.playAgain.focus({ preventScroll: true });
  showBests();
}

function closeWin() {
  el.win.hidden = true;
}

function showBests() {
  if (page.info) records.show(el.bests, page.info.size, page.metric);
}

// ---- keeping the game over a reload ----

function save() {
  if (!page.info || !puzzle.board.length) return;
  try { localStorage.setItem(SAVE_KEY, JSON.stringify({ ...puzzle.snapshot(), level: page.level, hints: page.hints, hintedAt: page.hintedAt })); } catch (e) { /* no storage: nothing kept */ }
}

function saved() {
  try { return JSON.parse(localStorage.getItem(SAVE_KEY)); } catch (e) { return null; }
}

// restore plays the game saved, if it is one of metric, and says whether
// it could.
async function restore(metric) {
  const s = saved();
  if (!s || !s.size || (s.metric || "single") !== metric || !page.engine.info(s.size, metric)) return false;
  page.level = s.level || null;
  page.hints = Number.isInteger(s.hints) && s.hints > 0 ? s.hints : 0;
  page.hintedAt = typeof s.hintedAt === "string" ? s.hintedAt : "";
  if (!(await puzzle.restore(s))) return false;
  if (puzzle.state === "solved") el.result.textContent = "Solved. Play again for a new board.";
  else if (puzzle.moves) tip("Welcome back: your game is as you left it.", "info");
  return true;
}

// ---- dealing ----

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
  return raw.filter(([, lo]) => lo <= L)
    .map(([name, lo, hi]) => ({ key: name, name: `${name} ${lo}–${Math.min(hi, L)}`, min: lo, max: Math.min(hi, L) }));
}

// hardestKnown is the preset of the published boards at the largest
// distance, where the size has them: known from the size's entry, so
// that it is offered from the first load.
function hardestKnown(info) {
  if (info.table || !info.published || info.metric === "multi" || !Number.isInteger(info.max) || info.max <= info.max_level) return null;
  return { key: "hardest", name: `Hardest known ${info.max}`, min: info.max, max: info.max };
}

function showPresets(info, pick) {
  el.presets.replaceChildren();
  const list = presets(info);
  const h = hardestKnown(info);
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

function again() {
  newGame(page.level && page.level.key !== "shared" ? page.level : undefined);
}

async function newGame(level) {
  const metric = el.metric.value, info = page.engine && page.engine.info(el.size.value, metric);
  if (!info) return;
  level = level || chosenLevel();
  const lo = level.min, hi = level.max, top = level.key === "hardest" ? level.max : info.max_level;
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < 0 || hi < lo || lo > top) {
    say(`Pick distances from 0 to ${info.max_level}, the first no larger than the second.`);
    return;
  }
  page.dealing = true;
  updateButtons();
  say("");
  untip("wait");
  const chosen = { key: level.key, name: level.name, min: lo, max: hi };
  // A deal that takes more than half a second says so, and can be
  // cancelled; one cancelled or failed leaves the board played before in
  // play, with its difficulty.
  page.dealAbort?.abort();
  const ac = new AbortController();
  page.dealAbort = ac;
  const slow = setTimeout(() => {
    tip("Drawing a board at that distance…", "wait");
    el.cancel.hidden = false;
  }, 500);
  const settle = () => {
    clearTimeout(slow);
    if (page.dealAbort !== ac) return false;
    page.dealAbort = null;
    page.dealing = false;
    el.cancel.hidden = true;
    untip("wait");
    updateButtons();
    return true;
  };
  let dealt;
  const previous = page.level;
  try {
    puzzle.searchLimit = SEARCH_LIMIT_MS[page.engine.kind];
    const done = puzzle.deal({ size: info.size, metric, min: lo, max: Math.min(hi, top), signal: ac.signal });
    page.level = chosen; // the deal event saves the game with it
    dealt = await done;
  } catch (e) {
    if (!settle()) return;
    page.level = previous;
    if (!page.info) setState("error");
    if (e && e.code === "timeout") {
      say(`No board ${lo === hi ? `${lo}` : `${lo} to ${hi}`} moves from solved turned up in time${puzzle.board.length ? "; the board before is still in play" : ""}. Try an easier difficulty, or try again.`);
      return;
    }
    trouble(e, "Could not get a new board");
    return;
  }
  // A deal a newer one took over leaves the page to it.
  if (settle() && !dealt && ac.signal.aborted) {
    page.level = previous;
    tip(puzzle.board.length ? "Cancelled: the board before is still in play." : "Cancelled: pick a difficulty to deal a board.", "info");
  }
}

// Cancel calls off the deal on its way.
el.cancel.addEventListener("click", () => page.dealAbort?.abort());

// openShared starts the board of a link, ?size=WxH&board=...&metric=...,
// in metric, and says whether it could.
async function openShared(info, text, metric) {
  history.replaceState(null, "", `?size=${encodeURIComponent(info.size)}`);
  const cells = rules.parseBoard(text, info.width, info.height);
  if (!cells) {
    page.notice = `The link's board is not a ${info.size} board: it needs each number from 0 to ${info.width * info.height - 1} once. Here is a new board instead.`;
    return false;
  }
  if (!rules.solvableTo(cells, info.goal, info.width)) {
    page.notice = `This ${info.size} board cannot be solved: no moves lead from it to the goal. Here is a new board instead.`;
    return false;
  }
  page.level = { key: "shared", name: "Shared board", min: 0, max: 0 };
  puzzle.searchLimit = SEARCH_LIMIT_MS[page.engine.kind];
  try {
    await puzzle.deal({ size: info.size, metric, board: cells });
  } catch (e) {
    trouble(e, "Could not open the shared board");
    return false;
  }
  tip(`A shared puzzle: the board of the link, from its start${metric === "multi" ? ", counting multi-tile moves" : ""}.`, "info");
  return true;
}

function shareLink() {
  if (!page.info) return;
  const url = new URL(location.href);
  url.search = `?size=${encodeURIComponent(page.info.size)}&board=${puzzle.start.join(",")}&metric=${page.metric}`;
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
  page.stats = null;
  drawHistogram();
  if (!info.table && !info.published) return;
  try {
    const st = await page.engine.request("stats", page.metric === "multi" ? { size: info.size, metric: "multi" } : { size: info.size });
    if (page.info === info) {
      page.stats = st;
      drawHistogram();
    }
  } catch (e) {
    el.caption.textContent = `The distribution is not available: ${e.message}.`;
  }
}

// drawHistogram draws the distribution of the size played, with the
// difficulty in the form shaded.
function drawHistogram() {
  if (!page.info) return;
  histogram.draw({ ...page.info, metric: page.metric === "multi" ? "multi" : undefined }, page.stats, Number(el.min.value), Number(el.max.value));
  const k = puzzle.known;
  histogram.mark(k ? k.distance : null);
}

function showAbout() {
  const api = page.engine.kind === "api";
  el.aboutAPI.hidden = !api;
  el.aboutWasm.hidden = api;
  if (!page.info) return;
  const q = `size=${encodeURIComponent(page.info.size)}${page.metric === "multi" ? "&metric=multi" : ""}`;
  el.statsLink.href = `api/stats?${q}`;
  el.chartLink.href = `api/chart?${q}`;
  el.chartItem.hidden = !page.info.table && !page.info.published; // a known distribution has a chart
}

// ---- keys ----

// An arrow key moves the tile on that side of the gap the way it points
// (the board does it itself when it has the focus, and says so).
const ARROWS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

document.addEventListener("keydown", (ev) => {
  const tag = ev.target && ev.target.tagName;
  if (ev.defaultPrevented || tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
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
    if (!puzzle.stop() && !el.win.hidden) closeWin();
    return;
  }
  if (ev.key in ARROWS) {
    if (!page.info) return;
    ev.preventDefault();
    puzzle.slide(ARROWS[ev.key]);
    return;
  }
  switch (ev.key.toLowerCase()) {
    case "h": showHint(); break;
    case "s": solveIt(); break;
    case "u": undo(); break;
    case "r": redo(); break;
    case "n": if (!page.dealing) again(); break;
  }
});

function undo() {
  if (puzzle.undo()) untip("solve");
}

function redo() {
  if (puzzle.redo()) untip("solve");
}

// ---- start ----

el.undo.addEventListener("click", undo);
el.redo.addEventListener("click", redo);
el.hint.addEventListener("click", showHint);
el.solve.addEventListener("click", solveIt);
el.again.addEventListener("click", again);
el.share.addEventListener("click", shareLink);
el.stop.addEventListener("click", () => puzzle.stop());
el.slower.addEventListener("click", () => changeSpeed(-1));
el.faster.addEventListener("click", () => changeSpeed(1));
el.retry.addEventListener("click", retry);
el.playAgain.addEventListener("click", again);
el.winShare.addEventListener("click", shareLink);
el.winClose.addEventListener("click", () => { closeWin(); el.again.focus({ preventScroll: true }); });
el.setup.addEventListener("submit", (ev) => { ev.preventDefault(); newGame(chosenLevel()); });
el.min.addEventListener("input", () => { markPreset(); drawHistogram(); });
el.max.addEventListener("input", () => { markPreset(); drawHistogram(); });
el.size.addEventListener("change", () => {
  const info = page.engine.info(el.size.value, el.metric.value);
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
  const info = page.engine.info(el.size.value, metric) || defaultSize(metric);
  el.size.value = info.size;
  history.replaceState(null, "", `?size=${encodeURIComponent(info.size)}`);
  showPresets(info, "Medium");
  newGame();
});

function defaultSize(metric) {
  const list = page.engine.sizes(metric);
  return list.find((s) => s.size === "3x3") || list[0];
}

// listSizes offers the sizes played in metric, the one chosen staying
// chosen if it is one of them.
function listSizes(metric) {
  const was = el.size.value;
  el.size.replaceChildren();
  for (const s of page.engine.sizes(metric)) {
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
  const multi = page.metric === "multi";
  el.movesLabel.textContent = multi ? "Moves (multi-tile)" : "Moves";
  const counts = multi ? "one move however many tiles slide" : "one move for each tile that slides";
  el.helpKeys.textContent = `Click a tile in the gap's row or column to slide it and every tile between it and the gap (${counts}), or use the arrow keys. Keys: H hint, S solve, U undo, R redo, N new board.`;
  el.helpTouch.textContent = `Tap a tile in the gap's row or column to slide it and every tile between it and the gap (${counts}), or swipe on the board the way a tile should slide.`;
  document.body.dataset.metric = page.metric;
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
    page.engine = await connect(params.get("engine"));
  } catch (e) {
    setState("error");
    el.distance.textContent = "Not connected";
    scheduleRetry(`Could not start: ${e.message}`);
    return;
  }
  stopRetrying();
  puzzle.engine = page.engine;
  puzzle.searchLimit = SEARCH_LIMIT_MS[page.engine.kind];
  document.body.dataset.engine = page.engine.kind;
  // The metric: a link's, which becomes the setting, else the setting.
  let metric = params.get("metric");
  if (METRICS.includes(metric)) saveSettings({ metric });
  else metric = loadSettings().metric;
  if (!METRICS.includes(metric) || !page.engine.sizes(metric).length) metric = "single";
  el.metric.value = metric;
  listSizes(metric);
  // A link's board first; then the game saved, unless the link names
  // another size; then a new board.
  const want = page.engine.info(params.get("size"), metric);
  const shared = want && params.get("board");
  if (shared) {
    showPresets(want, "Medium");
    if (await openShared(want, params.get("board"), metric)) return;
  }
  const s = saved();
  if (!shared && (!want || (s && s.size === want.size)) && await restore(metric)) {
    showPresets(page.info, "Medium");
    if (page.level && page.level.key !== "shared") {
      el.min.value = page.level.min;
      el.max.value = page.level.max;
      markPreset();
    }
    drawHistogram();
    return;
  }
  const first = want || defaultSize(metric);
  el.size.value = first.size;
  showPresets(first, "Medium");
  await newGame();
}

// Opened as a file (file:///.../index.html), the page has no engine to
// ask: unserved.js says how to serve it, and nothing starts.
if (location.protocol !== "file:") start();
