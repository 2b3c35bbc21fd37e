// A program for a page that uses every module of the package, compiled by
// TestTypes with tsc --strict --noEmit and the DOM library: the
// declarations must compile there, and type what the modules do.

import { load, Slidetable, SlidetableError, type Board, type Level, type RandomOptions, type WasmSource } from "slidetable";
import { SlidetablePuzzle, type PuzzleEngine, type PuzzleEventMap } from "slidetable/puzzle";
import * as element from "slidetable/slidetable-puzzle.js";
import * as rules from "slidetable/rules";
import { Knowledge, type KnownView } from "slidetable/knowledge";

const module: WasmSource = await WebAssembly.compileStreaming(fetch("/slidetable.wasm"));
const st: Slidetable = await load({ wasm: module, workers: 2, signal: AbortSignal.timeout(60_000) });
const d: number | null = await st.distance("3x3", "8 6 7/2 5 4/3 0 1");
const options: RandomOptions = { seed: 1n, goal: rules.goalOf(4, 4), signal: AbortSignal.timeout(1000) };
const shuffled: number[] = await st.random("4x4", options);
const lv: Level = await st.level({ size: "4x4", min: 50, max: 55, seed: 1 });
const hint = await st.request("hint", { size: "3x3", board: [1, 2, 3, 4, 5, 6, 7, 0, 8] });
const first: number | undefined = hint.moves?.[0];
try {
  await st.solve("5x5", shuffled as Board, { metric: "multi" });
} catch (e) {
  if (e instanceof SlidetableError) console.log(e.code, e.status);
}

// The element, found by its tag, and its events: its own, and those of
// every element.
const el: SlidetablePuzzle | null = document.querySelector("slidetable-puzzle");
const solved = (e: PuzzleEventMap["solved"]) => console.log(e.detail.moves, e.detail.helped);
el?.addEventListener("solved", solved);
el?.removeEventListener("solved", solved);
el?.addEventListener("error", (e) => console.log(e.detail.action, e.detail.message));
el?.addEventListener("click", (e: MouseEvent) => console.log(e.button));
const engine: PuzzleEngine = {
  request: async (endpoint, params, o) => {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    return (await fetch(`/api/${endpoint}?${query}`, { signal: o?.signal })).json();
  },
};
if (el) el.engine = engine;
const same: typeof SlidetablePuzzle = element.SlidetablePuzzle;
await el?.deal({ size: "3x3", seed: 7 });

// The rules and what is known of boards.
const size = rules.parseSize("4x4");
const cells = size && rules.parseBoard("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", size.w, size.h);
const known = new Knowledge({ w: 4, h: 4, metric: "single", max: 80 });
if (cells) {
  known.learn(cells, 1, [15]);
  const v: KnownView = known.view(cells);
  console.log(v.distance, rules.moves(cells, 4, 4), rules.direction(cells, 4, 15), rules.tap(cells, 4, 15)?.n, rules.DIRECTIONS[0]);
}

// What the declarations refuse.
// @ts-expect-error: a size is text
rules.goalOf("4x4");
// @ts-expect-error: random takes its options as an object
await st.random("3x3", 1);
// @ts-expect-error: no such event
el?.addEventListener("solved", (e: PuzzleEventMap["deal"]) => e.detail.board);
// @ts-expect-error: the seed is a number, a bigint or a string
await st.random("3x3", { seed: [1] });
console.log(d, lv, first, same);
