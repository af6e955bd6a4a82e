// Offline and installable (sw.js), a new version picked up, and the page opened from disk.
// A classic script after first-paint.js: the page's texts are already in its language.
//
// * Opened as a file (file://), the page cannot run (module scripts are blocked): it says
//   so plainly, in the reader's language, and how to serve it.
// * Otherwise it registers the service worker (not in an embed: ?view=...). <html> says how
//   far that is: data-offline="ready" once everything is cached for offline use, and
//   data-update="ready" when a new version is installed and waiting ("taking-over" while it takes
//   over, as below); the page (Python) shows a notice for it and, on "Use it now", calls
//   window.reversiUseUpdate(). Else the new version takes over when the page opens again (a
//   reload, the next visit) and no other page of the site is open, never mid-game: the page then
//   loads once more, with the new version whole. (It used to take over as the page went away,
//   while the reload was loading: the old version's index.html with the new version's scripts.)
// * When a new version takes over from another page ("Use it now" there, or its start), every
//   other page of the site the reader has not used yet (one still loading among them, whose
//   index.html came from the old version) loads again with it; one in use keeps its game and
//   shows the notice, whose "Use it now" then loads it again.
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

  // A page loads again at most once
  var reloading = false;
  function reload() {
    if (reloading) return;
    reloading = true;
    location.reload();
  }
  // How long a page that has just opened waits for a new version to take over (the old worker first
  // finishes what it serves) before it shows the notice, and how long "Use it now" waits for it
  var TAKE_OVER_MS = 10000;
  var touched = false; // the reader has pressed a key or pointed at something on this page
  function touch() { touched = true; }
  document.addEventListener("pointerdown", touch, true);
  document.addEventListener("keydown", touch, true);

  // A new version has taken over (asked by this page as it opened, by "Use it now" here or in another
  // page, or by another page's start): what this page fetches from now on is the new version's, under
  // the old one's index.html and scripts. A page not used yet loads again, with the new version whole
  // (it waits for the new worker, however slow, not a fixed time); one in use keeps its game and says
  // a new version is ready. Not at a first visit, when the first worker takes control.
  var servedBy = workers.controller;
  workers.addEventListener("controllerchange", function () {
    if (!servedBy || reloading) return;
    if (!touched) return reload();
    announce("update", "ready");
  });

  function start() { workers.register("./sw.js").then(function (registration) {
    if (!registration) return; // refused (a test browser blocks service workers)
    var waiting = registration.waiting;
    if (waiting && workers.controller) {
      // this page has just opened (a reload, a visit) while a new version waits: the new one takes
      // over now unless another page of the site is open (sw.js decides and says), and this page
      // opens again; else the notice says a new version is ready
      var answer = new MessageChannel();
      answer.port1.onmessage = function (event) { // the take-over itself reloads it (above)
        announce("update", event.data === "taking-over" && !touched ? "taking-over" : "ready");
      };
      setTimeout(function () { if (!reloading) announce("update", "ready"); }, TAKE_OVER_MS);
      waiting.postMessage("take-over-if-alone", [answer.port2]);
    }
    registration.addEventListener("updatefound", function () {
      var incoming = registration.installing;
      if (!incoming) return;
      incoming.addEventListener("statechange", function () {
        if (incoming.state === "installed" && workers.controller) announce("update", "ready");
      });
    });
    workers.ready.then(function () { announce("offline", "ready"); });
    // "Use it now": the waiting version takes over and the page loads again with it; if it never
    // does (it was replaced by a newer one, or takes too long), the page loads again anyway, and
    // that start takes whichever version waits
    window.reversiUseUpdate = function () {
      var waiting = registration.waiting;
      if (!waiting) return reload();
      workers.addEventListener("controllerchange", reload); // this page is in use: loads again all the same
      waiting.addEventListener("statechange", function () {
        if (waiting.state === "activated" || waiting.state === "redundant") reload();
      });
      setTimeout(reload, TAKE_OVER_MS);
      waiting.postMessage("skip-waiting");
    };
  }).catch(function (error) {
    announce("offline", "failed");
    console.warn("reversi: the page cannot be kept for offline use: " + error);
  }); }
})();
