// A program for Node that uses every module of the package that runs
// there, compiled by TestTypes with tsc --strict --noEmit, Node's
// declarations (@types/node) and no DOM library.

import { load, SlidetableError, type Stats, type Hints } from "slidetable";
import * as rules from "slidetable/rules";
import { Knowledge } from "slidetable/knowledge";
import { readFile } from "node:fs/promises";

const st = await load({ wasm: await readFile(new URL("./slidetable.wasm", import.meta.url)), signal: AbortSignal.timeout(60_000) });
const board: number[] = await st.random("3x3", { seed: "12345678901234567890" });
const stats: Stats = await st.stats("3x3");
const hints: Hints | null = await st.hints("3x3", board, { goal: rules.goalOf(3, 3) });
const known = new Knowledge({ w: 3, h: 3 });
known.note(board, hints?.distance ?? stats.max);
console.log(rules.solvableTo(board, rules.goalOf(3, 3), 3), known.known(board)?.d, new SlidetableError("bad", 400, "input").code);
// @ts-expect-error: a board is numbers
rules.keyOf(["a"]);
// @ts-expect-error: no such metric
await st.distance("3x3", board, { metric: "diagonal" });
st.close();
