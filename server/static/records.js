// The player's records, kept in this browser (localStorage): for each
// metric, size and difficulty, the games won without the solver or a hint,
// the fewest moves and the fastest time.

const KEY = "slidetable.best.v1";

function load() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
}

// clock writes a time in milliseconds as m:ss, or h:mm:ss.
export function clock(ms) {
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`
    : `${m}:${String(s % 60).padStart(2, "0")}`;
}

// prefix begins the keys of the records of size in metric: a record is
// "3x3 Easy" in the single-tile metric (as before there were two), "multi
// 3x3 Easy" in the multi-tile one.
function prefix(size, metric) {
  return metric === "multi" ? `multi ${size} ` : `${size} `;
}

// record keeps a win of size at level ({key, name}), counted in metric,
// in moves and ms, and returns the news to tell the player: a first win, a
// new best, or "".
export function record(size, metric, level, moves, ms) {
  const all = load(), k = prefix(size, metric) + level.key;
  const b = all[k] || { name: level.name, wins: 0, moves: null, ms: null };
  const news = [];
  if (b.wins > 0 && moves < b.moves) news.push("fewest moves");
  if (b.wins > 0 && ms < b.ms) news.push("fastest time");
  b.wins++;
  b.moves = b.moves === null ? moves : Math.min(b.moves, moves);
  b.ms = b.ms === null ? ms : Math.min(b.ms, ms);
  b.name = level.name;
  all[k] = b;
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (e) { /* private mode: no records */ }
  const what = `${size} ${level.name}${metric === "multi" ? " (multi-tile)" : ""}`;
  if (b.wins === 1) return `Your first ${what} win!`;
  return news.length ? `New best: ${news.join(" and ")} for ${what}!` : "";
}

// show fills box with the records of size in metric: a table, or a line
// saying there are none yet.
export function show(box, size, metric) {
  const rows = Object.entries(load()).filter(([k]) => k.startsWith(prefix(size, metric))).map(([, b]) => b);
  if (!rows.length) {
    const p = document.createElement("p");
    p.className = "help";
    const counted = metric === "multi" ? " counting multi-tile moves" : "";
    p.textContent = `No ${size} games won yet${counted}. Wins without Solve or Hint are kept here, in this browser.`;
    box.replaceChildren(p);
    return;
  }
  const table = document.createElement("table");
  const head = table.createTHead().insertRow();
  for (const h of ["Difficulty", "Wins", "Fewest moves", "Fastest"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = h;
    head.append(th);
  }
  const body = table.createTBody();
  for (const b of rows) {
    const r = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = b.name;
    r.append(th);
    r.insertCell().textContent = b.wins;
    r.insertCell().textContent = b.moves;
    r.insertCell().textContent = clock(b.ms);
  }
  box.replaceChildren(table);
}
