// The page's module worker: slidetable compiled to WebAssembly, answering
// the page's questions off the main thread exactly as the JSON API of
// slidetable serve does (the same package answers both). The first message
// brings the compiled module; then {id, endpoint, params} gets {id, value}
// or {id, error, status}. The page ends this worker to stop a search.
import { load } from "./slidetable.js";

let lib = null;

self.onmessage = async (ev) => {
  const { id, endpoint, params, module } = ev.data;
  if (module) {
    lib = load({ wasm: module });
    return;
  }
  try {
    const st = await (lib ??= load());
    self.postMessage({ id, value: await st.request(endpoint, params) });
  } catch (e) {
    self.postMessage({ id, error: e && e.message ? e.message : String(e), status: e && e.status });
  }
};
