// Tests of rules.js and knowledge.js against the Go library's answers in
// testdata/rules.json (written by go test ./js -run TestRulesVectors
// -update): the moves and taps of boards of many sizes, what each tap does,
// the arrow keys, the parity rule to any goal, the parsing of boards, and
// what one answer of the engine tells of the boards next to it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as rules from "../rules.js";
import { Knowledge } from "../knowledge.js";

const v = JSON.parse(readFileSync(new URL("../testdata/rules.json", import.meta.url), "utf8"));

test("moves, taps, what a tap does and the arrow keys, as in Go", () => {
  assert.ok(v.boards.length >= 100);
  for (const b of v.boards) {
    const { w, h } = rules.parseSize(b.size);
    const at = `${b.size} ${b.board}`;
    assert.deepEqual(rules.moves(b.board, w, h), b.moves, at);
    assert.deepEqual(rules.taps(b.board, w, h), b.taps, at);
    assert.deepEqual(rules.movesIn("single", b.board, w, h), b.moves, at);
    assert.deepEqual(rules.movesIn("multi", b.board, w, h), b.taps, at);
    for (const t of b.tapped) {
      const got = rules.tap(b.board, w, t.tile);
      assert.deepEqual(got.cells, t.board, `${at}: tap ${t.tile}`);
      assert.equal(got.n, t.slid, `${at}: tap ${t.tile}`);
      assert.equal(got.z, b.board.indexOf(0));
      assert.equal(rules.direction(b.board, w, t.tile), t.direction, `${at}: tap ${t.tile}`);
    }
    // Every other tile cannot be tapped.
    for (let t = 1; t < w * h; t++) {
      if (!b.taps.includes(t)) {
        assert.equal(rules.tap(b.board, w, t), null, `${at}: tap ${t}`);
        assert.equal(rules.direction(b.board, w, t), "", `${at}: ${t}`);
      }
    }
    assert.equal(rules.tap(b.board, w, 0), null);
    for (const d of rules.DIRECTIONS) assert.equal(rules.toward(b.board, w, h, d), b.arrows[d], `${at}: ${d}`);
    assert.equal(rules.solvableTo(b.board, rules.goalOf(w, h), w), b.solvable, at);
    assert.equal(rules.solvedBy(b.board, rules.goalOf(w, h)), b.board.join() === rules.goalOf(w, h).join());
  }
});

test("the parity rule to any goal, as in Go", () => {
  for (const g of v.solvable_to) {
    const { w } = rules.parseSize(g.size);
    assert.equal(rules.solvableTo(g.board, g.goal, w), g.solvable, `${g.size} ${g.board} to ${g.goal}`);
  }
});

test("boards as the command line writes them, as Go parses them", () => {
  for (const p of v.parse) {
    const { w, h } = rules.parseSize(p.size);
    assert.deepEqual(rules.parseBoard(p.text, w, h), p.cells, JSON.stringify(p.text));
  }
  assert.deepEqual(rules.parseBoard([3, 1, 2, 0], 2, 2), [3, 1, 2, 0]);
  assert.equal(rules.parseBoard([3, 1, 1, 0], 2, 2), null);
  assert.deepEqual(rules.parseSize("4x3"), { w: 4, h: 3 });
  for (const bad of ["4", "1x3", "3x", "x3", "17x17", "3x3x3", "axb"]) assert.equal(rules.parseSize(bad), null, bad);
  assert.deepEqual(rules.goalOf(3, 2), [1, 2, 3, 4, 5, 0]);
});

test("what an answer tells of the boards next to it, against Go's tables", () => {
  let checked = 0;
  for (const k of v.knowledge) {
    const { w, h } = rules.parseSize(k.size);
    const kn = new Knowledge({ w, h, metric: k.metric });
    kn.learn(k.board, k.distance, k.hints);
    assert.deepEqual(kn.view(k.board), { distance: k.distance, low: k.distance, high: k.distance, exact: true, far: false, hints: k.hints, single: null });
    for (const n of k.neighbours) {
      const after = rules.tap(k.board, w, n.tile).cells;
      const got = kn.view(after);
      // The single-tile metric tells every neighbour; the multi-tile one
      // the optimal moves' only.
      if (k.metric === "single" || k.hints.includes(n.tile)) {
        assert.equal(got.distance, n.distance, `${k.size} ${k.metric} ${k.board}: after ${n.tile}`);
        checked++;
      } else {
        assert.equal(got.distance, null, `${k.size} ${k.metric} ${k.board}: after ${n.tile}`);
      }
    }
  }
  assert.ok(checked > 100, `${checked} neighbours checked`);
});

test("a bound never beyond the largest distance", () => {
  // A 4x4 board the multi-tile search gave up on, 57 single-tile moves
  // from the goal: between 19 and 43 (God's number) multi-tile moves.
  const kn = new Knowledge({ w: 4, h: 4, metric: "multi", max: 43 });
  const b = [15, 1, 12, 4, 9, 3, 8, 5, 13, 0, 11, 2, 14, 10, 7, 6];
  assert.deepEqual(kn.view(b), { distance: null, low: null, high: null, exact: false, far: false, hints: null, single: null });
  kn.giveUp(b);
  assert.equal(kn.view(b).far, true);
  assert.equal(kn.view(b).high, null);
  kn.single(b, 57);
  assert.deepEqual(kn.view(b), { distance: null, low: 19, high: 43, exact: false, far: true, hints: null, single: 57 });
  // Without God's number, the single-tile distance bounds it.
  const open = new Knowledge({ w: 4, h: 4, metric: "multi" });
  open.giveUp(b);
  open.single(b, 57);
  assert.equal(open.view(b).high, 57);
  // An exact answer, once there is one, is shown as it is.
  kn.learn(b, 30, [3]);
  assert.equal(kn.view(b).distance, 30);
});

test("the hardest boards' optimal moves, with no search", () => {
  // 3x3: the two boards 31 moves away are every board at God's number, so
  // a board at 31 has every move optimal, and one at 30 those that do not
  // lead to them.
  const kn = new Knowledge({ w: 3, h: 3, max: 31 });
  const far = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];
  kn.note(far[0], 31);
  assert.deepEqual(kn.view(far[0]).hints, rules.moves(far[0], 3, 3));
  kn.setHardest(far);
  const near = rules.tap(far[0], 3, 5).cells;
  kn.note(near, 30);
  const hints = kn.view(near).hints;
  assert.ok(hints.length > 0 && !hints.includes(5));

  // A board played one move short of the largest distance before the list
  // came: once it comes, the boards its moves lead to have their
  // distances, though nothing asks about the board itself again.
  const late = new Knowledge({ w: 3, h: 3, max: 31 });
  late.note(far[0], 31);
  late.known(far[0]);
  assert.equal(late.view(near).hints, null);
  const on = hints[0], after = rules.tap(near, 3, on).cells;
  assert.equal(late.view(after).distance, null);
  late.setHardest(far);
  assert.equal(late.view(after).distance, 29);
});
