// Live boards in a teacher's own page: one script from this site, one Python interpreter for
// every board of the page (reversi/ui/dom/boards.py). The teacher writes
//
//   <script src="https://YOUR-SITE/assets/embed.js" defer></script>
//   <div class="reversi" data-game="m=f5d6c3&caption=The%20opening"></div>
//
// or pastes the lite diagrams the app makes (<a class="reversi-lite" href="https://YOUR-SITE/?view=embed&...">
// holding a static picture). Each becomes a live viewer (or, with view=puzzle, a puzzle) in its
// place, in a shadow root of its own: the host page's styles do not reach it and its styles do not
// leave it. Until Python is ready the pictures stay as they are (a lite diagram stays a working
// link); Python is loaded once, when the first board is near the screen (or is touched), and a
// board is made live when it comes near the screen, a few at a time, so that a page of a thousand
// boards stays responsive and the boards far below wait until the reader scrolls to them.
//
// Every board ends live or saying why not, on its own (one board that cannot be had does not stop
// the others), within a bounded time: each request to the site is given ANSWER_MS to answer and
// the whole start START_MS (the script's data-timeout="SECONDS" sets the latter, and the former
// when shorter). What it says comes with the script (the site's generator writes the catalogs'
// translations into STRINGS), so that saying it needs nothing more from a site that may not
// answer. A page whose security policy cannot run the boards (no 'wasm-unsafe-eval', Trusted
// Types required), or whose own script broke what the boards need, is told so at once.
//
// The page's Content-Security-Policy, if it has one, must allow this site for scripts (with
// 'wasm-unsafe-eval') and connections. Nothing is written to the page's globals but the boards'
// status, under Symbol.for("reversi.boards") and as window.reversiBoards unless the page has a
// global of that name of its own (what the tests and benchmarks read); nothing is stored.
(function () {
  "use strict";
  // -- what the page may have changed, read before anything else ----------------------------
  // The page's scripts ran before this one and may have replaced the built-ins; a name in the
  // page (<div id="reversiBoards">, <form name="currentScript">) may shadow a global or a
  // property of document. So: the status under a symbol, document's properties as its prototype
  // defines them, no method of Array.prototype, and each board's work in a try of its own.
  var KEY = "reversi.boards";
  try { if (typeof Symbol === "function" && typeof Symbol["for"] === "function") KEY = Symbol["for"](KEY); } catch (e) { /* the string */ }
  try {
    var prior = window[KEY];
    if (prior && prior.kind === "reversi.boards") return; // the script twice on one page: the first one serves both
  } catch (e) { /* not ours */ }

  function read(proto, name, target) {
    try {
      var described = Object.getOwnPropertyDescriptor(proto, name);
      if (described && described.get) return described.get.call(target);
    } catch (e) { /* as the page has it */ }
    return target[name];
  }
  function add(list, item) { list[list.length] = item; }
  function now() {
    try { return performance.now(); } catch (e) { return Date.now(); }
  }

  var script = read(Document.prototype, "currentScript", document);
  if (!script || script.tagName !== "SCRIPT") script = null;
  var assets = new URL(".", script && script.src ? script.src : location.href).href; // .../assets/
  var STDLIB = assets + "package/stdlib.zip"; // the site's standard library (reversi/tools/bytecode.py)
  var site = new URL("..", assets).href;
  var SITE_ORIGIN = new URL(site).origin;
  var SELECTOR = "div.reversi, a.reversi-lite";
  var status = { kind: "reversi.boards", state: "idle", boards: 0, live: 0, failed: 0, interpreters: 0,
                 error: "", reason: "", started: 0, python: 0, ready: 0, unpacked: "" };
  try { window[KEY] = status; } catch (e) { /* read-only: the boards work without it */ }
  try {
    if (!Object.prototype.hasOwnProperty.call(window, "reversiBoards")) window.reversiBoards = status;
  } catch (e) { /* the page's own */ }

  // How long each stage may take: a site that accepts the connection and never answers ends in a
  // message, not a "Loading the board…" for ever. A test page sets data-timeout="1".
  var START_MS = 90000; // the whole start: the runtime (megabytes, on a slow line) and the package
  var ANSWER_MS = 20000; // each request of this script to the site, to its answer
  var SLICE_MS = 30; // mounting boards: this long at most in one task, then the browser's turn
  (function () {
    var asked = script ? parseFloat(script.getAttribute("data-timeout")) : NaN;
    if (asked > 0) { START_MS = asked * 1000; ANSWER_MS = Math.min(ANSWER_MS, START_MS); }
  })();

  // What it says, by language but English: the site's generator writes the catalogs' translations
  // here (reversi/tools/build.py embed_script); the source as it is speaks English.
  var STRINGS = /*STRINGS*/{}/*STRINGS*/;
  // Why a board is not live: the sentence said after "The board could not be loaded.", and whether
  // trying again may help (a security policy or a browser without WebAssembly will not change).
  var REASONS = {
    timeout: ["The board's site did not answer in time.", true],
    network: ["", true],
    "wasm-policy": ["This page's security policy does not allow WebAssembly, which the board needs.", false],
    "trusted-types": ["This page's security policy (Trusted Types) does not allow the board's script.", false],
    policy: ["This page's security policy does not allow the board's files.", false],
    "no-wasm": ["This browser does not run WebAssembly, which the board needs.", false],
    "page-builtins": ["This page has changed functions of the browser that the board needs.", false]
  };

  var boards = []; // every board of the page, in the order found
  var byBox = typeof WeakMap === "function" ? new WeakMap() : null;
  var python = null; // the boards module, once ready
  var attempt = 0; // the number of the start under way: a late answer of an abandoned one is ignored
  var sheet = null;
  var importFailed = false;

  // -- saying so ----------------------------------------------------------------------------

  function languages() {
    var list = [];
    if (script && script.getAttribute("data-lang")) add(list, script.getAttribute("data-lang"));
    var html = read(Document.prototype, "documentElement", document);
    if (html && html.lang) add(list, html.lang);
    var browser = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < browser.length; i++) add(list, browser[i]);
    return list;
  }

  function spoken() {
    // the language the boards speak: the first of languages() that has a table, or English
    var list = languages();
    for (var i = 0; i < list.length; i++) {
      var code = String(list[i]).slice(0, 2).toLowerCase();
      if (code === "en") break;
      if (STRINGS[code]) return code;
    }
    return "en";
  }

  function say(text) {
    var code = spoken();
    return code === "en" ? text : STRINGS[code][text] || text;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function waitBox(root) {
    // the line under the board: styled here (boards.css may be what could not be had)
    var wait = document.createElement("div");
    wait.className = "reversi-wait";
    wait.hidden = true;
    try {
      wait.style.margin = "4px 0 0";
      wait.style.font = "14px/1.4 system-ui, sans-serif";
    } catch (e) { /* unstyled */ }
    root.appendChild(wait);
    return wait;
  }

  function note(board, text, more, retry) {
    var wait = board.wait;
    if (!wait) return;
    wait.hidden = false;
    // two sentences: Japanese puts no space after its full stop (reversi/i18n PUNCTUATION)
    wait.textContent = say(text) + (more ? (spoken() === "ja" ? "" : " ") + say(more) : "");
    if (retry) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn";
      button.textContent = say("Try again");
      button.addEventListener("click", again);
      wait.appendChild(document.createTextNode(" "));
      wait.appendChild(button);
    }
  }

  function failBoard(board, text, more, detail) {
    board.failed = true;
    status.failed += 1;
    board.box.setAttribute("data-reversi", "failed");
    var lines = String(detail).split("\n"), last = "";
    for (var i = 0; i < lines.length; i++) if (lines[i].trim()) last = lines[i].trim(); // a Python traceback's error
    board.box.title = last.slice(0, 300);
    note(board, text, more, false);
  }

  // -- the boards of the page --------------------------------------------------------------

  function queryOf(element) {
    if (element.tagName === "A") {
      var url;
      try { url = new URL(element.href, location.href); } catch (e) { return null; }
      if (url.origin + url.pathname !== SITE_ORIGIN + new URL(site).pathname) return null; // another site's
      return url.search.replace(/^\?/, "");
    }
    var game = element.getAttribute("data-game");
    return game === null ? null : game.replace(/^\?/, "");
  }

  function host(element) {
    // a link cannot hold a shadow root: it goes into a box of its own, which does
    if (element.tagName !== "A") return element;
    var box = document.createElement("div");
    box.className = "reversi-live";
    element.parentNode.insertBefore(box, element);
    box.appendChild(element);
    return box;
  }

  function adopt(element) {
    if (element.hasAttribute("data-reversi") || element.closest("[data-reversi]")) return;
    var query = queryOf(element);
    if (query === null) return;
    var board = { box: element, root: null, wait: null, query: query, near: false, wanted: false,
                  live: false, failed: false };
    try {
      board.box = host(element);
      board.root = board.box.attachShadow({ mode: "open" });
    } catch (e) {
      // its place is taken (a shadow root of the page's own): it says so beside it
      element.setAttribute("data-reversi", "failed");
      var beside = document.createElement("div");
      beside.className = "reversi-live";
      element.parentNode.insertBefore(beside, element.nextSibling);
      board.box = beside;
      board.root = beside.attachShadow({ mode: "open" });
      board.wait = waitBox(board.root);
      status.boards += 1;
      add(boards, board);
      failBoard(board, "This board could not be shown.",
                "The element that should hold it is already used by another script.", e && e.message || e);
      return;
    }
    board.box.setAttribute("data-reversi", "waiting");
    board.root.appendChild(document.createElement("slot"));
    board.wait = waitBox(board.root);
    status.boards += 1;
    add(boards, board);
    if (sheet) board.root.adoptedStyleSheets = [sheet];
    if (byBox) byBox.set(board.box, board);
    if (status.state === "failed") return failed(board);
    watch(board);
  }

  // -- which boards are near the screen -------------------------------------------------------

  function seen(entries) {
    var any = false;
    for (var i = 0; i < entries.length; i++) {
      var board = boardOf(entries[i].target);
      if (!board) continue;
      board.near = entries[i].isIntersecting;
      if (board.near) any = true;
    }
    if (any) want();
  }

  var observer = null;
  try {
    if (typeof IntersectionObserver === "function") observer = new IntersectionObserver(seen, { rootMargin: "100%" });
  } catch (e) { observer = null; }
  var looking = false; // without an observer: the boards' places, looked at after a scroll

  function boardOf(box) {
    if (byBox) return byBox.get(box);
    for (var i = 0; i < boards.length; i++) if (boards[i].box === box) return boards[i];
    return null;
  }

  function near(board) {
    // within a screen of the window, now (the boards mounted above it may have moved it)
    var box = board.box.getBoundingClientRect();
    if (!box.width && !box.height) return false; // not shown
    var high = window.innerHeight || 800, wide = window.innerWidth || 800;
    return box.bottom >= -high && box.top <= 2 * high && box.right >= -wide && box.left <= 2 * wide;
  }

  function look() {
    looking = false;
    for (var i = 0; i < boards.length; i++) {
      var board = boards[i];
      if (!board.live && !board.failed) board.near = near(board);
    }
    want();
  }

  function lookSoon() {
    if (!looking) { looking = true; setTimeout(look, 100); }
  }

  function watch(board) {
    if (observer) {
      try { observer.observe(board.box); } catch (e) { observer = null; }
    }
    if (!observer) lookSoon();
    var touched = function () { board.wanted = true; want(); };
    board.box.addEventListener("pointerdown", touched, { once: true });
    board.box.addEventListener("focusin", touched, { once: true });
  }

  function want() {
    // a board is near or touched: Python is loaded, or the boards near are mounted
    if (python) schedule(); else if (status.state === "idle") load();
  }

  // -- what keeps the boards from running at all: seen at once ----------------------------------

  function problem(reason, detail) {
    var error = new Error(String(detail));
    error.reason = reason;
    return error;
  }

  function probes() {
    // what Python's runtime leans on, tried (not only looked at: a page may have put a broken one there)
    return [
      ["fetch", function () { return typeof fetch === "function"; }],
      ["Promise", function () { return typeof Promise === "function" && typeof Promise.resolve(1).then === "function"; }],
      ["Array.prototype.push", function () { var a = [1]; return a.push(2) === 2 && a[1] === 2; }],
      ["Array.prototype.slice", function () { return [1, 2, 3].slice(1).length === 2; }],
      ["Array.prototype.map", function () { return [1, 2].map(function (x) { return x * 2; })[1] === 4; }],
      ["Array.prototype.indexOf", function () { return [1, 2].indexOf(2) === 1; }],
      ["Function.prototype.apply", function () { return Math.max.apply(null, [1, 2]) === 2; }],
      ["Function.prototype.bind", function () { return (function () { return this.x; }).bind({ x: 3 })() === 3; }],
      ["JSON", function () { return JSON.parse(JSON.stringify({ a: [1] })).a[0] === 1; }],
      ["TextDecoder", function () { return new TextDecoder().decode(new Uint8Array([104, 105])) === "hi"; }]
    ];
  }

  function obstacle() {
    var list = probes();
    for (var i = 0; i < list.length; i++) {
      var works = false;
      try { works = list[i][1](); } catch (e) { works = false; }
      if (!works) return problem("page-builtins", list[i][0] + " does not work as the browser's does");
    }
    if (typeof WebAssembly !== "object" || !WebAssembly) return problem("no-wasm", "no WebAssembly");
    try {
      new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])); // the smallest module
    } catch (e) {
      var said = String(e && e.message || e);
      return problem(/CSP|Content.Security.Policy|unsafe-eval/i.test(said) ? "wasm-policy" : "no-wasm", said);
    }
    try {
      document.createElement("div").innerHTML = "<b></b>"; // what the boards are built with
    } catch (e) {
      return problem(window.trustedTypes ? "trusted-types" : "page-builtins", e && e.message || e);
    }
    return null;
  }

  function refused(event) {
    // the page's policy refused one of this site's files: no point waiting for it
    var uri = String(event.blockedURI || "");
    var directive = String(event.effectiveDirective || event.violatedDirective || "");
    if (status.state === "live" || !(uri === "wasm-eval" ||
        uri.indexOf(SITE_ORIGIN) === 0 && /^(connect-src|script-src)/.test(directive))) return;
    fail(attempt, problem(uri === "wasm-eval" ? "wasm-policy" : "policy", directive + " refuses " + uri));
  }

  // -- loading Python once -----------------------------------------------------------------------

  function within(promise, ms, what) {
    // the promise, or a failure after ms: a site that never answers is not waited for
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () { reject(problem("timeout", what + ": no answer within " + ms / 1000 + " s")); },
                             ms);
      promise.then(function (value) { clearTimeout(timer); resolve(value); },
                   function (error) { clearTimeout(timer); reject(error); });
    });
  }

  function fetched(url, kind) {
    var stop = typeof AbortController === "function" ? new AbortController() : null;
    var answer = within(fetch(url, stop ? { signal: stop.signal } : {}), ANSWER_MS, url.split("/").pop());
    answer.then(null, function () { if (stop) stop.abort(); });
    return answer.then(function (response) {
      if (!response.ok) throw problem("network", url + ": " + response.status + " " + response.statusText);
      return kind === "text" ? response.text() : response.arrayBuffer();
    });
  }

  function boot(mine) {
    var styles = fetched(assets + "boards.css", "text").then(function (text) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      for (var i = 0; i < boards.length; i++) if (boards[i].root) boards[i].root.adoptedStyleSheets = [sheet];
    });
    var archive = fetched(assets + "package/page.zip", "buffer");
    // after a failed import, a second try asks again (the browser's module map keeps the failure)
    var module = assets + "runtime/pyodide/pyodide.mjs" + (importFailed ? "?try=" + mine : "");
    var imported = within(import(module), ANSWER_MS, "pyodide.mjs");
    imported.then(null, function () { importFailed = true; });
    // the app's own unpacker (assets/interpreter.js, unpackPackage), else Pyodide's
    var unpacker = imported.then(function () {
      return within(import(assets + "interpreter.js"), ANSWER_MS, "interpreter.js");
    }).then(function (m) { return m.unpackPackage; }, function () { return null; });
    var runtime = imported.then(function (module) {
      status.interpreters += 1;
      return module.loadPyodide({ indexURL: assets + "runtime/pyodide/", stdLibURL: STDLIB,
                                  stdout: function () {}, stderr: function () {} });
    });
    return Promise.all([runtime, archive, styles, unpacker]).then(function (got) {
      if (mine !== attempt) throw problem("network", "abandoned");
      var py = got[0];
      if (got[3]) {
        status.unpacked = got[3](py, new Uint8Array(got[1]));
      } else {
        py.unpackArchive(got[1], "zip");
        status.unpacked = "pyodide";
      }
      var module = py.pyimport("reversi.ui.dom.boards");
      module.start(languages());
      return module;
    });
  }

  // Pyodide waits for ever when one of its files fails: the failure is seen in resource timing
  // (a status of 0 or an error), and a start that takes longer than START_MS fails too.
  var RUNTIME_FILES = /\/runtime\/pyodide\/(pyodide\.asm\.wasm|pyodide\.asm\.js|pyodide-lock\.json)$/;

  function watchFiles(mine) {
    if (typeof PerformanceObserver !== "function") return function () {};
    var files = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        var entry = entries[i];
        if (entry.name.indexOf(assets) !== 0 || !(RUNTIME_FILES.test(entry.name) || entry.name === STDLIB)) continue;
        if (entry.responseStatus === 0 || entry.responseStatus >= 400) {
          fail(mine, problem("network", entry.name.split("/").pop() + ": " + (entry.responseStatus || "not received")));
        }
      }
    });
    try { files.observe({ type: "resource" }); } catch (e) { return function () {}; }
    return function () { files.disconnect(); };
  }

  function load() {
    if (status.state !== "idle") return;
    var mine = attempt += 1;
    status.state = "loading";
    status.error = status.reason = "";
    status.started = now();
    var unwatch = watchFiles(mine);
    var timer = setTimeout(function () {
      fail(mine, problem("timeout", "not started within " + START_MS / 1000 + " s"));
    }, START_MS);
    var done = function () { unwatch(); clearTimeout(timer); };
    var started;
    try { started = boot(mine); } catch (e) { started = Promise.reject(e); }
    started.then(function (module) {
      done();
      if (mine !== attempt || status.state !== "loading") return;
      python = module;
      status.state = "live";
      status.python = now();
      for (var i = 0; i < boards.length; i++) { // those far from the screen wait for the reader, saying nothing
        var board = boards[i];
        if (board.live || board.failed) continue;
        board.box.setAttribute("data-reversi", "waiting");
        board.wait.hidden = true;
      }
      schedule();
    }, function (error) { done(); fail(mine, error); });
    setTimeout(function () { if (mine === attempt) slow(); }, 2000);
  }

  function slow() {
    if (status.state !== "loading") return;
    for (var i = 0; i < boards.length; i++) {
      var board = boards[i];
      if (board.live || board.failed) continue;
      board.box.setAttribute("data-reversi", "loading");
      note(board, "Loading the board…", "", false);
    }
  }

  function failed(board) {
    var reason = REASONS[status.reason] || REASONS.network;
    board.box.setAttribute("data-reversi", "failed");
    board.box.title = status.error;
    note(board, "The board could not be loaded.", reason[0], reason[1]);
  }

  function fail(mine, error) {
    if (mine !== attempt || status.state === "live") return;
    var reason = error && error.reason || "network";
    // a refusal of the page's policy says more than the failed request it caused
    if (status.state === "failed" && (reason === "network" || !REASONS[status.reason][1])) return;
    status.state = "failed";
    status.reason = reason;
    status.error = String(error && error.message || error).slice(0, 300);
    for (var i = 0; i < boards.length; i++) if (!boards[i].live && !boards[i].failed) failed(boards[i]);
  }

  function again() {
    if (status.state !== "failed") return;
    attempt += 1; // what the failed start still answers is not listened to
    status.state = "idle";
    for (var i = 0; i < boards.length; i++) {
      var board = boards[i];
      if (board.live || board.failed) continue;
      board.box.removeAttribute("title");
      note(board, "Loading the board…", "", false);
      board.box.setAttribute("data-reversi", "loading");
    }
    load();
  }

  // -- mounting: the boards near the screen, a few at a time ---------------------------------

  var planned = false;

  function schedule() {
    if (!planned && python) { planned = true; setTimeout(mountSome, 0); }
  }

  function mountSome() {
    planned = false;
    var began = now();
    for (var i = 0; i < boards.length; i++) {
      var board = boards[i];
      if (board.live || board.failed || !(board.near || board.wanted)) continue;
      if (now() - began > SLICE_MS) { schedule(); return; }
      if (!board.wanted && !near(board)) { board.near = false; continue; } // moved away meanwhile
      mount(board);
    }
    if (!status.ready && status.live) status.ready = now();
  }

  function mount(board) {
    try {
      clear(board.root);
      python.mount(board.root, board.query, site);
      board.live = true;
      board.box.removeAttribute("title");
      board.box.setAttribute("data-reversi", "live");
      status.live += 1;
      if (observer) observer.unobserve(board.box);
    } catch (e) {
      clear(board.root);
      board.root.appendChild(document.createElement("slot")); // the picture and link stay
      board.wait = waitBox(board.root);
      failBoard(board, "This board could not be shown.", "", e && e.message || e);
    }
  }

  // -- start: the boards there now, and those the page adds later -------------------------------

  var QUERY_ALL = { doc: Document.prototype.querySelectorAll, element: Element.prototype.querySelectorAll };

  function scan(root) {
    var found = [];
    try {
      found = (root.nodeType === 9 ? QUERY_ALL.doc : QUERY_ALL.element).call(root, SELECTOR);
    } catch (e) { /* nothing found */ }
    for (var i = 0; i < found.length; i++) {
      try { adopt(found[i]); } catch (e) { /* that one only */ }
    }
    try { if (root.nodeType === 1 && root.matches(SELECTOR)) adopt(root); } catch (e) { /* that one only */ }
  }

  function begin() {
    var stopped = obstacle();
    if (stopped) {
      attempt += 1;
      fail(attempt, stopped);
    } else {
      document.addEventListener("securitypolicyviolation", refused);
      if (!observer) {
        document.addEventListener("scroll", lookSoon, { capture: true, passive: true });
        window.addEventListener("resize", lookSoon, { passive: true });
      }
    }
    scan(document);
    try {
      new MutationObserver(function (changes) {
        for (var i = 0; i < changes.length; i++)
          for (var j = 0; j < changes[i].addedNodes.length; j++) {
            var node = changes[i].addedNodes[j];
            if (node.nodeType === 1 && !node.closest("[data-reversi]")) scan(node);
          }
      }).observe(read(Document.prototype, "body", document) || document, { childList: true, subtree: true });
    } catch (e) { /* the boards there now only */ }
  }

  if (read(Document.prototype, "readyState", document) === "loading") document.addEventListener("DOMContentLoaded", begin);
  else begin();
})();
