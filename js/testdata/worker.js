// The worker of the test page: it loads slidetable.js once (which starts a
// worker of its own, inside this one) and answers {id, method, args} with
// {id, value, ms} (ms: the call's time seen here) or {id, error, name,
// status}.
import { load } from "./slidetable.js";

const started = performance.now();
const ready = load().then((st) => ({ st, ms: performance.now() - started }));

onmessage = async (e) => {
  const { id, method, args } = e.data;
  try {
    const { st, ms } = await ready;
    if (method === "loaded") {
      postMessage({ id, value: ms, ms: 0 });
      return;
    }
    const t0 = performance.now();
    const value = await st[method](...args);
    postMessage({ id, value, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ id, error: String(err.message), name: err.name, status: err.status });
  }
};
