// Tests of the boards the 4x4 multi-tile level pack holds near its levels
// (its lines with "near":true), for Node's own runner: node --test test/
//
// A player who leaves a far level's solution gets every optimal move of
// such a board from the pack, at once: with no abstraction tier to fetch,
// no search could answer. SLIDETABLE_WASM names the WebAssembly to test
// instead of the slidetable.wasm beside the module, as in
// slidetable.test.js.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load } from "../slidetable.js";

const wasmBytes = () => readFileSync(process.env.SLIDETABLE_WASM ?? new URL("../slidetable.wasm", import.meta.url));

// The pack's lines, as the module is given them.
const lines = readFileSync(new URL("../4x4-multi-pack.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const near = lines.filter((e) => e.near);
const key = (cells) => cells.join(",");

test("a board near a far multi-tile level: every optimal move, from the pack", async () => {
  assert.ok(near.length >= 1000, `${near.length} boards near the levels`);
  // 4x4-multi.abs is not there: a question that needed a search would
  // fail ("unavailable").
  const st = await load({ wasm: wasmBytes(), abstraction: new URL("./none/4x4-multi.abs", import.meta.url) });
  try {
    for (const [i, e] of near.entries()) {
      if (i % 50 && i !== near.length - 1) continue;
      const opts = { metric: "multi" };
      const h = await st.hints("4x4", e.board, opts);
      assert.equal(h.distance, e.distance);
      assert.equal(h.partial, undefined, `${e.board}: partial`);
      assert.equal(h.moves[0], e.solution[0]);
      assert.deepEqual([...h.moves].sort((a, b) => a - b), e.hints);
      assert.equal(h.slides.length, h.moves.length);
      assert.equal(await st.distance("4x4", e.board, opts), e.distance);
      assert.equal((await st.solve("4x4", e.board, opts)).length, e.distance);
    }
    // Levels are dealt from the levels alone.
    const boards = new Set(near.map((e) => key(e.board)));
    for (let seed = 1; seed <= 40; seed++) {
      const lv = await st.level({ size: "4x4", metric: "multi", min: 34, max: 39, seed });
      assert.ok(!boards.has(key(lv.board)), `seed ${seed}: dealt ${lv.board}, a board near the levels`);
      assert.ok(lv.distance >= 34 && lv.distance <= 39);
    }
  } finally {
    st.close();
  }
});
