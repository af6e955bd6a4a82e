// How far the page has loaded, until the board takes moves (a classic script after first-paint.js):
// the runtime's big files as they arrive (resource timing), then Python starting. Shown by the bar
// along the board's foot (the CSS variable --load, in percent) and the note beside the status,
// which says "Starting Python…" once the files are in (its text is index.html's, translated by
// first-paint.js). html.ready hides both (assets/app.css).
// The runtime waits for ever when one of its files fails: a file of the runtime or the package that
// did not arrive (resource timing: a status of 0 or an error), or a start that has not ended within
// STALL_MS, shows "The page could not load all its files" and a Reload link instead of the spinner.
(function () {
  "use strict";
  var root = document.documentElement;
  var WEIGHTS = [["pyodide.asm.wasm", 50], ["python_stdlib.zip", 20], ["pyodide.asm.js", 10], ["pyodide.mjs", 3],
                 ["pyodide-lock.json", 2], ["pyscript.toml", 3], ["/reversi/", 0]];
  var loaded = {};
  var NEEDED = /\/(assets\/runtime\/[^?]+|assets\/package\/page\.zip|pyscript\.toml|reversi\/ui\/dom\/main\.py)(\?.*)?$/;
  var STALL_MS = 90000;
  function failed(why) {
    if (root.classList.contains("ready") || root.classList.contains("load-failed")) return;
    root.classList.add("load-failed");
    root.setAttribute("data-load-failed", why);
    var note = document.querySelector(".load-problem");
    if (note) note.hidden = false;
  }
  setTimeout(function () { failed("not ready within " + STALL_MS / 1000 + " s"); }, STALL_MS);
  function progress() {
    var done = 0;
    for (var w = 0; w < WEIGHTS.length; w++) if (loaded[WEIGHTS[w][0]]) done += WEIGHTS[w][1];
    if (loaded["/reversi/"]) done = Math.max(done, 92);
    root.style.setProperty("--load", String(Math.min(done, 97)));
    if (loaded["pyodide.asm.wasm"] && loaded["python_stdlib.zip"]) {
      var notes = document.querySelectorAll(".loading-note");
      if (notes.length === 2 && notes[1].hidden) { notes[0].hidden = true; notes[1].hidden = false; }
    }
  }
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var e = 0; e < entries.length; e++) {
          var entry = entries[e];
          var status = entry.responseStatus;
          if (status !== undefined && (status === 0 || status >= 400) && entry.name.indexOf(location.origin) === 0 &&
              NEEDED.test(entry.name)) {
            failed(entry.name.slice(location.origin.length) + ": " + (status || "not received"));
          }
          for (var w = 0; w < WEIGHTS.length; w++) {
            if (entry.name.indexOf(WEIGHTS[w][0]) !== -1) loaded[WEIGHTS[w][0]] = true;
          }
        }
        if (!root.classList.contains("ready")) progress();
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* an old browser: the spinner alone says the page is loading */ }
  }

})();
