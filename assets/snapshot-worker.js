// Makes one of this browser's memory snapshots (a module worker that assets/interpreter.js starts,
// one a role, once a page has started without them): a fresh Pyodide imports the modules of the
// archives the role asked for unpacks, and Pyodide's image of its memory is kept in Cache Storage under the
// runtime's version and the archives' SHA-256, where the next start finds it.
//
// Only modules that need no browser are imported: the DOM glue (reversi.ui.dom, which imports js
// and pyscript) and the worker's script are left out, and so is the page logic from the engine's
// snapshot (the worker never runs it). Nothing in these modules may touch JavaScript when it is
// imported: a snapshot can hold no reference to a JavaScript object but the few Pyodide restores.
import { loadPyodide, version } from "./runtime/pyodide/pyodide.mjs";
import { ARCHIVES, CACHE, DIGEST_HEADER, STDLIB, archivesDigest, fetchBytes, snapshotKey } from "./interpreter.js";

const IMPORT_ALL = `
import importlib, zipfile
SKIP = {"page": ("reversi.ui.dom", "reversi.engine.worker", "reversi.__main__"),
        "engine": ("reversi.ui", "reversi.engine.worker", "reversi.__main__")}[ROLE]
names = set()
for path in PATHS:
    with zipfile.ZipFile(path) as archive:
        archive.extractall(".")
        names.update(n.removesuffix("c")[:-3].replace("/", ".").removesuffix(".__init__")
                     for n in archive.namelist() if n.endswith((".py", ".pyc")))
for name in sorted(names):
    if name.startswith("reversi") and not any(name == s or name.startswith(s + ".") for s in SKIP):
        try:
            importlib.import_module(name)
        except ImportError:  # needs what this role's archives do not hold (the page's copy of levels)
            pass
del importlib, zipfile, SKIP, names, archive, name, path, PATHS, ROLE
`;

// The engine's: the data files a game of Othello needs first (its pattern weights, its book), named as the
// worker's first request would fetch them, each with the SHA-256 the engine's archive lists for it.
const WANTED = `
import json, zipfile
from reversi.engine.api import data_files_for
from reversi.engine.protocol import PingRequest
with zipfile.ZipFile(PATHS[-1]) as archive:
    listing = json.loads(archive.read("engine-data.json"))
json_wanted = json.dumps([[n, listing.get("sha256", {}).get(n, "")]
                          for n in data_files_for(PingRequest.from_json({}).rules, listing["data"])])
del json, zipfile, data_files_for, PingRequest, archive, listing, PATHS
json_wanted
`;

// The engine's: those files written where the worker keeps them, and the engine warmed up from them
// (reversi.engine.api.warm_up: the evaluator's tables and generated code, a first quick move), so that
// a worker restored from the snapshot answers its first request without building them (the page's
// engine is ready sooner, and every helper of the pool too). The worker fetches the files again (the
// snapshot holds memory, not files) and keeps what was built when its archive lists the same digests;
// they are part of the archive's digest, so a snapshot is never used with other data files. A file
// whose bytes are not the listed ones: no warm-up (the snapshot holds the imported modules only).
async function warmEngine(pyodide, site) {
  const data = {};
  const wanted = JSON.parse(pyodide.runPython(WANTED));
  pyodide.runPython("del json_wanted");
  for (const [name, digest] of wanted) {
    const bytes = await fetchBytes(site, "reversi/engine/data/" + name);
    if (!digest || await archivesDigest([bytes]) !== digest) return;
    pyodide.FS.mkdirTree("reversi/engine/data");
    pyodide.FS.writeFile("reversi/engine/data/" + name, bytes);
    data[name] = digest;
  }
  pyodide.runPython("from reversi.engine.api import warm_up\nfrom reversi.engine.protocol import PingRequest\n"
                    + "warm_up(PingRequest.from_json({}).rules, " + JSON.stringify(data) + ")\n"
                    + "del warm_up, PingRequest");
}

async function make(role, archives, site) {
  const pyodide = await loadPyodide({ indexURL: new URL("./runtime/pyodide/", import.meta.url).href, stdLibURL: STDLIB,
                                      _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
  const local = archives.map((bytes, i) => {
    pyodide.FS.writeFile("/tmp/archive" + i + ".zip", bytes);
    return "/tmp/archive" + i + ".zip";
  });
  pyodide.runPython("ROLE = " + JSON.stringify(role) + "\nPATHS = " + JSON.stringify(local) + "\n" + IMPORT_ALL);
  if (role === "engine") {
    pyodide.runPython("PATHS = " + JSON.stringify(local));
    try {
      await warmEngine(pyodide, site);
    } catch (e) { // a snapshot of the imported modules is still worth keeping
      console.warn("reversi: the engine's snapshot is made without its warm-up:", e);
    }
  }
  return pyodide.makeMemorySnapshot();
}

self.onmessage = async event => {
  const { site, role } = event.data;
  try {
    // made from these bytes and named by their digest, whatever the site serves meanwhile
    const archives = [];
    for (const path of ARCHIVES[role]) archives.push(await fetchBytes(site, path));
    const key = snapshotKey(site, role, await archivesDigest(archives));
    const cache = await caches.open(CACHE);
    if (!(await cache.match(key))) { // else another tab made it
      const snapshot = await make(role, archives, site);
      const digest = await archivesDigest([snapshot]); // checked before every restore
      await cache.put(key, new Response(snapshot, {
        headers: { "Content-Type": "application/octet-stream", [DIGEST_HEADER]: digest } }));
    }
    self.postMessage({ done: true, ok: true });
  } catch (e) {
    self.postMessage({ done: true, ok: false, error: String(e && e.stack || e) });
  }
};
