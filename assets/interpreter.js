// The interpreter PyScript starts (pyscript.toml's `interpreter`): Pyodide with the package unpacked
// in its folder, restored from a memory snapshot of an interpreter that has already imported the
// package when this browser has a good one. An ES module that PyScript imports on the page's main
// thread and in the engine's worker.
//
// * The package: the page's archive (assets/package/page.zip, made by the site generator) is fetched
//   once, here, as the start begins (index.html preloads it), unpacked into the interpreter's
//   folder, so that `import reversi` works, and its SHA-256 names the snapshot that fits it.
// * Where a snapshot comes from: assets/snapshot-worker.js makes it in the background, in this
//   browser, after a start without one (nothing is downloaded for it), and keeps it in Cache
//   Storage ("reversi-snapshots"), one per role: "page" (the main thread: the modules of page.zip
//   less the DOM glue) and "engine" (the worker: those of page.zip and engine.zip less the page).
//   The app makes both once its engine is ready; an embed makes the page's once it is ready.
//   One tab of the site makes them at a time (a Web Lock), and none where one is there already.
// * When it is used: only when it was made from the same Pyodide and from archives with the same
//   SHA-256 as the ones this start unpacks. It holds the interpreter's memory, not its files: the
//   archives are unpacked as on any start, and the modules imported from them are already there.
// * When it fails: one whose header is wrong (Pyodide would wait for ever on it), one that Pyodide
//   refuses (another build) or whose check after the restore fails is deleted, and the start goes
//   on as usual; so is one made from other archives (an older version of the package).
// * After a restore, `random` is seeded anew (else every start would draw the same numbers).
//
// The marks reversi-interpreter (Pyodide started) and reversi-package (unpacked) time the start's
// parts (the load bench's --throttle figures). Between the parts the browser runs what waits.
//
// <html data-snapshot="used|made|none|failed"> says what happened (tests and the load bench read it),
// and so does the environment variable REVERSI_SNAPSHOT in each interpreter (the engine's ping says it).
// <html data-unpacked="js|pyodide"> says what unpacked the package (unpackPackage).
// No snapshot is made where the reader asked to save data, nor where the page sets
// `self.reversiSnapshots = false` before it starts (the test browser does: making one costs seconds of
// CPU, which every other test would pay); one made before is still used.
import { loadPyodide as loadPlain, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("./runtime/pyodide/", import.meta.url).href;
const SITE = new URL("../", import.meta.url).href;
const PAGE_ARCHIVE = "assets/package/page.zip";
// the standard library, cut to what the site imports and compiled to bytecode by the site's generator
// (reversi/tools/bytecode.py): a first start compiles no Python source of its own
export const STDLIB = new URL("../assets/package/stdlib.zip", import.meta.url).href;
const ENGINE_ARCHIVE = "assets/package/engine.zip";
export const CACHE = "reversi-snapshots";
export const ARCHIVES = { page: [PAGE_ARCHIVE], engine: [PAGE_ARCHIVE, ENGINE_ARCHIVE] };
const ROLE = typeof document === "undefined" ? "engine" : "page";

function say(state, pyodide) {
  if (ROLE === "page") document.documentElement.setAttribute("data-snapshot", state);
  if (pyodide) pyodide.runPython("import os\nos.environ['REVERSI_SNAPSHOT'] = " + JSON.stringify(state));
}

/** The bytes at `path` of the site. */
export async function fetchBytes(site, path) {
  const response = await fetch(site + path);
  if (!response.ok) throw new Error(path + ": HTTP " + response.status);
  return new Uint8Array(await response.arrayBuffer());
}

/** The hex SHA-256 of each of `archives` (bytes), joined: what a snapshot was made from. */
export async function archivesDigest(archives) {
  const parts = [];
  for (const bytes of archives) {
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    parts.push(Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, "0")).join(""));
  }
  return parts.join("-");
}

/** The header of a kept snapshot that holds the SHA-256 of its bytes, written when it is made: a
 * snapshot whose bytes no longer match it (a disk's damage, a cache that kept half of it) is never
 * handed to Pyodide, which could spin for ever on it. */
export const DIGEST_HEADER = "X-Reversi-Sha256";

/** The Cache Storage key of the snapshot of `role` made from archives with `digest`. */
export function snapshotKey(site, role, digest) {
  return site + "assets/snapshot/" + role + "?pyodide=" + version + "&archives=" + digest;
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

let damaged = false;

// A restore that never came back (the tab froze or was closed in it) is not tried again: while a
// restore runs, a marker in the snapshots' cache names the snapshot being restored, and a start that
// finds it there deletes that snapshot and starts without one. (The cache, not localStorage: an embed
// keeps nothing in storage, and a worker has no localStorage.) The engine's helper workers
// (assets/engine-helper.js, `helper: true`) neither set nor read it: a page closed while a helper
// restores is common, and would cost every later start its snapshot; the engine's own worker, which
// restores the same snapshot first on every start, keeps the guard, and a helper that hangs is given
// up by the page.
const restoringMarker = () => SITE + "assets/snapshot/" + ROLE + "-restoring";

/** This role's snapshot for the archives whose digest `digest()` gives, if this browser keeps a good
 * one; others of the role (made from other archives) are deleted. */
async function findSnapshot(digest, guarded = true) {
  if (typeof caches === "undefined") return null;
  try {
    const cache = await caches.open(CACHE);
    const mine = (await cache.keys()).filter(r => r.url.startsWith(SITE + "assets/snapshot/" + ROLE + "?"));
    if (!mine.length) return null; // the archives' digests are not needed (the worker's not fetched)
    const key = snapshotKey(SITE, ROLE, await digest());
    for (const old of mine) if (old.url !== key) await cache.delete(old);
    const response = await cache.match(key);
    if (!response) return null;
    const marker = guarded ? await cache.match(restoringMarker()) : null;
    if (marker && await marker.text() === key) { // the last restore of this very snapshot never finished
      console.warn("reversi: a snapshot whose restore never finished, deleted");
      await cache.delete(key);
      await cache.delete(restoringMarker());
      damaged = true;
      return null;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const expected = response.headers.get(DIGEST_HEADER);
    if (!wellFormed(bytes) || !expected || expected !== await archivesDigest([bytes])) {
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

/** Let the browser run what waits (input, drawing) before the next piece of the start: a phone's main
 * thread is then never blocked for long at a stretch. */
const yieldTask = () => new Promise(resolve => setTimeout(resolve, 0));

const RESTORED_CHECK = "import random, sys\nrandom.seed()\n'reversi.core.rules' in sys.modules";

export async function loadPyodide(options = {}) {
  const { helper = false, ...rest } = options;
  const plain = { ...rest, indexURL: INDEX, stdLibURL: STDLIB };
  const archive = fetchBytes(SITE, PAGE_ARCHIVE);
  archive.catch(() => {}); // awaited below; a failure is the start's
  let found = null;
  if (globalThis.crypto?.subtle) {
    const digest = async () => archivesDigest(ROLE === "page" ? [await archive]
      : [await archive, await fetchBytes(SITE, ENGINE_ARCHIVE)]);
    found = await findSnapshot(digest, !helper);
  }
  let pyodide = null;
  if (found) {
    try {
      if (!helper) await found.cache.put(restoringMarker(), new Response(found.key)).catch(() => {}); // full: none
      pyodide = await loadPlain({ ...plain, _loadSnapshot: found.bytes });
      await yieldTask();
      if (pyodide.runPython(RESTORED_CHECK) !== true) throw new Error("the snapshot lacks the package");
      say("used", pyodide);
    } catch (e) {
      console.warn("reversi: the snapshot could not be used, starting without it", e);
      await found.cache.delete(found.key).catch(() => {});
      pyodide = null;
    } finally {
      if (!helper) await found.cache.delete(restoringMarker()).catch(() => {});
    }
  }
  if (!pyodide) {
    pyodide = await loadPlain(plain);
    say(found || damaged ? "failed" : "none", pyodide);
    if (ROLE === "page") makeLater(document.documentElement.classList.contains("view-embed") ? ["page"] : ["page", "engine"]);
  }
  if (ROLE === "page") performance.mark("reversi-interpreter");
  await yieldTask();
  const unpacked = unpackPackage(pyodide, await archive);
  if (ROLE === "page") {
    document.documentElement.setAttribute("data-unpacked", unpacked);
    performance.mark("reversi-package");
  }
  return pyodide;
}

/** The members of the zip archive `bytes` (ours: no zip64, no encryption), in its order: [name, method
 * (0 stored, 8 deflated), where its data starts, its length as stored, its length unpacked, its
 * CRC-32] each. Throws on anything else, on an archive of no member, and on a name outside the folder. */
export function zipMembers(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // the end of the central directory: its signature, its comment running to the archive's end, the
  // directory right before it (a comment may hold what looks like another end)
  const isEnd = end => view.getUint32(end, true) === 0x06054b50
    && end + 22 + view.getUint16(end + 20, true) === bytes.byteLength
    && view.getUint32(end + 16, true) + view.getUint32(end + 12, true) === end;
  let end = bytes.byteLength - 22;
  while (end >= 0 && !isEnd(end)) end--;
  if (end < 0) throw new Error("not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0) throw new Error("not a zip archive");
  const names = new TextDecoder();
  const members = [];
  for (let i = count; i > 0; i--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip archive");
    const flags = view.getUint16(at + 8, true), method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const stored = view.getUint32(at + 20, true), size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (flags & 1 || (method !== 0 && method !== 8)) throw new Error(name + ": a member this unpacker cannot read");
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(name + ": a member outside the folder");
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error("a damaged zip archive");
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + stored > bytes.byteLength || (method === 0 && stored !== size)) throw new Error("a damaged zip archive");
    members.push([name, method, start, stored, size, crc]);
  }
  return members;
}

// Python's zlib inflates the members in one call, the archive and the result crossing once each: where
// the time goes when Pyodide unpacks (Python's zipfile writing file after file through the
// interpreter's file calls) is then left to the file system's own writeFile.
const INFLATE_PY = `
def _reversi_inflate(archive, spans, out):
    import zlib
    data = archive.to_bytes()
    parts = []
    for start, stored, method, size, crc in spans.to_py():
        chunk = data[start:start + stored]
        part = zlib.decompress(chunk, -15) if method == 8 else chunk
        if len(part) != size or zlib.crc32(part) != crc:
            raise ValueError("a member whose size or CRC is not the archive's")
        parts.append(part)
    out.assign(b"".join(parts))
`;

/** Unpack the package's archive into the interpreter's folder: its members inflated by Python's zlib
 * in one call and written by the file system's writeFile, a fraction of the time Pyodide's
 * unpackArchive takes (Python's zipfile, 60 to 100 ms of a desktop's main thread on every start,
 * several times that on a phone). An archive this does not read is unpacked by Pyodide. Returns which
 * did it, "js" or "pyodide" (<html data-unpacked> on the page says it). */
export function unpackPackage(pyodide, bytes) {
  const folder = pyodide.FS.cwd();
  let inflate = null, scope = null;
  try {
    const members = zipMembers(bytes);
    const out = new Uint8Array(members.reduce((sum, m) => sum + m[4], 0));
    // Python's exec rather than runPython (which parses the code for its last expression: milliseconds),
    // in a namespace of its own: __main__'s stays as it was
    const builtins = pyodide.pyimport("builtins");
    const [dict, exec] = [builtins.dict, builtins.exec];
    try {
      scope = dict();
      exec(INFLATE_PY, scope);
    } finally {
      for (const proxy of [dict, exec, builtins]) proxy.destroy();
    }
    inflate = scope.get("_reversi_inflate");
    inflate(bytes, members.map(([, method, start, stored, size, crc]) => [start, stored, method, size, crc]), out);
    let at = 0;
    const made = new Set();
    for (const [name, , , , size] of members) {
      const path = folder + "/" + name;
      const dir = name.endsWith("/") ? path : path.slice(0, path.lastIndexOf("/"));
      if (!made.has(dir)) { pyodide.FS.mkdirTree(dir); made.add(dir); }
      if (!name.endsWith("/")) pyodide.FS.writeFile(path, out.subarray(at, at + size), { canOwn: true });
      at += size;
    }
    return "js";
  } catch (e) {
    console.warn("reversi: the package is unpacked by Pyodide:", e);
    pyodide.unpackArchive(bytes, "zip", { extractDir: folder });
    return "pyodide";
  } finally {
    inflate?.destroy();
    scope?.destroy();
  }
}

/** Once the page has started (the app: its engine too, or none is needed yet; an embed: its board), make this browser's
 * snapshots of `roles` in a worker of their own, at idle time: the next start uses them. */
function makeLater(roles) {
  if (typeof caches === "undefined" || typeof Worker === "undefined" || !globalThis.crypto?.subtle) return;
  // not where the reader saves data, nor on a device of under 2 GB (two interpreters, one at a time)
  if (globalThis.reversiSnapshots === false || navigator.connection?.saveData || navigator.deviceMemory < 2) return;
  const root = document.documentElement;
  const embed = roles.length === 1;
  let started = false;
  // a worker for each role, one after the other: each interpreter's memory goes with its worker
  const makeOne = role => new Promise(resolve => {
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = event => {
      if (!event.data || !event.data.done) return;
      if (!event.data.ok) console.warn("reversi: no snapshot made:", event.data.error);
      worker.terminate();
      resolve(event.data.ok);
    };
    worker.onerror = event => { // the worker's own script could not run
      console.warn("reversi: no snapshot made:", event.message);
      worker.terminate();
      resolve(false);
    };
    worker.postMessage({ site: SITE, role });
  });
  const make = async () => {
    let ok = true;
    for (const role of roles) ok = (await makeOne(role)) && ok;
    if (ok) root.setAttribute("data-snapshot", "made");
  };
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    const go = () => {
      // one tab of the site at a time (ten embeds on a page would make ten); the others leave it
      if (navigator.locks) navigator.locks.request(CACHE, { ifAvailable: true }, lock => lock ? make() : null);
      else make();
    };
    if (globalThis.requestIdleCallback) requestIdleCallback(go, { timeout: 5000 }); else setTimeout(go, 500);
  };
  const ready = () => embed ? root.classList.contains("ready")
    : ["engine-ready", "engine-unavailable", "engine-idle"].some(name => root.classList.contains(name));
  const observer = new MutationObserver(() => { if (ready()) start(); });
  observer.observe(root, { attributes: true, attributeFilter: ["class"] });
  setTimeout(start, 30000);
}
