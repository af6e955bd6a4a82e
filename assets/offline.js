// Offline and installable (sw.js), a new version picked up, and the page opened from disk.
// A classic script after first-paint.js: the page's texts are already in its language.
//
// * Opened as a file (file://), the page cannot run (module scripts are blocked): it says
//   so plainly, in the reader's language, and how to serve it.
// * Otherwise it registers the service worker (not in an embed: ?view=...). <html> says how
//   far that is: data-offline="ready" once everything is cached for offline use, and
//   data-update="ready" when a new version is installed and waiting; the page (Python) shows
//   a notice for it and, on "Use it now", calls window.reversiUseUpdate(). When the page goes
//   (pagehide) the waiting version takes over, so the next load uses it: never mid-game.
(function () {
  "use strict";
  var root = document.documentElement;
  if (location.protocol === "file:") {
    var note = document.getElementById("file-notice");
    if (note) note.hidden = false; // <html class="from-file">, the loading note and the controls: assets/progress.js
    return;
  }
  var params = new URLSearchParams(location.search);
  var lang = root.lang || "en";
  var link = document.querySelector('link[rel="manifest"]');
  if (link && lang !== "en") link.setAttribute("href", "./assets/manifest." + lang + ".webmanifest");
  if (params.get("view") || !("serviceWorker" in navigator)) return;
  var workers = navigator.serviceWorker;
  function announce(name, value) {
    root.setAttribute("data-" + name, value);
    window.dispatchEvent(new CustomEvent("reversi-offline"));
  }
  // registered once the page and its engine have loaded, or the page needs no engine yet (or after a
  // while): the precache then
  // revalidates what the browser has just fetched instead of downloading it a second time
  var registered = false;
  function register() {
    if (registered) return;
    registered = true;
    observer.disconnect();
    start();
  }
  var observer = new MutationObserver(function () {
    var classes = root.classList;
    if (["engine-ready", "engine-unavailable", "engine-idle"].some(function (name) { return classes.contains(name); })) {
      register();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["class"] });
  setTimeout(register, 20000);
  if (workers.controller) register(); // a repeat visit: the page is served by it already

  function start() { workers.register("./sw.js").then(function (registration) {
    if (!registration) return; // refused (a test browser blocks service workers)
    if (registration.waiting && workers.controller) announce("update", "ready");
    registration.addEventListener("updatefound", function () {
      var incoming = registration.installing;
      if (!incoming) return;
      incoming.addEventListener("statechange", function () {
        if (incoming.state === "installed" && workers.controller) announce("update", "ready");
      });
    });
    workers.ready.then(function () { announce("offline", "ready"); });
    window.addEventListener("pagehide", function () {
      if (registration.waiting) registration.waiting.postMessage("skip-waiting");
    });
    // "Use it now": the page reloads once the new version has taken over (the controller has
    // changed), not after a fixed wait, which a slow phone can outlast and so load the old one again
    window.reversiUseUpdate = function () {
      var waiting = registration.waiting;
      var reloaded = false;
      function reload() {
        if (reloaded) return;
        reloaded = true;
        location.reload();
      }
      if (!waiting) return reload();
      workers.addEventListener("controllerchange", reload);
      waiting.addEventListener("statechange", function () {
        if (waiting.state === "activated" || waiting.state === "redundant") reload();
      });
      waiting.postMessage("skip-waiting");
    };
  }).catch(function (error) {
    announce("offline", "failed");
    console.warn("reversi: the page cannot be kept for offline use: " + error);
  }); }
})();
