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
// board that cannot be made live says why and offers to try again.
//
// The page's Content-Security-Policy, if it has one, must allow this site for scripts (with
// 'wasm-unsafe-eval') and connections. Nothing is written to the page's globals but
// window.reversiBoards (what the tests and benchmarks read), nothing is stored.
(function () {
  "use strict";
  if (window.reversiBoards) return; // the script twice on one page: the first one serves both
  var script = document.currentScript;
  var assets = new URL(".", script && script.src ? script.src : location.href).href; // .../assets/
  var STDLIB = assets + "package/stdlib.zip"; // the site's standard library (reversi/tools/bytecode.py)
  var site = new URL("..", assets).href;
  var SELECTOR = "div.reversi, a.reversi-lite";
  var status = { state: "idle", boards: 0, live: 0, interpreters: 0, error: "", started: 0, ready: 0 };
  window.reversiBoards = status;
  var waiting = [];
  var loading = null; // the promise of Python with the boards module
  var sheet = null;
  var strings = {};

  // -- the boards of the page --------------------------------------------------------------

  function queryOf(element) {
    if (element.tagName === "A") {
      var url;
      try { url = new URL(element.href, location.href); } catch (e) { return null; }
      if (url.origin + url.pathname !== new URL(site).origin + new URL(site).pathname) return null; // another site's
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
    element.replaceWith(box);
    box.append(element);
    return box;
  }

  function adopt(element) {
    if (element.hasAttribute("data-reversi") || element.closest("[data-reversi]")) return;
    var query = queryOf(element);
    if (query === null) return;
    var box = host(element);
    box.setAttribute("data-reversi", "waiting");
    var root = box.attachShadow({ mode: "open" });
    root.innerHTML = '<slot></slot><div class="reversi-wait" hidden></div>';
    var board = { box: box, root: root, query: query };
    status.boards += 1;
    waiting.push(board);
    if (sheet) root.adoptedStyleSheets = [sheet];
    watch(board);
  }

  // -- loading Python once, when a board is near the screen -------------------------------------

  var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    for (var i = 0; i < entries.length; i++) if (entries[i].isIntersecting) { load(); break; }
  }, { rootMargin: "400px" }) : null;

  function watch(board) {
    if (observer) observer.observe(board.box); else load();
    board.box.addEventListener("pointerdown", load, { once: true });
    board.box.addEventListener("focusin", load, { once: true });
  }

  function fetched(url, kind) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": " + response.status + " " + response.statusText);
      return kind === "text" ? response.text() : kind === "json" ? response.json() : response.arrayBuffer();
    });
  }

  function languages() {
    var list = [];
    if (script && script.getAttribute("data-lang")) list.push(script.getAttribute("data-lang"));
    if (document.documentElement.lang) list.push(document.documentElement.lang);
    return list.concat(Array.prototype.slice.call(navigator.languages || [navigator.language || "en"]));
  }

  function boot() {
    status.state = "loading";
    status.started = performance.now();
    var styles = fetched(assets + "boards.css", "text").then(function (text) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      for (var i = 0; i < waiting.length; i++) waiting[i].root.adoptedStyleSheets = [sheet];
    });
    var archive = fetched(assets + "package/page.zip", "buffer");
    var runtime = import(assets + "runtime/pyodide/pyodide.mjs").then(function (module) {
      status.interpreters += 1;
      return module.loadPyodide({ indexURL: assets + "runtime/pyodide/", stdLibURL: STDLIB,
                                  stdout: function () {}, stderr: function () {} });
    });
    return Promise.all([runtime, archive, styles]).then(function (got) {
      var py = got[0];
      py.unpackArchive(got[1], "zip");
      var boards = py.pyimport("reversi.ui.dom.boards");
      boards.start(languages());
      return boards;
    });
  }

  // Pyodide waits for ever when one of its files fails: the failure is seen in resource timing
  // (a status of 0 or an error), and a start that takes longer than STALL_MS fails too.
  var RUNTIME_FILES = /\/runtime\/pyodide\/(pyodide\.asm\.wasm|pyodide\.asm\.js|pyodide-lock\.json)$/;
  var STALL_MS = 60000;

  function watchFiles(attempt) {
    if (!window.PerformanceObserver) return function () {};
    var seen = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        var entry = entries[i];
        if (entry.name.indexOf(assets) !== 0 || !(RUNTIME_FILES.test(entry.name) || entry.name === STDLIB)) continue;
        if (entry.responseStatus === 0 || entry.responseStatus >= 400) {
          attempt.reject(new Error(entry.name.split("/").pop() + ": " + (entry.responseStatus || "not received")));
        }
      }
    });
    try { seen.observe({ type: "resource" }); } catch (e) { return function () {}; }
    return function () { seen.disconnect(); };
  }

  function load() {
    if (!loading) {
      var attempt = {};
      var failed = new Promise(function (_resolve, reject) { attempt.reject = reject; });
      var unwatch = watchFiles(attempt);
      var timer = setTimeout(function () { attempt.reject(new Error("not loaded within " + STALL_MS / 1000 + " s")); },
                             STALL_MS);
      loading = Promise.race([boot(), failed]);
      loading.then(function () { unwatch(); clearTimeout(timer); }, function () { unwatch(); clearTimeout(timer); });
      var words = fetched(assets + "embed-strings.json", "json").then(function (all) { strings = all; },
                                                                      function () {});
      loading.then(mountAll, function (error) { words.then(function () { fail(error); }); });
      setTimeout(slow, 2000);
    }
    return loading;
  }

  function mountAll(boards) {
    status.state = "live";
    while (waiting.length) {
      var board = waiting.shift();
      try {
        board.root.innerHTML = "";
        boards.mount(board.root, board.query, site);
        board.box.setAttribute("data-reversi", "live");
        status.live += 1;
      } catch (e) {
        board.box.setAttribute("data-reversi", "failed");
        board.root.innerHTML = "<slot></slot>";
        board.box.title = String(e && e.message || e).slice(0, 300);
      }
    }
    if (!status.ready) status.ready = performance.now();
  }

  // -- saying so: slow, failed, and trying again -------------------------------------------

  function say(text) {
    var list = languages();
    for (var i = 0; i < list.length; i++) {
      var code = String(list[i]).slice(0, 2).toLowerCase();
      if (code === "en") break;
      if (strings[code]) return strings[code][text] || text;
    }
    return text;
  }

  function note(board, text, retry) {
    var wait = board.root.querySelector(".reversi-wait");
    if (!wait) return;
    wait.hidden = false;
    wait.textContent = say(text);
    if (retry) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn";
      button.textContent = say("Try again");
      button.addEventListener("click", function () {
        loading = null;
        status.error = "";
        for (var i = 0; i < waiting.length; i++) note(waiting[i], "Loading the board…", false);
        load();
      });
      wait.append(" ", button);
    }
  }

  function slow() {
    if (status.state !== "loading") return;
    for (var i = 0; i < waiting.length; i++) {
      waiting[i].box.setAttribute("data-reversi", "loading");
      note(waiting[i], "Loading the board…", false);
    }
  }

  function fail(error) {
    status.state = "failed";
    status.error = String(error && error.message || error).slice(0, 300);
    for (var i = 0; i < waiting.length; i++) {
      waiting[i].box.setAttribute("data-reversi", "failed");
      note(waiting[i], "The board could not be loaded.", true);
    }
  }

  // -- start: the boards there now, and those the page adds later -------------------------------

  function scan(root) {
    var found = root.querySelectorAll ? root.querySelectorAll(SELECTOR) : [];
    for (var i = 0; i < found.length; i++) adopt(found[i]);
    if (root.matches && root.matches(SELECTOR)) adopt(root);
    if (loading && waiting.length) loading.then(mountAll, function () {});
  }

  function begin() {
    scan(document);
    new MutationObserver(function (changes) {
      for (var i = 0; i < changes.length; i++)
        for (var j = 0; j < changes[i].addedNodes.length; j++) {
          var node = changes[i].addedNodes[j];
          if (node.nodeType === 1 && !node.closest("[data-reversi]")) scan(node);
        }
    }).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
  else begin();
})();
