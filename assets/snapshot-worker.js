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

async function make(role, archives) {
  const pyodide = await loadPyodide({ indexURL: new URL("./runtime/pyodide/", import.meta.url).href, stdLibURL: STDLIB,
                                      _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
  const local = archives.map((bytes, i) => {
    pyodide.FS.writeFile("/tmp/archive" + i + ".zip", bytes);
    return "/tmp/archive" + i + ".zip";
  });
  pyodide.runPython("ROLE = " + JSON.stringify(role) + "\nPATHS = " + JSON.stringify(local) + "\n" + IMPORT_ALL);
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
      const snapshot = await make(role, archives);
      const digest = await archivesDigest([snapshot]); // checked before every restore
      await cache.put(key, new Response(snapshot, {
        headers: { "Content-Type": "application/octet-stream", [DIGEST_HEADER]: digest } }));
    }
    self.postMessage({ done: true, ok: true });
  } catch (e) {
    self.postMessage({ done: true, ok: false, error: String(e && e.stack || e) });
  }
};
