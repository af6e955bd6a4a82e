// How far the page has loaded, until the board takes moves (a classic script after first-paint.js),
// by its real phases: the start's files as they arrive (resource timing, each by its share of the
// bytes), Python starting (the bar runs on slowly by itself, drawn by the compositor, so it moves
// while the start holds the main thread), then the marks of the start (assets/interpreter.js,
// reversi/ui/dom/main.py). Shown by the bar along the board's foot (the CSS variable --load, in
// percent, only ever growing) and the note beside the status, one per phase (index.html's
// data-phase: "Downloading the game…", "Starting Python…", "Getting the board ready…", translated by
// first-paint.js). html.ready hides both (assets/app.css).
// The runtime waits for ever when one of its files fails: a file of the runtime or the package that
// did not arrive (resource timing: a status of 0 or an error), or a start that has not ended within
// STALL_MS, shows "The page could not load all its files" and a Reload link instead of the spinner.
// Opened from disk (file://) the runtime cannot start at all (assets/offline.js shows why): the
// spinner gives way to "The engine will not load from a file" at once, and no timer waits.
// Either way the controls that only Python runs (every button, field and list but the theme's
// switch) are disabled, so that none looks usable; a start that ends after all (a slow one)
// gives them back.
(function () {
  "use strict";
  var root = document.documentElement;
  var KEEP = { "theme-select": true }; // works without Python (assets/head.js)
  function disableControls() {
    var controls = document.querySelectorAll("button, select, textarea, input");
    for (var i = 0; i < controls.length; i++) {
      var control = controls[i];
      if (control.disabled || KEEP[control.id]) continue;
      control.disabled = true;
      control.setAttribute("data-until-ready", "");
    }
    if (!window.MutationObserver) return;
    new MutationObserver(function (changes, observer) {
      if (!root.classList.contains("ready")) return;
      observer.disconnect();
      var held = document.querySelectorAll("[data-until-ready]");
      for (var h = 0; h < held.length; h++) {
        held[h].removeAttribute("data-until-ready");
        held[h].disabled = false;
      }
    }).observe(root, { attributes: true, attributeFilter: ["class"] });
  }
  if (location.protocol === "file:") {
    root.classList.add("from-file");
    var stopped = document.querySelector(".load-stopped");
    if (stopped) stopped.hidden = false;
    disableControls();
    return;
  }
  // the start's files by their share of the bytes (compressed: the WebAssembly about 2.8 MB, the
  // standard library 1.3, the package 0.45, Pyodide's JavaScript 0.25)
  var WEIGHTS = [["pyodide.asm.wasm", 58], ["package/stdlib.zip", 26], ["package/page.zip", 9],
                 ["pyodide.asm.js", 5], ["pyodide.mjs", 1], ["pyodide-lock.json", 1]];
  // where the bar stands at each phase: the files arriving fill it to FILES; Python's start then
  // moves it on by itself (a slow transition of the compositor's, which runs while the main
  // thread is busy) towards STARTING, and the start's marks move it on (assets/interpreter.js,
  // reversi/ui/dom/main.py)
  var FILES = 55, STARTING = 84;
  var MARKS = { "reversi-interpreter": 86, "reversi-package": 90, "reversi-main": 94 };
  var loaded = {};
  var NEEDED = /\/(assets\/runtime\/[^?]+|assets\/package\/(page|stdlib)\.zip|pyscript\.toml|reversi\/ui\/dom\/main\.py)(\?.*)?$/;
  var STALL_MS = 90000;
  function failed(why) {
    if (root.classList.contains("ready") || root.classList.contains("load-failed")) return;
    root.classList.add("load-failed");
    root.setAttribute("data-load-failed", why);
    var note = document.querySelector(".load-problem");
    if (note) note.hidden = false;
    disableControls();
  }
  setTimeout(function () { failed("not ready within " + STALL_MS / 1000 + " s"); }, STALL_MS);
  var shown = 0, phase = "";
  function show(percent) {
    if (percent <= shown) return;
    shown = percent;
    root.style.setProperty("--load", String(percent));
  }
  function say(which) { // the loading note: "files" (the spinner's first words), "start", "board"
    if (which === phase) return;
    phase = which;
    var notes = document.querySelectorAll(".loading-note");
    for (var n = 0; n < notes.length; n++) notes[n].hidden = notes[n].getAttribute("data-phase") !== which;
  }
  function progress() {
    var done = 0, total = 0;
    for (var w = 0; w < WEIGHTS.length; w++) {
      total += WEIGHTS[w][1];
      if (loaded[WEIGHTS[w][0]]) done += WEIGHTS[w][1];
    }
    show(Math.round(FILES * done / total));
    if (loaded["pyodide.asm.wasm"] && loaded["package/stdlib.zip"] && !phase.length) {
      say("start");
      root.classList.add("load-starting"); // the bar's slow run towards STARTING (assets/app.css)
      show(STARTING);
    }
  }
  function marked(name) {
    if (!MARKS[name]) return;
    if (phase !== "board") say(name === "reversi-interpreter" ? "start" : "board");
    root.classList.remove("load-starting");
    show(MARKS[name]);
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
      new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var e = 0; e < entries.length; e++) marked(entries[e].name);
      }).observe({ type: "mark", buffered: true });
    } catch (e) { /* an old browser: the spinner alone says the page is loading */ }
  }

})();
