// The board before Python has loaded (a classic script after first-paint.js, whose texts are translated):
// what the visitor sees is what they click on.
// * A returning visit: index.html's board is the start of standard Othello, but the game is the one the
//   autosave kept (localStorage "reversi.state"). Beside it the autosave keeps the record of the position
//   its board shows ("reversi.shown", reversi/ui/store/shown.py); when that record is whole, is the saved
//   text's own (a CRC-32 of it) and fits the static board, the saved game is drawn on it as
//   reversi/drawing/render.py draws it: <html data-first-paint="saved">. A saved game without such a
//   record (damaged, another tab's, another board: 10x10, the octagon, blocked squares...): the board
//   waits, <html data-first-paint="waiting"> and #board data-waiting and aria-busy, dimmed and saying so
//   (assets/app.css), and takes no click. The address follows the game (a link to it), so a reload brings
//   the saved game's own link: the record names it ("link", a CRC-32 of the address's game parameters),
//   and a game link in the address is drawn only when it is the record's. Another game link while a game
//   is saved (another game, or a friend's reply carrying the saved game on) waits for Python, which alone
//   knows that game's position. An embed, or nothing saved: the static board is the one.
// * A click on the board before Python is ready is kept with the position it was made on (its key, made of
//   the board's DOM), its square marked; reversi/ui/dom/board.py play_early_click plays it once the page is
//   ready if that position is the game's, never on another.
// Nothing read from the storage is ever markup: it is checked character by character and drawn with
// createElementNS.
(function () {
  "use strict";
  var root = document.documentElement;
  var board = document.getElementById("board");
  if (!board) return;
  var STATE_KEY = "reversi.state";
  var SHOWN_KEY = "reversi.shown";
  var SHOWN_VERSION = 2;
  var MAX_SHOWN_CHARS = 4000;
  var FIELDS = ["v", "board", "cells", "turn", "moves", "last", "legal", "colors", "rotated", "ring", "plain", "state",
    "link"];
  // the parameters that make an address a game link (reversi/formats/links.py GAME_KEYS; tests/test_shown.py)
  var GAME_KEYS = ["a", "at", "b", "bo", "e", "f", "h", "hc", "m", "p", "pl", "r", "s"];
  var SQUARE_NAME = /^[a-h][1-8]$/;
  var COLUMNS = "abcdefgh";

  function stored(key) {
    try {
      var value = localStorage.getItem(key);
      return typeof value === "string" ? value : null;
    } catch (e) { return null; }
  }

  function gameLink() {
    var params;
    try { params = new URLSearchParams(location.search); } catch (e) { return false; }
    for (var i = 0; i < GAME_KEYS.length; i++) if (params.has(GAME_KEYS[i])) return true;
    return false;
  }

  // The address's game parameters (and the link format's "v"), each name=value, sorted, joined by "&"
  // (reversi/ui/store/shown.py link_check; a language or another feature's parameter left out).
  function gameParams() {
    var out = [];
    try {
      new URLSearchParams(location.search).forEach(function (value, key) {
        if (GAME_KEYS.indexOf(key) >= 0 || key === "v") out.push(key + "=" + value);
      });
    } catch (e) { return ""; }
    return out.sort().join("&");
  }

  // CRC-32 of the text as UTF-8, in 8 hex digits (reversi/ui/store/shown.py state_check)
  function crc32(text) {
    var table = [];
    for (var n = 0; n < 256; n++) {
      var c = n;
      for (var k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
    var bytes = new TextEncoder().encode(text), crc = 0xFFFFFFFF;
    for (var i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]) & 0xFF] ^ (crc >>> 8);
    return ("0000000" + ((crc ^ 0xFFFFFFFF) >>> 0).toString(16)).slice(-8);
  }

  function cellAt(cells, name) {
    return cells.charAt((name.charCodeAt(1) - 49) * 8 + COLUMNS.indexOf(name.charAt(0)));
  }

  // The record, if it is whole, the saved text's own and one the static 8x8 board can show; else null
  // (reversi/ui/store/shown.py: load_shown's checks, and drawable's).
  function readShown(text, state) {
    if (typeof text !== "string" || text.length > MAX_SHOWN_CHARS) return null;
    var data;
    try { data = JSON.parse(text); } catch (e) { return null; }
    if (!data || typeof data !== "object" || Array.isArray(data)) return null;
    var keys = Object.keys(data);
    if (keys.length !== FIELDS.length) return null;
    for (var k = 0; k < keys.length; k++) if (FIELDS.indexOf(keys[k]) < 0) return null;
    if (data.v !== SHOWN_VERSION || data.board !== "8x8") return null;
    var cells = data.cells;
    if (typeof cells !== "string" || !/^[-XO]{64}$/.test(cells)) return null;
    if (data.turn !== "black" && data.turn !== "white" && data.turn !== "") return null;
    var discs = cells.replace(/-/g, "").length;
    if (typeof data.moves !== "number" || Math.floor(data.moves) !== data.moves || data.moves < 0 ||
        data.moves > discs) return null;
    if (data.last !== null && !(typeof data.last === "string" && SQUARE_NAME.test(data.last) &&
        cellAt(cells, data.last) !== "-")) return null;
    var legal = data.legal;
    if (!Array.isArray(legal) || legal.length > 64 || (legal.length && !data.turn)) return null;
    var seen = {};
    for (var l = 0; l < legal.length; l++) {
      var name = legal[l];
      if (typeof name !== "string" || !SQUARE_NAME.test(name) || seen[name] || cellAt(cells, name) !== "-") return null;
      seen[name] = true;
    }
    var colors = data.colors;
    if (!Array.isArray(colors) || colors.length !== 2 || colors[0] !== "black" || colors[1] !== "white") return null;
    if (data.rotated !== false || typeof data.ring !== "boolean" || typeof data.plain !== "boolean") return null;
    if (typeof data.state !== "string" || !/^[0-9a-f]{8}$/.test(data.state) || data.state !== crc32(state)) return null;
    if (typeof data.link !== "string" || !/^[0-9a-f]{8}$/.test(data.link)) return null;
    if (gameLink() && data.link !== crc32(gameParams())) return null;  // another game than the record's
    return data;
  }

  // The static board's squares by name, if they are the 64 of an 8x8 board (else null).
  function staticSquares() {
    if (board.querySelector("[data-blocked]")) return null;
    var found = Object.create(null), count = 0;
    var squares = board.querySelectorAll("[data-square]");
    for (var i = 0; i < squares.length; i++) {
      var name = squares[i].getAttribute("data-square");
      if (!SQUARE_NAME.test(name) || found[name] || !squares[i].querySelector("rect.cell")) return null;
      found[name] = squares[i];
      count++;
    }
    return count === 64 ? found : null;
  }

  // The saved game drawn on the static board, square by square as reversi/drawing/render.py draws one.
  function draw(record, byName) {
    var SVG = "http://www.w3.org/2000/svg";
    var SIDES = { X: "black", O: "white" };
    // the words of a square's label, in the page's language (index.html's #board-words, translated)
    function word(key, english) {
      var found = document.querySelector('#board-words [data-word="' + key + '"]');
      return found ? found.textContent.replace(/\s+/g, " ").trim() : english;
    }
    var names = { black: word("black", "Black"), white: word("white", "White"), empty: word("empty", "empty") };
    var legalWord = word("legal", "legal move"), lastWord = word("last", "last move");
    // between a label's words: Japanese lists with "、" (as reversi/i18n PUNCTUATION says)
    var comma = document.documentElement.lang === "ja" ? "\u3001" : ", ";
    function make(tag, attrs) {
      var element = document.createElementNS(SVG, tag);
      for (var key in attrs) element.setAttribute(key, String(attrs[key]));
      return element;
    }
    var legal = {}, counts = { black: 0, white: 0 };
    for (var l = 0; l < record.legal.length; l++) legal[record.legal[l]] = true;
    for (var i = 0; i < 64; i++) {
      var name = COLUMNS.charAt(i % 8) + (Math.floor(i / 8) + 1);
      var square = byName[name], state = SIDES[record.cells.charAt(i)] || "empty";
      var isLegal = !!legal[name], isLast = record.last === name;
      var cell = square.querySelector("rect.cell");
      for (var child = square.firstChild; child;) {
        var next = child.nextSibling;
        if (child !== cell) square.removeChild(child);
        child = next;
      }
      square.setAttribute("class", "sq" + (isLegal ? " legal" : "") + (isLast ? " last" : ""));
      square.setAttribute("data-state", state);
      if (isLegal) {
        square.setAttribute("data-legal", "true");
        square.removeAttribute("aria-disabled");
      } else {
        square.removeAttribute("data-legal");
        square.setAttribute("aria-disabled", "true");
      }
      var said = [name, names[state]];
      if (isLegal) said.push(legalWord);
      if (isLast) said.push(lastWord);
      square.setAttribute("aria-label", said.join(comma));
      if (state !== "empty") {
        counts[state]++;
        var disc = make("g", { "class": isLast ? "disc placed" : "disc", "data-color": state });
        disc.appendChild(make("circle", { "class": "shadow", cx: 52, cy: 55, r: 41 }));
        disc.appendChild(make("circle", { "class": "face", cx: 50, cy: 50, r: 41, fill: "url(#disc-" + state + ")" }));
        if (record.ring && state === "white") {  // render.py _disc_mark
          disc.appendChild(make("circle", { "class": "disc-mark", cx: 50, cy: 50, r: 19, fill: "none",
            stroke: "#1b1b1b", "stroke-opacity": "0.72", "stroke-width": 7 }));
        }
        square.appendChild(disc);
        if (isLast) square.appendChild(make("circle", { "class": "last-mark", cx: 50, cy: 50, r: 8 }));
      } else if (isLegal) {
        square.appendChild(make("circle", { "class": "ghost", cx: 50, cy: 50, r: 41,
          fill: "url(#disc-" + record.turn + ")" }));
        square.appendChild(make("circle", { "class": "dot", cx: 50, cy: 50, r: 11 }));
      }
    }
    board.setAttribute("data-moves", String(record.moves));
    board.setAttribute("data-turn", record.turn);
    board.setAttribute("data-over", record.turn ? "false" : "true");
    if (!record.plain) {  // another rule set on this board (Anti, a handicap...): not the start's name
      var area = document.querySelector(".board-area");
      board.setAttribute("aria-label", (area && area.getAttribute("aria-label")) || "Board");
      var title = document.getElementById("game-title");
      if (title) title.textContent = "";
    }
    if (record.ring) root.classList.add("disc-marks");
    var players = document.querySelectorAll(".players .player[data-side]");
    for (var p = 0; p < players.length; p++) {
      var side = players[p].getAttribute("data-side") === "1" ? "white" : "black";
      players[p].classList.toggle("to-move", record.turn === side);
      var count = players[p].querySelector(".player-count");
      if (count) count.textContent = String(counts[side]);
    }
  }

  // The key of the position on the screen, made of the board's DOM (reversi/ui/store/shown.py shown_key).
  function shownKey() {
    var width = 0, height = 0, at = {}, marks = { black: "X", white: "O", empty: "-" };
    var cells = board.querySelectorAll("[data-square], [data-blocked]");
    for (var i = 0; i < cells.length; i++) {
      var name = cells[i].getAttribute("data-square") || cells[i].getAttribute("data-blocked") || "";
      var parts = /^([a-p])([1-9]|1[0-6])$/.exec(name);
      if (!parts) continue;
      var col = parts[1].charCodeAt(0) - 97, row = Number(parts[2]) - 1;
      width = Math.max(width, col + 1);
      height = Math.max(height, row + 1);
      at[col + "," + row] = cells[i].hasAttribute("data-square") ? marks[cells[i].getAttribute("data-state")] || "?" : "#";
    }
    var text = "";
    for (var r = 0; r < height; r++) for (var c = 0; c < width; c++) text += at[c + "," + r] || "_";
    var turn = board.getAttribute("data-turn");
    return width + "x" + height + ":" + text + ":" + (turn === "black" ? "X" : turn === "white" ? "O" : "-");
  }

  var mode = "start";
  if (!root.classList.contains("view-embed")) {
    var state = stored(STATE_KEY);
    if (state !== null) {
      var record = readShown(stored(SHOWN_KEY), state), squares = record && staticSquares();
      mode = squares ? "saved" : "waiting";
      if (squares) draw(record, squares);
    }
  }
  if (mode !== "start") root.setAttribute("data-first-paint", mode);
  if (mode === "waiting") {
    board.setAttribute("data-waiting", "true");
    board.setAttribute("aria-busy", "true");
  }

  board.addEventListener("click", function (event) {
    var classes = root.classList;
    // ready: Python plays it; from disk or failed to load (assets/progress.js): nothing ever will
    if (classes.contains("ready") || classes.contains("from-file") || classes.contains("load-failed")) return;
    if (board.hasAttribute("data-waiting")) return;  // the game is not on the screen: no click is taken
    var square = event.target.closest ? event.target.closest("[data-square]") : null;
    if (!square) return;
    var queued = board.querySelector("[data-queued]");
    if (queued) queued.removeAttribute("data-queued");
    square.setAttribute("data-queued", "true");
    window.REVERSI_EARLY_CLICK = { square: square.getAttribute("data-square"), shown: shownKey() };
  }, true);
})();
