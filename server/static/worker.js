// The page's module worker: slidetable compiled to WebAssembly, answering
// the page's questions off the main thread with the objects of the JSON API
// of slidetable serve. A message {id, op, args} gets {id, value} or
// {id, error, kind}. The page ends this worker to stop a search.
import { load } from "./slidetable.js";

const lib = load();

const ops = {
  async sizes(st) {
    return st.sizes();
  },
  async hints(st, size, cells) {
    const h = await st.hints(size, cells);
    if (h === null) return { size, board: cells, solvable: false };
    return { size, board: cells, solvable: true, distance: h.distance, moves: h.moves };
  },
  async solve(st, size, cells) {
    const moves = await st.solve(size, cells);
    if (moves === null) return { size, board: cells, solvable: false };
    return { size, board: cells, solvable: true, distance: moves.length, moves };
  },
  async level(st, size, min, max) {
    const lv = await st.level({ size, min, max });
    return { size, board: lv.board, distance: lv.distance };
  },
  async stats(st, size) {
    return st.stats(size);
  },
};

self.onmessage = async (ev) => {
  const { id, op, args } = ev.data;
  try {
    const st = await lib;
    if (!(op in ops)) throw new Error(`no operation ${op}`);
    self.postMessage({ id, value: await ops[op](st, ...args) });
  } catch (e) {
    // A bad board or range is the caller's; anything else, such as a
    // module that would not load, is ours.
    const msg = e && e.message ? e.message : String(e);
    self.postMessage({ id, error: msg, kind: e instanceof RangeError || e instanceof TypeError ? "broken" : "input" });
  }
};
