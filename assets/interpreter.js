// The interpreter PyScript starts (pyscript.toml's `interpreter`): Pyodide, from a memory snapshot
// of an interpreter that has already imported our modules when this browser has a good one, else
// as usual. An ES module that PyScript imports on the page's main thread and in the engine's worker.
//
// * Where the snapshot comes from: assets/snapshot-worker.js makes it in the background, in this
//   browser, after a visit that started without one (nothing is downloaded for it), and keeps it
//   in Cache Storage ("reversi-snapshots"), one per role: "page" (the main thread: what page.zip
//   holds less the DOM glue) and "engine" (the worker: page.zip and engine.zip).
// * When it is used: only when it was made from the same runtime (Pyodide's version) and from
//   archives with the same SHA-256 as the ones this start unpacks. The snapshot holds the
//   interpreter's memory, not its files: PyScript unpacks the archives as on any start, and the
//   modules imported from them are already there.
// * When it fails: a snapshot that Pyodide refuses (another build) or that does not restore is
//   deleted and the start goes on as usual; so is one whose check after the restore fails.
// * After a restore, `random` is seeded anew (else every start would draw the same numbers).
//
// <html data-snapshot="used|made|none|failed"> says what happened (tests and the load bench read it),
// and so does the environment variable REVERSI_SNAPSHOT in each interpreter (the engine's ping says it).
// No snapshot is made where the reader asked to save data, nor where the page sets
// `self.reversiSnapshots = false` before it starts (the test browser does: making one costs seconds of
// CPU, which every other test would pay); one made before is still used.
import { loadPyodide as loadPlain, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("./runtime/pyodide/", import.meta.url).href;
const SITE = new URL("../", import.meta.url).href;
export const CACHE = "reversi-snapshots";
export const ARCHIVES = { page: ["assets/package/page.zip"],
                          engine: ["assets/package/page.zip", "assets/package/engine.zip"] };
const ROLE = typeof document === "undefined" ? "engine" : "page";

function say(state, pyodide) {
  if (typeof document !== "undefined") document.documentElement.setAttribute("data-snapshot", state);
  if (pyodide) pyodide.runPython("import os\nos.environ['REVERSI_SNAPSHOT'] = " + JSON.stringify(state));
}

/** The hex SHA-256 of the bytes at each of `paths` (from the site), joined: what a snapshot was made from. */
export async function archivesDigest(site, paths) {
  const parts = [];
  for (const path of paths) {
    const response = await fetch(site + path);
    if (!response.ok) throw new Error(path + ": HTTP " + response.status);
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    parts.push(Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, "0")).join(""));
  }
  return parts.join("-");
}

/** The Cache Storage key of the snapshot of `role` made from archives with `digest`. */
export function snapshotKey(site, role, digest) {
  return site + "assets/snapshot/" + role + "?pyodide=" + version + "&archives=" + digest;
}

let damaged = false;

async function findSnapshot() {
  if (typeof caches === "undefined" || !globalThis.crypto?.subtle) return null;
  try {
    const cache = await caches.open(CACHE);
    const stored = await cache.keys();
    const mine = stored.filter(r => r.url.startsWith(SITE + "assets/snapshot/" + ROLE + "?"));
    if (!mine.length) return null;
    const key = snapshotKey(SITE, ROLE, await archivesDigest(SITE, ARCHIVES[ROLE]));
    for (const old of mine) if (old.url !== key) await cache.delete(old); // made from other files
    const response = await cache.match(key);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!wellFormed(bytes)) {
      console.warn("reversi: a damaged snapshot, deleted");
      await cache.delete(key);
      damaged = true;
      return null;
    }
    return { cache, key, bytes };
  } catch (e) {
    console.warn("reversi: no snapshot", e);
    return null;
  }
}

// Pyodide's snapshot: a header (a magic number, where the memory starts, the length of its JSON,
// the build's id), then the memory, whole pages of 64 KiB. Pyodide checks the build's id itself, but
// it waits for ever on memory it cannot instantiate: a snapshot whose header or length is wrong is
// not handed to it.
const SNAPSHOT_MAGIC = 1886286592;
const HEADER = 48;
const PAGE = 65536;

function wellFormed(bytes) {
  if (bytes.byteLength < HEADER + PAGE || bytes.byteLength % 4 !== 0) return false;
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER / 4);
  const start = head[1];
  return head[0] === SNAPSHOT_MAGIC && start >= HEADER && start < bytes.byteLength && head[2] <= start - HEADER
    && (bytes.byteLength - start) % PAGE === 0;
}

const RESTORED_CHECK = "import random, sys\nrandom.seed()\n'reversi.core.rules' in sys.modules";

export async function loadPyodide(options = {}) {
  const plain = { ...options, indexURL: INDEX };
  const found = await findSnapshot();
  if (found) {
    try {
      const pyodide = await loadPlain({ ...plain, _loadSnapshot: found.bytes });
      if (pyodide.runPython(RESTORED_CHECK) !== true) throw new Error("the snapshot lacks the package");
      say("used", pyodide);
      return pyodide;
    } catch (e) {
      console.warn("reversi: the snapshot could not be used, starting without it", e);
      await found.cache.delete(found.key).catch(() => {});
    }
  }
  const pyodide = await loadPlain(plain);
  say(found || damaged ? "failed" : "none", pyodide);
  // an embed leaves no trace in the reader's browser: it uses a snapshot the app made, makes none
  if (ROLE === "page" && !document.documentElement.classList.contains("view-embed")) makeLater();
  return pyodide;
}

/** Once the page has started (its engine too, or after a while), make this browser's snapshots in a
 * worker of their own, at low priority: the next start uses them. */
function makeLater() {
  if (typeof caches === "undefined" || typeof Worker === "undefined" || !globalThis.crypto?.subtle) return;
  if (globalThis.reversiSnapshots === false || navigator.connection?.saveData) return;
  const root = document.documentElement;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    const go = () => {
      const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
      worker.onmessage = event => {
        if (event.data && event.data.done) {
          root.setAttribute("data-snapshot", event.data.ok ? "made" : "none");
          if (!event.data.ok) console.warn("reversi: no snapshot made:", event.data.error);
          worker.terminate();
        }
      };
      worker.postMessage({ site: SITE, roles: ["page", "engine"] });
    };
    if (globalThis.requestIdleCallback) requestIdleCallback(go, { timeout: 5000 }); else setTimeout(go, 500);
  };
  const ready = () => root.classList.contains("engine-ready") || root.classList.contains("engine-unavailable");
  const observer = new MutationObserver(() => { if (ready()) start(); });
  observer.observe(root, { attributes: true, attributeFilter: ["class"] });
  setTimeout(start, 30000);
}
