// The page's first paint in its language, before Python has loaded (a classic script at the end of <body>).
// The language is chosen here, once, as reversi/ui/language.py would choose it: ?lang=, then the choice remembered
// under localStorage "reversi.lang", then the browser's languages, else English. The texts come from
// first-paint-strings.js (generated from the catalogs). The English of each text is kept in
// data-i18n-id (data-i18n-id-<attribute> for an attribute), as reversi/ui/dom/language.py expects.
// The board before Python (a saved game drawn, a click kept): assets/first-board.js, which runs next.
(function () {
  "use strict";
  var strings = window.REVERSI_FIRST_PAINT || {};

  function supported(code) {
    if (typeof code !== "string" || code.length > 35) return null;
    var base = code.trim().replace(/_/g, "-").split("-")[0].toLowerCase();
    return base === "en" || Object.prototype.hasOwnProperty.call(strings, base) ? base : null;
  }

  function choose() {
    var found = null;
    try { found = supported(new URLSearchParams(location.search).get("lang")); } catch (e) { found = null; }
    if (!found) {
      try { found = supported(localStorage.getItem("reversi.lang")); } catch (e) { found = null; }
    }
    var browser = navigator.languages || [navigator.language];
    for (var i = 0; !found && i < browser.length; i++) found = supported(browser[i]);
    return found || "en";
  }

  var code = choose();
  document.documentElement.lang = code;
  // the one choice of the page's language: Python reads it from here (reversi/ui/dom/language.py)
  document.documentElement.setAttribute("data-lang", code);
  // English needs no table: its texts are recorded (their ids) and left as they are
  var table = strings[code] || {};
  function tr(text) { return Object.prototype.hasOwnProperty.call(table, text) ? table[text] : text; }
  function normal(text) { return text.replace(/\s+/g, " ").trim(); }

  var marked = document.querySelectorAll("[data-i18n]");
  for (var m = 0; m < marked.length; m++) {
    var el = marked[m], nodes = [];
    for (var c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && c.data.trim()) nodes.push(c);
    var id = normal(el.textContent);
    el.setAttribute("data-i18n-id", id);
    if (nodes.length === 1) {
      var data = nodes[0].data;
      nodes[0].data = data.slice(0, data.length - data.replace(/^\s+/, "").length) + tr(id) +
        data.slice(data.replace(/\s+$/, "").length);
    }
  }
  var withAttrs = document.querySelectorAll("[data-i18n-attrs]");
  for (var a = 0; a < withAttrs.length; a++) {
    var names = withAttrs[a].getAttribute("data-i18n-attrs").split(/\s+/);
    for (var n = 0; n < names.length; n++) {
      var value = names[n] && withAttrs[a].getAttribute(names[n]);
      if (!value) continue;
      withAttrs[a].setAttribute("data-i18n-id-" + names[n], normal(value));
      withAttrs[a].setAttribute(names[n], tr(normal(value)));
    }
  }
  var labelled = document.querySelectorAll("#board, #board [aria-label]");
  for (var b = 0; b < labelled.length; b++) {
    labelled[b].setAttribute("aria-label", tr(labelled[b].getAttribute("aria-label")));
  }
  var langSwitch = document.getElementById("lang-select");
  if (langSwitch) langSwitch.value = code;
  // every marked text is now in the page's language, its id recorded: Python's start need not
  // translate them again (reversi/ui/dom/language.py, start_language)
  document.documentElement.setAttribute("data-texts", code);
})();
