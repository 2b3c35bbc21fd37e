// Tests of slidetable.js, for Node's own runner: node --test test/
//
// They check every function against independent answers: a plain
// breadth-first search over every 3x3 board, written here, and the
// published optimal lengths of the 10 easiest of Korf's 100 boards. When
// SLIDETABLE_EXPECT names a file of answers written by the Go tests
// (go test ./js), they also require the same answers as the Go library:
// every 3x3 distance, the hints, levels and error messages; and
// SLIDETABLE_WASM names the WebAssembly those tests built from the
// sources, to test instead of the slidetable.wasm beside the module.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { load, Slidetable, SlidetableError } from "../slidetable.js";

const expect = process.env.SLIDETABLE_EXPECT ? JSON.parse(readFileSync(process.env.SLIDETABLE_EXPECT, "utf8")) : null;

// The 10 of Korf's 100 boards with the shortest solutions, turned to the
// standard goal as package published turns them: [number, board, length].
const korf10 = [
  [55, "5 10 14 4/6 12 11 1/9 0 15 7/13 2 8 3", 41],
  [16, "0 9 12 4/5 3 2 8/10 1 7 6/11 14 13 15", 42],
  [42, "6 1 15 8/5 10 13 0/3 4 2 7/14 9 11 12", 42],
  [79, "1 6 10 8/14 12 4 2/13 11 3 5/9 7 15 0", 42],
  [71, "2 3 12 8/13 14 10 1/6 7 15 4/5 0 9 11", 44],
  [85, "1 5 0 13/11 2 8 4/10 7 14 15/6 3 9 12", 44],
  [97, "13 5 0 4/10 3 12 6/14 15 1 8/9 11 2 7", 44],
  [12, "1 3 5 6/0 13 14 9/11 4 8 12/10 7 15 2", 45],
  [61, "1 0 12 8/2 4 9 15/6 11 7 5/14 13 3 10", 45],
  [86, "1 3 8 2/13 12 9 15/14 7 4 5/6 11 0 10", 45],
];

const cellsOf = (text) => text.split(/[\s,/]+/).map(Number);

// slide returns the cells after tile t slides into the blank, or null if
// it cannot.
function slide(cells, w, t) {
  const z = cells.indexOf(0), i = cells.indexOf(t);
  const dr = Math.abs(Math.floor(z / w) - Math.floor(i / w)), dc = Math.abs((z % w) - (i % w));
  if (t === 0 || i < 0 || dr + dc !== 1) return null;
  const out = cells.slice();
  out[z] = t;
  out[i] = 0;
  return out;
}

// neighbours lists the tiles that can slide on cells.
function movable(cells, w) {
  return cells.filter((t) => t !== 0 && slide(cells, w, t) !== null);
}

// bfs3x3 returns the distance of every 3x3 board that reaches the goal,
// by a plain breadth-first search from the goal: a Map from "c,c,...".
function bfs3x3() {
  bfs3x3.dist ??= search3x3();
  return bfs3x3.dist;
}

// search3x3 is bfs3x3's search, made once: the tests read its map and
// never change it.
function search3x3() {
  const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  const dist = new Map([[goal.join(","), 0]]);
  let frontier = [goal];
  for (let d = 1; frontier.length; d++) {
    const next = [];
    for (const c of frontier) {
      for (const t of movable(c, 3)) {
        const n = slide(c, 3, t), k = n.join(",");
        if (!dist.has(k)) {
          dist.set(k, d);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

// permutations calls f with every permutation of 0..n-1 in lexicographic
// order (the order of the Go answers).
function permutations(n, f) {
  const p = Array.from({ length: n }, (_, i) => i);
  for (;;) {
    f(p);
    let i = n - 2;
    while (i >= 0 && p[i] > p[i + 1]) i--;
    if (i < 0) return;
    let j = n - 1;
    while (p[j] < p[i]) j--;
    [p[i], p[j]] = [p[j], p[i]];
    for (let a = i + 1, b = n - 1; a < b; a++, b--) [p[a], p[b]] = [p[b], p[a]];
  }
}

const wasm = process.env.SLIDETABLE_WASM;

// wasmBytes returns the bytes of the module under test, for a Slidetable
// of a test's own.
const wasmBytes = () => readFileSync(wasm ?? new URL("../slidetable.wasm", import.meta.url));

// long is whether the long checks run (SLIDETABLE_LONG=1, as CI runs
// them); longCheck is the option of a test that runs only then: one that
// takes a second or more of waiting, a child process or a search, to check
// an edge that a shorter test beside it does not reach.
const long = process.env.SLIDETABLE_LONG === "1";
const longCheck = { skip: !long && "long check: runs with SLIDETABLE_LONG=1" };

// compiled is the module under test compiled once, for the tests whose
// subject is not how a module is given.
const compiled = await WebAssembly.compile(wasmBytes());

// The Slidetable most tests ask; the shared one, which tests close, is
// tested on its own.
const st = await load({ wasm: compiled });

test("load returns one shared Slidetable", async () => {
  assert.ok(st instanceof Slidetable);
  assert.notEqual(await load(), st);
  const shared = await load();
  assert.ok(shared instanceof Slidetable);
  assert.equal(await load(), shared);
});

test("the README's example", async () => {
  assert.equal(await st.distance("3x3", "8 6 7/2 5 4/3 0 1"), 31);
  assert.equal(await st.solvable("4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"), false);
  assert.deepEqual(await st.hints("3x3", "8 6 7/2 5 4/3 0 1"), { distance: 31, moves: [5, 3, 1] });
  const path = await st.solve("3x3", [8, 6, 7, 2, 5, 4, 3, 0, 1]);
  assert.equal(path.length, 31);
  const lv = await st.level({ size: "4x4", min: 50, max: 55, seed: 1 });
  assert.equal(lv.board.length, 16);
  assert.ok(lv.distance >= 50 && lv.distance <= 55);
  assert.equal(await st.distance("4x4", lv.board), lv.distance);
  assert.deepEqual((await st.random("4x4", { seed: 1 })).slice(0, 8), [15, 1, 12, 4, 9, 3, 8, 5]);
});

test("3x3 boards' distances, against a plain search", async () => {
  // Every 32nd board of those that can reach the goal and of those that
  // cannot (each call crosses into WebAssembly, some 30 microseconds; the
  // Go tests check every board of the table the module answers from), or
  // every one with SLIDETABLE_LONG=1.
  const every = long ? 1 : 32;
  const ref = bfs3x3();
  assert.equal(ref.size, 181440);
  let i = 0, solvable = 0, reaching = 0, unsolvable = 0;
  const asked = [];
  permutations(9, (p) => {
    const want = ref.get(p.join(","));
    if ((want !== undefined ? reaching++ : unsolvable++) % every === 0) {
      asked.push([i, p.slice(), want, st.distance("3x3", p)]);
    }
    i++;
  });
  for (const [i, p, want, answer] of asked) {
    const d = await answer;
    if (want === undefined) {
      assert.equal(d, null, `${p}: ${d}, want null`);
    } else {
      solvable++;
      assert.equal(d, want, `${p}: ${d}, want ${want}`);
    }
    if (expect) assert.equal(d === null ? -1 : d, expect.distances3x3[i], `${p}: ${d}, Go says ${expect.distances3x3[i]}`);
  }
  assert.equal(solvable, Math.ceil(181440 / every));
});

test("hints and solutions of 3x3 boards, against a plain search", async () => {
  const ref = bfs3x3();
  let n = 0;
  for (const [key, d] of ref) {
    if (n++ % 97 !== 0) continue; // 1,871 boards
    const cells = key.split(",").map(Number);
    const want = movable(cells, 3).filter((t) => ref.get(slide(cells, 3, t).join(",")) === d - 1);
    const h = await st.hints("3x3", cells);
    assert.equal(h.distance, d);
    assert.deepEqual(h.moves.slice().sort(), want.sort(), `${key}`);
    let c = cells;
    for (const t of await st.solve("3x3", key)) c = slide(c, 3, t);
    assert.equal(c.join(","), "1,2,3,4,5,6,7,8,0");
  }
  const unsolvable = "1 2 3/4 5 6/8 7 0";
  assert.equal(await st.distance("3x3", unsolvable), null);
  assert.equal(await st.hints("3x3", unsolvable), null);
  assert.equal(await st.solve("3x3", unsolvable), null);
  assert.equal(await st.solvable("3x3", unsolvable), false);
  assert.deepEqual(await st.hints("3x3", "1 2 3/4 5 6/7 8 0"), { distance: 0, moves: [] });
  assert.deepEqual(await st.solve("3x3", "1 2 3/4 5 6/7 8 0"), []);
});

test("solutions and hints in the speedsolvers' letters, and boards given as a scramble", async () => {
  // Each letter is the way the tile moves: U is the tile below the blank,
  // D above it, L right of it, R left of it; a count repeats the letter
  // in single-tile moves.
  const play = (cells, letters) => {
    let c = cells;
    for (const [, dir, count] of letters.matchAll(/([UDLR])(\d*)/g)) {
      for (let k = 0; k < Number(count || 1); k++) {
        const z = c.indexOf(0);
        const at = { U: z + 3, D: z - 3, L: z + 1, R: z - 1 }[dir];
        c = slide(c, 3, c[at]);
        assert.ok(c, `${letters}: ${dir} cannot be played`);
      }
    }
    return c;
  };
  const ref = bfs3x3();
  let n = 0;
  for (const [key, d] of ref) {
    if (n++ % 1009 !== 0) continue;
    const cells = key.split(",").map(Number);
    const letters = await st.solve("3x3", cells, { notation: "letters" });
    assert.match(letters, /^[UDLR]*$/);
    assert.equal(letters.length, d);
    assert.equal(play(cells, letters).join(","), "1,2,3,4,5,6,7,8,0");
    const multi = await st.solve("3x3", cells, { notation: "letters", metric: "multi" });
    assert.equal(play(cells, multi).join(","), "1,2,3,4,5,6,7,8,0", multi);
    assert.equal(multi.match(/[UDLR]/g)?.length ?? 0, await st.distance("3x3", cells, { metric: "multi" }));
    const h = await st.hints("3x3", cells, { notation: "letters" });
    assert.equal(h.letters.length, h.moves.length);
    for (const l of h.letters) assert.equal(ref.get(play(cells, l).join(",")), d - 1, `${key}: hint ${l}`);
  }
  const r = await st.request("distance", { size: "3x3", scramble: "R2D2" });
  assert.equal(r.distance, 4);
  await assert.rejects(st.request("distance", { size: "3x3", scramble: "U" }), { code: "input" });
  await assert.rejects(st.solve("3x3", "1 2 3/4 5 6/7 8 0", { notation: "braille" }), { code: "input" });
});

test("Korf's 10 easiest 4x4 boards: distance, solution, hints", async () => {
  if (expect) assert.deepEqual(korf10, expect.korf10.map((k) => [k.number, k.board, k.distance]));
  for (const [i, [num, text, length]] of korf10.entries()) {
    const cells = cellsOf(text);
    assert.equal(await st.solvable("4x4", text), true);
    assert.equal(await st.distance("4x4", text), length, `Korf #${num}`);
    const path = await st.solve("4x4", cells);
    assert.equal(path.length, length, `Korf #${num}`);
    let c = cells;
    for (const t of path) {
      c = slide(c, 4, t);
      assert.ok(c, `Korf #${num}: solution ${path} slides a tile that cannot move`);
    }
    assert.equal(c.join(","), "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0");
    const h = await st.hints("4x4", text);
    assert.equal(h.distance, length);
    assert.ok(h.moves.length > 0);
    for (const t of h.moves) {
      assert.equal(await st.distance("4x4", slide(cells, 4, t)), length - 1, `Korf #${num}: hint ${t}`);
    }
    if (expect) assert.deepEqual(h.moves, expect.korf10[i].hints, `Korf #${num}`);
  }
});

test("levels: in range, repeatable by seed, as Go draws them", async () => {
  const asks = expect ? expect.levels.map((l) => l.ask) : [
    { size: "3x3", min: 31, max: 31, seed: 1 },
    { size: "4x4", min: 50, max: 55, seed: 1 },
    { size: "4x4", min: 80, seed: 2 },
  ];
  for (const [i, ask] of asks.entries()) {
    const lv = await st.level(ask);
    assert.ok(lv.distance >= ask.min && lv.distance <= (ask.max ?? lv.distance), JSON.stringify(ask));
    assert.deepEqual(await st.level(ask), lv);
    if (lv.distance <= 60) assert.equal(await st.distance(ask.size, lv.board), lv.distance);
    if (expect) assert.deepEqual(lv, expect.levels[i].level, JSON.stringify(ask));
  }
});

test("random: uniform boards that reach the goal, the ones slidetable gen -seed draws", async () => {
  const draws = expect ? expect.random : [];
  for (const { size, goal, seed, board } of draws) {
    const what = `${size} seed ${seed}${goal ? ` goal ${goal}` : ""}`;
    assert.deepEqual(await st.random(size, { seed, goal }), board, what);
    assert.deepEqual(await st.random(size, { seed: BigInt(seed), goal }), board, what);
    if (Number.isSafeInteger(Number(seed))) assert.deepEqual(await st.random(size, { seed: Number(seed), goal }), board, what);
    assert.equal(await st.solvable(size, board, { goal }), true, what);
  }
  // The same seed, the same board; others, boards that reach the goal.
  assert.deepEqual(await st.random("4x4", { seed: 5 }), await st.random("4x4", { seed: "5" }));
  const seen = new Set();
  for (const [size, goal] of [["3x3", undefined], ["4x4", undefined], ["3x3", [0, 1, 2, 3, 4, 5, 6, 7, 8]], ["5x4", undefined]]) {
    for (let i = 0; i < 50; i++) {
      const b = await st.random(size, { goal });
      assert.equal(b.length, cellsOf(size.replace("x", " ")).reduce((a, c) => a * c), `${size}: ${b}`);
      assert.equal(await st.solvable(size, b, { goal }), true, `${size} ${b}`);
      seen.add(b.join(","));
    }
  }
  assert.ok(seen.size > 150, `${seen.size} different boards of 200 drawn`);
  // Uniform: the 12 boards of 2x2 that reach the goal, from 1200 seeds,
  // each about 100 times (chi-square below its 99.9% point for 11
  // degrees of freedom).
  const counts = new Map();
  for (let seed = 0; seed < 1200; seed++) {
    const k = (await st.random("2x2", { seed })).join(",");
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  assert.equal(counts.size, 12, [...counts.keys()].join(" "));
  let chi = 0;
  for (const n of counts.values()) chi += (n - 100) ** 2 / 100;
  assert.ok(chi < 31.26, `chi-square ${chi.toFixed(1)} of ${[...counts.values()]}`);
  // The seed and the other arguments are checked.
  const bad = [
    [{ seed: -1 }, /^seed="-1": want a whole number from 0 to 18446744073709551615$/],
    [{ seed: 2n ** 64n }, /^seed="18446744073709551616": want a whole number from 0 to 18446744073709551615$/],
    [{ seed: "18446744073709551616" }, /^seed="18446744073709551616": want a whole number/],
    [{ seed: -1n }, /^seed="-1": want a whole number/],
    [{ seed: 1.5 }, /^options.seed is 1.5: want a whole number from 0 to 2\^64-1, past 2\^53-1 as a bigint or a string$/],
    [{ seed: 2 ** 64 }, /^options.seed is 18446744073709552000: want a whole number/],
    [{ seed: NaN }, /^options.seed is NaN: want a whole number/],
    [{ seed: "seven" }, /^seed="seven": want a whole number/],
    [{ seed: {} }, /^options.seed is an object: want a whole number from 0 to 2\^64-1$/],
    [{ seed: true }, /^options.seed is a boolean: want a whole number/],
    [{ goal: "1 2 3" }, /^goal="1 2 3": 3x3 needs 9 numbers, got 3$/],
    [{ signal: "soon" }, /^options.signal is not an AbortSignal$/],
    [7, /^the options must be an object, not number$/],
  ];
  for (const [options, message] of bad) {
    await assert.rejects(st.random("3x3", options), (e) => {
      assert.ok(e instanceof SlidetableError, String(e));
      assert.equal(e.code, "input", e.message);
      assert.match(e.message, message);
      return true;
    });
  }
  await assert.rejects(st.random("3x"), /"3x" is not written WxH/);
  await assert.rejects(st.random("17x17"), /17x17 has more than 256 cells/);
  await assert.rejects(st.random(), /: missing parameter size, such as size=3x3$/);
  await assert.rejects(st.random("3x3", { signal: AbortSignal.abort() }), (e) => e.code === "aborted" && /^random stopped/.test(e.message));
  assert.equal((await st.random("16x16", { seed: 1 })).length, 256);
  // random is no endpoint of the API.
  await assert.rejects(st.request("random", { size: "3x3" }), (e) => e.status === 404);
});

test("bad input throws the command line's message", async () => {
  const bad = expect ? expect.errors : [
    { size: "3x3", board: "1 2 3/4 5 6/7 7 0", message: "tile 7 appears twice" },
    { size: "3x3", board: "1 2 3", message: "3x3 needs 9 numbers, got 3" },
  ];
  for (const { size, board, message } of bad) {
    await assert.rejects(st.distance(size, board), (e) => {
      assert.ok(e instanceof SlidetableError);
      assert.ok(e instanceof Error);
      assert.equal(e.status, 400);
      assert.equal(e.message, message);
      return true;
    });
  }
  await assert.rejects(st.level({ size: "3x3", min: 40 }), /no 3x3 board is more than 31 moves from the goal/);
  await assert.rejects(st.request("nothing"), (e) => e.status === 404);
});

test("sizes and stats", async () => {
  const sizes = await st.sizes();
  assert.deepEqual(sizes.map((s) => s.size), ["2x2", "2x3", "3x2", "2x4", "4x2", "3x3", "4x4"]);
  const s33 = await st.stats("3x3");
  assert.equal(s33.states, 181440);
  assert.equal(s33.max, 31);
  assert.equal(s33.counts.reduce((a, b) => a + b, 0), 181440);
  const s44 = await st.stats("4x4");
  assert.equal(s44.max, 80);
  assert.ok(s44.source);
  if (expect) {
    assert.deepEqual(sizes, expect.sizes);
    assert.deepEqual(s33, expect.stats3x3);
  }
});

// A 5x5 board far beyond any search here, and a 4x4 board far beyond the
// multi-tile search towards a goal with the blank in the middle (no
// database bounds it; towards the standard goal, which 4x4-multi.abs
// bounds, it is 31 moves, found in a second or so): calls about them
// never end by themselves.
const far5x5 = "5 19 7 1 23/18 22 14 21 0/12 6 2 11 13/9 3 4 17 24/16 20 15 10 8";
const far4x4 = "15 1 12 4/9 3 8 5/13 0 11 2/14 10 7 6";
// A 4x4 board 5 multi-tile moves from the goal that no level pack's
// solution passes through: its answer needs the abstraction tier.
const offPack = "5 1 3 4/2 0 7 8/9 6 11 12/13 10 14 15";
const farMulti = { metric: "multi", goal: "1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15" };

// stoppedBy returns a check for assert.rejects: a SlidetableError of the
// code, naming the endpoint and the reason.
function stoppedBy(endpoint, code, words) {
  return (e) => {
    assert.ok(e instanceof SlidetableError, String(e));
    assert.equal(e.code, code);
    assert.equal(e.status, 503);
    assert.match(e.message, new RegExp(`^${endpoint} stopped: ${words}`));
    return true;
  };
}

// whileTicking runs f, a call that must be stopped, while a timer on this
// thread ticks every 20 ms, and checks that the timer ticked before the
// call was stopped: the search runs elsewhere. (How long that took is
// logged, not checked: it measures the machine.)
async function whileTicking(t, f) {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 20);
  const start = performance.now();
  try {
    await f();
  } finally {
    clearInterval(timer);
  }
  t.diagnostic(`stopped after ${(performance.now() - start).toFixed(0)} ms, the timer ticking ${ticks} times meanwhile`);
  assert.ok(ticks > 0, "the timer never ticked while the search ran");
}

test("a 5x5 search, stopped by AbortSignal.timeout(500), does not block the thread", async (t) => {
  await whileTicking(t, () => assert.rejects(
    st.distance("5x5", far5x5, { signal: AbortSignal.timeout(500) }),
    stoppedBy("distance", "timeout", "its signal timed out")));
  // The worker was ended with its search, and another answers.
  assert.equal(await st.distance("3x3", "8 6 7/2 5 4/3 0 1"), 31);
});

test("a multi-tile 4x4 search, stopped by AbortSignal.timeout(500), does not block the thread", longCheck, async (t) => {
  await whileTicking(t, () => assert.rejects(
    st.request("distance", { size: "4x4", board: far4x4, ...farMulti }, { signal: AbortSignal.timeout(500) }),
    stoppedBy("distance", "timeout", "its signal timed out")));
  await whileTicking(t, () => assert.rejects(
    st.hints("4x4", far4x4, { ...farMulti, signal: AbortSignal.timeout(500) }),
    stoppedBy("hint", "timeout", "its signal timed out")));
  assert.equal(await st.distance("4x4", offPack, { metric: "multi" }), 5);
});

test("a stopped search leaves the others answered; one stopped while it waits never runs", async () => {
  const mine = await load({ wasm: compiled, workers: 1 });
  try {
    const a = new AbortController(), c = new AbortController();
    const first = mine.distance("5x5", far5x5, { signal: a.signal });
    const second = mine.distance("3x3", "8 6 7/2 5 4/3 0 1");
    const third = mine.solve("5x5", far5x5, { signal: c.signal });
    const fourth = mine.distance("4x4", korf10[0][1]);
    const fifth = mine.hints("3x3", "1 2 3/4 5 6/7 0 8");
    // Lookups answer in the order asked, and say which calls search: once
    // the fifth is answered, the first runs on the one searcher and the
    // third and fourth wait for it.
    assert.equal(await second, 31);
    assert.deepEqual(await fifth, { distance: 1, moves: [8] });
    c.abort(new Error("not wanted"));
    await assert.rejects(third, stoppedBy("solve", "aborted", "its signal was aborted \\(Error: not wanted\\)"));
    a.abort();
    await assert.rejects(first, (e) => e instanceof SlidetableError && e.code === "aborted" && e.cause.name === "AbortError");
    // The third, stopped while it waited, never runs: were it to, the
    // fourth would wait for ever.
    assert.equal(await fourth, korf10[0][2]);
    // A signal already aborted rejects at once, and asks nothing.
    await assert.rejects(mine.distance("3x3", "1 2 3/4 5 6/7 8 0", { signal: AbortSignal.abort() }), stoppedBy("distance", "aborted", "its signal was aborted"));
  } finally {
    mine.close();
  }
});

test("a lookup never waits for the searches", { timeout: 120_000 }, async () => {
  // With the searchers all busy on boards no search finishes, and more
  // searches waiting, lookups are answered.
  const mine = await load({ wasm: compiled });
  const searches = [];
  try {
    for (let i = 0; i < 6; i++) searches.push(mine.distance("5x5", far5x5));
    assert.equal(await mine.distance("3x3", "8 6 7/2 5 4/3 0 1"), 31);
    assert.deepEqual(await mine.hints("2x4", "1 2/3 4/5 6/0 7"), { distance: 1, moves: [7] });
    assert.equal((await mine.stats("4x4")).max, 80);
    assert.equal(await mine.solvable("5x5", far5x5), true);
  } finally {
    mine.close();
  }
  for (const s of searches) await assert.rejects(s, (e) => e.code === "closed");
  // And with the shared Slidetable, as a page uses it, without a signal.
  const page = await load();
  const search = page.distance("5x5", far5x5);
  try {
    assert.equal(await page.distance("3x3", "8 6 7/2 5 4/3 0 1"), 31);
  } finally {
    page.close();
  }
  await assert.rejects(search, (e) => e.code === "closed");
});

// runScript runs body as an ES module in a Node process of its own, with
// st a Slidetable of the module under test, and returns its exit status
// and output. A process that does not end is killed after 2 minutes, as
// a failure: every Slidetable call must let Node exit.
function runScript(body) {
  const script = `import { readFileSync } from "node:fs";
import { load } from ${JSON.stringify(new URL("../slidetable.js", import.meta.url).href)};
const st = await load({ wasm: readFileSync(${JSON.stringify(wasm ?? fileURLToPath(new URL("../slidetable.wasm", import.meta.url)))}) });
const say = (p) => p.then((v) => console.log("answer", JSON.stringify(v)), (e) => console.log(e.code, e.message));
${body}`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { timeout: 120_000, encoding: "utf8" });
  return { status: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}

// checkExits checks what runScript returned: the process ended by
// itself, with status 0 and the output want.
function checkExits(r, want) {
  assert.equal(r.signal, null, `the process did not end: ${r.out}${r.err}`);
  assert.equal(r.status, 0, r.err);
  assert.equal(r.out, want);
}

test("a signal that is no AbortSignal is refused: Node exits", longCheck, () => {
  checkExits(runScript(`
const board = "8 6 7/2 5 4/3 0 1";
// Signal-like objects: without removeEventListener, then with both
// methods; an AbortSignal whose removeEventListener is taken away.
await say(st.distance("3x3", board, { signal: { aborted: false, addEventListener() {} } }));
await say(st.distance("3x3", board, { signal: { aborted: false, addEventListener() {}, removeEventListener() {} } }));
const gone = new AbortController().signal;
gone.removeEventListener = undefined;
await say(st.distance("3x3", board, { signal: gone }));
await say(st.distance("3x3", board));
`), `input options.signal is not an AbortSignal
input options.signal is not an AbortSignal
input options.signal is not an AbortSignal
answer 31
`);
});

test("an AbortSignal whose methods throw settles the call once: Node exits", longCheck, () => {
  checkExits(runScript(`
const board = "8 6 7/2 5 4/3 0 1";
const far = "5 19 7 1 23/18 22 14 21 0/12 6 2 11 13/9 3 4 17 24/16 20 15 10 8";
const deaf = new AbortController().signal;
deaf.addEventListener = () => { throw new Error("no listening"); };
await say(st.distance("3x3", board, { signal: deaf }));
await say(st.distance("5x5", far, { signal: deaf }));
const stuck = new AbortController().signal;
stuck.removeEventListener = () => { throw new Error("no letting go"); };
await say(st.distance("3x3", board, { signal: stuck }));
// One that calls its listener at once, and a reason that cannot be read.
const eager = new AbortController().signal;
eager.addEventListener = (type, f) => f();
await say(st.distance("3x3", board, { signal: eager }));
const c = new AbortController();
Object.defineProperty(c.signal, "reason", { get() { throw new Error("no reason"); } });
const p = st.distance("5x5", far, { signal: c.signal });
c.abort();
await say(p);
await say(st.distance("3x3", board));
`), `input options.signal cannot be listened to: Error: no listening
input options.signal cannot be listened to: Error: no listening
answer 31
aborted distance stopped: its signal was aborted (undefined)
aborted distance stopped: its signal was aborted (Error: no reason)
answer 31
`);
});

test("hostile arguments get a SlidetableError", async () => {
  const hostile = { toString() { throw new Error("no text here"); } };
  const getter = { get metric() { throw new Error("no metric"); } };
  const proxy = new Proxy({}, { ownKeys() { throw new Error("no keys"); } });
  const cases = [
    [() => st.distance("3x3", hostile), /^board cannot be written as text: Error: no text here$/],
    [() => st.distance(hostile, "1 2 3/4 5 6/7 8 0"), /^size cannot be written as text/],
    [() => st.hints("3x3", [1, 2, 3, 4, 5, 6, 7, hostile, 0]), /^board\[7\] cannot be written as text/],
    [() => st.solve("3x3", "1 2 3/4 5 6/7 8 0", { goal: hostile }), /^goal cannot be written as text/],
    [() => st.solvable("3x3", "1 2 3/4 5 6/7 8 0", getter), /^bad argument: Error: no metric$/],
    [() => st.level({ get size() { throw new Error("no size"); } }), /^bad argument: Error: no size$/],
    [() => st.request("distance", proxy), /^bad argument: Error: no keys$/],
    [() => st.request("distance", "size=3x3"), /^the parameters must be an object, not string$/],
    [() => st.request(hostile), /^endpoint cannot be written as text/],
    [() => st.distance("3x3", "1 2 3/4 5 6/7 8 0", { signal: "soon" }), /^options.signal is not an AbortSignal$/],
    [() => st.distance("3x3", "1 2 3/4 5 6/7 8 0", 7), /^the options must be an object, not number$/],
    [() => st.distance("3x3", "1 2 3/4 5 6/7 8 0", { metric: "diagonal" }), /^metric="diagonal": want single or multi$/],
  ];
  for (const [f, message] of cases) {
    let p;
    assert.doesNotThrow(() => { p = f(); }, "a call never throws: it rejects");
    await assert.rejects(p, (e) => {
      assert.ok(e instanceof SlidetableError, String(e));
      assert.equal(e.status, 400);
      assert.equal(e.code, "input");
      assert.match(e.message, message);
      return true;
    });
  }
});

test("metric and goal on every call", async () => {
  const board = "8 6 7/2 5 4/3 0 1";
  const multi = { metric: "multi" };
  assert.equal(await st.distance("3x3", board, multi), 20);
  const h = await st.hints("3x3", "1 2 3/4 5 6/0 7 8", multi);
  assert.deepEqual(h, { distance: 1, moves: [8], slides: [2] });
  assert.deepEqual(await st.solve("3x3", "1 2 3/4 0 6/7 5 8", multi), [5, 8]);
  assert.equal(await st.solvable("3x3", "1 2 3/4 5 6/8 7 0", multi), false);
  assert.equal((await st.stats("3x3", multi)).max, 24);
  assert.ok((await st.sizes(multi)).every((s) => s.metric === "multi"));
  const lv = await st.level({ size: "3x3", min: 24, metric: "multi", seed: 1 });
  assert.equal(await st.distance("3x3", lv.board, multi), 24);

  // A goal of its own, blank first: the table towards it is built on the
  // first call that needs it.
  const goal = "0 1 2/3 4 5/6 7 8";
  const towards = { goal };
  assert.equal(await st.distance("3x3", goal, towards), 0);
  assert.equal(await st.solvable("3x3", "1 2 3/4 5 6/7 8 0", towards), true);
  const d = await st.distance("3x3", board, towards);
  const path = await st.solve("3x3", board, towards);
  assert.equal(path.length, d);
  let c = cellsOf(board);
  for (const t of path) c = slide(c, 3, t);
  assert.equal(c.join(" "), "0 1 2 3 4 5 6 7 8");
  const hg = await st.hints("3x3", board, towards);
  assert.equal(hg.distance, d);
  for (const t of hg.moves) assert.equal(await st.distance("3x3", slide(cellsOf(board), 3, t), towards), d - 1);
  const s = await st.stats("3x3", { goal: [0, 1, 2, 3, 4, 5, 6, 7, 8] });
  assert.deepEqual(s.goal, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.equal(s.states, 181440);
  const far = await st.level({ size: "3x3", min: s.max, goal, seed: 3 });
  assert.equal(far.distance, s.max);
  assert.equal(await st.distance("3x3", far.board, towards), s.max);
  // Both at once.
  assert.equal(await st.distance("3x3", goal, { goal, metric: "multi" }), 0);
  if (expect) {
    for (const g of expect.goals) {
      const r = await st.request(g.endpoint, g.params);
      assert.deepEqual(r, g.answer, `${g.endpoint} ${JSON.stringify(g.params)}`);
    }
  }
});

test("4x4 in multi-tile moves: 4x4-multi.abs fetched once, on first use, and checked", async () => {
  const { createServer } = await import("node:http");
  const abs = readFileSync(new URL("../4x4-multi.abs", import.meta.url));
  let hits = 0, serve = "none"; // what the server answers: "none" (404), "file", "wrong"
  const server = createServer((req, res) => {
    hits++;
    if (serve === "none") {
      res.writeHead(404).end();
      return;
    }
    const body = serve === "file" ? abs : Buffer.from(abs.subarray(0, 1000));
    res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/4x4-multi.abs`;
  try {
    await fetchedOnce(url, () => hits, (what) => { serve = what; });
  } finally {
    server.close();
  }
});

// fetchedOnce checks a Slidetable whose 4x4-multi.abs is at url, which
// serves 404 until serve("file") and the first 1000 bytes after
// serve("wrong"); hits counts its requests.
async function fetchedOnce(url, hits, serve) {
  const mine = await load({ wasm: compiled, abstraction: url });
  try {
    const board = offPack;
    // Other sizes, the sizes themselves and solvability fetch nothing.
    assert.equal(await mine.distance("3x3", "8 6 7/2 5 4/3 0 1", { metric: "multi" }), 20);
    const four = (await mine.sizes({ metric: "multi" })).find((x) => x.size === "4x4");
    // Levels as far as the level pack deals them at once, short of 43.
    assert.equal(four.max, 43);
    assert.equal(four.max_level, 39);
    assert.equal(await mine.solvable("4x4", board, { metric: "multi" }), true);
    assert.equal(hits(), 0);
    // A board of the level pack's solutions is answered from the pack:
    // its solution's next move, with no search and no file.
    const packed = "1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15";
    assert.deepEqual(await mine.hints("4x4", packed, { metric: "multi" }), { distance: 1, moves: [15], partial: true, slides: [3] });
    assert.deepEqual(await mine.solve("4x4", packed, { metric: "multi" }), [15]);
    assert.equal(hits(), 0);
    // Not there: said, and tried again by the next call.
    await assert.rejects(mine.distance("4x4", board, { metric: "multi" }), (e) =>
      e instanceof SlidetableError && e.code === "unavailable" && /4x4-multi\.abs, which could not be loaded: .*HTTP 404/.test(e.message));
    assert.equal(hits(), 1);
    serve("file");
    assert.equal(await mine.distance("4x4", board, { metric: "multi" }), 5);
    assert.equal(hits(), 2);
    if (expect) {
      assert.ok(expect.multi4x4.length >= 4);
      for (const g of expect.multi4x4) {
        const r = await mine.request(g.endpoint, g.params);
        assert.deepEqual(r, g.answer, `${g.endpoint} ${JSON.stringify(g.params)}`);
      }
    }
    // A search stopped ends the worker; the next one is given the file
    // kept, not fetched again.
    await assert.rejects(mine.distance("4x4", far4x4, { ...farMulti, signal: AbortSignal.timeout(50) }), stoppedBy("distance", "timeout", "its signal timed out"));
    assert.equal(await mine.distance("4x4", board, { metric: "multi" }), 5);
    assert.equal(hits(), 2);
  } finally {
    mine.close();
  }
  // A file that is not this build's is refused, as one that cannot be
  // fetched is, and the answers say why; the next call fetches it again.
  serve("wrong");
  const wrong = await load({ wasm: compiled, abstraction: url });
  try {
    const before = hits();
    await assert.rejects(wrong.distance("4x4", offPack, { metric: "multi" }), (e) =>
      e instanceof SlidetableError && e.code === "unavailable" && e.status === 503 &&
      /4x4-multi\.abs, which could not be loaded: .*: 1000 bytes that are not the 4x4-multi\.abs of this build \(SHA-256 [0-9a-f]{16}\.\.\., want 843b486c4cbe326a\.\.\.\)$/.test(e.message));
    serve("file");
    assert.equal(await wrong.distance("4x4", offPack, { metric: "multi" }), 5);
    assert.equal(hits(), before + 2);
  } finally {
    wrong.close();
  }
}

test("4x4 level packs: each fetched once, when a call first asks about 4x4 in its metric, and checked", async () => {
  const files = {
    "/p/4x4-pack.jsonl": readFileSync(new URL("../4x4-pack.jsonl", import.meta.url)),
    "/p/4x4-multi-pack.jsonl": readFileSync(new URL("../4x4-multi-pack.jsonl", import.meta.url)),
  };
  const hits = new Map(); // path -> requests
  let serve = "none"; // "none" (404), "file", "wrong" (the first 100 bytes)
  const { base, stop } = await serveHTTP((req, res) => {
    hits.set(req.url, (hits.get(req.url) ?? 0) + 1);
    const body = files[req.url];
    if (serve === "none" || !body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/x-ndjson" }).end(serve === "file" ? body : body.subarray(0, 100));
  });
  const count = (name) => hits.get(`/p/${name}`) ?? 0;
  const single = "4x4-pack.jsonl", multi = "4x4-multi-pack.jsonl";
  // The first board of the single-tile pack at 80 moves (published), and
  // a board one move from the goal in each metric.
  const packed = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15";
  try {
    // 4x4-multi.abs is not there: nothing a pack answers searches.
    const mine = await load({ wasm: compiled, packs: `${base}/p`, abstraction: `${base}/none/4x4-multi.abs` });
    try {
      // Other sizes, the sizes themselves and solvability fetch nothing:
      // what a pack deals is known without it.
      assert.equal(await mine.distance("3x3", "8 6 7/2 5 4/3 0 1"), 31);
      const four = (await mine.sizes({ metric: "multi" })).find((x) => x.size === "4x4");
      assert.equal(four.max_level, 39);
      assert.equal(await mine.solvable("4x4", packed), true);
      assert.equal(hits.size, 0);
      // Not there: said, and tried again by the next call.
      await assert.rejects(mine.request("level", { size: "4x4", min: 30, max: 30 }), (e) =>
        e instanceof SlidetableError && e.code === "unavailable" && /level pack 4x4-pack\.jsonl, which could not be loaded: .*HTTP 404/.test(e.message));
      assert.equal(count(single), 1);
      serve = "file";
      const lv = await mine.request("level", { size: "4x4", min: 30, max: 30, seed: 1 });
      assert.equal(lv.distance, 30);
      assert.equal(lv.source.kind, "level pack");
      assert.equal(lv.solution.length, 30);
      assert.deepEqual(await mine.hints("4x4", packed), { distance: 1, moves: [15], partial: true });
      assert.equal(await mine.distance("4x4", packed), 1);
      assert.equal(count(single), 2);
      assert.equal(count(multi), 0);
      // The other metric's pack, once, for all the calls that need it.
      const [a, b] = await Promise.all([
        mine.request("level", { size: "4x4", metric: "multi", min: 39, max: 39, seed: 2 }),
        mine.hints("4x4", packed, { metric: "multi" }),
      ]);
      assert.equal(a.distance, 39);
      assert.equal(a.solution.length, 39);
      assert.deepEqual(b, { distance: 1, moves: [15], partial: true, slides: [1] });
      assert.equal(count(multi), 1);
      assert.equal(count(single), 2);
      assert.equal(hits.get("/none/4x4-multi.abs"), undefined);
    } finally {
      mine.close();
    }
    // A file that is not this build's is refused, as one that cannot be
    // fetched is, and the answers say why; the next call fetches it again.
    serve = "wrong";
    const wrong = await load({ wasm: compiled, packs: new URL(`${base}/p/`) });
    try {
      await assert.rejects(wrong.request("level", { size: "4x4", min: 30, max: 30 }), (e) =>
        e instanceof SlidetableError && e.code === "unavailable" &&
        /4x4-pack\.jsonl, which could not be loaded: .*: 100 bytes that are not the 4x4-pack\.jsonl of this build/.test(e.message));
      serve = "file";
      assert.equal((await wrong.request("level", { size: "4x4", min: 30, max: 30 })).distance, 30);
      assert.equal(count(single), 4);
    } finally {
      wrong.close();
    }
    await assert.rejects(load({ wasm: compiled, packs: 7 }), (e) => e instanceof SlidetableError && e.code === "input" && /options\.packs/.test(e.message));
  } finally {
    stop();
  }
});

// serveHTTP starts a local HTTP server whose handler is handle, and
// returns its base URL and a function that stops it.
async function serveHTTP(handle) {
  const { createServer } = await import("node:http");
  const sockets = new Set();
  const server = createServer(handle);
  server.on("connection", (c) => {
    sockets.add(c);
    c.on("close", () => sockets.delete(c));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    stop: () => {
      for (const c of sockets) c.destroy();
      server.close();
    },
  };
}

// event returns a promise and the function that resolves it.
function event() {
  let fire;
  const p = new Promise((resolve) => { fire = resolve; });
  return [p, fire];
}

// The files the module leaves out, as the package ships them; onePacked
// is a board one move from the goal on the single-tile pack's solutions.
const onDemand = Object.fromEntries(["4x4-pack.jsonl", "4x4-multi-pack.jsonl", "4x4-multi.abs"].map((name) =>
  [name, readFileSync(new URL(`../${name}`, import.meta.url))]));
const onePacked = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15";
const multi = { metric: "multi" };

// refusedAs returns a check for assert.rejects: the error of a call whose
// file name (fetched from place) was refused, with code.
function refusedAs(name, place, code, words) {
  return (e) => {
    assert.ok(e instanceof SlidetableError, String(e));
    assert.equal(e.code, code, e.message);
    assert.equal(e.status, code === "file" ? 500 : 503);
    const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const sep = code === "file" ? ": " : ", which could not be loaded: ";
    assert.match(e.message, new RegExp(`${escape(name)}${sep}${escape(place)}: ${words}`));
    return true;
  };
}

test("a file on demand delivered with one bit flipped is refused as unavailable, and fetched again by the next call", async () => {
  const hits = new Map();
  const { base, stop } = await serveHTTP((req, res) => {
    const name = req.url.slice(1);
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (!onDemand[name]) {
      res.writeHead(404).end();
      return;
    }
    const body = Buffer.from(onDemand[name]);
    if (hits.get(name) === 1) body[body.length >> 1] ^= 1; // the first delivery only
    res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(body);
  });
  const mine = await load({ wasm: compiled, packs: `${base}/`, abstraction: `${base}/4x4-multi.abs` });
  const notThe = (name) => refusedAs(name, `${base}/${name}`, "unavailable",
    `${onDemand[name].length} bytes that are not the ${name.replace(/\./g, "\\.")} of this build \\(SHA-256 [0-9a-f]{16}\\.\\.\\., want [0-9a-f]{16}\\.\\.\\.\\)$`);
  try {
    // A level, which the pack deals.
    await assert.rejects(mine.level({ size: "4x4", min: 30, max: 30, seed: 1 }), notThe("4x4-pack.jsonl"));
    const lv = await mine.level({ size: "4x4", min: 30, max: 30, seed: 1 });
    assert.equal(lv.distance, 30);
    assert.equal(lv.solution.length, 30);
    assert.deepEqual(await mine.hints("4x4", onePacked), { distance: 1, moves: [15], partial: true });
    assert.equal(hits.get("4x4-pack.jsonl"), 2);
    // A board off the multi-tile pack's solutions: the pack refused, its
    // search goes on without it, and needs 4x4-multi.abs, refused too.
    await assert.rejects(mine.distance("4x4", offPack, multi), notThe("4x4-multi.abs"));
    assert.equal(await mine.distance("4x4", offPack, multi), 5);
    assert.equal(hits.get("4x4-multi-pack.jsonl"), 2);
    assert.equal(hits.get("4x4-multi.abs"), 2);
    assert.deepEqual(await mine.hints("4x4", "1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15", multi), { distance: 1, moves: [15], partial: true, slides: [3] });
    assert.deepEqual([...hits.values()], [2, 2, 2]);
  } finally {
    mine.close();
    stop();
  }
});

test("bytes given as 4x4-multi.abs that are not it get code file, every time", async () => {
  const given = [
    [new Uint8Array(1000), "the bytes given", 1000],
    [new Response(onDemand["4x4-multi.abs"].subarray(0, 2000)), "the Response given", 2000],
  ];
  for (const [abstraction, what, n] of given) {
    const mine = await load({ wasm: compiled, abstraction });
    try {
      for (let i = 0; i < 2; i++) {
        await assert.rejects(mine.distance("4x4", offPack, multi),
          refusedAs("4x4-multi.abs", what, "file", `${n} bytes that are not the 4x4-multi\\.abs of this build`));
      }
    } finally {
      mine.close();
    }
  }
  // The file itself as a Response: read once, and kept.
  const right = await load({ wasm: compiled, abstraction: new Response(onDemand["4x4-multi.abs"]) });
  try {
    assert.equal(await right.distance("4x4", offPack, multi), 5);
    await assert.rejects(right.distance("4x4", far4x4, { ...farMulti, signal: AbortSignal.timeout(50) }), (e) => e.code === "timeout");
    assert.equal(await right.distance("4x4", offPack, multi), 5);
  } finally {
    right.close();
  }
});

test("the Slidetable load() shares mends too: a level pack read wrong once is read again", async () => {
  const { mkdtempSync, writeFileSync, copyFileSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { pathToFileURL } = await import("node:url");
  // A copy of the package whose 4x4-pack.jsonl has a bit flipped, which
  // the script mends between its calls.
  const dir = mkdtempSync(`${tmpdir()}/slidetable-`);
  try {
    for (const f of ["slidetable.js", "slidetable-worker.js", "wasm_exec.js"]) copyFileSync(new URL(`../${f}`, import.meta.url), `${dir}/${f}`);
    copyFileSync(wasm ?? fileURLToPath(new URL("../slidetable.wasm", import.meta.url)), `${dir}/slidetable.wasm`);
    const flipped = Buffer.from(onDemand["4x4-pack.jsonl"]);
    flipped[1000] ^= 1;
    writeFileSync(`${dir}/4x4-pack.jsonl`, flipped);
    writeFileSync(`${dir}/good.jsonl`, onDemand["4x4-pack.jsonl"]);
    const script = `import { copyFileSync } from "node:fs";
import { load } from ${JSON.stringify(pathToFileURL(`${dir}/slidetable.js`).href)};
const st = await load();
const level = () => st.level({ size: "4x4", min: 30, max: 30, seed: 1 }).then((v) => console.log("level", v.distance), (e) => console.log(e.code, e.message));
await level();
copyFileSync(${JSON.stringify(`${dir}/good.jsonl`)}, ${JSON.stringify(`${dir}/4x4-pack.jsonl`)});
await level();
console.log("shared", (await load()) === st);`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { timeout: 120_000, encoding: "utf8" });
    assert.equal(r.signal, null, `the process did not end: ${r.stdout}${r.stderr}`);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.split("\n");
    assert.match(lines[0], /^unavailable level: 4x4 is answered with the level pack 4x4-pack\.jsonl, which could not be loaded: file:\/\/.*\/4x4-pack\.jsonl: 121930 bytes that are not the 4x4-pack\.jsonl of this build/);
    assert.deepEqual(lines.slice(1), ["level 30", "shared true", ""]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a level pack that cannot be had fails only a level: what a search answers is searched", async () => {
  let serve = "none"; // "none" (404) or "file"
  let hits = 0;
  const { base, stop } = await serveHTTP((req, res) => {
    hits++;
    if (serve === "none" || req.url !== "/p/4x4-pack.jsonl") res.writeHead(404).end();
    else res.writeHead(200).end(onDemand["4x4-pack.jsonl"]);
  });
  const mine = await load({ wasm: compiled, packs: `${base}/p/` });
  const [num, korf, length] = korf10[0];
  try {
    // Searched, each call trying the pack again, which may hold its board.
    assert.equal(await mine.distance("4x4", korf), length);
    const h = await mine.hints("4x4", korf);
    assert.equal(h.distance, length);
    assert.equal(h.partial, undefined);
    if (expect) assert.deepEqual(h.moves, expect.korf10[0].hints, `Korf #${num}`);
    // A board of the pack's solutions, answered as a search answers it:
    // every optimal move.
    assert.deepEqual(await mine.hints("4x4", onePacked), { distance: 1, moves: [15] });
    assert.deepEqual(await mine.solve("4x4", onePacked), [15]);
    assert.equal(hits, 4);
    // A level, which the pack deals.
    await assert.rejects(mine.level({ size: "4x4", min: 30, max: 30 }), refusedAs("4x4-pack.jsonl", `${base}/p/4x4-pack.jsonl`, "unavailable", "HTTP 404$"));
    assert.equal(hits, 5);
    // Once the pack is there, a board it holds is answered from it, as
    // the API answers it.
    serve = "file";
    assert.deepEqual(await mine.hints("4x4", onePacked), { distance: 1, moves: [15], partial: true });
    assert.equal((await mine.level({ size: "4x4", min: 30, max: 30 })).distance, 30);
    assert.equal(hits, 6);
  } finally {
    mine.close();
    stop();
  }
});

test("a search runs while a level pack that may hold its board is fetched, and the pack answers a board it holds", async () => {
  const held = []; // the pack's requests, answered when the test says
  let asked = () => {};
  const { base, stop } = await serveHTTP((req, res) => {
    held.push(res);
    asked();
  });
  const release = (how) => {
    for (const res of held.splice(0)) {
      if (how === "file") res.writeHead(200).end(onDemand["4x4-pack.jsonl"]);
      else res.writeHead(404).end();
    }
  };
  const [, korf, length] = korf10[0];
  try {
    for (const how of ["none", "file"]) {
      const mine = await load({ wasm: compiled, packs: `${base}/p/`, workers: 1 });
      try {
        const [wasAsked, fire] = event();
        asked = fire;
        const settled = [];
        const off = mine.distance("4x4", korf).finally(() => settled.push("off"));
        const on = mine.hints("4x4", onePacked).finally(() => settled.push("on"));
        await wasAsked;
        // With one searcher, which takes searches in the order asked, a
        // search asked after theirs answers once both have run: they ran
        // while the pack was fetched. (3x4 has no table: it is searched.)
        assert.equal(await mine.distance("3x4", "1 2 3/4 5 6/7 8 9/10 0 11"), 1);
        assert.deepEqual(settled, [], "answered before the pack that may hold the board came");
        release(how);
        assert.equal(await off, length);
        assert.deepEqual(await on, how === "file" ? { distance: 1, moves: [15], partial: true } : { distance: 1, moves: [15] }, how);
      } finally {
        mine.close();
      }
    }
  } finally {
    release("none");
    stop();
  }
});

test("a level pack that trickles in is given up at its deadline, one that passes its length at once", async () => {
  let gone = () => {};
  const { base, stop } = await serveHTTP((req, res) => {
    res.writeHead(200, { "Content-Type": "application/x-ndjson" });
    let timer = null;
    res.on("close", () => {
      clearInterval(timer);
      gone();
    });
    if (req.url.startsWith("/drip/")) {
      // A byte every 10 ms: never a stall, and the file in 20 minutes.
      timer = setInterval(() => res.write("{"), 10);
    } else {
      // More than the file, at once (at most 4 MB).
      const chunk = Buffer.alloc(1 << 16, 32);
      let sent = 0;
      const more = () => {
        while (sent < 4 << 20 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", more);
        }
        res.end();
      };
      more();
    }
  });
  const [, korf, length] = korf10[0];
  try {
    // The deadline is the stall bound (1 s here) and the time the file
    // takes at minRate bytes a second (a millisecond here).
    const slow = await load({ wasm: compiled, packs: `${base}/drip/`, stallTimeout: 1000, minRate: 1 << 30 });
    try {
      const [wentAway, fire] = event();
      gone = fire;
      await assert.rejects(slow.level({ size: "4x4", min: 30, max: 30 }),
        refusedAs("4x4-pack.jsonl", `${base}/drip/4x4-pack.jsonl`, "unavailable", "not received in full within 1001 ms: given up$"));
      await wentAway;
      // A search answers without it, once it is given up.
      assert.equal(await slow.distance("4x4", korf), length);
    } finally {
      slow.close();
    }
    const endless = await load({ wasm: compiled, packs: `${base}/endless/` });
    try {
      const [wentAway, fire] = event();
      gone = fire;
      await assert.rejects(endless.level({ size: "4x4", min: 30, max: 30 }),
        refusedAs("4x4-pack.jsonl", `${base}/endless/4x4-pack.jsonl`, "unavailable", "more than the 121930 bytes of 4x4-pack\\.jsonl$"));
      await wentAway;
    } finally {
      endless.close();
    }
  } finally {
    stop();
  }
});

test("without crypto.subtle, a file on demand is checked by SHA-256 in JavaScript", async () => {
  // A page that is no secure context has no crypto.subtle: the script
  // takes it away before it loads the package, then gives bytes of every
  // length about a block's end as 4x4-multi.abs, which are refused by a
  // sum that must be theirs, after the multi-tile 4x4 level pack, read
  // from beside the package, is accepted by its own.
  const { createHash } = await import("node:crypto");
  const lengths = [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000];
  const script = `delete globalThis.crypto;
const { load } = await import(${JSON.stringify(new URL("../slidetable.js", import.meta.url).href)});
const { readFileSync } = await import("node:fs");
const module = await WebAssembly.compile(readFileSync(${JSON.stringify(wasm ?? fileURLToPath(new URL("../slidetable.wasm", import.meta.url)))}));
console.log(typeof globalThis.crypto);
for (const n of ${JSON.stringify(lengths)}) {
  const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 7 + n) & 255);
  const st = await load({ wasm: module, abstraction: bytes });
  await st.distance("4x4", ${JSON.stringify(offPack)}, { metric: "multi" }).then((v) => console.log("answer", v), (e) => console.log(e.code, e.message));
  st.close();
}
const st = await load({ wasm: module });
console.log(JSON.stringify(await st.hints("4x4", "1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15", { metric: "multi" })));
st.close();`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { timeout: 120_000, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split("\n");
  assert.equal(lines.shift(), "undefined");
  // The pack accepted: a board of its solutions is answered from it.
  assert.equal(lines.pop(), '{"distance":1,"moves":[15],"partial":true,"slides":[3]}');
  assert.equal(lines.length, lengths.length);
  for (const [i, n] of lengths.entries()) {
    const bytes = Uint8Array.from({ length: n }, (_, k) => (k * 7 + n) & 255);
    const sum = createHash("sha256").update(bytes).digest("hex");
    assert.match(lines[i], new RegExp(`^file .*: the bytes given: ${n} bytes that are not the 4x4-multi\\.abs of this build \\(SHA-256 ${sum.slice(0, 16)}\\.\\.\\.`), `${n} bytes`);
  }
});

test("a module or 4x4-multi.abs over HTTP: bounded in size, given up when it stalls, stopped with the calls waiting", { ...longCheck, timeout: 300_000 }, async () => {
  const abs = readFileSync(new URL("../4x4-multi.abs", import.meta.url));
  const chunk = Buffer.alloc(1 << 16, 7);
  const requested = new Map(); // path -> fire, called when asked for
  const closed = new Map(); // path -> fire, called when the client goes
  const asked = (path) => { const [p, fire] = event(); requested.set(path, fire); return p; };
  const gone = (path) => { const [p, fire] = event(); closed.set(path, fire); return p; };
  let rest; // sends the rest of /part
  // Each case asks a path of its own (/stall/NAME), not to take the close
  // of one connection for another's.
  const { base, stop } = await serveHTTP((req, res) => {
    requested.get(req.url)?.();
    res.on("close", () => closed.get(req.url)?.());
    if (req.url === "/endless") {
      // Chunks until the client goes (or twice the bound, not to fill
      // memory where nothing bounds it).
      res.writeHead(200, { "Content-Type": "application/octet-stream" });
      let sent = 0;
      const more = () => {
        while (sent < 128 << 20 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", more);
        }
        res.end();
      };
      more();
    } else if (req.url.startsWith("/stall")) {
      res.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": String(abs.length) });
      res.write(abs.subarray(0, 1000)); // and no more
    } else if (req.url === "/part") {
      res.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": String(abs.length) });
      res.write(abs.subarray(0, 1000));
      rest = () => res.end(abs.subarray(1000));
    } else {
      res.writeHead(404).end();
    }
  });
  const board = offPack;
  const multi = { metric: "multi" };
  const unavailable = (words) => (e) => {
    assert.ok(e instanceof SlidetableError, String(e));
    assert.equal(e.code, "unavailable");
    assert.match(e.message, new RegExp(`4x4-multi\\.abs, which could not be loaded: .*${words}`));
    return true;
  };
  const mine = [];
  // open loads a Slidetable and has it read the multi-tile 4x4 level pack
  // (a board of its solutions needs nothing else), so that the calls
  // below go straight from their lookup to the fetch of 4x4-multi.abs.
  const open = async (o) => {
    const x = await load({ wasm: compiled, ...o });
    mine.push(x);
    assert.equal(await x.distance("4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", multi), 1);
    return x;
  };
  try {
    // An endless body: the module, whose length is not known, refused past
    // 64 MB; 4x4-multi.abs as soon as it passes its length.
    const big = /endless: more than the 67108864 bytes a module or database file may have$/;
    await assert.rejects(load({ wasm: `${base}/endless` }), (e) => e instanceof SlidetableError && e.code === "input" && big.test(e.message));
    const endless = await open({ abstraction: `${base}/endless` });
    await assert.rejects(endless.distance("4x4", board, multi), unavailable("endless: more than the 32851224 bytes of 4x4-multi\\.abs$"));

    // A body that stalls: given up after stallTimeout ms without a byte.
    await assert.rejects(load({ wasm: `${base}/stall`, stallTimeout: 100 }),
      (e) => e instanceof SlidetableError && e.code === "unavailable" && e.message === `${base}/stall: nothing received for 100 ms: given up`);
    const stalled = await open({ abstraction: `${base}/stall`, stallTimeout: 100 });
    await assert.rejects(stalled.distance("4x4", board, multi), unavailable("nothing received for 100 ms: given up"));

    // The fetch of a stalled body is stopped when every call waiting for
    // it has stopped, and not before. (Lookups are answered in the order
    // asked: once a lookup asked after two calls is answered, both wait
    // for the fetch.)
    const shared = await open({ abstraction: `${base}/part` });
    const a = new AbortController(), b = new AbortController();
    let wasAsked = asked("/part");
    const first = shared.distance("4x4", board, { ...multi, signal: a.signal });
    const second = shared.hints("4x4", board, { ...multi, signal: b.signal });
    assert.equal(await shared.distance("2x2", [3, 1, 2, 0]), 4);
    await wasAsked;
    a.abort();
    await assert.rejects(first, (e) => e.code === "aborted");
    rest();
    assert.deepEqual(await second, { distance: 5, moves: [2], slides: [1] });
    const alone = await open({ abstraction: `${base}/stall/both` });
    const c = new AbortController(), d = new AbortController();
    wasAsked = asked("/stall/both");
    const wentAway = gone("/stall/both");
    const third = alone.distance("4x4", board, { ...multi, signal: c.signal });
    const fourth = alone.solve("4x4", board, { ...multi, signal: d.signal });
    assert.equal(await alone.distance("2x2", [3, 1, 2, 0]), 4);
    await wasAsked;
    c.abort();
    d.abort();
    await assert.rejects(third, (e) => e.code === "aborted");
    await assert.rejects(fourth, (e) => e.code === "aborted");
    await wentAway; // the connection closed: the fetch stopped
    // So is that of a module, with the signal of load, and a closed
    // Slidetable's fetch.
    const e = new AbortController();
    wasAsked = asked("/stall/load");
    const loadGone = gone("/stall/load");
    const loading = load({ wasm: `${base}/stall/load`, signal: e.signal });
    await wasAsked;
    e.abort();
    await assert.rejects(loading, (err) => err.code === "aborted" && err.message.startsWith("load stopped"));
    await loadGone;
    const closing = await open({ abstraction: `${base}/stall/close` });
    wasAsked = asked("/stall/close");
    const closeGone = gone("/stall/close");
    const fifth = closing.distance("4x4", board, multi);
    await wasAsked;
    closing.close();
    await assert.rejects(fifth, (err) => err.code === "closed");
    await closeGone;
  } finally {
    for (const x of mine) x.close();
    stop();
  }
});

test("a size Go reads, such as one after U+0085, fetches 4x4-multi.abs as 4x4 does", longCheck, async () => {
  for (const size of ["\u00854x4", "4X4", "\u00a004x04\u2028"]) {
    const mine = await load({ wasm: compiled, abstraction: new URL("../4x4-multi.abs", import.meta.url) });
    try {
      assert.equal(await mine.distance(size, offPack, { metric: "multi" }), 5, JSON.stringify(size));
    } finally {
      mine.close();
    }
  }
});

test("a FIFO or a device given as a file is refused, not read", longCheck, async (t) => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const fifo = `${mkdtempSync(`${tmpdir()}/slidetable-`)}/fifo`;
  try {
    execFileSync("mkfifo", [fifo]);
  } catch {
    t.skip("no mkfifo here");
    return;
  }
  for (const path of [fifo, "/dev/null"]) {
    await assert.rejects(load({ wasm: path }), (e) => e instanceof SlidetableError && e.code === "input" && e.message === `${path}: not a regular file`);
    const st = await load({ wasm: compiled, abstraction: path });
    try {
      await assert.rejects(st.distance("4x4", offPack, { metric: "multi" }),
        (e) => e instanceof SlidetableError && e.code === "unavailable" && e.message.endsWith(`${path}: not a regular file`));
    } finally {
      st.close();
    }
  }
});

test("close ends the worker and its calls", async () => {
  const other = await load({ wasm: readFileSync(new URL("../slidetable.wasm", import.meta.url)) });
  const searching = other.distance("5x5", far5x5);
  other.close();
  await assert.rejects(searching, (e) => e instanceof SlidetableError && e.code === "closed");
  await assert.rejects(other.distance("2x2", [3, 1, 2, 0]), (e) => e.code === "closed");
});

test("a script that loads the module ends by itself", () => {
  // The worker does not keep Node running when nothing is asked of it.
  const script = `import { load } from ${JSON.stringify(new URL("../slidetable.js", import.meta.url).href)};
const st = await load();
console.log(await st.distance("3x3", "8 6 7/2 5 4/3 0 1"));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { timeout: 20000, encoding: "utf8" });
  assert.equal(out, "31\n");
});

test("a module given as bytes is a new instance", async () => {
  const bytes = readFileSync(new URL("../slidetable.wasm", import.meta.url));
  const other = await load({ wasm: bytes });
  assert.notEqual(other, st);
  assert.equal(await other.distance("2x2", [3, 1, 2, 0]), 4);
});

test("closing the shared Slidetable makes load() start another", async () => {
  const first = await load();
  first.close();
  const second = await load();
  assert.notEqual(second, first);
  assert.equal(await second.distance("2x2", [3, 1, 2, 0]), 4);
  assert.equal(await load(), second);
  // A load stopped by its signal leaves the shared one to the others.
  second.close();
  const wanted = load();
  await assert.rejects(load({ signal: AbortSignal.abort() }), (e) => e.code === "aborted");
  const third = await wanted;
  assert.equal(await third.distance("2x2", [3, 1, 2, 0]), 4);
  assert.equal(await load(), third);
});

test("load's options are checked", async () => {
  for (const [options, message] of [
    [7, /^the options must be an object, not number$/],
    [{ workers: 0 }, /^options.workers is 0: want a whole number from 1 to 16$/],
    [{ workers: 2.5 }, /^options.workers is 2.5: want a whole number from 1 to 16$/],
    [{ workers: 17 }, /^options.workers is 17/],
    [{ stallTimeout: 0 }, /^options.stallTimeout is 0: want a whole number from 1 to 3600000$/],
    [{ stallTimeout: Infinity }, /^options.stallTimeout is Infinity/],
    [{ signal: "soon" }, /^options.signal is not an AbortSignal$/],
    [{ minRate: 0 }, /^options.minRate is 0: want a whole number from 1 to 1073741824$/],
    [{ minRate: 1.5 }, /^options.minRate is 1.5: want a whole number/],
    // A place that holds no file, or no folder, is refused at once, not
    // when a call first needs what is there.
    [{ packs: "data:text/plain,hello" }, /^options.packs "data:text\/plain,hello" is not the URL of a folder \(http, https or file\): its protocol is data:$/],
    [{ packs: "mailto:a@b" }, /^options.packs "mailto:a@b" is not the URL of a folder \(http, https or file\): its protocol is mailto:$/],
    [{ packs: new URL("about:blank") }, /^options.packs "about:blank" is not the URL of a folder .*: its protocol is about:$/],
    [{ packs: "blob:http://example.com/x" }, /^options.packs .*: its protocol is blob:$/],
    [{ packs: 7 }, /^options.packs is number: want the URL of a folder, as a URL or string$/],
    [{ packs: "http://[::1" }, /^options.packs "http:\/\/\[::1" is not a URL: TypeError: Invalid URL$/],
    [{ abstraction: "mailto:a@b" }, /^options.abstraction "mailto:a@b" is not the URL of a file \(http, https, file, data or blob\): its protocol is mailto:$/],
    [{ abstraction: "about:blank" }, /^options.abstraction "about:blank" is not the URL of a file .*: its protocol is about:$/],
    [{ abstraction: 7 }, /^options.abstraction is number: want the URL of a file \(a URL or string\), its bytes \(an ArrayBuffer or typed array\) or a Response$/],
    [{ abstraction: compiled }, /^options.abstraction is object: want the URL of a file/],
    [{ wasm: "javascript:1" }, /^options.wasm "javascript:1" is not the URL of a file .*: its protocol is javascript:$/],
    [{ wasm: {} }, /^options.wasm is object: want the URL of a file \(a URL or string\), its bytes \(an ArrayBuffer or typed array\) or a Response, or a WebAssembly.Module$/],
  ]) {
    await assert.rejects(load(options), (e) => e instanceof SlidetableError && e.code === "input" && message.test(e.message), JSON.stringify(options));
  }
});

test("a 4x4 call after load({ packs }) of a place that holds no folder: load refuses it, and Node exits", longCheck, () => {
  checkExits(runScript(`
const { load: loadAgain } = await import(${JSON.stringify(new URL("../slidetable.js", import.meta.url).href)});
for (const packs of ["data:text/plain,hello", "mailto:a@b", "about:blank"]) await say(loadAgain({ packs }));
await say(st.distance("4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"));
`), `input options.packs "data:text/plain,hello" is not the URL of a folder (http, https or file): its protocol is data:
input options.packs "mailto:a@b" is not the URL of a folder (http, https or file): its protocol is mailto:
input options.packs "about:blank" is not the URL of a folder (http, https or file): its protocol is about:
answer 1
`);
});
