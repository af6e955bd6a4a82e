// The service worker: the page works offline after one visit.
//
// It precaches every file the page fetches (assets/precache.js, made by the
// site's generator, reversi/tools/site.py, with the build's version: serve.py
// makes it on request, the Pages workflow writes it) into a cache named by that version, and answers the page's
// requests from it, the network only for what it lacks (a broken or partly
// filled cache falls back to the network). A new deployment is a new version:
// its worker installs beside the running one and waits; the page says a new
// version is ready and it takes over when a page opens with no other page of
// the site open (that page then loads again, the new version whole) or when
// the reader asks, never in the middle of a game. Old caches are deleted when
// the new one takes over. The page it serves is cross-origin isolated (it adds
// COOP and COEP, which static hosts cannot send). It must sit at the site's top: its scope is its
// folder (GitHub Pages cannot send Service-Worker-Allowed).
"use strict";

importScripts("./assets/precache.js");

const PRECACHE = self.REVERSI_PRECACHE;
const PREFIX = "reversi-";
const CACHE = PREFIX + PRECACHE.version;
// the memory snapshots of assets/interpreter.js: this browser's own, checked by it at each start
const SNAPSHOTS = "reversi-snapshots";
const SCOPE = new URL(self.registration.scope);
const URLS = new Set(PRECACHE.files.map((f) => new URL(f, SCOPE).href));
const INDEX = new URL("index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache": what the page has just fetched is revalidated (a 304), not downloaded again
      cache.addAll(PRECACHE.files.map((f) => new Request(new URL(f, SCOPE).href, { cache: "no-cache" })))
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE && k !== SNAPSHOTS).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  // a page that has just opened while this version waits: it takes over unless another page of the
  // site is open (a game there would change version under it; the origin's pages outside the site's
  // folder do not count), and says which on the port it was sent; that page then opens again
  if (event.data === "take-over-if-alone") {
    const port = event.ports[0];
    event.waitUntil(
      self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
        const alone = open.filter((c) => c.url.startsWith(SCOPE.href)).length <= 1;
        if (port) port.postMessage(alone ? "taking-over" : "staying");
        return alone ? self.skipWaiting() : undefined;
      })
    );
  }
});

async function fromCache(request, key) {
  try {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) {
      // a HEAD request (the page checks the worker's script before it starts it) gets the headers
      return request.method === "HEAD" ? new Response(null, { status: hit.status, headers: hit.headers }) : hit;
    }
  } catch (e) {
    // a broken cache: the network answers
  }
  return fetch(request);
}

// Cross-origin isolation for the page (GitHub Pages cannot send headers): with it the page shares
// memory with its engine's worker, and a search whose answer is no longer wanted stops at once.
function isolated(response) {
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  if (request.mode === "navigate" && url.href.startsWith(SCOPE.href)) {
    const path = url.origin + url.pathname;
    if (path === SCOPE.href || path === INDEX) {
      // an embed (?view=...) stays as it is: it may sit in another site's page
      const embed = url.searchParams.has("view");
      event.respondWith(fromCache(request, INDEX).then((r) => (embed || r.type === "opaqueredirect" ? r : isolated(r))));
    }
    return;
  }
  const key = url.origin + url.pathname;
  if (URLS.has(key)) event.respondWith(fromCache(request, key));
});
