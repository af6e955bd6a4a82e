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
// share_stop (an Int32Array over a SharedArrayBuffer: this helper's own stop flag) and attach_jobs.
//
// attach_jobs (a cross-origin isolated page only) makes it a worker of the pool's solver too
// (reversi/engine/shared_carrier.py): `payload` is {channel, name, mailbox, cancel, doorbell}. The master,
// in the engine's own worker, posts jobs on the BroadcastChannel `channel` as "name\n" + JSON; this
// helper answers each (worker.py job) into its `mailbox` (a SharedArrayBuffer: an Int32 "full" flag and
// the answer's length, then its UTF-8 bytes) and rings the `doorbell`, which the master waits on; the
// master cancels a job by writing its id in `cancel`. Jobs and the page's calls share the one queue.
import { loadPyodide } from "./interpreter.js";

const CALLS = new Set(["load", "ping", "analyse", "best_move", "bench", "opening", "book", "share_stop", "memory",
                       "attach_jobs"]);

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

let queue = Promise.resolve();
const later = work => { queue = queue.then(work); };

// -- the pool's solver ------------------------------------------------------------------------------

let jobs = null;
const encoder = new TextEncoder();
const FULL = 1;

function attachJobs(config) {
  if (jobs) jobs.channel.close();
  const channel = new BroadcastChannel(config.channel);
  jobs = { channel, name: config.name, header: new Int32Array(config.mailbox, 0, 2),
           body: new Uint8Array(config.mailbox, 8), doorbell: config.doorbell };
  const mine = jobs;
  channel.onmessage = event => {
    const text = event.data;
    if (typeof text !== "string") return;
    const cut = text.indexOf("\n");
    if (cut < 0 || text.slice(0, cut) !== mine.name) return;
    later(() => runJob(mine, text.slice(cut + 1)));
  };
}

async function runJob(box, text) {
  let answer;
  try {
    const module = await started;
    const job = module.job;
    try {
      answer = String(job(text));
    } finally {
      job.destroy();
    }
  } catch (e) {
    let id = 0;
    try { id = JSON.parse(text).id || 0; } catch (_) { /* not JSON: id 0 */ }
    answer = JSON.stringify({ kind: "error", id, error: String((e && e.message) || e) });
  }
  if (!answer) return; // a message with no answer (setup, hints)
  let bytes = encoder.encode(answer);
  if (bytes.length > box.body.length) {
    bytes = encoder.encode(JSON.stringify({ kind: "error", id: JSON.parse(text).id || 0,
                                            error: "an answer longer than the helper's mailbox" }));
  }
  // the master empties the mailbox before it sends the next job; an answer left there (a solve given
  // up) is waited on for a few seconds, then written over
  for (let k = 0; k < 50 && Atomics.load(box.header, 0) === FULL; k++) Atomics.wait(box.header, 0, FULL, 100);
  box.body.set(bytes);
  Atomics.store(box.header, 1, bytes.length);
  Atomics.store(box.header, 0, FULL);
  Atomics.add(box.doorbell, 0, 1);
  Atomics.notify(box.doorbell, 0);
}

// -- the page's calls -------------------------------------------------------------------------------

async function answer({ id, call, payload }) {
  try {
    if (!CALLS.has(call)) throw new Error("the engine's helper has no function " + call);
    const module = await started;
    let argument = payload;
    if (call === "attach_jobs") {
      attachJobs(payload);
      argument = payload.cancel;
    }
    const fn = module[call];
    try {
      self.postMessage({ id, reply: String(await fn(argument)) });
    } finally {
      fn.destroy();
    }
  } catch (e) {
    self.postMessage({ id, error: String((e && e.message) || e) });
  }
}

self.onmessage = event => {
  const message = event.data;
  if (!message || typeof message.id !== "number") return;
  later(() => answer(message)); // one at a time: `load` awaits the network
};
