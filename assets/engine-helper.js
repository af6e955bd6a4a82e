// One helper worker of the engine's pool (reversi/ui/drivers/pool.py decides when; reversi/ui/dom/helpers.py
// starts it): a plain module worker, not PyScript's, that runs the engine's worker module
// (reversi/engine/worker.py) for the page. Its interpreter starts as the engine's worker's does
// (assets/interpreter.js: from this browser's memory snapshot of the engine when there is one, so in well
// under a second, else from scratch), with nothing of PyScript's.
//
// It answers the page's messages one at a time, in order:
//   {id, call, payload}  ->  {id, reply}  (the function's JSON string)
//                        or  {id, error}  (Python could not start, or the call raised)
// where `call` names one of the worker module's functions (CALLS); `payload` is a JSON string, but for
// share_stop: an Int32Array over a SharedArrayBuffer, this helper's own stop flag.
import { loadPyodide } from "./interpreter.js";

const CALLS = new Set(["load", "ping", "analyse", "best_move", "bench", "opening", "book", "share_stop", "memory"]);

// the worker module is not in the archives (PyScript fetches it as the engine's worker's script): fetched
// here the same way, written where the package is, and imported
const MODULE = "reversi/engine/worker.py";

async function start() {
  const pyodide = await loadPyodide({ helper: true }); // no restore marker: see interpreter.js
  const response = await fetch(new URL("../" + MODULE, import.meta.url));
  if (!response.ok) throw new Error(MODULE + ": HTTP " + response.status);
  pyodide.FS.mkdirTree("reversi/engine");
  pyodide.FS.writeFile(MODULE, await response.text());
  pyodide.runPython("import importlib\nimportlib.invalidate_caches()");
  return pyodide.pyimport("reversi.engine.worker");
}

const started = start();
started.catch(() => {}); // said to each call below

async function answer({ id, call, payload }) {
  try {
    if (!CALLS.has(call)) throw new Error("the engine's helper has no function " + call);
    const module = await started;
    const fn = module[call];
    try {
      self.postMessage({ id, reply: String(await fn(payload)) });
    } finally {
      fn.destroy();
    }
  } catch (e) {
    self.postMessage({ id, error: String((e && e.message) || e) });
  }
}

let queue = Promise.resolve();
self.onmessage = event => {
  const message = event.data;
  if (!message || typeof message.id !== "number") return;
  queue = queue.then(() => answer(message)); // one at a time: `load` awaits the network
};
